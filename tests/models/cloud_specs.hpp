// Hand-built cloud specs with the numbers of hardware-catalog/cloud/ (the model
// tests do not link the YAML loader). Azure MB/s = 10^6 B/s.
#pragma once

#include <cstdint>
#include <string>

#include "models/spec/cloud_spec.hpp"

namespace ctest {

using namespace hcisim::models;

constexpr std::uint64_t GiB = 1ull << 30;
constexpr std::uint64_t TiB = 1ull << 40;
constexpr double MBps = 1e6;

// azure-vm-sizes.yaml: azure-standard-d64s-v3
inline CloudVmSpec d64s_v3() {
  CloudVmSpec v;
  v.id = "azure-standard-d64s-v3";
  v.model = "Azure Standard_D64s_v3";
  v.vcpus = 64;
  v.parent_vcpus = 64;
  v.physical_cores = 32;
  v.memory_bytes = 256 * GiB;
  v.uncached_iops = 80'000;
  v.uncached_bytes_per_s = 1'200 * MBps;
  v.burst_iops = 80'000;
  v.burst_bytes_per_s = 2'000 * MBps;
  v.burst_window_s = 30 * 60;
  v.burst_credits_at_start = 1;
  v.cached_iops = 128'000;
  v.cached_bytes_per_s = 1'024 * MBps;
  v.egress_bits_per_s = 30e9;
  v.throttle_window_s = 0.010;
  return v;
}

inline ManagedDiskSpec premium_ssd(const std::string& id, std::uint64_t capacity, double iops, double mbps) {
  ManagedDiskSpec d;
  d.id = id;
  d.model = "Azure Premium SSD v1 " + id;
  d.capacity_bytes = capacity;
  d.iops = iops;
  d.bytes_per_s = mbps * MBps;
  d.io_latency_ns = 2'000'000;  // EST 2 ms
  d.throttle_window_s = 0.010;
  return d;
}

// azure-premium-ssd.yaml
inline ManagedDiskSpec p30() { return premium_ssd("azure-premium-ssd-p30", 1 * TiB, 5'000, 200); }
inline ManagedDiskSpec p60() { return premium_ssd("azure-premium-ssd-p60", 8 * TiB, 16'000, 500); }
inline ManagedDiskSpec p20() {
  ManagedDiskSpec d = premium_ssd("azure-premium-ssd-p20", 512 * GiB, 2'300, 150);
  d.burst_iops = 3'500;
  d.burst_bytes_per_s = 170 * MBps;
  d.burst_window_s = 30 * 60;
  return d;
}

}  // namespace ctest
