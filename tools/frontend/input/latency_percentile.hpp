// A latency percentile as written in a scenario (run.precision_percentiles)
// and on the command line (--slo): "read.p99", "write.p999", "lat.p50".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "models/result/run_result.hpp"

namespace hcisim::frontend {

// "read.p99", "write.p999", "lat.p50" (also all. or latency. for lat.): the
// percentiles p50, p90, p99 and p999 of --slo and run.precision_percentiles.
std::optional<models::LatencyPercentile> parse_latency_percentile(std::string_view text);

// A latency's direction as the figures name it: read, write, or lat for all
// I/Os (also written all or latency).
std::string figure_direction(std::string_view direction);

}  // namespace hcisim::frontend
