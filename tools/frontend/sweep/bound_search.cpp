#include "tools/frontend/sweep/bound_search.hpp"

#include <algorithm>
#include <iterator>

namespace hcisim::frontend {

std::optional<long long> find_bound(const BoundSearch& s,
                                    const std::function<void(const std::vector<long long>&)>& evaluate,
                                    const std::function<bool(long long)>& meets) {
  // Mirrored for the smallest value (u = lo + hi - x), the walk is the one for the largest:
  // the values that meet the objectives lie below those that miss them.
  const bool largest = s.want == SearchFor::Largest;
  const long long lo = s.lo, hi = s.hi;
  auto flip = [&](long long v) { return largest ? v : lo + hi - v; };
  auto run = [&](std::vector<long long> us) {
    for (long long& u : us) u = flip(u);
    evaluate(us);
  };
  auto ok = [&](long long u) { return meets(flip(u)); };
  std::vector<long long> grid;
  for (const long long x : s.grid) grid.push_back(flip(x));
  std::sort(grid.begin(), grid.end());
  auto above = [&](long long u) {
    const auto it = std::upper_bound(grid.begin(), grid.end(), u);
    return it == grid.end() ? hi : *it;
  };
  auto below = [&](long long u) {
    const auto it = std::lower_bound(grid.begin(), grid.end(), u);
    return it == grid.begin() ? lo : *std::prev(it);
  };

  // Bracket [good, bad) around the guess, run with the value the walk goes to next.
  const long long guess = flip(std::clamp(s.guess, lo, hi));
  std::vector<long long> first = {guess};
  if (s.guess_meets && guess < hi) first.push_back(above(guess));
  if (!s.guess_meets && guess > lo) first.push_back(below(guess));
  for (const long long x : s.also_first) first.push_back(flip(x));
  run(first);
  long long good = lo - 1, bad = hi + 1;  // none yet
  if (ok(guess)) {
    good = guess;
    for (long long step = std::max(1LL, above(guess) - guess); good < hi && bad > hi; step *= 2) {
      const long long next = std::min(hi, good + step);
      run({next});
      (ok(next) ? good : bad) = next;
    }
  } else {
    bad = guess;
    for (long long step = std::max(1LL, guess - below(guess)); bad > lo && good < lo; step *= 2) {
      const long long next = std::max(lo, bad - step);
      run({next});
      (ok(next) ? good : bad) = next;
    }
  }
  if (good < lo) return std::nullopt;
  // Narrowed a round at a time: the largest value of a round that meets the
  // objectives, the smallest above it that misses them.
  while (bad <= hi && bad > good + 1) {
    const long long gap = bad - good;
    const long long probes = std::min<long long>(kProbesPerRound, gap - 1);
    std::vector<long long> round;
    for (long long i = 1; i <= probes; ++i) round.push_back(good + gap * i / (probes + 1));
    run(round);
    for (const long long u : round) {
      if (ok(u)) good = std::max(good, u);
    }
    for (const long long u : round) {
      if (!ok(u) && u > good) bad = std::min(bad, u);
    }
  }
  return flip(good);
}

}  // namespace hcisim::frontend
