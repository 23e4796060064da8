// `hcisim compare`: one line per scenario (throughput, latency, bottleneck), to
// set runs side by side: healthy against one or two nodes down, a grid of
// block sizes, a what-if against its baseline.
#pragma once

#include <string>
#include <vector>

#include "models/result/run_result.hpp"

namespace hcisim::frontend {

std::string compare_header();
// `varies`: what this row changes (its own --set what-ifs), shown last; "" = the file as written.
std::string compare_row(const models::RunResult& result, const std::string& varies = "");
// A run with failures: one more row per phase it went through (healthy,
// degraded, repairing), with the time spent in it; empty otherwise.
std::string compare_phase_rows(const models::RunResult& result);

}  // namespace hcisim::frontend
