#include "tools/frontend/input/catalog_cloud.hpp"

#include "models/spec/cloud_parameters.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/part_parameters.hpp"

namespace hcisim::frontend {
namespace {

// The bounds are declared with the keys (models/spec/cloud_parameters.cpp).
const models::Parameter& vm_param(std::string_view key) { return parameter_of(PartKind::CloudVm, key); }
const models::Parameter& disk_param(std::string_view key) { return parameter_of(PartKind::ManagedDisk, key); }

double fraction(const YamlMap& map, const models::Parameter& p, PartFieldReader& fields) {
  const double value = fields.real(map, p.name, *p.min, p.unit);
  if (value > *p.max) map.required(p.name).fail_expected("a fraction in [0, 1]");
  return value;
}

double seconds_in(const YamlMap& map, const models::Parameter& p, PartFieldReader& fields) {
  const std::int64_t ns = fields.duration_ns(map, p.name);
  if (static_cast<double>(ns) < *p.min || static_cast<double>(ns) > *p.max) {
    map.required(p.name).fail_expected("a duration " + bounds_text(p));
  }
  return static_cast<double>(ns) * 1e-9;
}

// An IOPS cap or a byte rate cap within its declared bounds.
double cap(const YamlMap& map, const models::Parameter& p, PartFieldReader& fields) {
  const double value =
      p.quantity == models::Quantity::Count ? fields.count(map, p.name, p.unit) : fields.byte_rate(map, p.name);
  if (value < *p.min || value > *p.max) map.required(p.name).fail_expected(bounds_text(p));
  return value;
}

// A burst figure (optional): at least the base figure it raises.
double burst(const YamlMap& map, const models::Parameter& p, double base, PartFieldReader& fields) {
  if (!map.has(p.name)) return 0;
  const double value = cap(map, p, fields);
  if (value < base) map.required(p.name).fail_expected("at least the base figure it bursts above");
  return value;
}

// The credit window and starting balance: needed exactly when a figure bursts.
void read_burst_window(const YamlMap& map, PartFieldReader& fields, PartKind kind, bool bursts, double& window_s,
                       double& credits_at_start, bool credits_required) {
  if (!bursts) {
    for (const char* key : {"burst_window", "burst_credits_at_start"}) {
      if (map.has(key)) map.required(key).fail("used only with a burst figure (burst_*_iops / burst_*_throughput)");
    }
    return;
  }
  window_s = seconds_in(map, parameter_of(kind, "burst_window"), fields);
  if (credits_required || map.has("burst_credits_at_start")) {
    credits_at_start = fraction(map, parameter_of(kind, "burst_credits_at_start"), fields);
  }
}

}  // namespace

models::CloudVmSpec read_cloud_vm(const YamlMap& map, PartFieldReader& fields) {
  models::CloudVmSpec vm;
  const auto integer = [&](std::string_view key) {
    const models::Parameter& p = vm_param(key);
    return static_cast<int>(
        fields.integer(map, key, static_cast<std::int64_t>(*p.min), static_cast<std::int64_t>(*p.max), p.unit));
  };
  vm.vcpus = integer("vcpus");
  vm.parent_vcpus = vm.vcpus;
  if (map.has("parent_vcpus")) {
    vm.parent_vcpus = integer("parent_vcpus");
    if (vm.parent_vcpus < vm.vcpus) fail_number(map, "parent_vcpus", "at least vcpus (the active vCPUs)");
  }
  vm.physical_cores = integer("physical_cores");
  if (vm.physical_cores > vm.vcpus || vm.vcpus % vm.physical_cores != 0) {
    fail_number(
        map, "physical_cores",
        "a divisor of vcpus (" + std::to_string(vm.vcpus) + "): each core has the same number of hardware threads");
  }
  vm.vcpu_clock_hz = fields.frequency(map, "vcpu_clock");
  const models::Parameter& clock = vm_param("vcpu_clock");
  if (vm.vcpu_clock_hz < *clock.min || vm.vcpu_clock_hz > *clock.max) {
    fail_number(map, "vcpu_clock", "a clock " + bounds_text(clock));
  }
  const double threads_per_core = static_cast<double>(vm.vcpus) / vm.physical_cores;
  if (threads_per_core > 1) {
    const models::Parameter& smt = vm_param("smt_yield");
    vm.smt_yield = fields.real(map, smt.name, *smt.min, smt.unit);
    if (vm.smt_yield > threads_per_core) {
      fail_number(map, "smt_yield", "at most vcpus / physical_cores = " + format_number(threads_per_core));
    }
  } else if (map.has("smt_yield")) {
    map.required("smt_yield").fail("used only when a core has more than one vCPU (vcpus > physical_cores)");
  }
  vm.memory_bytes = fields.size(map, "memory");
  vm.uncached_iops = cap(map, vm_param("uncached_disk_iops"), fields);
  vm.uncached_bytes_per_s = cap(map, vm_param("uncached_disk_throughput"), fields);
  vm.burst_iops = burst(map, vm_param("burst_disk_iops"), vm.uncached_iops, fields);
  vm.burst_bytes_per_s = burst(map, vm_param("burst_disk_throughput"), vm.uncached_bytes_per_s, fields);
  read_burst_window(map, fields, PartKind::CloudVm, vm.burst_iops > 0 || vm.burst_bytes_per_s > 0, vm.burst_window_s,
                    vm.burst_credits_at_start, true);
  if (map.has("cached_disk_iops") != map.has("cached_disk_throughput")) {
    map.fail("expected both cached_disk_iops and cached_disk_throughput, or neither");
  }
  if (map.has("cached_disk_iops")) {
    vm.cached_iops = cap(map, vm_param("cached_disk_iops"), fields);
    vm.cached_bytes_per_s = cap(map, vm_param("cached_disk_throughput"), fields);
  }
  vm.egress_bits_per_s = fields.bit_rate(map, "network_egress");
  if (vm.egress_bits_per_s > *vm_param("network_egress").max) {
    fail_number(map, "network_egress", bounds_text(vm_param("network_egress")));
  }
  vm.message_latency_ns = fields.duration_ns(map, "message_latency");
  const models::Parameter& latency = vm_param("message_latency");
  if (vm.message_latency_ns <= 0 || static_cast<double>(vm.message_latency_ns) > *latency.max) {
    fail_number(map, "message_latency", "a latency " + bounds_text(latency));
  }
  vm.throttle_window_s = seconds_in(map, vm_param("throttle_window"), fields);
  return vm;
}

models::ManagedDiskSpec read_managed_disk(const YamlMap& map, PartFieldReader& fields) {
  models::ManagedDiskSpec disk;
  disk.capacity_bytes = fields.size(map, "capacity");
  disk.iops = cap(map, disk_param("iops"), fields);
  disk.bytes_per_s = cap(map, disk_param("throughput"), fields);
  disk.burst_iops = burst(map, disk_param("burst_iops"), disk.iops, fields);
  disk.burst_bytes_per_s = burst(map, disk_param("burst_throughput"), disk.bytes_per_s, fields);
  read_burst_window(map, fields, PartKind::ManagedDisk, disk.burst_iops > 0 || disk.burst_bytes_per_s > 0,
                    disk.burst_window_s, disk.burst_credits_at_start, false);
  disk.io_latency_ns = fields.duration_ns(map, "io_latency");
  const models::Parameter& latency = disk_param("io_latency");
  if (disk.io_latency_ns <= 0 || static_cast<double>(disk.io_latency_ns) > *latency.max) {
    fail_number(map, "io_latency", "a latency " + bounds_text(latency));
  }
  disk.throttle_window_s = seconds_in(map, disk_param("throttle_window"), fields);
  return disk;
}

}  // namespace hcisim::frontend
