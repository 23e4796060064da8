// The failure hcisim makes itself when a scenario repairs nothing (no failure
// timeline, or one without a failed drive or a returning node): a capacity
// drive that fails and is rebuilt, and a node drained for maintenance that
// returns and resyncs, each in its own run of the scenario's cluster and
// workload. A run lasts only as long as the repair needs: the scenario's
// warm-up, a healthy stretch, the failure, its detection, the repair and a
// little after, at most the cap. A repair the cap cuts short is extrapolated
// from the rate it reached (durability_study.hpp says how).
#pragma once

#include <string>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

// How long each part of a synthetic run lasts.
struct SyntheticPlan {
  sim::SimTime healthy_ns = 0;     // measured time before the failure (the scenario's own measured time, bounded)
  sim::SimTime outage_ns = 0;      // how long the drained node stays away
  sim::SimTime repair_cap_ns = 0;  // the most simulated time a repair is given
};

// The scenario's measured time (between 10 ms and 1 s) before the failure and
// as the node's outage; the repair given at most `repair_cap_s` of simulated time.
SyntheticPlan default_synthetic_plan(const ScenarioSpec& spec, double repair_cap_s);

// One synthetic failure: what fails, when, and the run that shows its repair.
struct SyntheticEpisode {
  bool possible = false;
  std::string why_not;                    // not possible: why (names the product or part)
  FailurePart part = FailurePart::Drive;  // Drive: a rebuild; Node: a resync after a drain and return
  int node = 0;                           // 0-based
  int drive = 0;                          // 0-based capacity drive, for a drive
  sim::SimTime fail_at = 0;               // since the start of the run (warm-up included)
  sim::SimTime return_at = 0;             // a node's return
  sim::SimTime repair_from = 0;           // when the repair can start: detection (drive) or the return (node)
  sim::SimTime run_end = 0;               // warm-up + measured time of its run
  double expected_bytes = 0;              // what there is to repair at most (a drive's or a node's share of the copies)
  double expected_s = 0;                  // that at the hardware's repair-rate bound (explain.hpp)
  bool capped = false;  // the repair window is the cap, shorter than 8 x expected_s (the repair may still finish in it)
};

struct SyntheticFailure {
  std::string why_none;  // neither episode possible: why (e.g. "InfoScale failures are not modelled")
  SyntheticEpisode rebuild, resync;
  SyntheticPlan plan;
};

// The failures hcisim makes on `spec` (its timeline, if any, is ignored).
SyntheticFailure plan_synthetic_failure(const ScenarioSpec& spec, const SyntheticPlan& plan);

// `spec` with the episode as its only timeline and a run that ends at episode.run_end.
ScenarioSpec spec_with_episode(const ScenarioSpec& spec, const SyntheticEpisode& episode);

// Why hcisim cannot fail any part of this cluster (empty: it can fail some).
std::string parts_cannot_fail(const ScenarioSpec& spec);

}  // namespace hcisim::models
