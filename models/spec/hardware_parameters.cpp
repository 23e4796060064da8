#include "models/spec/hardware_parameters.hpp"

// Each entry names only the fields it sets (designated initializers); the rest keep their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace hcisim::models {

using Q = Quantity;
namespace L = part_limits;

const std::vector<Parameter>& cpu_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "cores",
       .quantity = Q::Integer,
       .unit = "cores per socket",
       .min = 1,
       .max = 4096,
       .doc = "physical cores per socket"},
      {.name = "threads",
       .quantity = Q::Integer,
       .unit = "threads per socket",
       .min = 1,
       .max = 8192,
       .doc =
           "hardware threads per socket: the cores, or twice the cores with SMT (the model runs at most two per core)"},
      {.name = "base_clock",
       .quantity = Q::Frequency,
       .min = L::kMinClockHz,
       .max = L::kMaxClockHz,
       .doc = "nominal clock: simulated without all_core_clock; VMFleet's CPU % is normalised to it"},
      {.name = "boost_clock",
       .quantity = Q::Frequency,
       .max = L::kMaxClockHz,
       .doc = "single-core maximum, never simulated; at least base_clock, it bounds all_core_clock"},
      {.name = "all_core_clock",
       .quantity = Q::Frequency,
       .default_value = "base_clock",
       .doc =
           "all-core turbo a loaded server sustains, every core simulated at it; between base_clock and boost_clock"},
      {.name = "smt_yield",
       .quantity = Q::Real,
       .unit = "x one thread",
       .default_value = "1",
       .min = 1,
       .doc = "throughput of a core with both threads busy relative to one thread; 1 without SMT, at most threads / "
              "cores"},
  };
  return list;
}

const std::vector<Parameter>& drive_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "type",
       .quantity = Q::Choice,
       .choices = {"nvme", "sas_ssd", "sata_ssd", "hdd", "cloud_disk"},
       .doc = "the drive's kind: its model, and the keys it takes (a key another type uses is an error)"},
      {.name = "capacity", .quantity = Q::Size, .doc = "usable capacity"},
      {.name = "random_read_iops",
       .quantity = Q::Count,
       .unit = "IOPS",
       .min = L::kMinDriveIops,
       .max = L::kMaxDriveIops,
       .applies_to = kFlashDrives,
       .doc = "4 KiB random reads at high queue depth; x read_latency (the I/Os the model runs in parallel) at most "
              "65,536"},
      {.name = "random_write_iops",
       .quantity = Q::Count,
       .unit = "IOPS",
       .min = L::kMinDriveIops,
       .max = L::kMaxDriveIops,
       .applies_to = kFlashDrives,
       .doc = "4 KiB random writes at high queue depth"},
      {.name = "seq_read_throughput",
       .quantity = Q::ByteRate,
       .max = L::kMaxDriveBytesPerS,
       .applies_to = kFlashDrives,
       .doc = "128 KiB sequential reads"},
      {.name = "seq_write_throughput",
       .quantity = Q::ByteRate,
       .max = L::kMaxDriveBytesPerS,
       .applies_to = kFlashDrives,
       .doc = "128 KiB sequential writes"},
      {.name = "read_latency",
       .quantity = Q::Duration,
       .min = 0,
       .min_exclusive = true,
       .max = static_cast<double>(L::kMaxDriveLatencyNs),
       .applies_to = kFlashDrives,
       .doc = "queue-depth-1 4 KiB read, as measured at the host"},
      {.name = "write_latency",
       .quantity = Q::Duration,
       .min = 0,
       .min_exclusive = true,
       .max = static_cast<double>(L::kMaxDriveLatencyNs),
       .applies_to = kFlashDrives,
       .doc = "queue-depth-1 4 KiB write, as measured at the host"},
      {.name = "write_buffer",
       .quantity = Q::Size,
       .default_value = "none",
       .applies_to = kFlashDrives,
       .doc = "power-loss-protected write buffer that acknowledges writes before the media"},
      {.name = "interface",
       .quantity = Q::Choice,
       .choices = {"sas", "sata"},
       .applies_to = kHardDisks,
       .doc = "the disk's link (a sas_ssd or sata_ssd names it by its type)"},
      {.name = "link_speed",
       .quantity = Q::BitRate,
       .applies_to = kSerialDrives,
       .doc = "line rate of the drive's link"},
      {.name = "link_encoding",
       .quantity = Q::Choice,
       .choices = {"8b10b", "128b150b"},
       .applies_to = kSerialDrives,
       .doc = "8b10b for 6/12 Gb/s SAS and SATA, 128b150b for 24G SAS"},
      {.name = "queue_depth",
       .quantity = Q::Integer,
       .unit = "commands",
       .min = 1,
       .max = 65535,
       .applies_to = kSerialDrives,
       .doc = "commands the drive holds at once (at most 32 on SATA); more wait in front of it"},
      {.name = "rpm",
       .quantity = Q::Real,
       .unit = "rpm",
       .min = L::kMinRpm,
       .max = L::kMaxRpm,
       .applies_to = kHardDisks,
       .doc = "spindle speed"},
      {.name = "avg_seek",
       .quantity = Q::Duration,
       .applies_to = kHardDisks,
       .doc = "mean seek between random LBAs; a seek curve through the three seeks must exist "
              "(models/hardware/seek_curve.hpp)"},
      {.name = "track_to_track_seek",
       .quantity = Q::Duration,
       .min = 0,
       .min_exclusive = true,
       .applies_to = kHardDisks,
       .doc = "seek to the next track; track_to_track < avg < full stroke"},
      {.name = "full_stroke_seek",
       .quantity = Q::Duration,
       .applies_to = kHardDisks,
       .doc = "seek from the outer edge to the inner edge"},
      {.name = "outer_media_rate",
       .quantity = Q::ByteRate,
       .applies_to = kHardDisks,
       .doc = "sustained media rate at LBA 0 (the outer edge)"},
      {.name = "inner_media_rate",
       .quantity = Q::ByteRate,
       .applies_to = kHardDisks,
       .doc = "sustained media rate at the last LBA; at most outer_media_rate"},
      {.name = "queue_age_limit",
       .quantity = Q::Duration,
       .applies_to = kHardDisks,
       .doc = "a command waiting longer in the drive is served next; 0 for none, else at least queue_depth x "
              "(avg_seek + half a revolution)"},
      {.name = "write_cache",
       .quantity = Q::Choice,
       .choices = {"on", "off"},
       .applies_to = kHardDisks,
       .doc = "the volatile write cache"},
      {.name = "cache_buffer",
       .quantity = Q::Size,
       .applies_to = kHardDisks,
       .doc = "the write cache's size, with write_cache: on only"},
      {.name = "afr",
       .quantity = Q::Real,
       .unit = "per year (annualised failure rate)",
       .default_value = "none",
       .min = 0,
       .doc = "annualised failure rate, below 1 (0.0044 for 0.44 %)"},
  };
  return list;
}

const std::vector<Parameter>& hba_parameters() {
  // Every limit is optional: one the catalog has no published figure for is not modelled.
  static const std::vector<Parameter> list = {
      {.name = "max_iops",
       .quantity = Q::Count,
       .unit = "IOPS",
       .default_value = "none",
       .min = L::kMinHbaIops,
       .max = L::kMaxHbaIops,
       .doc = "commands per second over all its drives"},
      {.name = "max_throughput",
       .quantity = Q::ByteRate,
       .default_value = "none",
       .min = L::kMinHbaBytesPerS,
       .max = L::kMaxHbaBytesPerS,
       .doc = "host-side throughput, each way"},
      {.name = "queue_depth",
       .quantity = Q::Integer,
       .unit = "commands",
       .default_value = "none",
       .min = 1,
       .max = 1'000'000,
       .doc = "commands outstanding over all its drives"},
  };
  return list;
}

const std::vector<Parameter>& nic_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "ports", .quantity = Q::Integer, .unit = "ports", .min = 1, .max = 64, .doc = "ports in use"},
      {.name = "port_speed",
       .quantity = Q::BitRate,
       .max = L::kMaxPortBitsPerS,
       .doc = "line rate per port, each direction"},
      {.name = "rdma", .quantity = Q::Choice, .choices = {"none", "roce_v2", "iwarp"}, .doc = "the RDMA it runs"},
      {.name = "message_latency",
       .quantity = Q::Duration,
       .min = 0,
       .min_exclusive = true,
       .max = static_cast<double>(L::kMaxNetworkLatencyNs),
       .doc = "one-way small-message latency through both NICs and the wire"},
  };
  return list;
}

const std::vector<Parameter>& switch_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "port_speed",
       .quantity = Q::BitRate,
       .max = L::kMaxPortBitsPerS,
       .doc = "each NIC port runs at the slower of its own and the switch's"},
      {.name = "latency",
       .quantity = Q::Duration,
       .max = static_cast<double>(L::kMaxNetworkLatencyNs),
       .doc = "port to port, on every route between nodes"},
  };
  return list;
}

const std::vector<Parameter>& node_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "cpu", .quantity = Q::Reference, .refers_to = "cpu", .doc = "the CPU of each socket"},
      {.name = "sockets", .quantity = Q::Integer, .unit = "sockets", .min = 1, .max = 64, .doc = "CPU sockets"},
      {.name = "memory", .quantity = Q::Size, .doc = "the node's memory"},
      {.name = "drives",
       .quantity = Q::List,
       .default_value = "none (a compute-only host)",
       .doc = "groups {drive: ID, count: N, role: capacity | cache} (role defaults to capacity), at least one of "
              "capacity; at most 256 drives"},
      {.name = "nic", .quantity = Q::Reference, .refers_to = "nic", .doc = "the network adapter"},
      {.name = "nic_count",
       .quantity = Q::Integer,
       .unit = "NIC(s)",
       .default_value = "1",
       .min = 1,
       .max = 64,
       .doc = "NICs of that id in the node"},
      {.name = "hba",
       .quantity = Q::Reference,
       .default_value = "none",
       .refers_to = "hba",
       .doc = "the adapter the node's SAS/SATA drives sit behind"},
      {.name = "mtbf",
       .quantity = Q::Duration,
       .default_value = "none",
       .doc = "mean time between node failures (any cause that takes it down), like 100000h"},
  };
  return list;
}

}  // namespace hcisim::models
