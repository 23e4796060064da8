// BatchMeans: hand-computed batches, coverage of its intervals over independent
// replications (i.i.d. and autocorrelated), 1/sqrt(n) shrinkage, bounded memory.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/batch_means.hpp"
#include "sim/random.hpp"

using namespace hcisim::sim;

namespace {

// Standard normal by Box-Muller, one value per call (the pair's second half is kept).
class NormalSource {
 public:
  explicit NormalSource(RandomStream& rng) : rng_(rng) {}
  double next() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    const double radius = std::sqrt(-2.0 * std::log1p(-rng_.uniform01()));
    const double angle = 2.0 * std::numbers::pi * rng_.uniform01();
    spare_ = radius * std::sin(angle);
    has_spare_ = true;
    return radius * std::cos(angle);
  }

 private:
  RandomStream& rng_;
  double spare_ = 0.0;
  bool has_spare_ = false;
};

// t quantile for 31 degrees of freedom at 0.975 (32 batches, 95 %).
constexpr double kT31 = 2.0395134463964077;

bool covers(const BatchMeans::Interval& ci, double truth) { return std::abs(ci.mean - truth) <= ci.half_width; }

struct Coverage {
  double fraction;
  double mean_half_width;
};

}  // namespace

TEST_CASE("batch means forms batches and merges adjacent pairs as specified", "[stats][batch_means]") {
  BatchMeans bm(2);
  CHECK_THROWS_AS(bm.interval(), std::logic_error);
  bm.add(1.0);
  CHECK_THROWS_AS(bm.interval(), std::logic_error);  // one complete batch is not enough
  bm.add(2.0);
  CHECK(bm.complete_batches() == 2);
  CHECK(bm.interval().mean == Approx(1.5));
  bm.add(3.0);
  bm.add(4.0);  // 4 = 2*batch_count batches of 1 -> merged into [1,2] [3,4], batch size 2
  CHECK(bm.complete_batches() == 2);
  CHECK(bm.batch_size() == 2);
  bm.add(5.0);  // waits in the unfinished batch
  CHECK(bm.partial_batch_count() == 1);
  CHECK(bm.count() == 5);
  CHECK(bm.mean() == Approx(3.0));
  // Batch means 1.5 and 3.5: mean 2.5, s = sqrt(2), half width = t(0.975, 1) * s / sqrt(2).
  const auto ci = bm.interval(0.95);
  CHECK(ci.mean == Approx(2.5));
  CHECK(ci.batches == 2);
  CHECK(ci.confidence == 0.95);
  CHECK(ci.half_width == Approx(12.706204736174698).epsilon(1e-9));
  CHECK(bm.interval(0.90).half_width == Approx(6.313751514675041).epsilon(1e-9));
  CHECK_THROWS_AS(bm.interval(1.0), std::invalid_argument);

  bm.reset();
  CHECK(bm.count() == 0);
  CHECK(bm.batch_size() == 1);
  CHECK(bm.complete_batches() == 0);
  CHECK_THROWS_AS(bm.interval(), std::logic_error);
  CHECK_THROWS_AS(BatchMeans(1), std::invalid_argument);
}

TEST_CASE("batch means 95 % intervals cover the true mean about 95 % of the time on i.i.d. samples",
          "[stats][batch_means]") {
  constexpr int kReplications = 400;
  constexpr int kObservations = 4096;  // a power of two: exactly 32 batches of 128
  auto run = [&](const std::string& name, double truth, auto draw) {
    RandomStream rng(99, name);
    NormalSource normal(rng);
    int covered = 0;
    double half_widths = 0.0;
    for (int r = 0; r < kReplications; ++r) {
      BatchMeans bm(32);
      for (int i = 0; i < kObservations; ++i) bm.add(draw(rng, normal));
      const auto ci = bm.interval(0.95);
      REQUIRE(ci.batches == 32);
      if (covers(ci, truth)) ++covered;
      half_widths += ci.half_width;
    }
    return Coverage{static_cast<double>(covered) / kReplications, half_widths / kReplications};
  };

  SECTION("exponential, mean 1") {
    const auto c = run("iid exponential", 1.0, [](RandomStream& r, NormalSource&) { return r.exponential(1.0); });
    INFO("coverage " << c.fraction << " mean half width " << c.mean_half_width);
    CHECK(c.fraction >= 0.91);
    CHECK(c.fraction <= 0.98);
    // sigma = 1: half width ~ t31 * 1 / sqrt(n) (s is slightly biased low).
    const double expected = kT31 / std::sqrt(static_cast<double>(kObservations));
    CHECK(c.mean_half_width >= 0.9 * expected);
    CHECK(c.mean_half_width <= 1.1 * expected);
  }
  SECTION("normal, mean 10, sd 3") {
    const auto c = run("iid normal", 10.0, [](RandomStream&, NormalSource& n) { return 10.0 + 3.0 * n.next(); });
    INFO("coverage " << c.fraction << " mean half width " << c.mean_half_width);
    CHECK(c.fraction >= 0.91);
    CHECK(c.fraction <= 0.98);
    const double expected = kT31 * 3.0 / std::sqrt(static_cast<double>(kObservations));
    CHECK(c.mean_half_width >= 0.9 * expected);
    CHECK(c.mean_half_width <= 1.1 * expected);
  }
}

TEST_CASE("batch means covers the mean of a correlated AR(1) series where a naive i.i.d. interval fails",
          "[stats][batch_means]") {
  // X_t = mu + Y_t, Y_t = phi * Y_{t-1} + e_t, e_t ~ N(0, 1), started stationary.
  // Var(mean of n) -> 1 / ((1 - phi)^2 n): 19 times the naive sigma_X^2 / n at phi = 0.9.
  constexpr double kPhi = 0.9;
  constexpr double kMu = 5.0;
  constexpr int kReplications = 400;
  constexpr int kObservations = 1 << 15;  // 32 batches of 1024, far longer than the correlation time (~10)
  RandomStream rng(5, "ar1");
  NormalSource normal(rng);

  int batch_covered = 0, naive_covered = 0;
  double batch_half_widths = 0.0;
  for (int r = 0; r < kReplications; ++r) {
    BatchMeans bm(32);
    double y = normal.next() / std::sqrt(1.0 - kPhi * kPhi);
    double sum = 0.0, sum_sq = 0.0;
    for (int i = 0; i < kObservations; ++i) {
      const double x = kMu + y;
      bm.add(x);
      sum += x;
      sum_sq += x * x;
      y = kPhi * y + normal.next();
    }
    const auto ci = bm.interval(0.95);
    if (covers(ci, kMu)) ++batch_covered;
    batch_half_widths += ci.half_width;

    // Naive: treats the observations as independent.
    const double n = kObservations;
    const double mean = sum / n;
    const double variance = (sum_sq - n * mean * mean) / (n - 1.0);
    if (std::abs(mean - kMu) <= 1.96 * std::sqrt(variance / n)) ++naive_covered;
  }
  const double batch_coverage = static_cast<double>(batch_covered) / kReplications;
  const double naive_coverage = static_cast<double>(naive_covered) / kReplications;
  INFO("batch means coverage " << batch_coverage << ", naive coverage " << naive_coverage);
  CHECK(batch_coverage > 0.85);
  CHECK(batch_coverage <= 0.99);
  // Naive half width is sqrt(19) ~ 4.4 times too small: expected coverage ~ P(|Z| < 0.45) ~ 0.35.
  CHECK(naive_coverage < 0.6);

  // And the batch-means interval is not simply wide: its half width matches the asymptotic one.
  const double expected = kT31 / (1.0 - kPhi) / std::sqrt(static_cast<double>(kObservations));
  const double mean_half_width = batch_half_widths / kReplications;
  INFO("mean half width " << mean_half_width << " expected " << expected);
  CHECK(mean_half_width >= 0.85 * expected);
  CHECK(mean_half_width <= 1.15 * expected);
}

TEST_CASE("batch means half width shrinks like 1/sqrt(n)", "[stats][batch_means]") {
  // At every power of two from 2^6 on, there are exactly 32 batches, so t stays the same
  // and half_width * sqrt(n) should stay at t31 * sigma (sigma = 1 for exponential(1)).
  constexpr int kReplications = 40;
  const std::vector<int> exponents = {10, 12, 14, 16, 18};
  std::vector<double> mean_half_width(exponents.size(), 0.0);
  RandomStream rng(3, "shrink");
  for (int r = 0; r < kReplications; ++r) {
    BatchMeans bm(32);
    std::size_t next = 0;
    for (std::size_t n = 1; next < exponents.size(); ++n) {
      bm.add(rng.exponential(1.0));
      if (n == (std::size_t{1} << exponents[next])) {
        const auto ci = bm.interval();
        REQUIRE(ci.batches == 32);
        mean_half_width[next] += ci.half_width / kReplications;
        ++next;
      }
    }
  }
  for (std::size_t i = 0; i < exponents.size(); ++i) {
    const double n = std::ldexp(1.0, exponents[i]);
    INFO("n = 2^" << exponents[i] << ": mean half width " << mean_half_width[i]);
    CHECK(mean_half_width[i] * std::sqrt(n) / kT31 >= 0.9);
    CHECK(mean_half_width[i] * std::sqrt(n) / kT31 <= 1.1);
    if (i > 0) {
      // Four times the observations: half the width.
      const double ratio = mean_half_width[i] / mean_half_width[i - 1];
      INFO("ratio to previous " << ratio);
      CHECK(ratio >= 0.44);
      CHECK(ratio <= 0.56);
    }
  }
}

TEST_CASE("batch means keeps at most 2*batch_count batches however long the run", "[stats][batch_means]") {
  constexpr std::size_t kBatchCount = 32;
  constexpr std::size_t kAdds = 10'000'000;
  BatchMeans bm(kBatchCount);
  RandomStream rng(8, "memory");
  std::size_t most_batches = 0;
  std::size_t inconsistent = 0;
  for (std::size_t i = 1; i <= kAdds; ++i) {
    bm.add(rng.uniform01());
    most_batches = std::max(most_batches, bm.complete_batches());
    if ((i & 0xffff) == 0 && bm.complete_batches() * bm.batch_size() + bm.partial_batch_count() != bm.count()) {
      ++inconsistent;
    }
  }
  CHECK(bm.count() == kAdds);
  CHECK(most_batches <= 2 * kBatchCount);
  CHECK(bm.complete_batches() >= kBatchCount);
  CHECK(inconsistent == 0);
  // 10^7 / 2^18 = 38.1: batches of 262144.
  CHECK(bm.batch_size() == (std::size_t{1} << 18));
  CHECK(bm.complete_batches() * bm.batch_size() + bm.partial_batch_count() == kAdds);
  // Uniform(0,1): mean 1/2, sd 1/sqrt(12); the interval covers 1/2 and is as narrow as 10^7 samples allow.
  const auto ci = bm.interval();
  INFO("mean " << ci.mean << " +- " << ci.half_width);
  CHECK(std::abs(ci.mean - 0.5) <= ci.half_width);
  CHECK(ci.half_width < 4.0 / std::sqrt(12.0 * static_cast<double>(kAdds)));
  CHECK(bm.mean() == Approx(0.5).margin(1e-3));
}
