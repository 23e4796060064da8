#include "models/spec/cloud_parameters.hpp"

#include "models/spec/hardware_parameters.hpp"

// Each entry names only the fields it sets (designated initializers); the rest keep their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace hcisim::models {

using Q = Quantity;
namespace C = cloud_limits;

namespace {

constexpr std::string_view kWithBurst = "with a burst figure";

Parameter cap_iops(std::string_view name, std::string_view default_value, std::string_view doc) {
  return {.name = name,
          .quantity = Q::Count,
          .unit = "IOPS",
          .default_value = default_value,
          .min = C::kMinIops,
          .max = C::kMaxIops,
          .doc = doc};
}

Parameter cap_rate(std::string_view name, std::string_view default_value, std::string_view doc) {
  return {.name = name,
          .quantity = Q::ByteRate,
          .default_value = default_value,
          .min = C::kMinBytesPerS,
          .max = C::kMaxBytesPerS,
          .doc = doc};
}

Parameter burst_window() {
  return {.name = "burst_window",
          .quantity = Q::Duration,
          .min = 1e9,
          .max = C::kMaxBurstWindowNs,
          .applies_to = kWithBurst,
          .doc = "time at full burst from full credits"};
}

Parameter throttle_window() {
  return {.name = "throttle_window",
          .quantity = Q::Duration,
          .min = 1e3,
          .max = 1e10,
          .doc = "the interval a cap is metered over: each bucket holds that much time at its peak rate"};
}

}  // namespace

const std::vector<Parameter>& cloud_vm_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "vcpus",
       .quantity = Q::Integer,
       .unit = "active vCPUs",
       .min = 1,
       .max = 4096,
       .doc = "the active vCPUs"},
      {.name = "parent_vcpus",
       .quantity = Q::Integer,
       .unit = "vCPUs of the parent size",
       .default_value = "vcpus",
       .min = 1,
       .max = 4096,
       .doc = "the parent size's, for constrained-core sizes such as E64-16ds_v4, whose caps are the parent's"},
      {.name = "physical_cores",
       .quantity = Q::Integer,
       .unit = "active physical cores",
       .min = 1,
       .max = 4096,
       .doc = "active; a divisor of vcpus"},
      {.name = "vcpu_clock",
       .quantity = Q::Frequency,
       .min = part_limits::kMinClockHz,
       .max = part_limits::kMaxClockHz,
       .doc = "the clock the vCPUs run work at"},
      {.name = "smt_yield",
       .quantity = Q::Real,
       .unit = "x one thread",
       .min = 1,
       .applies_to = "vcpus > physical_cores",
       .doc = "what the second thread adds; at most vcpus / physical_cores"},
      {.name = "memory", .quantity = Q::Size, .doc = "the VM's memory"},
      cap_iops("uncached_disk_iops", "", "the VM's cap on uncached disk I/O"),
      cap_rate("uncached_disk_throughput", "", "the VM's cap on uncached disk throughput"),
      cap_iops("burst_disk_iops", "none", "VM-level credit bursting; at least uncached_disk_iops"),
      cap_rate("burst_disk_throughput", "none", "VM-level credit bursting; at least uncached_disk_throughput"),
      burst_window(),
      {.name = "burst_credits_at_start",
       .quantity = Q::Real,
       .unit = "of a full bucket",
       .min = 0,
       .max = 1,
       .applies_to = kWithBurst,
       .doc = "fraction of full credits when a run starts"},
      cap_iops("cached_disk_iops", "none",
               "host-cached disk I/O, with cached_disk_throughput or neither: the size's, not modelled (the model "
               "refuses host-cached disks)"),
      cap_rate("cached_disk_throughput", "none", "host-cached disk throughput, with cached_disk_iops or neither"),
      {.name = "network_egress",
       .quantity = Q::BitRate,
       .max = part_limits::kMaxPortBitsPerS,
       .doc = "egress only: what a VM receives is not capped"},
      {.name = "message_latency",
       .quantity = Q::Duration,
       .min = 0,
       .min_exclusive = true,
       .max = static_cast<double>(part_limits::kMaxNetworkLatencyNs),
       .doc = "one way to another VM"},
      throttle_window(),
  };
  return list;
}

const std::vector<Parameter>& managed_disk_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "capacity", .quantity = Q::Size, .doc = "the disk's size"},
      cap_iops("iops", "", "the disk's IOPS cap"),
      cap_rate("throughput", "", "the disk's throughput cap"),
      cap_iops("burst_iops", "none", "credit bursting (documented for P20 and smaller only); at least iops"),
      cap_rate("burst_throughput", "none", "credit bursting; at least throughput"),
      burst_window(),
      {.name = "burst_credits_at_start",
       .quantity = Q::Real,
       .unit = "of a full bucket",
       .default_value = "1 (full at attach)",
       .min = 0,
       .max = 1,
       .applies_to = kWithBurst,
       .doc = "fraction of full credits when a run starts"},
      {.name = "io_latency",
       .quantity = Q::Duration,
       .min = 0,
       .min_exclusive = true,
       .max = static_cast<double>(part_limits::kMaxDriveLatencyNs),
       .doc = "the platform's service time below the caps"},
      throttle_window(),
  };
  return list;
}

}  // namespace hcisim::models
