// An Azure VM size's published caps (mechanisms.md 4.1, 4.3; seed-systems.md 4):
// - uncached disk IOPS and MB/s, summed over every attached data disk, with
//   VM-level credit bursting where the size has it (D64s_v3: MB/s only,
//   1,200 -> 2,000 for up to 30 minutes; IOPS stay 80,000);
// - network bandwidth metered on egress only: ingress is free.
// The VM and disk caps apply separately: an I/O passes the VM's IOPS cap, then
// its MB/s cap, then the disk's own caps and latency (managed_disk.hpp). Every
// cap delays, none fails.
// Host-cached disks are refused: disks of 4 TiB and more (P50 and up) cannot
// be cached at all, and the cached caps of smaller disks are in the spec but
// not modelled.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "models/cloud/cloud_cap.hpp"
#include "models/cloud/managed_disk.hpp"
#include "models/hardware/drive.hpp"
#include "models/spec/cloud_spec.hpp"
#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/record_pool.hpp"

namespace hcisim::models {

enum class HostCaching { None, ReadOnly, ReadWrite };

// The VM's active vCPUs as a one-socket CPU: physical_cores cores of
// vcpus / physical_cores hardware threads, at the VM's vCPU clock. A
// constrained-core size (E64-16ds_v4) has only its active vCPUs; its caps are
// the parent size's.
CpuSpec vm_cpu_spec(const CloudVmSpec& vm);

class AzureVm {
 public:
  AzureVm(sim::Engine& engine, const CloudVmSpec& spec);
  ~AzureVm();
  AzureVm(const AzureVm&) = delete;
  AzureVm& operator=(const AzureVm&) = delete;

  // Attaches a data disk. Products submit the disk's I/O to the returned
  // drive, which applies the VM's caps first; the disk and the VM must
  // outlive it.
  std::unique_ptr<Drive> attach(ManagedDisk& disk, HostCaching caching = HostCaching::None);

  // Network egress of `bytes`: true = may be sent now, false = granted.on_event(arg)
  // once the egress cap allows it.
  bool send(double bytes, sim::EventHandler& granted, std::uint64_t arg);
  // Ingress is not metered; received bytes are only counted, never delayed.
  void count_received(double bytes) { received_bytes_ += bytes; }

  const CloudVmSpec& spec() const { return spec_; }
  const CloudCap& disk_iops_cap() const { return iops_; }
  const CloudCap& disk_bytes_cap() const { return bytes_; }
  const CloudCap& egress_cap() const { return egress_; }
  // Seconds of full MB/s burst the VM's credits buy now.
  double burst_seconds_left() const { return bytes_.burst_seconds_left(); }
  double sent_bytes() const { return egress_.granted_total(); }
  double received_bytes() const { return received_bytes_; }

  // Time-average use of each cap since reset_stats(), relative to its base figure.
  double disk_iops_utilisation() const { return iops_.utilisation(); }
  double disk_bytes_utilisation() const { return bytes_.utilisation(); }
  double egress_utilisation() const { return egress_.utilisation(); }
  void reset_stats();

 private:
  class AttachedDisk;
  struct Pending {
    DriveIo io;
    ManagedDisk* disk = nullptr;
    sim::EventHandler* done = nullptr;
    std::uint64_t arg = 0;
  };
  void submit(ManagedDisk& disk, const DriveIo& io, sim::EventHandler& done, std::uint64_t arg);
  void to_bytes_cap(std::uint64_t record);
  void to_disk(std::uint64_t record);

  sim::Engine* engine_;
  CloudVmSpec spec_;
  CloudCap iops_;
  CloudCap bytes_;
  CloudCap egress_;  // bytes/s
  sim::RecordPool<Pending> records_;
  double received_bytes_ = 0;
  sim::MemberEvent<AzureVm, &AzureVm::to_bytes_cap> iops_granted_{*this};
  sim::MemberEvent<AzureVm, &AzureVm::to_disk> bytes_granted_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "vm", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
