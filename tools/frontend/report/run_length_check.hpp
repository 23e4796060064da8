// The checks that depend on a run's length, for a length set on the command
// line (--duration, --warmup) after the scenario was loaded: the loader applies
// the same ones to run.duration and run.warmup in a file or a --set.
#pragma once

#include <string>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

// Throws std::invalid_argument naming `option` when a timeline event falls
// past the end of the run (warm-up + duration) or the sampling interval is
// longer than the measured time.
void check_run_length(const models::ScenarioSpec& spec, const std::string& option);

}  // namespace hcisim::frontend
