#include "tools/frontend/input/catalog_cloud.hpp"

#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::int64_t kMaxWindowNs = 24ll * 3600 * 1'000'000'000;  // a day

double fraction(const YamlMap& map, std::string_view key, PartFieldReader& fields) {
  const double value = fields.real(map, key, 0.0, "of a full bucket");
  if (value > 1.0) map.required(key).fail_expected("a fraction in [0, 1]");
  return value;
}

double seconds_in(const YamlMap& map, std::string_view key, PartFieldReader& fields, std::int64_t min_ns,
                  std::int64_t max_ns) {
  const std::int64_t ns = fields.duration_ns(map, key);
  if (ns < min_ns || ns > max_ns) {
    map.required(key).fail_expected("a duration from " + format_duration(min_ns) + " to " + format_duration(max_ns));
  }
  return static_cast<double>(ns) * 1e-9;
}

double iops(const YamlMap& map, std::string_view key, PartFieldReader& fields) {
  const double value = fields.count(map, key, "IOPS");
  if (value < limits::kMinCloudIops || value > limits::kMaxCloudIops) {
    map.required(key).fail_expected("from " + format_count(limits::kMinCloudIops) + " to " +
                                    format_count(limits::kMaxCloudIops) + " IOPS");
  }
  return value;
}

double rate(const YamlMap& map, std::string_view key, PartFieldReader& fields) {
  const double value = fields.byte_rate(map, key);
  if (value < limits::kMinCloudBytesPerS || value > limits::kMaxCloudBytesPerS) {
    map.required(key).fail_expected("from " + format_byte_rate(limits::kMinCloudBytesPerS) + " to " +
                                    format_byte_rate(limits::kMaxCloudBytesPerS));
  }
  return value;
}

// A burst figure (optional): at least the base figure it raises.
double burst(const YamlMap& map, std::string_view key, double base, bool is_iops, PartFieldReader& fields) {
  if (!map.has(key)) return 0;
  const double value = is_iops ? iops(map, key, fields) : rate(map, key, fields);
  if (value < base) map.required(key).fail_expected("at least the base figure it bursts above");
  return value;
}

// The credit window and starting balance: needed exactly when a figure bursts.
void read_burst_window(const YamlMap& map, PartFieldReader& fields, bool bursts, double& window_s,
                       double& credits_at_start, bool credits_required) {
  if (!bursts) {
    for (const char* key : {"burst_window", "burst_credits_at_start"}) {
      if (map.has(key)) map.required(key).fail("used only with a burst figure (burst_*_iops / burst_*_throughput)");
    }
    return;
  }
  window_s = seconds_in(map, "burst_window", fields, 1'000'000'000, kMaxWindowNs);
  if (credits_required || map.has("burst_credits_at_start")) {
    credits_at_start = fraction(map, "burst_credits_at_start", fields);
  }
}

double throttle_window(const YamlMap& map, PartFieldReader& fields) {
  return seconds_in(map, "throttle_window", fields, 1'000, 10'000'000'000);
}

}  // namespace

// The key lists bin-packed (clang-format 14 would put them one key a line).
// clang-format off
const std::vector<std::string>& cloud_vm_keys() {
  static const std::vector<std::string> keys = {
      "vcpus", "parent_vcpus", "physical_cores", "vcpu_clock", "smt_yield", "memory", "uncached_disk_iops",
      "uncached_disk_throughput", "burst_disk_iops", "burst_disk_throughput", "burst_window",
      "burst_credits_at_start", "cached_disk_iops", "cached_disk_throughput", "network_egress", "message_latency",
      "throttle_window"};
  return keys;
}

const std::vector<std::string>& managed_disk_keys() {
  static const std::vector<std::string> keys = {"capacity", "iops", "throughput", "burst_iops", "burst_throughput",
                                                "burst_window", "burst_credits_at_start", "io_latency",
                                                "throttle_window"};
  return keys;
}
// clang-format on

models::CloudVmSpec read_cloud_vm(const YamlMap& map, PartFieldReader& fields) {
  models::CloudVmSpec vm;
  vm.vcpus = static_cast<int>(fields.integer(map, "vcpus", 1, 4096, "active vCPUs"));
  vm.parent_vcpus = vm.vcpus;
  if (map.has("parent_vcpus")) {
    vm.parent_vcpus = static_cast<int>(fields.integer(map, "parent_vcpus", 1, 4096, "vCPUs of the parent size"));
    if (vm.parent_vcpus < vm.vcpus) fail_number(map, "parent_vcpus", "at least vcpus (the active vCPUs)");
  }
  vm.physical_cores = static_cast<int>(fields.integer(map, "physical_cores", 1, 4096, "active physical cores"));
  if (vm.physical_cores > vm.vcpus || vm.vcpus % vm.physical_cores != 0) {
    fail_number(
        map, "physical_cores",
        "a divisor of vcpus (" + std::to_string(vm.vcpus) + "): each core has the same number of hardware threads");
  }
  vm.vcpu_clock_hz = fields.frequency(map, "vcpu_clock");
  if (vm.vcpu_clock_hz < limits::kMinClockHz || vm.vcpu_clock_hz > limits::kMaxClockHz) {
    fail_number(
        map, "vcpu_clock",
        "a clock from " + format_frequency(limits::kMinClockHz) + " to " + format_frequency(limits::kMaxClockHz));
  }
  const double threads_per_core = static_cast<double>(vm.vcpus) / vm.physical_cores;
  if (threads_per_core > 1) {
    vm.smt_yield = fields.real(map, "smt_yield", 1.0, "x one thread");
    if (vm.smt_yield > threads_per_core) {
      fail_number(map, "smt_yield", "at most vcpus / physical_cores = " + format_number(threads_per_core));
    }
  } else if (map.has("smt_yield")) {
    map.required("smt_yield").fail("used only when a core has more than one vCPU (vcpus > physical_cores)");
  }
  vm.memory_bytes = fields.size(map, "memory");
  vm.uncached_iops = iops(map, "uncached_disk_iops", fields);
  vm.uncached_bytes_per_s = rate(map, "uncached_disk_throughput", fields);
  vm.burst_iops = burst(map, "burst_disk_iops", vm.uncached_iops, true, fields);
  vm.burst_bytes_per_s = burst(map, "burst_disk_throughput", vm.uncached_bytes_per_s, false, fields);
  read_burst_window(map, fields, vm.burst_iops > 0 || vm.burst_bytes_per_s > 0, vm.burst_window_s,
                    vm.burst_credits_at_start, true);
  if (map.has("cached_disk_iops") != map.has("cached_disk_throughput")) {
    map.fail("expected both cached_disk_iops and cached_disk_throughput, or neither");
  }
  if (map.has("cached_disk_iops")) {
    vm.cached_iops = iops(map, "cached_disk_iops", fields);
    vm.cached_bytes_per_s = rate(map, "cached_disk_throughput", fields);
  }
  vm.egress_bits_per_s = fields.bit_rate(map, "network_egress");
  if (vm.egress_bits_per_s > limits::kMaxPortBitsPerS) {
    fail_number(map, "network_egress", "at most " + format_bit_rate(limits::kMaxPortBitsPerS));
  }
  vm.message_latency_ns = fields.duration_ns(map, "message_latency");
  if (vm.message_latency_ns <= 0 || vm.message_latency_ns > limits::kMaxNetworkLatencyNs) {
    fail_number(map, "message_latency",
                "a latency above 0 and at most " + format_duration(limits::kMaxNetworkLatencyNs));
  }
  vm.throttle_window_s = throttle_window(map, fields);
  return vm;
}

models::ManagedDiskSpec read_managed_disk(const YamlMap& map, PartFieldReader& fields) {
  models::ManagedDiskSpec disk;
  disk.capacity_bytes = fields.size(map, "capacity");
  disk.iops = iops(map, "iops", fields);
  disk.bytes_per_s = rate(map, "throughput", fields);
  disk.burst_iops = burst(map, "burst_iops", disk.iops, true, fields);
  disk.burst_bytes_per_s = burst(map, "burst_throughput", disk.bytes_per_s, false, fields);
  read_burst_window(map, fields, disk.burst_iops > 0 || disk.burst_bytes_per_s > 0, disk.burst_window_s,
                    disk.burst_credits_at_start, false);
  disk.io_latency_ns = fields.duration_ns(map, "io_latency");
  if (disk.io_latency_ns <= 0 || disk.io_latency_ns > limits::kMaxDriveLatencyNs) {
    fail_number(map, "io_latency", "a latency above 0 and at most " + format_duration(limits::kMaxDriveLatencyNs));
  }
  disk.throttle_window_s = throttle_window(map, fields);
  return disk;
}

}  // namespace hcisim::frontend
