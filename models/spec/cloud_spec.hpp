// Plain descriptions of cloud parts, as the catalog states them
// (hardware-catalog/cloud/). SI units: bytes, bytes/s, bits/s, seconds,
// nanoseconds, operations/s. Azure's MB/s are 10^6 bytes/s.
#pragma once

#include <cstdint>
#include <string>

namespace hcisim::models {

// Azure does not document the interval over which a cap is metered. Each cap
// is a token bucket holding this much time at the capped rate: over seconds
// the rate is the cap whatever the value; it bounds how far a short spike may
// go above the cap. [EST]
constexpr double kDefaultThrottleWindowS = 0.010;

struct CloudVmSpec {
  std::string id;
  std::string model;
  int vcpus = 0;           // active vCPUs
  int parent_vcpus = 0;    // vCPUs of the parent size (constrained-core sizes); = vcpus otherwise
  int physical_cores = 0;  // active physical cores
  // The clock the vCPUs run work at and what a core's second hardware thread
  // adds (CpuSpec::smt_yield): the VM's CPU as a HostCpu of physical_cores x
  // (vcpus / physical_cores) threads.
  double vcpu_clock_hz = 0;
  double smt_yield = 1.0;
  std::uint64_t memory_bytes = 0;
  // Uncached disk I/O, summed over every attached data disk.
  double uncached_iops = 0;
  double uncached_bytes_per_s = 0;
  // VM-level credit bursting of uncached disk I/O; 0 = that figure does not burst.
  double burst_iops = 0;
  double burst_bytes_per_s = 0;
  double burst_window_s = 0;  // time at full burst from a full credit bucket
  // Credits at the start of a run as a fraction of a full bucket. [EST: 1,
  // as documented for disk-level credits ("full at attach"); unverified for VMs]
  double burst_credits_at_start = 1.0;
  // Host-cached disk I/O caps: in the spec, not modelled (AzureVm refuses cached disks).
  double cached_iops = 0;
  double cached_bytes_per_s = 0;
  // Network bandwidth, metered on egress only (summed over NICs and destinations).
  double egress_bits_per_s = 0;
  // One-way latency of a small message to another VM of the deployment.
  std::int64_t message_latency_ns = 0;
  double throttle_window_s = kDefaultThrottleWindowS;
};

struct ManagedDiskSpec {
  std::string id;
  std::string model;
  std::uint64_t capacity_bytes = 0;
  double iops = 0;         // provisioned
  double bytes_per_s = 0;  // provisioned
  // Credit bursting (documented for P20 and smaller only); 0 = none.
  double burst_iops = 0;
  double burst_bytes_per_s = 0;
  double burst_window_s = 0;
  double burst_credits_at_start = 1.0;  // DOC for disks: the bucket is full at attach
  // Service time of one I/O below the caps (the platform's latency), reads and writes alike.
  std::int64_t io_latency_ns = 0;
  double throttle_window_s = kDefaultThrottleWindowS;
};

}  // namespace hcisim::models

namespace hcisim::models {

// A cluster of cloud VMs: storage VMs, each with the same managed data disks
// (uncached), and client VMs that run the workload and reach the storage VMs
// over the network. Only egress is metered, by each VM's cap.
struct CloudClusterSpec {
  CloudVmSpec storage_vm;
  int storage_vms = 0;
  ManagedDiskSpec disk;
  int disks_per_vm = 0;
  CloudVmSpec client_vm;
  int clients = 0;
  // A coarse time scale for runs longer than the burst window: every burst
  // window (credit depth) is divided by it, and so are the workload's sizes
  // that set how long it runs (SAS file sizes), so a run k times shorter has
  // the same shape; rates and shares of time are unchanged. 1 = real time.
  double time_scale = 1;
  bool defined() const { return storage_vms > 0; }
};

}  // namespace hcisim::models
