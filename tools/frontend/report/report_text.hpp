// The terminal report of a run: throughput, latency percentiles, per-node
// utilisation, the bottleneck, predicted vs published, and the simulator's speed.
#pragma once

#include <string>
#include <vector>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

struct Footing;

// With `footing`, the report says how far to trust the run (footing.hpp): its
// warning under Warnings, its section after the reference figures.
std::string format_run_report(const models::ScenarioSpec& spec, const models::RunResult& result,
                              const Footing* footing = nullptr);
// The comparisons as columns: figure, reference, predicted, error, tolerance,
// verdict. The first line is the header, then one line per comparison (no
// newlines); every column is as wide as its widest cell, so a long figure name
// (write_throughput_per_core) or value shifts no column. The reference column
// is headed by reference_word. Shared by `run` and `validate`.
std::vector<std::string> format_comparison_lines(const std::vector<models::FigureComparison>& comparisons);
// "published" (figures a report published: reference.figures), "measured"
// (taken from a result file of the user's: reference.measured) or
// "published/measured" when there are both.
std::string reference_word(const std::vector<models::FigureComparison>& comparisons);
// Just the simulator's own speed, one line.
std::string format_speed_line(const models::RunResult& result);

}  // namespace hcisim::frontend
