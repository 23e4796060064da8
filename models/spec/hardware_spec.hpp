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
  int cores = 0;             // physical cores per socket
  int threads = 0;           // hardware threads per socket (2 x cores with SMT)
  double base_hz = 0;
  double boost_hz = 0;
  // Sustained clock with every core busy (all-core turbo); 0 = the base clock.
  double all_core_hz = 0;
  // Throughput of a core with both SMT threads busy, relative to one thread
  // alone (e.g. 1.25: SMT adds 25 %). 1.0 when there is no SMT.
  double smt_yield = 1.0;
};

enum class DriveKind { Nvme, SasSsd, SataSsd, Hdd, CloudDisk };

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
  // Rotating drives only.
  double rpm = 0;
  std::int64_t avg_seek_ns = 0;
};

enum class RdmaKind { None, RoCEv2, IWarp };

struct NicSpec {
  std::string id;
  std::string model;
  int ports = 1;
  double port_bits_per_s = 0;       // line rate of one port, each direction
  RdmaKind rdma = RdmaKind::None;
  std::int64_t message_latency_ns = 0;  // one-way latency of a small message through both NICs and the wire (switches add their own)
};

struct SwitchSpec {
  std::string id;
  std::string model;
  double port_bits_per_s = 0;
  std::int64_t latency_ns = 0;       // port-to-port forwarding latency
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
};

}  // namespace hcisim::models
