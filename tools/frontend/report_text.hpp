// The terminal report of a run: throughput, latency percentiles, per-node
// utilisation, the bottleneck, predicted vs published, and the simulator's speed.
#pragma once

#include <string>

#include "models/run/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

std::string format_run_report(const models::ScenarioSpec& spec, const models::RunResult& result);
// Just the simulator's own speed, one line.
std::string format_speed_line(const models::RunResult& result);

}  // namespace hcisim::frontend
