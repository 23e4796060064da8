// The parameters of each hardware part (hardware_spec.hpp), declared once: the
// catalog's keys for cpu, drive, hba, nic, switch and node, with their plain
// bounds. The front end reads, checks and describes parts from these lists.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "models/spec/parameter.hpp"

namespace hcisim::models {

// Physically meaningful ranges of part figures (the front end's input_limits.hpp names them too).
namespace part_limits {
inline constexpr double kMinRpm = 1000;  // spindles turn at 3,600 to 15,000 rpm
inline constexpr double kMaxRpm = 100'000;
inline constexpr double kMinDriveIops = 10;  // below any drive, rotating ones included
inline constexpr double kMaxDriveIops = 1e9;
inline constexpr double kMaxDriveBytesPerS = 1e12;                   // 1 TB/s
inline constexpr std::int64_t kMaxDriveLatencyNs = 1'000'000'000;    // 1 s
inline constexpr double kMaxPortBitsPerS = 10e12;                    // 10 Tb/s
inline constexpr std::int64_t kMaxNetworkLatencyNs = 1'000'000'000;  // 1 s
// A clock bounds the nanoseconds a burst of cycles takes (cycles / clock must fit the clock's int64).
inline constexpr double kMinClockHz = 1e6;   // 1 MHz
inline constexpr double kMaxClockHz = 10e9;  // 10 GHz
// HBAs are rated from ~100 K to a few M commands/s, from a 1.5 Gb/s SAS lane (~150 MB/s) to
// PCIe 5.0 x16 (~63 GB/s); these leave room on either side.
inline constexpr double kMinHbaIops = 1e3;
inline constexpr double kMaxHbaIops = 1e8;
inline constexpr double kMinHbaBytesPerS = 10e6;  // 10 MB/s
inline constexpr double kMaxHbaBytesPerS = 1e12;  // 1 TB/s
inline constexpr int kMaxDrivesPerNode = 256;
}  // namespace part_limits

// A drive key's `applies_to`: which drive types use it (every other type refuses it).
inline constexpr std::string_view kFlashDrives = "nvme, sas_ssd, sata_ssd, cloud_disk";
inline constexpr std::string_view kSerialDrives = "sas_ssd, sata_ssd, hdd";
inline constexpr std::string_view kHardDisks = "hdd";

const std::vector<Parameter>& cpu_parameters();
const std::vector<Parameter>& drive_parameters();
const std::vector<Parameter>& hba_parameters();
const std::vector<Parameter>& nic_parameters();
const std::vector<Parameter>& switch_parameters();
const std::vector<Parameter>& node_parameters();

}  // namespace hcisim::models
