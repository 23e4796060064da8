// Reading a failure timeline's run honestly: per-phase intervals only where a
// phase is steady and long enough, what repair had left at the end and how
// long it would take, and stretches where degraded data made no repair progress.
#pragma once

#include <vector>

#include "models/result/run_result.hpp"
#include "models/storage/repair_status.hpp"
#include "models/workload/phase_measurement.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

// Sampling intervals wholly inside a phase needed before it gets an interval.
constexpr int kSteadyIntervals = 10;

// Fills `phase`'s steady_intervals, steady and 95 % intervals on IOPS and mean
// latency from the sampling intervals (of length `interval`, ending at
// timeline[i].end_s) that lie wholly inside one of its spans, leaving out the
// first of each span (the transition into it). Steady: the means of the first
// and second half of those intervals agree within the interval's full width.
void steady_phase_intervals(PhaseResult& phase, const std::vector<PhaseSpan>& spans,
                            const std::vector<TimelinePoint>& timeline, sim::SimTime interval);

// At the end of a sampling interval: how long what is degraded or queued would
// take to repair at the interval's repair rate; 0 when nothing is left, -1 when
// something is left and nothing moved.
inline double repair_eta_s(const TimelinePoint& p) {
  const double to_go = p.degraded_bytes > p.repair_bytes_to_go ? p.degraded_bytes : p.repair_bytes_to_go;
  if (to_go <= 0) return 0;
  return p.repair_bytes_per_s > 0 ? to_go / p.repair_bytes_per_s : -1;
}

// Sets result.repair_left from the product's repair status at the end and the
// last sampling interval's repair rate, and result.repair_stalls from the
// timeline: every run of sampling intervals in a row with data degraded at both
// ends and no byte repaired, with what held it (the product's hold, or with
// repair queued, the run's bottleneck as what starved it); each stall and an
// unfinished repair are findings (RunResult::warnings).
void summarise_repair(RunResult& result, const RepairStatus& at_end);

}  // namespace hcisim::models
