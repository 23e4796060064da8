// Service-level objectives for `hcisim sweep --slo`: "read.p99<=1ms",
// "lat.mean<2ms", "write.p999<=5ms", "total_iops>=1M"... The left side is a
// sweep figure (sweep_rows.hpp), a latency written direction.stat (read,
// write or lat for all I/Os; mean, p50, p90, p99, p999, max); the right side
// a duration for latencies, a count otherwise.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/result/run_result.hpp"
#include "tools/frontend/input/latency_percentile.hpp"

namespace hcisim::frontend {

struct Slo {
  std::string text;     // as written
  std::string figure;   // a sweep figure name, e.g. read_lat_p99_ms
  bool at_most = true;  // <= / < (else >= / >)
  bool strict = false;  // < or >
  double limit = 0;     // in the figure's unit
  // The percentile it bounds (read.p99<=1ms: read.p99); none for a mean, a maximum or a count.
  std::optional<models::LatencyPercentile> percentile;
  bool holds(const models::RunResult& result) const;
  // The half-width of the 95 % interval the run gives on the figure (total
  // IOPS, the mean latency of all I/Os, a p99), or none.
  std::optional<double> interval(const models::RunResult& result) const;
  // The limit lies within the figure's 95 % interval: whether the run meets
  // the objective is not settled by it (a longer run could turn it).
  bool close_call(const models::RunResult& result) const;
  // By how much the figure misses the limit, as a fraction of it (0.1: 10 %
  // over a bound at most, or short of one at least); zero or less when it
  // meets it; infinite when the run does not give the figure.
  double shortfall(const models::RunResult& result) const;
};

// Throws std::invalid_argument naming what is wrong.
Slo parse_slo(const std::string& text);
bool all_hold(const std::vector<Slo>& slos, const models::RunResult& result);

}  // namespace hcisim::frontend
