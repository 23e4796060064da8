// A whole experiment, resolved: the parts it uses (copied from the catalog),
// the cluster, the VMs and their workload, run control and published figures.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/spec/cloud_spec.hpp"
#include "models/spec/failure_spec.hpp"
#include "models/spec/hardware_spec.hpp"
#include "models/spec/hypervisor_spec.hpp"
#include "models/spec/oltp_spec.hpp"
#include "models/spec/sas_spec.hpp"
#include "models/spec/stack_spec.hpp"
#include "models/spec/workload_spec.hpp"

namespace hcisim::models {

enum class Resiliency { Simple, TwoWayMirror, ThreeWayMirror };

inline int copies(Resiliency r) {
  switch (r) {
    case Resiliency::Simple: return 1;
    case Resiliency::TwoWayMirror: return 2;
    case Resiliency::ThreeWayMirror: return 3;
  }
  return 1;
}

// Compute-only hosts of a two-layer cluster: they run the VMs and reach the
// storage nodes over the network; a CPU and NICs, no capacity drives. None
// (count 0) = hyperconverged: the VMs run on the storage nodes.
struct ComputeHostsSpec {
  int count = 0;
  NodeSpec node;  // the host model (its drives, if the part lists any, are not storage)
  CpuSpec cpu;
  NicSpec nic;
};

struct ClusterSpec {
  NodeSpec node;  // every node is of this model
  int node_count = 0;
  CpuSpec cpu;
  std::vector<DriveSpec> drives;  // parallel to node.drives: the spec of each group's drive
  HbaSpec hba;                    // the node's HBA for SAS/SATA drives; id empty = none
  NicSpec nic;
  SwitchSpec network_switch;  // converged switch between nodes
  StackSpec stack;
  HypervisorSpec hypervisor;
  Resiliency resiliency = Resiliency::ThreeWayMirror;
  std::uint64_t csv_cache_bytes = 0;  // CSV in-memory read cache per node; 0 = off
  // Hybrid nodes: start with the cache filled as VMFleet's read warm-up leaves
  // it (the VMs' data admitted up to the warm-up fill); false = a cold cache.
  bool cache_warmup = false;
  std::vector<int> failed_nodes;  // 0-based indices of nodes that are down for the whole run
  // One volume per node (as VMFleet makes them: each node's VMs on the volume
  // named for it); the node that owns (coordinates) each volume, 0-based.
  // Empty = each node owns its own volume.
  std::vector<int> volume_owners;
  // Where each node's volume goes if its owner fails during the run (0-based
  // node, -1 = the cluster picks the running node with the fewest volumes).
  std::vector<int> volume_failover;
  // A witness (cloud or file share) votes in cluster quorum: Microsoft requires
  // one for two-node clusters and recommends it for every cluster.
  bool witness = true;
  ComputeHostsSpec compute_hosts;  // two-layer when count > 0
  // Cloud VMs instead of servers: when defined, node_count is the storage VMs
  // and compute_hosts.count the client VMs (their specs summarised in node,
  // cpu, nic and compute_hosts for reports); the cluster is built from this.
  CloudClusterSpec cloud;

  // The smallest capacity drive of the node model (0 when it has none): what
  // every capacity drive can be counted on to hold.
  std::uint64_t smallest_capacity_drive_bytes() const {
    std::uint64_t smallest = 0;
    for (std::size_t g = 0; g < node.drives.size() && g < drives.size(); ++g) {
      if (node.drives[g].role != DriveRole::Capacity) continue;
      const std::uint64_t bytes = drives[g].capacity_bytes;
      smallest = smallest == 0 ? bytes : std::min(smallest, bytes);
    }
    return smallest;
  }
};

struct VmSpec {
  int vcpus = 2;
  std::uint64_t memory_bytes = 0;
  std::vector<int> per_node;  // VMs created on each node, on its volume (size == node_count); with
                              // compute hosts they run there instead, dealt round-robin in that order
  // Where the VMs of a failed node run instead (0-based node, -1 = the node is
  // up); their disks stay on their own volume. Empty = no node failed over.
  std::vector<int> failover;
  // VMFleet's VMAlignmentPct: the share of each node's VMs that run on the node
  // owning their volume; the others run on the other running nodes, dealt
  // round-robin (Move-Fleet -DistributeVMPercent), their I/O redirected.
  double alignment = 1.0;
  DiskspdSpec workload;  // what the VMs run, unless oltp is set
  // Set: every VM runs this OLTP database application instead of DISKSPD, on
  // one virtual disk of data_disk_bytes (data file at the start, log at the end).
  std::optional<OltpSpec> oltp;
  std::uint64_t data_disk_bytes = 0;
  // Set (cloud clusters): SAS rhel_iotest streams on the client VMs instead;
  // per_node is then all zeros (no VMs on the storage VMs).
  std::optional<SasIotestSpec> sas;
};

// A percentile of the measured latencies: of the reads, of the writes, or of all I/Os.
struct LatencyPercentile {
  enum class Of { Read, Write, All };
  Of of = Of::All;
  double percentile = 99;  // in (0, 100)
  bool operator==(const LatencyPercentile&) const = default;
};

struct RunControl {
  std::int64_t warmup_ns = 0;
  std::int64_t duration_ns = 0;  // measured interval after warm-up
  std::uint64_t seed = 1;
  std::int64_t interval_ns = 0;  // time-series interval; 0 = the measured time / 32 (/ 1,024 with a precision)
  // Stop once the 95 % intervals of total IOPS and of the mean latency are both
  // within this share of their values (0.02: +-2 %); duration_ns is then the
  // most the run measures. 0: measure the whole duration.
  double precision = 0;
  // Latency percentiles the precision covers as well (run.precision_percentiles:
  // read.p99, lat.p999...): their 95 % intervals too must be within it.
  std::vector<LatencyPercentile> precision_percentiles;
  // A failure timeline's steady spans are skipped at their measured pace
  // (models/run/fast_forward.hpp; run.fast_forward, --no-fast-forward), once
  // steady to within fast_forward_precision (IOPS and mean latency, 95 %).
  bool fast_forward = true;
  double fast_forward_precision = 0.02;
};

// The figures a run can be compared on. Values are in SI units: IOPS, bytes/s,
// seconds, fractions (CPU).
// Read, write and total in rows (clang-format would put one enumerator a line).
// clang-format off
enum class Figure {
  ReadIops, WriteIops, TotalIops,
  ReadBytesPerSec, WriteBytesPerSec, TotalBytesPerSec,
  ReadLatencyAvg, WriteLatencyAvg, LatencyAvg,
  ReadLatencyP50, ReadLatencyP90, ReadLatencyP99,
  WriteLatencyP50, WriteLatencyP90, WriteLatencyP99,
  VmfleetCpu,  // CPU % as VMFleet reports it: the mean over running nodes of LP run time x actual/nominal clock
  // Mean latency below the host's Cluster Shared Volume file system (VMFleet's
  // AverageCSVRead/WriteMilliseconds): the I/O from where the storage product takes it.
  CsvReadLatencyAvg, CsvWriteLatencyAvg,
  Tps, TransactionLatencyAvg,  // OLTP runs: transactions per second and their mean latency (s)
  WriteBytesPerSecPerCore, ReadBytesPerSecPerCore,  // SAS iotest runs: MB/s per physical core of the clients
};
// clang-format on

enum class Comparison {
  Approximately,  // |predicted - published| <= tolerance * published
  AtMost,         // published says "under X": predicted <= X * (1 + tolerance)
};

struct ReferenceFigure {
  Figure figure = Figure::TotalIops;
  double value = 0;
  double tolerance = 0.25;  // relative
  Comparison comparison = Comparison::Approximately;
  bool calibration = false;  // true on the figure a constant was fitted to
  std::string note;          // where the figure comes from
  bool measured = false;     // the user's own measurement (reference.measured), not a published figure
};

// reference.vmfleet_runs: a VMFleet 2.0 result table whose rows are measured
// runs of this scenario's cluster (the front end makes each a scenario:
// tools/frontend/validation/measured_cases.hpp).
struct MeasuredRunsRef {
  std::string file;                                        // resolved path
  std::vector<std::pair<std::string, std::string>> where;  // only rows with these column values
};

// A catalog part's field as a scenario changed it for its run (cluster.parts, or
// a --set of it): for the dry run and the reports. The change itself is already
// in the cluster's parts above.
struct PartOverride {
  std::string kind;    // "cpu", "drive", ...
  std::string part;    // the part's id
  std::string field;   // "all_core_clock", "drives[0].count"
  std::string value;   // as `catalog show` prints it: "2.8 GHz"
  std::string source;  // "scenario override (FILE:LINE)", "scenario override (--set ...)"
};

struct ScenarioSpec {
  std::string id;    // file stem, e.g. "test1-4k-random-read"
  std::string file;  // path it was loaded from
  std::string title;
  std::string description;
  ClusterSpec cluster;
  VmSpec vms;
  RunControl run;
  FailureTimeline timeline;
  std::vector<ReferenceFigure> references;
  std::optional<MeasuredRunsRef> measured_runs;
  // The --set what-ifs that change the modelled system or workload (not run
  // control or titles); non-empty: the published figures are not graded.
  std::vector<std::string> what_if;
  // Catalog fields this scenario overrides (cluster.parts): by kind in catalog order, then as written.
  std::vector<PartOverride> part_overrides;
};

}  // namespace hcisim::models
