// How long a run will take on this machine, before it is run (`--dry-run`):
//
//   wall time ~ events per I/O x expected I/Os / events per wall second
//
// all three measured on a short pilot of the same scenario (the first 10 ms
// of simulated time, half of it warm-up; 100 ms, then 1 s when no I/O
// completes that soon): events per I/O from the pilot's counts, I/Os per
// simulated second from its measured half (past the start, when the queues
// are still filling), events per wall second from its wall clock (model
// building included, so small runs are over-estimated). Expected I/Os = that
// rate x (warm-up + duration). Failures later in the
// timeline, cache warm-up past the pilot and pacing change the rate, so this
// is an estimate, not a promise.
#pragma once

#include <cstdint>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

struct RunEstimate {
  bool estimated = false;           // false: no I/O completed within the longest pilot
  double pilot_simulated_s = 0;     // warm-up + measured time of the pilot
  double pilot_wall_s = 0;
  std::uint64_t pilot_ios = 0;
  std::uint64_t pilot_events = 0;
  double events_per_io = 0;
  double ios_per_simulated_s = 0;
  double events_per_wall_s = 0;
  double expected_ios = 0;          // in the whole run, warm-up included
  double estimated_wall_s = 0;
};

RunEstimate estimate_run(const ScenarioSpec& spec);

}  // namespace hcisim::models
