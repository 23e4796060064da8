// The analytic fast path's answer for `run --fast` and every point of
// `sweep --fast`: a scenario beyond it is an error naming the mechanism.
#pragma once

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

models::RunResult fast_result(const models::ScenarioSpec& spec);

}  // namespace hcisim::frontend
