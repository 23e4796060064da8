// Which resource class limits throughput, from the utilisations of a run.
#pragma once

#include "models/run/run_result.hpp"

namespace hcisim::models {

// Fills result.bottleneck from result.nodes. A resource class counts as the
// limit when it is the busiest and above 80 %; when nothing is that busy, the
// closed-loop workload itself (too few outstanding I/Os) is the limit.
void attribute_bottleneck(RunResult& result, const ScenarioSpec& spec);

}  // namespace hcisim::models
