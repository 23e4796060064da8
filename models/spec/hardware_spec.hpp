// Plain descriptions of hardware parts, as the catalog states them. Models are
// built from these; loading them from YAML happens elsewhere (tools/frontend).
// All quantities are in SI base units: bytes, bytes per second, nanoseconds,
// hertz, operations per second.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hcisim::models {

struct CpuSpec {
  std::string id;
  std::string model;
  int cores = 0;    // physical cores per socket
  int threads = 0;  // hardware threads per socket (2 x cores with SMT)
  double base_hz = 0;
  double boost_hz = 0;
  // Sustained clock with every core busy (all-core turbo); 0 = the base clock.
  double all_core_hz = 0;
  // Throughput of a core with both SMT threads busy, relative to one thread
  // alone (e.g. 1.25: SMT adds 25 %). 1.0 when there is no SMT.
  double smt_yield = 1.0;
};

// The host CPU model runs one thread per core, or two (SMT); the catalog loader
// and the model check a part against the same bound.
inline constexpr int kMaxThreadsPerCore = 2;

enum class DriveKind { Nvme, SasSsd, SataSsd, Hdd, CloudDisk };

// How a drive is attached: None for NVMe (PCIe, its bandwidth is in the drive's
// figures) and cloud disks; SAS is full duplex, SATA half duplex.
enum class DriveInterface { None, Sas, Sata };

struct DriveSpec {
  std::string id;
  std::string model;
  DriveKind kind = DriveKind::Nvme;
  std::uint64_t capacity_bytes = 0;
  // Datasheet figures: 4 KiB random at high queue depth, sequential at 128 KiB,
  // and queue-depth-1 4 KiB latency.
  double random_read_iops = 0;
  double random_write_iops = 0;
  double seq_read_bytes_per_s = 0;
  double seq_write_bytes_per_s = 0;
  std::int64_t read_latency_ns = 0;
  std::int64_t write_latency_ns = 0;
  // Power-loss-protected write buffer: writes are acknowledged once they are in
  // it and drain to the media behind. 0 = writes complete at the media.
  std::uint64_t write_buffer_bytes = 0;
  // Serial-attached drives (SAS/SATA SSDs and HDDs): the drive's own link and
  // the commands it holds at once (more wait in a FIFO in front of it).
  DriveInterface interface = DriveInterface::None;
  double link_bits_per_s = 0;        // line rate of the drive's link (one lane), each direction
  double link_payload_fraction = 0;  // payload bits per line bit: 0.8 for 8b/10b encoding
  int queue_depth = 0;               // device queue depth: SAS tagged queueing, SATA NCQ (at most 32)
  // Rotating drives only. The flash figures above (IOPS, bandwidth, latency,
  // write buffer) stay 0 for a hard disk: its IOPS follow from these.
  double rpm = 0;
  std::int64_t avg_seek_ns = 0;             // mean seek between two uniformly random LBAs
  std::int64_t track_to_track_seek_ns = 0;  // seek to the next track (settle)
  std::int64_t full_stroke_seek_ns = 0;     // outer edge to inner edge
  double outer_media_bytes_per_s = 0;       // sustained media rate at LBA 0 (outer edge)
  double inner_media_bytes_per_s = 0;       // sustained media rate at the last LBA (inner edge)
  // Command queueing: a command that has waited longer than this in the drive is
  // served next, whatever the position scheduler prefers (0 = no aging bound).
  std::int64_t queue_age_limit_ns = 0;
  // Volatile write cache, 0 = disabled: writes without forced unit access are
  // acknowledged once in the cache and written to the media behind.
  std::uint64_t write_cache_bytes = 0;
  // Annualised failure rate (fraction of drives failing per year); 0 = not given.
  double afr = 0;
};

// A host bus adapter all drives of a node sit behind. A limit of 0 is one the
// catalog gives no number for: not modelled.
struct HbaSpec {
  std::string id;
  std::string model;
  double max_iops = 0;         // commands per second over all its drives
  double max_bytes_per_s = 0;  // host-side (PCIe) throughput, each direction
  int queue_depth = 0;         // commands outstanding over all its drives
};

enum class RdmaKind { None, RoCEv2, IWarp };

struct NicSpec {
  std::string id;
  std::string model;
  int ports = 1;
  double port_bits_per_s = 0;  // line rate of one port, each direction
  RdmaKind rdma = RdmaKind::None;
  std::int64_t message_latency_ns =
      0;  // one-way latency of a small message through both NICs and the wire (switches add their own)
};

struct SwitchSpec {
  std::string id;
  std::string model;
  double port_bits_per_s = 0;
  std::int64_t latency_ns = 0;  // port-to-port forwarding latency
};

enum class DriveRole { Capacity, Cache };

struct NodeDriveGroup {
  std::string drive_id;
  int count = 0;
  DriveRole role = DriveRole::Capacity;
};

struct NodeSpec {
  std::string id;
  std::string model;
  std::string cpu_id;
  int sockets = 0;
  std::uint64_t memory_bytes = 0;
  std::vector<NodeDriveGroup> drives;
  std::string nic_id;
  int nic_count = 1;
  double mtbf_hours = 0;  // mean time between node failures (any cause that takes the node down); 0 = not given
  std::string hba_id;     // the HBA the node's SAS/SATA drives sit behind; empty = none modelled
};

}  // namespace hcisim::models
