// TimeWeighted on hand-computed signals and against a brute-force per-nanosecond sum.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "sim/random.hpp"
#include "sim/time_weighted.hpp"

using namespace hcisim::sim;

TEST_CASE("time-weighted average of a hand-computable piecewise signal", "[stats][time_weighted]") {
  // value: 2 on [0,10), 5 on [10,20), 2 on [20,30)
  // area = 20 + 50 + 20 = 90 over 30 ns -> 3
  TimeWeighted q(0, 2.0);
  CHECK(q.average(0) == 2.0);  // no time has passed: the current value
  q.set(10, 5.0);
  CHECK(q.average(10) == 2.0);
  CHECK(q.average(20) == Approx(3.5));  // (20 + 50) / 20
  q.add(20, -3.0);
  CHECK(q.value() == 2.0);
  CHECK(q.average(30) == Approx(3.0));
  CHECK(q.max() == 5.0);

  SECTION("reset discards the past but keeps the current value") {
    q.reset(30);
    CHECK(q.value() == 2.0);
    CHECK(q.average(30) == 2.0);
    CHECK(q.max() == 2.0);  // the 5 happened before the reset
    CHECK(q.average(40) == Approx(2.0));
    q.set(40, 4.0);
    // 2 on [30,40), 4 on [40,50): (20 + 40) / 20
    CHECK(q.average(50) == Approx(3.0));
    CHECK(q.max() == 4.0);
  }
}

TEST_CASE("time-weighted average starting late counts only time after the start", "[stats][time_weighted]") {
  TimeWeighted busy(1'000, 1.0);
  CHECK(busy.average(1'000) == 1.0);
  busy.set(1'250, 0.0);
  // busy on [1000,1250), idle on [1250,2000): utilisation 250 / 1000
  CHECK(busy.average(2'000) == Approx(0.25));
  busy.add(1'500, 1.0);                        // busy again from 1500
  CHECK(busy.average(2'000) == Approx(0.75));  // (250 + 500) / 1000
  // Several changes at the same instant: only the last one holds any time.
  busy.set(2'000, 7.0);
  busy.set(2'000, 0.0);
  CHECK(busy.average(3'000) == Approx(750.0 / 2000.0));
  CHECK(busy.max() == 7.0);  // but the maximum saw it
}

TEST_CASE("time-weighted average matches a per-nanosecond brute-force sum on a random signal",
          "[stats][time_weighted]") {
  RandomStream rng(11, "piecewise");
  constexpr SimTime kEnd = 20'000;
  constexpr SimTime kWarmup = 3'000;
  // Per-nanosecond value: what the signal is during [t, t+1).
  std::vector<double> per_ns(kEnd, 0.0);
  TimeWeighted signal(0, 0.0);
  SimTime t = 0;
  double value = 0.0;
  double peak_after_warmup = 0.0;
  bool did_reset = false;
  while (t < kEnd) {
    const SimTime next = std::min<SimTime>(kEnd, t + 1 + static_cast<SimTime>(rng.uniform_index(200)));
    for (SimTime s = t; s < next; ++s) per_ns[s] = value;
    t = next;
    if (!did_reset && t >= kWarmup) {
      signal.reset(t);
      did_reset = true;
      peak_after_warmup = value;
    }
    const double delta = static_cast<double>(rng.uniform_index(7)) - 3.0;
    value = std::max(0.0, value + delta);
    signal.set(t, value);
    if (did_reset) peak_after_warmup = std::max(peak_after_warmup, value);
  }
  REQUIRE(did_reset);
  const SimTime reset_at = signal.start();
  double area = 0.0;
  for (SimTime s = reset_at; s < kEnd; ++s) area += per_ns[s];
  const double expected = area / static_cast<double>(kEnd - reset_at);
  CHECK(signal.average(kEnd) == Approx(expected).epsilon(1e-12));
  CHECK(signal.max() == peak_after_warmup);

  // And the whole-run average differs (the warm-up was really discarded).
  double full_area = 0.0;
  for (SimTime s = 0; s < kEnd; ++s) full_area += per_ns[s];
  CHECK(std::abs(full_area / kEnd - expected) > 1e-6);
}
