// How long a run will take on this machine, before it is run (`--dry-run`),
// from a short pilot of the same scenario (the first 10 ms of simulated time,
// half of it warm-up; 100 ms, then 1 s when no I/O completes that soon), in
// three parts, each as the pilot measured it:
//
//   set-up   building the model (placement, the extent table), once;
//   start    the pilot's warm-up: the queues filling from empty, when a burst
//            of first I/Os makes more events per I/O than later;
//   steady   the rest of the run's I/Os (its IOPS, measured on the pilot's
//            second half, x the run's warm-up + duration past the pilot's
//            warm-up) x the wall time per I/O of the pilot's second half.
//
// Failures later in the timeline, cache warm-up past the pilot and pacing
// change the rate: this is an estimate, not a promise.
#pragma once

#include <cstdint>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

struct RunEstimate {
  bool estimated = false;        // false: no I/O completed within the longest pilot
  double pilot_simulated_s = 0;  // warm-up + measured time of the pilot
  double pilot_wall_s = 0;
  std::uint64_t pilot_ios = 0;
  std::uint64_t pilot_events = 0;
  double setup_wall_s = 0;  // the pilot's model building
  double start_wall_s = 0;  // the pilot's warm-up (0 when the run has none)
  double start_simulated_s = 0;
  double steady_events_per_io = 0;  // in the pilot's measured half
  double steady_events_per_wall_s = 0;
  double ios_per_simulated_s = 0;  // in the pilot's measured half
  double expected_ios = 0;         // in the whole run, warm-up included
  double steady_ios = 0;           // of those, past the pilot's warm-up
  double estimated_wall_s = 0;     // setup + start + steady
  bool at_most = false;            // the run has a precision: it may stop before its duration
};

RunEstimate estimate_run(const ScenarioSpec& spec);

}  // namespace hcisim::models
