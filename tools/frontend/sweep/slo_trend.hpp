// Whether each objective of an SLO search behaved over the values the search
// ran as the search assumes (bound_search.hpp): for the largest value, once
// missed it stays missed as the key grows; for the smallest, once met it
// stays met. An objective that does the opposite (an upper bound on latency
// met only at larger node counts, in a search for the largest) or that flips
// more than once makes the answer doubtful: the search says so.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "models/result/run_result.hpp"
#include "tools/frontend/sweep/bound_search.hpp"
#include "tools/frontend/sweep/slo.hpp"

namespace hcisim::frontend {

struct SloTrendWarning {
  enum class Kind { Against, NotMonotone };
  std::string slo;  // as written
  Kind kind = Kind::NotMonotone;
  bool fast_path = false;  // seen on the fast path's estimates (else on simulated runs)
  // Each value run, ascending, and whether the objective held there.
  std::vector<std::pair<long long, bool>> points;
  std::string text;  // one line for people, without "warning: "
};

// In the order of `slos`; none when every objective behaved. `runs` are
// simulated, or the fast path's estimates (fast_path = true) over its grid:
// those show a trend across the range that the few runs of a search may not.
std::vector<SloTrendWarning> slo_trend_warnings(const std::string& key, SearchFor want, const std::vector<Slo>& slos,
                                                const std::map<long long, models::RunResult>& runs,
                                                bool fast_path = false);

// The run that comes closest to meeting every objective: the smallest worst
// Slo::shortfall (ties: the first of `runs`). `runs` is not empty.
long long closest_run(const std::vector<Slo>& slos, const std::map<long long, models::RunResult>& runs);

}  // namespace hcisim::frontend
