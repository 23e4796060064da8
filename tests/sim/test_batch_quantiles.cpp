// BatchQuantiles: sections formed and merged as specified, the sectioning
// interval by hand, coverage of the p99 of i.i.d. exponential latencies against
// the asymptotic spread of a sample quantile, a tail that grows through the
// run seen as spread and as halves that differ, and steady halves that seldom do.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>

#include "sim/batch_quantiles.hpp"
#include "sim/random.hpp"

using namespace hcisim::sim;

namespace {

// 20 samples of each value.
LatencyHistogram of(std::initializer_list<SimTime> values) {
  LatencyHistogram h;
  for (const SimTime v : values) h.record_n(v, 20);
  return h;
}

// t quantile for 7 degrees of freedom at 0.975 (8 sections, 95 %).
constexpr double kT7 = 2.3646242510102993;

}  // namespace

TEST_CASE("batch quantiles form sections and merge adjacent pairs as specified", "[stats][batch_quantiles]") {
  BatchQuantiles bq(2);
  // Sections of 100 samples: 1 beyond p50 is far below kMinTailSamples at p99, and 50 enough at p50.
  auto section = [](SimTime value) {
    LatencyHistogram h;
    h.record_n(value, 100);
    return h;
  };
  CHECK_FALSE(bq.interval(50, 0.95));
  bq.add(section(100));
  CHECK_FALSE(bq.interval(50, 0.95));  // one complete section is not enough
  bq.add(section(110));
  REQUIRE(bq.complete_batches() == 2);
  // Sections' medians 100 and 110; of the 200 together, rank 100: 100.
  // s^2 = (0 + 10^2) / 1; half-width = t(1) x 10 / sqrt(2).
  const auto two = bq.interval(50, 0.95);
  REQUIRE(two);
  CHECK(two->estimate_ns == 100);
  CHECK(two->half_width_ns == Approx(12.706204736174698 * 10 / std::sqrt(2.0)).epsilon(1e-9));
  CHECK_FALSE(bq.interval(99, 0.95));  // 1 sample of 100 beyond the p99 of a section
  bq.add(section(120));
  bq.add(section(130));  // 4 = 2 x batch_count: merged into [100, 110] and [120, 130]
  CHECK(bq.complete_batches() == 2);
  CHECK(bq.batch_size() == 2);
  bq.add(section(1000));  // waits in the open section: not in the interval
  const auto merged = bq.interval(50, 0.95);
  REQUIRE(merged);
  CHECK(merged->batches == 2);
  CHECK(merged->estimate_ns == 110);  // rank 200 of 400
  // Sections' medians 100 (rank 100 of [100 x100, 110 x100]) and 120.
  const double s = std::sqrt(((100 - 110.0) * (100 - 110.0) + (120 - 110.0) * (120 - 110.0)) / 1);
  CHECK(merged->half_width_ns == Approx(12.706204736174698 * s / std::sqrt(2.0)).epsilon(1e-9));

  CHECK_THROWS_AS(bq.interval(100, 0.95), std::invalid_argument);
  CHECK_THROWS_AS(bq.interval(50, 1.0), std::invalid_argument);
  bq.reset();
  CHECK(bq.complete_batches() == 0);
  CHECK(bq.batch_size() == 1);
  CHECK_THROWS_AS(BatchQuantiles(1), std::invalid_argument);
}

TEST_CASE("batch quantiles of two series fed the same intervals hold both in each section",
          "[stats][batch_quantiles]") {
  BatchQuantiles reads(2), writes(2);
  for (int i = 0; i < 3; ++i) {
    reads.add(of({10, 20, 30}));
    writes.add(of({40, 50}));
  }
  const auto both = reads.interval(50, 0.95, &writes);
  REQUIRE(both);
  // Each section: 20 each of 10 20 30 40 50, median 30; sections agree, so no spread.
  CHECK(both->estimate_ns == 30);
  CHECK(both->half_width_ns == 0);
  BatchQuantiles short_one(2);
  short_one.add(of({1}));
  CHECK_THROWS_AS(reads.interval(50, 0.95, &short_one), std::logic_error);
}

TEST_CASE("batch quantiles' 95 % interval on the p99 covers the true p99 of i.i.d. latencies about 95 % of the time",
          "[stats][batch_quantiles]") {
  // Exponential latencies of mean 1 ms: p99 = ln(100) ms. A sample p99 of n has
  // standard deviation sqrt(p (1 - p) / n) / f(q) = mean x sqrt(p / ((1 - p) n)).
  constexpr double kMeanNs = 1e6;
  constexpr int kReplications = 200;
  constexpr int kIntervals = 64;  // a power of two: exactly 8 sections of 8 intervals
  constexpr int kPerInterval = 512;
  const double truth = kMeanNs * std::log(100.0);
  RandomStream rng(17, "batch quantiles iid");
  int covered = 0;
  double half_widths = 0;
  LatencyHistogram interval;
  int differ = 0;
  for (int r = 0; r < kReplications; ++r) {
    BatchQuantiles bq(8);
    LatencyHistogram whole;
    for (int i = 0; i < kIntervals; ++i) {
      interval.reset();
      for (int k = 0; k < kPerInterval; ++k) interval.record(static_cast<SimTime>(rng.exponential(kMeanNs)));
      bq.add(interval);
      whole.merge(interval);
    }
    const auto ci = bq.interval(99, 0.95);
    REQUIRE(ci);
    REQUIRE(ci->batches == 8);
    // The sections keep the histogram's buckets: the estimate is the whole run's p99 as the histogram gives it.
    differ += ci->estimate_ns == whole.percentile_ns(99) ? 0 : 1;
    if (std::abs(ci->estimate_ns - truth) <= ci->half_width_ns) ++covered;
    half_widths += ci->half_width_ns;
  }
  const double coverage = static_cast<double>(covered) / kReplications;
  const double n = static_cast<double>(kIntervals) * kPerInterval;
  const double expected = kT7 * kMeanNs * std::sqrt(0.99 / (0.01 * n));
  const double mean_half_width = half_widths / kReplications;
  INFO("coverage " << coverage << ", mean half-width " << mean_half_width << " ns against " << expected);
  CHECK(differ == 0);
  CHECK(coverage >= 0.90);
  CHECK(coverage <= 0.99);
  CHECK(mean_half_width >= 0.85 * expected);
  CHECK(mean_half_width <= 1.2 * expected);
}

TEST_CASE("a p99 that grows through the run shows as a wide interval", "[stats][batch_quantiles]") {
  // The same run, once stationary and once with latencies that grow by 60 %
  // from its first interval to its last (a tail still building up).
  RandomStream rng(23, "batch quantiles drift");
  BatchQuantiles steady(8), growing(8);
  LatencyHistogram a, b;
  constexpr int kIntervals = 128;
  for (int i = 0; i < kIntervals; ++i) {
    a.reset();
    b.reset();
    const double scale = 1 + 0.6 * i / (kIntervals - 1);
    for (int k = 0; k < 2000; ++k) {
      const double x = rng.exponential(1e6);
      a.record(static_cast<SimTime>(x));
      b.record(static_cast<SimTime>(x * scale));
    }
    steady.add(a);
    growing.add(b);
  }
  const auto on_steady = steady.interval(99, 0.95);
  const auto on_growing = growing.interval(99, 0.95);
  REQUIRE(on_steady);
  REQUIRE(on_growing);
  const double steady_relative = on_steady->half_width_ns / on_steady->estimate_ns;
  const double growing_relative = on_growing->half_width_ns / on_growing->estimate_ns;
  INFO("relative half-widths: steady " << steady_relative << ", growing " << growing_relative);
  CHECK(steady_relative < 0.03);
  CHECK(growing_relative > 0.08);  // about 0.11: sections from x1.04 to x1.56

  // And its halves tell it moved: about x1.15 over the first half, x1.45 over the second.
  const auto steady_halves = steady.halves(99, 0.95);
  const auto growing_halves = growing.halves(99, 0.95);
  REQUIRE(steady_halves);
  REQUIRE(growing_halves);
  INFO("steady halves " << steady_halves->first_ns << " " << steady_halves->second_ns << " +/- "
                        << steady_halves->half_width_ns << ", growing " << growing_halves->first_ns << " "
                        << growing_halves->second_ns << " +/- " << growing_halves->half_width_ns);
  CHECK_FALSE(steady_halves->moved());
  CHECK(growing_halves->moved());
  CHECK(growing_halves->second_ns / growing_halves->first_ns == Approx(1.45 / 1.15).epsilon(0.05));
}

TEST_CASE("batch quantiles' halves of a steady run seldom differ beyond their 95 % interval",
          "[stats][batch_quantiles]") {
  // Two halves of 4 sections each (16 intervals of 2,000 exponential latencies,
  // so that each section holds 80 beyond its p99): a 95 % test should call a
  // steady run moved about 5 % of the time.
  RandomStream rng(29, "batch quantiles halves");
  constexpr int kReplications = 200;
  int moved = 0;
  LatencyHistogram interval;
  for (int r = 0; r < kReplications; ++r) {
    BatchQuantiles bq(8);
    for (int i = 0; i < 16; ++i) {
      interval.reset();
      for (int k = 0; k < 2000; ++k) interval.record(static_cast<SimTime>(rng.exponential(1e6)));
      bq.add(interval);
    }
    const auto halves = bq.halves(99, 0.95);
    REQUIRE(halves);
    moved += halves->moved() ? 1 : 0;
  }
  const double share = static_cast<double>(moved) / kReplications;
  INFO("called moved in " << share << " of steady runs");
  CHECK(share >= 0.01);
  CHECK(share <= 0.10);
  BatchQuantiles short_one(8);
  for (int i = 0; i < 3; ++i) short_one.add(interval);
  CHECK_FALSE(short_one.halves(99, 0.95));  // fewer than 4 sections
}
