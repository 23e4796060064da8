// The SLO search (sweep --over): its walk to the largest or the smallest value
// meeting the objectives, the warnings on objectives that do not behave as it
// assumes, and a sizing on a bundled scenario (the smallest cluster meeting an
// IOPS objective: that one's run meets it, one node fewer does not).
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include "models/analytic/fast_path.hpp"
#include "models/run/simulation.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/sweep/bound_search.hpp"
#include "tools/frontend/sweep/slo.hpp"
#include "tools/frontend/sweep/slo_trend.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;

namespace {

struct Walk {
  std::optional<long long> answer;
  std::vector<std::vector<long long>> rounds;  // as evaluate was given them
  std::set<long long> tried;
};

// find_bound over [lo, hi] (the fast path's grid every value) with `meets` as the runs' verdict.
Walk walk(long long lo, long long hi, SearchFor want, long long guess, const std::function<bool(long long)>& meets,
          bool guess_meets = true) {
  BoundSearch s;
  s.guess_meets = guess_meets;
  s.lo = lo;
  s.hi = hi;
  s.want = want;
  s.guess = guess;
  for (long long x = lo; x <= hi; ++x) s.grid.push_back(x);
  Walk w;
  w.answer = find_bound(
      s,
      [&](const std::vector<long long>& xs) {
        w.rounds.push_back(xs);
        w.tried.insert(xs.begin(), xs.end());
      },
      [&](long long x) {
        REQUIRE(w.tried.count(x));  // only a value run is asked about
        return meets(x);
      });
  return w;
}

hcisim::models::RunResult run_with(double iops, double write_p99_ms) {
  hcisim::models::RunResult r;
  r.read_iops = iops * 0.7;
  r.write_iops = iops * 0.3;
  r.write_latency.p99_s = write_p99_ms * 1e-3;
  return r;
}

}  // namespace

TEST_CASE("the search finds the largest value meeting the objectives, wherever the fast path guessed",
          "[sweep][search]") {
  for (const long long guess : {1LL, 10LL, 36LL, 37LL, 38LL, 200LL, 256LL}) {
    INFO("guess " << guess);
    const Walk w = walk(1, 256, SearchFor::Largest, guess, [](long long x) { return x <= 37; });
    REQUIRE(w.answer);
    CHECK(*w.answer == 37);
    CHECK(w.tried.count(38));  // the answer is bracketed by a value that misses
    for (const auto& round : w.rounds) CHECK(round.size() <= static_cast<std::size_t>(kProbesPerRound));
  }
  // A good guess costs a few runs, not a walk over the range.
  CHECK(walk(1, 256, SearchFor::Largest, 37, [](long long x) { return x <= 37; }).tried.size() <= 3);
}

TEST_CASE("with --smallest the search finds the smallest value meeting the objectives", "[sweep][search]") {
  for (const long long guess : {3LL, 5LL, 8LL, 9LL, 10LL, 16LL}) {
    INFO("guess " << guess);
    const Walk w = walk(3, 16, SearchFor::Smallest, guess, [](long long x) { return x >= 9; });
    REQUIRE(w.answer);
    CHECK(*w.answer == 9);
    CHECK(w.tried.count(8));
  }
  // Every value meets them: the smallest is LO; none does: no answer, after trying HI.
  CHECK(walk(3, 16, SearchFor::Smallest, 10, [](long long) { return true; }).answer == 3);
  const Walk none = walk(3, 16, SearchFor::Smallest, 16, [](long long) { return false; });
  CHECK_FALSE(none.answer);
  CHECK(none.tried.count(16));
  // When the fast path already says the guess misses, its neighbour is not run on the chance it meets.
  CHECK(walk(
            3, 16, SearchFor::Smallest, 16, [](long long) { return false; }, false)
            .tried == std::set<long long>{16});
  const Walk late = walk(
      3, 16, SearchFor::Smallest, 12, [](long long x) { return x >= 13; }, false);
  CHECK(late.answer == 13);
  CHECK(late.rounds.front() == std::vector<long long>{12, 13});
  CHECK(walk(1, 64, SearchFor::Largest, 64, [](long long) { return true; }).answer == 64);
  CHECK_FALSE(walk(1, 64, SearchFor::Largest, 1, [](long long) { return false; }).answer);
}

TEST_CASE("the values a search tries depend on its guess and verdicts only", "[sweep][search]") {
  // The same rounds, walked twice (the caller may run a round's values in any order, on any number of threads).
  auto meets = [](long long x) { return x >= 700; };
  const Walk a = walk(1, 1000, SearchFor::Smallest, 400, meets);
  const Walk b = walk(1, 1000, SearchFor::Smallest, 400, meets);
  CHECK(a.rounds == b.rounds);
  CHECK(a.answer == 700);
}

TEST_CASE("an objective that does not behave as the search assumes is named, with the values run", "[sweep][search]") {
  const std::vector<Slo> slos = {parse_slo("total_iops>=2M"), parse_slo("write.p99<=2ms")};
  // IOPS grow with the nodes and the write p99 dips at 5: the first objective
  // behaves for the smallest cluster, the second flips twice.
  const std::map<long long, hcisim::models::RunResult> runs = {{3, run_with(1.2e6, 1.8)},
                                                               {4, run_with(1.6e6, 1.9)},
                                                               {5, run_with(2.0e6, 2.4)},
                                                               {8, run_with(3.2e6, 1.9)},
                                                               {16, run_with(6.4e6, 1.9)}};
  const auto smallest = slo_trend_warnings("cluster.nodes", SearchFor::Smallest, slos, runs);
  REQUIRE(smallest.size() == 1);
  CHECK(smallest[0].slo == "write.p99<=2ms");
  CHECK(smallest[0].kind == SloTrendWarning::Kind::NotMonotone);
  CHECK_THAT(smallest[0].text, Contains("not monotone in cluster.nodes") &&
                                   Contains("met at cluster.nodes=3, 4; missed at 5; met at 8, 16"));
  CHECK(smallest[0].points.size() == 5);
  // Searched for the largest, the IOPS objective goes the other way: met only from 5 nodes on.
  const auto largest = slo_trend_warnings("cluster.nodes", SearchFor::Largest, slos, runs);
  REQUIRE(largest.size() == 2);
  CHECK(largest[0].slo == "total_iops>=2M");
  CHECK(largest[0].kind == SloTrendWarning::Kind::Against);
  CHECK_THAT(largest[0].text, Contains("missed at cluster.nodes=3, 4; met from 5 to 16 (3 values):") &&
                                  Contains("gets easier as cluster.nodes grows") && Contains("--smallest"));
  // A latency bound that grows with the load behaves for the largest and goes against the smallest.
  const std::vector<Slo> latency = {parse_slo("write.p99<=2ms")};
  const std::map<long long, hcisim::models::RunResult> load = {
      {1, run_with(1e5, 0.5)}, {8, run_with(5e5, 1.5)}, {9, run_with(5e5, 2.1)}, {64, run_with(6e5, 9)}};
  CHECK(slo_trend_warnings("vms.workload.outstanding", SearchFor::Largest, latency, load).empty());
  const auto against = slo_trend_warnings("vms.workload.outstanding", SearchFor::Smallest, latency, load);
  REQUIRE(against.size() == 1);
  CHECK_THAT(against[0].text, Contains("gets harder") && Contains("--largest"));
  // Seen on the fast path's estimates over its grid, the warning says so.
  const auto fast = slo_trend_warnings("vms.workload.outstanding", SearchFor::Smallest, latency, load, true);
  REQUIRE(fast.size() == 1);
  CHECK(fast[0].fast_path);
  CHECK_THAT(fast[0].text,
             Contains("met at vms.workload.outstanding=1, 8; missed at 9, 64 on the fast path: it gets harder"));
}

TEST_CASE("with no value meeting the objectives, the closest run is the one missing them by the least",
          "[sweep][search]") {
  const std::vector<Slo> slos = {parse_slo("total_iops>=9M"), parse_slo("write.p99<=2ms")};
  const std::map<long long, hcisim::models::RunResult> runs = {
      {4, run_with(1.6e6, 1.9)}, {12, run_with(4.8e6, 2.2)}, {16, run_with(6.4e6, 2.5)}};
  CHECK(closest_run(slos, runs) == 16);  // 29 % short of the IOPS, 25 % over the p99
  CHECK(parse_slo("write.p99<=2ms").shortfall(run_with(1, 2.5)) == Approx(0.25));
  CHECK(parse_slo("total_iops>=2M").shortfall(run_with(2.5e6, 1)) < 0);
}

TEST_CASE("sizing a bundled cluster: the smallest node count whose run gives the IOPS, one fewer does not",
          "[sweep][search]") {
  // Test 2's 8K random 30 % writes (32 VMs per node), in 20 ms runs: the IOPS grow with the nodes.
  const Catalog catalog = Catalog::load();
  const std::string scenario = std::string(HCISIM_SOURCE_DIR) + "/scenarios/ax7525/test2-8k-random-30w.yaml";
  const std::vector<Slo> slos = {parse_slo("total_iops>=2.5M"), parse_slo("write.p99<=5ms")};
  auto spec_at = [&](long long nodes) {
    return load_scenario(scenario, catalog,
                         {"cluster.nodes=" + std::to_string(nodes), "run.warmup=10ms", "run.duration=20ms"});
  };
  BoundSearch s;
  s.lo = 3;
  s.hi = 12;
  s.want = SearchFor::Smallest;
  s.guess = s.hi;
  for (long long n = s.lo; n <= s.hi; ++n) {
    s.grid.push_back(n);
    if (s.guess == s.hi && all_hold(slos, hcisim::models::analyse(spec_at(n)))) s.guess = n;
  }
  std::map<long long, hcisim::models::RunResult> runs;
  const std::optional<long long> answer = find_bound(
      s,
      [&](const std::vector<long long>& xs) {
        for (const long long n : xs) {
          if (!runs.count(n)) runs[n] = hcisim::models::simulate(spec_at(n));
        }
      },
      [&](long long n) { return all_hold(slos, runs.at(n)); });
  REQUIRE(answer);
  INFO("answer " << *answer << " nodes, guessed " << s.guess);
  CHECK(*answer > s.lo);  // the objective binds inside the range
  // Run afresh: the answer's run meets the objectives, one node fewer misses the IOPS.
  CHECK(all_hold(slos, hcisim::models::simulate(spec_at(*answer))));
  const hcisim::models::RunResult fewer = hcisim::models::simulate(spec_at(*answer - 1));
  CHECK_FALSE(slos[0].holds(fewer));
  CHECK(slo_trend_warnings("cluster.nodes", SearchFor::Smallest, slos, runs).empty());
}
