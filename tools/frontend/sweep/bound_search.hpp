// The SLO search's walk along one integer key (sweep --over): the largest
// value in [lo, hi] whose run meets every objective, assuming that once a
// value misses them every larger one does (a latency bound as the load
// grows), or the smallest, assuming that once one meets them every larger one
// does (an IOPS bound as nodes are added). It starts at a guess (the fast
// path's), steps away from it with doubling steps until the answer is
// bracketed, then narrows the bracket a round of kProbesPerRound values at a
// time. The values tried depend only on the guess and on which of them meet
// the objectives, never on how many run at once: the answer is the same
// whatever --jobs.
#pragma once

#include <functional>
#include <optional>
#include <vector>

namespace hcisim::frontend {

enum class SearchFor { Largest, Smallest };

// Values per narrowing round (run in parallel by the caller): 3 quarter the bracket.
constexpr int kProbesPerRound = 3;

struct BoundSearch {
  long long lo = 0, hi = 0;
  SearchFor want = SearchFor::Largest;
  // Where the fast path looked, ascending, in [lo, hi]: the first steps away from the guess.
  std::vector<long long> grid;
  long long guess = 0;
  // Whether the fast path says the guess meets the objectives: the first round
  // also runs the next value the walk would try if the guess's run agrees.
  bool guess_meets = true;
  std::vector<long long> also_first;  // values to run in the first round too (the knee)
};

// evaluate(xs) runs a round: those of xs not run before (in any order, in
// parallel); meets(x) tells whether x's run meets every objective.
// Returns the answer, or none when no value tried meets them.
std::optional<long long> find_bound(const BoundSearch& search,
                                    const std::function<void(const std::vector<long long>&)>& evaluate,
                                    const std::function<bool(long long)>& meets);

}  // namespace hcisim::frontend
