// The VMs of a run and the hypervisor's storage path for their virtual disks:
// a guest I/O runs on the VM's vCPUs (the I/O generator, the guest storage
// stack and the virtual disk driver: HypervisorSpec.guest; plus the generator's
// own work for that I/O, IoRequest::workload_cycles), waits for a slot in
// the virtual controller's queue (disk_queue_depth per disk), then the host's
// side (HypervisorSpec.host) runs on the host CPU: on one of the VM's storage
// channels (HypervisorSpec::vcpus_per_channel), which take their I/Os one at
// a time, then the I/O goes to the storage product; without channels, as part
// of the product's first burst on the VM's node. Completions go back to the workload after the
// path's fixed latency (HypervisorSpec::io_latency_ns; the VM's controller slot
// is free from the host's completion on). Beside its I/O, each VM's guest OS
// runs background bursts on its vCPUs (HypervisorSpec::background_*). Each VM
// has one data disk on one virtual adapter, so an adapter limit
// (adapter_queue_depth, ESXi's vSCSI) caps its I/Os in flight like the disk's.
// The host is a storage node (hyperconverged) or a compute host (two-layer).
// When the I/O's channel is free, the guest's burst and the channel's run as
// one chain on one LP (VcpuSet::start_chain): what happens at the end of the
// guest's burst is applied when it starts, stamped with the time it ends. That
// needs the virtual controller's queue never to be full and no other I/O of
// the VM reaching the channel before the boundary, so it is done only for VMs
// of one vCPU with no more request slots than the queue holds.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "models/hardware/host_cpu.hpp"
#include "models/hardware/vcpu_set.hpp"
#include "models/io/io_request.hpp"
#include "models/spec/hypervisor_spec.hpp"
#include "models/storage/storage_product.hpp"
#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"

namespace hcisim::models {

class VmIoPath final : public IoTarget {
 public:
  VmIoPath(sim::Engine& engine, const HypervisorSpec& spec, StorageProduct& product, RequestTable& requests,
           sim::EventHandler& workload);

  // Room for `vms` more VMs (set-up of a large cluster: nothing is moved as they are added).
  void reserve_vms(std::size_t vms) { vms_.reserve(vms_.size() + vms); }
  // A VM with `vcpus` on `cpu` (its host, host index `host`), with one virtual disk of
  // `disk_bytes` on `volume`; returns the VM index.
  std::uint32_t add_vm(int host, HostCpu& cpu, int vcpus, int volume, std::uint64_t disk_bytes);
  // From the workload: issue r.vm's I/O (r.node and r.disk are filled in here).
  void submit(std::uint32_t request) override;

  // The VMs on a failed node stop at once (their I/Os in flight are dropped as
  // they come back); returns them, by index.
  std::vector<std::uint32_t> stop_vms_on(int host);
  // A stopped VM starts again on `host`: each of its request slots is issued
  // afresh by `workload` once it is free.
  void restart_vm(std::uint32_t vm, int host, HostCpu& cpu, RestartableWorkload& workload);
  // Chains on (the default) or off: the same model either way (tests compare the two).
  void set_chaining(bool on) { chaining_ = on; }
  bool running(std::uint32_t vm) const { return vms_[vm].running; }

  std::size_t vm_count() const { return vms_.size(); }
  int host(std::uint32_t vm) const { return vms_[vm].host; }
  const VcpuSet& vcpus(std::uint32_t vm) const { return *vms_[vm].vcpus; }
  VcpuSet& vcpus(std::uint32_t vm) { return *vms_[vm].vcpus; }
  int queue_limit() const { return queue_limit_; }
  std::uint64_t completed() const { return completed_; }  // I/Os completed since the start
  // Mean time from the storage product taking a read (or write) to its
  // completion since reset_stats(): the latency below the host's CSV layer.
  double csv_latency_s(bool write) const;
  void reset_stats();

 private:
  // Time in a layer without a timestamp per I/O: each entry subtracts its time
  // and each exit adds its own, so the sum is the time spent there by the
  // I/Os that left (those in it at a reset count from the reset, those still in
  // it at the end up to then); over the exits, the mean (Little's law).
  struct LayerTime {
    double sum_ns = 0;
    std::int64_t inside = 0;
    std::uint64_t left = 0;
    void enter(sim::SimTime now) {
      sum_ns -= static_cast<double>(now);
      ++inside;
    }
    void leave(sim::SimTime now) {
      sum_ns += static_cast<double>(now);
      --inside;
      ++left;
    }
    void reset(sim::SimTime now) {
      sum_ns = -static_cast<double>(inside) * static_cast<double>(now);
      left = 0;
    }
    double mean_s(sim::SimTime now) const {
      return left > 0
                 ? (sum_ns + static_cast<double>(inside) * static_cast<double>(now)) * 1e-9 / static_cast<double>(left)
                 : 0.0;
    }
  };
  // A storage channel: one I/O's host work at a time, the others waiting.
  struct Channel {
    bool busy = false;
    sim::FifoRing<std::uint32_t> waiting;
  };
  struct Vm {
    std::unique_ptr<VcpuSet> vcpus;
    HostCpu* cpu = nullptr;         // of its host
    std::vector<Channel> channels;  // none without HypervisorSpec::vcpus_per_channel
    int host;
    std::uint32_t disk;
    int vcpu_count = 0;
    int in_flight = 0;                     // I/Os past the virtual controller
    sim::FifoRing<std::uint32_t> waiting;  // I/Os waiting for a controller slot
    bool running = true;
    std::uint32_t epoch = 0;            // bumped when the VM stops
    std::vector<std::uint32_t> parked;  // request slots back from a stopped life, to issue afresh
    RestartableWorkload* restarter = nullptr;
    bool queue_never_full = false;  // its request slots fit the virtual controller's queue
  };
  // A request of a VM's earlier life: keep its slot for the VM's restart.
  bool from_old_life(std::uint64_t request);
  void on_guest_done(std::uint64_t request);
  bool try_chain(std::uint32_t request, Vm& vm, double guest_cycles);
  void on_split_boundary(std::uint64_t request);
  CpuWork host_work(const IoRequest& r) const;  // the hypervisor's part on the host
  void count_slots();
  void issue(std::uint32_t request);
  void on_storage_done(std::uint64_t request);
  void on_path_done(std::uint64_t request);
  void on_channel_done(std::uint64_t request);
  void to_product(std::uint32_t request, const CpuWork& host_work);
  Channel& channel_of(Vm& vm, const IoRequest& r) { return vm.channels[r.thread % vm.channels.size()]; }
  std::vector<Channel> make_channels(int vcpus) const;
  // The guest OS's background work (HypervisorSpec::background_*): a burst on the VM's vCPUs, then the next.
  void on_background(std::uint64_t vm);
  void on_background_done(std::uint64_t) {}
  sim::SimTime background_gap();

  sim::Engine* engine_;
  HypervisorSpec spec_;
  StorageProduct* product_;
  RequestTable* requests_;
  sim::EventHandler* workload_;
  std::vector<Vm> vms_;
  std::vector<std::unique_ptr<VcpuSet>> retired_vcpus_;  // of stopped VMs: bursts may still finish on them
  int queue_limit_ = 0;  // I/Os in flight per VM past the virtual controller; 0 = unlimited
  std::uint64_t completed_ = 0;
  bool chaining_ = true;
  bool slots_counted_ = false;
  std::array<LayerTime, 2> csv_{};  // reads, writes: below the host's CSV layer
  sim::MemberEvent<VmIoPath, &VmIoPath::on_guest_done> guest_done_{*this};
  sim::MemberEvent<VmIoPath, &VmIoPath::on_storage_done> storage_done_{*this};
  sim::MemberEvent<VmIoPath, &VmIoPath::on_path_done> path_done_{*this};
  sim::MemberEvent<VmIoPath, &VmIoPath::on_channel_done> channel_done_{*this};
  sim::MemberEvent<VmIoPath, &VmIoPath::on_background> background_{*this};
  sim::MemberEvent<VmIoPath, &VmIoPath::on_background_done> background_done_{*this};
  sim::RandomStream background_rng_;
  sim::MemberEvent<VmIoPath, &VmIoPath::on_split_boundary> split_boundary_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "vm_io_path", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
