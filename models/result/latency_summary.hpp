// A latency histogram as the summary a result carries (mean, percentiles, max).
#pragma once

#include "models/result/run_result.hpp"
#include "sim/latency_histogram.hpp"

namespace hcisim::models {

LatencySummary summarise(const sim::LatencyHistogram& h);

}  // namespace hcisim::models
