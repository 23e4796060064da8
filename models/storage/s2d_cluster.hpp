// Storage Spaces Direct on a cluster of identical nodes, all-flash (no cache
// tier): the path of every VM I/O through guest, hypervisor, storage stack,
// the mirror copies on drives of distinct nodes, and SMB Direct between nodes.
//
// Read:  guest (vCPU) -> host: hypervisor + storage stack -> a local copy if one
//        exists (drive I/O on this node), else one remote copy: request message
//        -> remote host (message + drive I/O) -> remote drive -> data message
//        back -> host (message) -> done.
// Write: guest -> host -> every surviving copy at once: local drive, or data
//        message -> remote host -> remote drive -> ack message -> host;
//        done when every copy is persisted.
// Each CPU step is one burst on the node where it happens, charged in cycles
// from the stack profile (StackSpec) and accounted per layer.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "models/hardware/flash_drive.hpp"
#include "models/hardware/host_cpu.hpp"
#include "models/hardware/vcpu_set.hpp"
#include "models/network/fabric.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/io/io_request.hpp"
#include "models/storage/slab_map.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

// Where the latency of VM I/Os goes, summed over completed I/Os since
// reset_stats(): in the guest (waiting for and running on a vCPU), in the host
// (hypervisor and storage stack bursts, with their CPU queueing), and in the
// backend (drives, network and remote CPU: everything after the host issued
// the copies). Index 0 = reads, 1 = writes.
struct StageTimes {
  std::uint64_t ios[2] = {0, 0};
  sim::SimTime guest[2] = {0, 0};
  sim::SimTime host[2] = {0, 0};
  sim::SimTime backend[2] = {0, 0};
};

struct ClusterNode {
  ClusterNode(sim::Engine& engine, const ClusterSpec& spec, int index);
  HostCpu cpu;
  std::vector<std::unique_ptr<Drive>> drives;
  bool up = true;
};

class S2dCluster final : public IoTarget {
 public:
  S2dCluster(sim::Engine& engine, const ClusterSpec& spec, RequestTable& requests, sim::EventHandler& client);

  // Places a VM on a node with its own virtual disk; returns the VM index.
  std::uint32_t add_vm(int node, int vcpus, std::uint64_t disk_bytes);
  void submit(std::uint32_t request) override;

  int node_count() const { return static_cast<int>(nodes_.size()); }
  const ClusterNode& node(int i) const { return *nodes_[static_cast<std::size_t>(i)]; }
  const Fabric& fabric() const { return fabric_; }
  const SlabMap& slabs() const { return slabs_; }
  std::size_t vm_count() const { return vms_.size(); }
  const VcpuSet& vcpus(std::uint32_t vm) const { return *vms_[vm].vcpus; }
  // VM writes that had to skip a copy on a failed node (degraded writes).
  std::uint64_t degraded_ios() const { return degraded_ios_; }
  const StageTimes& stage_times() const { return stages_; }
  void reset_stats();

 private:
  struct Vm {
    std::unique_ptr<VcpuSet> vcpus;
    std::uint32_t disk;
  };
  using Arg = std::uint64_t;  // request index | copy << 32
  static Arg arg_of(std::uint32_t request, int copy) {
    return request | (static_cast<std::uint64_t>(copy) << 32);
  }
  static std::uint32_t request_of(Arg arg) { return static_cast<std::uint32_t>(arg); }
  static int copy_of(Arg arg) { return static_cast<int>(arg >> 32); }

  const Extent& extent(const IoRequest& r, int copy) const {
    return slabs_.extents(vms_[r.vm].disk, r.offset)[copy];
  }
  Drive& drive(const Extent& e) { return *nodes_[e.node]->drives[e.drive]; }
  HostCpu& cpu(int node) { return nodes_[static_cast<std::size_t>(node)]->cpu; }
  double message_cycles(double bytes) const;
  double charge(int node, CpuLayer layer, double cycles);
  double serve_remote_copy(int node, double received_bytes, double io_bytes, double sent_bytes);

  // Stages of the path, in order.
  void on_guest_done(Arg arg);
  void on_host_done(Arg arg);
  void on_read_request_arrived(Arg arg);
  void on_remote_read_cpu_done(Arg arg);
  void on_remote_read_done(Arg arg);
  void on_read_data_arrived(Arg arg);
  void on_write_data_arrived(Arg arg);
  void on_remote_write_cpu_done(Arg arg);
  void on_remote_written(Arg arg);
  void on_write_ack_arrived(Arg arg);
  void on_copy_written(Arg arg);
  void on_done(Arg arg);

  sim::Engine* engine_;
  StackSpec stack_;
  bool rdma_;
  std::vector<std::unique_ptr<ClusterNode>> nodes_;
  Fabric fabric_;
  SlabMap slabs_;
  RequestTable* requests_;
  sim::EventHandler* client_;
  std::vector<Vm> vms_;
  std::uint64_t degraded_ios_ = 0;
  StageTimes stages_;

  template <void (S2dCluster::*Method)(Arg)>
  using Stage = sim::MemberEvent<S2dCluster, Method>;
  Stage<&S2dCluster::on_guest_done> guest_done_{*this};
  Stage<&S2dCluster::on_host_done> host_done_{*this};
  Stage<&S2dCluster::on_read_request_arrived> read_request_arrived_{*this};
  Stage<&S2dCluster::on_remote_read_cpu_done> remote_read_cpu_done_{*this};
  Stage<&S2dCluster::on_remote_read_done> remote_read_done_{*this};
  Stage<&S2dCluster::on_read_data_arrived> read_data_arrived_{*this};
  Stage<&S2dCluster::on_write_data_arrived> write_data_arrived_{*this};
  Stage<&S2dCluster::on_remote_write_cpu_done> remote_write_cpu_done_{*this};
  Stage<&S2dCluster::on_remote_written> remote_written_{*this};
  Stage<&S2dCluster::on_write_ack_arrived> write_ack_arrived_{*this};
  Stage<&S2dCluster::on_copy_written> copy_written_{*this};
  Stage<&S2dCluster::on_done> done_{*this};
};

}  // namespace hcisim::models
