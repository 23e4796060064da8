// The parameters of the cloud parts (cloud_spec.hpp), declared once: the
// catalog's keys of kind cloud_vm and managed_disk, with their plain bounds.
#pragma once

#include <cstdint>
#include <vector>

#include "models/spec/parameter.hpp"

namespace hcisim::models {

namespace cloud_limits {
// The smallest cloud disks and VM sizes are rated at ~100 IOPS and ~10 MB/s (Azure P1: 120 IOPS,
// 25 MB/s; Standard_B1ls: 160 IOPS, 10 MB/s); the largest at a few 100 K IOPS and a few GB/s.
inline constexpr double kMinIops = 10;
inline constexpr double kMaxIops = 1e9;
inline constexpr double kMinBytesPerS = 1e6;                    // 1 MB/s
inline constexpr double kMaxBytesPerS = 1e12;                   // 1 TB/s
inline constexpr double kMaxBurstWindowNs = 24.0 * 3600 * 1e9;  // a day
}  // namespace cloud_limits

const std::vector<Parameter>& cloud_vm_parameters();
const std::vector<Parameter>& managed_disk_parameters();

}  // namespace hcisim::models
