// The terminal report of a run: throughput, latency percentiles, per-node
// utilisation, the bottleneck, predicted vs published, and the simulator's speed.
#pragma once

#include <string>

#include "models/run/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

struct Footing;

// With `footing`, the report says how far to trust the run (footing.hpp): its
// warning under Warnings, its section after the published figures.
std::string format_run_report(const models::ScenarioSpec& spec, const models::RunResult& result,
                              const Footing* footing = nullptr);
// One comparison as columns: figure, published, predicted, error, tolerance,
// verdict (no newline), and the header for those columns. Shared by `run` and
// `validate`.
std::string format_comparison_header();
std::string format_comparison(const models::FigureComparison& comparison);
// Just the simulator's own speed, one line.
std::string format_speed_line(const models::RunResult& result);

}  // namespace hcisim::frontend
