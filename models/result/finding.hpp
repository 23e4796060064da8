// Why a run's (or a scenario's) numbers may not be what they seem: what a check
// found, as its kind and the figures behind it. The models fill the figures;
// the front end words them (tools/frontend/report/finding_text.hpp), so every
// report says the same thing the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "models/result/sas_phase.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/repair_status.hpp"

namespace hcisim::models {

enum class FindingKind {
  // run/steady_state.cpp
  UsersNotSteady,       // OLTP: users looping (TPS x cycle) off the users that run, by Little's law
  LatencyNotSteady,     // the mean latency off Little's law (I/Os in flight / IOPS)
  SlowestIoCut,         // the slowest I/O took half the run or more
  PrecisionNotReached,  // run.precision asked for and not reached in the whole duration
  WideIopsInterval,     // the 95 % interval on IOPS is wide
  WideLatencyInterval,  // the 95 % interval on the mean latency is wide
  MovingTail,           // a p99 moved between the halves of the measured time
  // workload/stream_coverage.cpp
  ShortStreams,  // sequential streams did not pass over their whole region
  // workload/sas_iotest_workload.cpp
  IotestCut,  // the run's time limit ended the SAS iotest
  // run/repair_progress.cpp
  RepairStalled,     // sampling intervals in a row with data degraded and no repair progress
  RepairUnfinished,  // the run ended with data degraded or repair queued
  // capacity/capacity.cpp
  ReserveNotKept,  // the VMs' disks fit in the pool but not beside the repair reserve
  VcpuOvercommit,  // a host runs more vCPUs than it has logical processors
};

// A latency percentile's interval, relative to its estimate; none: too few
// samples beyond the percentile for an interval.
struct PercentileWidth {
  LatencyPercentile percentile;
  std::optional<double> relative;
};

// Plain figures, in seconds, fractions and bytes; each kind fills the ones its
// comment names and leaves the rest at 0.
struct Finding {
  FindingKind kind = FindingKind::LatencyNotSteady;

  // The run (UsersNotSteady, LatencyNotSteady): measured time and warm-up.
  double measured_s = 0, warmup_s = 0;
  // The run length that would do (0: none): a warm-up (UsersNotSteady,
  // LatencyNotSteady, MovingTail), a duration (those two, SlowestIoCut,
  // PrecisionNotReached, Wide*Interval), warm-up + duration (ShortStreams).
  double suggested_warmup_s = 0, suggested_duration_s = 0, suggested_run_s = 0;

  // UsersNotSteady: users looping (TPS x cycle) against those that run, and
  // their cycle (think time + transaction latency).
  double users_looping = 0;
  int users = 0;
  double cycle_s = 0;
  // LatencyNotSteady: the mean latency against Little's law's, in_flight / IOPS.
  double latency_s = 0, little_s = 0;
  std::uint64_t in_flight = 0;
  // SlowestIoCut: the slowest I/O and the run (warm-up + measured).
  double slowest_s = 0, run_s = 0;

  // PrecisionNotReached: the precision asked for (relative half-width), the
  // widths reached on IOPS and the mean latency (0: too few intervals) and on
  // each percentile asked for. Wide*Interval: the precision the suggestion aims
  // at and the interval's width.
  double precision = 0;
  double iops_relative = 0, latency_relative = 0;
  std::vector<PercentileWidth> percentiles;
  double relative = 0;

  // MovingTail: reads' or writes' p99 over each half of the measured time, in
  // nanoseconds as sim::BatchQuantiles estimates them (the text's milliseconds
  // are ns x 1e-6, to the digit as before), and the change (second / first - 1).
  LatencyPercentile::Of of = LatencyPercentile::Of::Read;
  double first_ns = 0, second_ns = 0, change = 0;

  // ShortStreams: the share of its region the least-covered stream passed
  // over, and the share of the I/O on streams that did not pass over it all.
  double least_covered = 0, short_share = 0;

  // IotestCut: the phase the iotest was in when the time limit ended it.
  SasPhase phase = SasPhase::Write;

  // RepairStalled: the stretch (simulated time, warm-up included) and what was
  // degraded at its end. RepairUnfinished: what was degraded and queued at the
  // end, the last interval's repair rate and the time to go at it (-1: none).
  double from_s = 0, to_s = 0;
  double degraded_bytes = 0, bytes_to_repair = 0, repair_bytes_per_s = 0, eta_s = -1;
  // Both: what the product said held repair, and the node (0-based, -1: none).
  RepairHold hold = RepairHold::None;
  int node = -1;
  // RepairStalled: repair was queued but starved; then the run's busiest
  // resource (Bottleneck::resource) and its utilisation.
  bool starved = false;
  std::string starved_by;
  double starved_by_utilisation = 0;

  // ReserveNotKept: the VMs' disks' footprint with `copies` copies, the raw
  // bytes left after the repair reserve, and the reserve.
  double footprint_bytes = 0, room_bytes = 0, reserve_bytes = 0;
  int copies = 0;
  // VcpuOvercommit: a storage node or a compute host (0-based among its kind),
  // its VMs' vCPUs, its logical processors and their ratio.
  bool compute_host = false;
  int host = 0;
  int vcpus = 0, logical_processors = 0;
  double vcpu_ratio = 0;
};

}  // namespace hcisim::models
