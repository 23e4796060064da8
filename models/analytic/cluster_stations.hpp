// The resources of a cluster as stations of the fast path's queueing network,
// and the steps an I/O makes through them, with the same constants and rules
// as the simulator's models (host_cpu, vcpu_set, flash_drive, fabric,
// connections): what a step costs is computed here once, from the specs.
//
// Hosts are numbered as in Cluster: storage nodes, then compute hosts.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "models/analytic/queueing_network.hpp"
#include "models/hardware/cpu_work.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models::analytic {

// CPU work a step puts on a host, by layer, for utilisation per layer.
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
  int egress(int host) const { return egress_[static_cast<std::size_t>(host)]; }
  int ingress(int host) const { return ingress_[static_cast<std::size_t>(host)]; }
  const std::vector<CpuCharge>& charges() const { return charges_; }
  // The connection stations made so far, by key.
  const std::map<ConnectionKey, int>& connections() const { return connections_; }

  // A CPU burst of `work` on `host`, as an ordinary (FIFO) burst.
  int burst(int cls, int host, const CpuWork& work, IoStage stage);
  // A burst at a connection end: one at a time per lane, on the host's cores.
  int connection_burst(int cls, ConnectionKey key, int lanes, const CpuWork& work, IoStage stage,
                       const std::string& name);
  // The VM's vCPUs held through the guest burst `guest_step`.
  int vcpus(int cls, int vcpu_station, int guest_step, int vcpus_per_vm);
  // A message of `bytes` from one host to another: the pipes, then the routed latency.
  std::vector<int> message(int cls, int from, int to, double bytes);
  // A read or write of `bytes` on one of `node`'s capacity drives.
  int drive_read(int cls, int node, double bytes);
  int drive_write(int cls, int node, double bytes);

  // Leaves for a list of steps, in order.
  std::vector<int> leaves(const std::vector<int>& steps);

 private:
  Network* net_;
  const ClusterSpec* spec_;
  int nodes_;
  std::vector<int> cpu_;
  std::vector<double> clock_, capacity_, scv_;
  std::vector<int> drives_;
  std::vector<int> egress_, ingress_;
  std::vector<double> port_bytes_, host_bytes_, nic_latency_ns_;
  double switch_latency_ns_ = 0;
  // Flash drive media, as FlashDrive builds it.
  double channels_ = 0, read_latency_s_ = 0, read_bw_ = 0, write_bw_ = 0, write_iops_ = 0, write_latency_s_ = 0;
  bool write_buffer_ = false;
  std::map<ConnectionKey, int> connections_;
  std::vector<CpuCharge> charges_;
};

}  // namespace hcisim::models::analytic
