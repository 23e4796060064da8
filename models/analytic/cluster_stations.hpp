// The resources of a cluster as stations of the fast path's queueing network,
// and the steps an I/O makes through them, with the same constants and rules
// as the simulator's models (host_cpu, vcpu_set, flash_drive, serial_ssd, hba,
// fabric, connections): what a step costs is computed here once, from the specs.
//
// Drives: the drives that serve the product's drive I/O on a node, one model
// per node: its capacity drives, or on a hybrid node its cache drives (the fast
// path answers a cache tier only when every drive I/O is a hit or a cached
// write, fast_path.cpp). NVMe is FlashDrive's media; a SAS or SATA SSD is
// SerialSsd's: the node's HBA (command processing and host link, when its
// catalog entry gives them), the drive's link (one per direction for SAS, one
// for both for SATA) and the media with the link's share taken out of its QD1
// latencies. In front of them, as DeviceQueue and Hba: each drive's device
// queue (a pool of queue-depth slots, held from the HBA on to the drive's
// completion) and the HBA's tags (a pool of its queue depth over the node's
// drives, held from its command processing on), as token pools of the solver.
//
// Hosts are numbered as in Cluster: storage nodes, then compute hosts.
#pragma once

#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "models/analytic/queueing_network.hpp"
#include "models/hardware/cpu_work.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/storage_product.hpp"

namespace hcisim::models::analytic {

// CPU work a step puts on a host, by layer, for utilisation per layer (step -1:
// work a second that no step makes, the guests' background).
struct CpuCharge {
  int step = -1;
  int host = 0;
  CpuWork work;
};

// A connection end (Connections): one station per (client, server, end), its
// lanes as instances; the client and server may be the same host.
struct ConnectionKey {
  int set = 0;  // which connection set (S2D: Storage Bus, CSV; ScaleIO: SDC-SDS, SDS-SDS)
  int client = 0, server = 0, at = 0;
  bool operator<(const ConnectionKey& o) const {
    return std::tie(set, client, server, at) < std::tie(o.set, o.client, o.server, o.at);
  }
};

class ClusterStations {
 public:
  ClusterStations(Network& net, const ClusterSpec& spec);

  int hosts() const { return static_cast<int>(cpu_.size()); }
  int nodes() const { return nodes_; }
  int cpu_station(int host) const { return cpu_[static_cast<std::size_t>(host)]; }
  double clock_hz(int host) const { return clock_[static_cast<std::size_t>(host)]; }
  double capacity_threads(int host) const { return capacity_[static_cast<std::size_t>(host)]; }
  int drive_station(int node) const { return drives_[static_cast<std::size_t>(node)]; }
  // The busy share of a node's serving drives as SerialSsd reports it: the busier of media and link.
  double drive_utilisation(int node) const;
  // The serving drives acknowledge writes from a power-loss-protected buffer.
  bool write_buffer() const { return write_buffer_; }
  // The serving drives are a hybrid node's cache drives.
  bool cache_serves() const { return cache_serves_; }
  const DriveSpec& serving_drive() const { return *serving_; }
  int serving_drives_per_node() const { return serving_count_; }
  // The stations of the HBA in front of a node's serving drives, -1 for a
  // limit its catalog entry does not give (all -1 when no HBA is in front).
  struct HbaStations {
    int command = -1, to_host = -1, from_host = -1;
  };
  HbaStations hba(int node) const;
  bool behind_hba() const { return serial_ && !spec_->hba.id.empty(); }
  // Guest bursts take whole cores (Hyper-V's core scheduler).
  bool whole_core_guests() const;
  // The serving drives' device queue depth (DeviceQueue: SAS/SATA only) and
  // the HBA's queue depth over a node's serving drives; 0 where none applies.
  int device_queue_depth() const { return serial_ ? serving_->queue_depth : 0; }
  int hba_queue_depth() const { return behind_hba() ? spec_->hba.queue_depth : 0; }
  // Their token pools at a node: its drives' device slots (one instance per
  // drive) and its HBA's tags; -1 where no such depth applies.
  int device_slot_station(int node) const { return slots_[static_cast<std::size_t>(node)]; }
  int hba_tag_station(int node) const { return tags_[static_cast<std::size_t>(node)]; }
  int egress(int host) const { return egress_[static_cast<std::size_t>(host)]; }
  int ingress(int host) const { return ingress_[static_cast<std::size_t>(host)]; }
  const std::vector<CpuCharge>& charges() const { return charges_; }
  // The connection stations made so far, by key.
  const std::map<ConnectionKey, int>& connections() const { return connections_; }
  // A product's serial stations (connection ends, volume stages), as ProductHotspot names them.
  struct Hotspot {
    int station = -1;
    SerialResourceKind kind;
  };
  void add_hotspot(int station, SerialResourceKind kind) { hotspots_.push_back({station, kind}); }
  const std::vector<Hotspot>& hotspots() const { return hotspots_; }

  // A CPU burst of `work` on `host`, as an ordinary (FIFO) burst; a guest's
  // under the core scheduler (guest_burst) takes a whole core.
  int burst(int cls, int host, const CpuWork& work, IoStage stage);
  int guest_burst(int cls, int host, double cycles);
  // A burst on `station`, one at a time per instance (a VM's storage channel,
  // a volume's write log), on the host's cores as an ordinary host burst: the
  // station is held while it waits for a core too.
  int serial_burst(int cls, int station, int host, const CpuWork& work, IoStage stage);
  // A burst at a connection end: one at a time per lane, on the host's cores.
  int connection_burst(int cls, ConnectionKey key, int lanes, const CpuWork& work, IoStage stage,
                       const std::string& name);
  // Guest OS background work on a VM group's host CPU (whole-core under the core
  // scheduler) and on their vCPUs (`vcpu_station`): VmIoPath's background bursts.
  void add_background(int host, int vcpu_station, int vms, int vcpus_per_vm);
  // The VM's vCPUs held through the guest burst `guest_step`.
  int vcpus(int cls, int vcpu_station, int guest_step, int vcpus_per_vm);
  // A message of `bytes` from one host to another: the pipes, then the routed latency.
  std::vector<int> message(int cls, int from, int to, double bytes);
  // A read or write of `bytes` on one of `node`'s serving drives: its steps, in order.
  std::vector<int> drive_read(int cls, int node, double bytes);
  std::vector<int> drive_write(int cls, int node, double bytes);
  // The drive I/Os made so far (their media step): what a cache tier counts.
  struct DriveIoStep {
    int step = -1;
    int node = 0;
    double bytes = 0;
    bool write = false;
    std::vector<int> steps;  // what holds an HBA tag and a device slot: HBA, link, media
  };
  const std::vector<DriveIoStep>& drive_ios() const { return drive_ios_; }

  // Leaves for a list of steps, in order.
  std::vector<int> leaves(const std::vector<int>& steps);
  // One node for a list of steps: its leaf, or their sequence.
  int in_turn(const std::vector<int>& steps);

 private:
  Network* net_;
  const ClusterSpec* spec_;
  int nodes_;
  std::vector<int> cpu_;
  std::vector<double> clock_, capacity_, scv_;
  std::vector<int> drives_;
  std::vector<int> link_to_, link_from_;                    // per node (serial drives; the same station for SATA)
  std::vector<int> hba_cmd_, hba_to_host_, hba_from_host_;  // per node, -1 where the HBA's entry gives no such limit
  std::vector<int> slots_, tags_;                           // per node, token pools: device slots, HBA tags (-1: none)
  std::vector<int> egress_, ingress_;
  std::vector<double> port_bytes_, host_bytes_, nic_latency_ns_;
  double switch_latency_ns_ = 0;
  // The serving drives' media, as FlashDrive builds it (for a serial SSD from SerialSsd's media spec).
  double channels_ = 0, read_latency_s_ = 0, read_bw_ = 0, write_bw_ = 0, write_iops_ = 0, write_latency_s_ = 0;
  bool write_buffer_ = false;
  const DriveSpec* serving_ = nullptr;
  int serving_count_ = 0;
  bool cache_serves_ = false;
  bool serial_ = false;
  double link_bytes_per_s_ = 0;
  double hba_command_s_ = 0;  // the HBA's processing per command (0: not modelled)
  std::vector<DriveIoStep> drive_ios_;
  void add_drive_stations(int node);
  int fifo_step(int cls, int station, double seconds);
  // SerialLink::transfer_ns: whole ns.
  double link_seconds(double bytes) const { return std::ceil(bytes / link_bytes_per_s_ * 1e9 - 1e-6) * 1e-9; }
  void hba_steps(std::vector<int>& steps, int cls, int node, double bytes, bool write);
  // The command's waits for an HBA tag and a device slot, held through `held`, ahead of it.
  std::vector<int> behind_queues(int cls, int node, std::vector<int> held);
  std::map<ConnectionKey, int> connections_;
  std::vector<Hotspot> hotspots_;
  std::vector<CpuCharge> charges_;
};

}  // namespace hcisim::models::analytic
