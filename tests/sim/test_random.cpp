// Random streams: independent by name, reproducible by seed, and the
// distributions have the moments they claim.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/random.hpp"

using namespace hcisim::sim;

TEST_CASE("random streams are independent of each other and reproducible") {
  RandomStream a1(7, "node1/drive01"), a2(7, "node1/drive01"), b(7, "node1/drive02"), c(8, "node1/drive01");
  int same_ab = 0, same_ac = 0;
  for (int i = 0; i < 1000; ++i) {
    const auto x = a1.next_u64();
    REQUIRE(x == a2.next_u64());
    same_ab += x == b.next_u64();
    same_ac += x == c.next_u64();
  }
  REQUIRE(same_ab == 0);
  REQUIRE(same_ac == 0);
  // Exponential mean within 1 % after 10^6 draws (std error 0.1 %).
  RandomStream e(1, "exp");
  double sum = 0;
  for (int i = 0; i < 1'000'000; ++i) sum += e.exponential(2.0);
  REQUIRE(sum / 1e6 == Approx(2.0).epsilon(0.01));
}

TEST_CASE("exponential variates (the ziggurat) follow exp(-x), strips, wedges and tail alike") {
  // 2 M draws in 200 bins of equal probability under the exponential CDF: a
  // chi-square on 199 degrees of freedom (mean 199, sd 20) stays below 280 but
  // for a 1e-5 chance; a strip table off by one, or a wedge accepted whole, puts
  // thousands of draws in the wrong bins. The tail beyond the ziggurat's edge r
  // (probability exp(-r) = 4.5e-4) and beyond 12 are counted on their own.
  RandomStream rng(11, "ziggurat");
  const int n = 2'000'000, bins = 200;
  std::vector<int> count(bins, 0);
  int beyond_r = 0, beyond_12 = 0;
  double smallest = 1.0;
  for (int i = 0; i < n; ++i) {
    const double x = rng.exponential(1.0);
    smallest = std::min(smallest, x);
    ++count[std::min(bins - 1, static_cast<int>((1.0 - std::exp(-x)) * bins))];
    beyond_r += x > 7.697117470131487;
    beyond_12 += x > 12.0;
  }
  double chi_square = 0;
  for (const int c : count) chi_square += (c - 1.0 * n / bins) * (c - 1.0 * n / bins) / (1.0 * n / bins);
  CHECK(chi_square < 280.0);
  CHECK(smallest >= 0.0);
  // Poisson counts: 4 standard deviations.
  const double expect_r = n * std::exp(-7.697117470131487), expect_12 = n * std::exp(-12.0);
  CHECK(std::abs(beyond_r - expect_r) < 4 * std::sqrt(expect_r));
  CHECK(std::abs(beyond_12 - expect_12) < 4 * std::sqrt(expect_12) + 1);
}

TEST_CASE("unit-mean variates have mean 1 and the asked squared coefficient of variation") {
  for (const double scv : {0.0, 0.1, 0.5, 1.0, 2.0, 4.0}) {
    INFO("scv " << scv);
    RandomStream rng(3, "unit-mean");
    const int n = 400000;
    double sum = 0, sum_sq = 0, smallest = 1e9;
    for (int i = 0; i < n; ++i) {
      const double x = rng.unit_mean(scv);
      sum += x;
      sum_sq += x * x;
      smallest = std::min(smallest, x);
    }
    const double mean = sum / n;
    const double variance = sum_sq / n - mean * mean;
    REQUIRE(smallest >= 0.0);
    // Standard error of the mean is sqrt(scv / n) <= 0.0032; allow 4 of them.
    CHECK(mean == Approx(1.0).margin(4 * std::sqrt(scv / n) + 1e-12));
    // The sample variance of a gamma is noisier (fourth moment); 6 % is > 4 standard errors at scv 4.
    CHECK(variance == Approx(scv).epsilon(0.06).margin(1e-12));
  }
}

TEST_CASE("normal variates are standard normal") {
  RandomStream rng(5, "normal");
  const int n = 400000;
  double sum = 0, sum_sq = 0;
  int within_one_sigma = 0;
  for (int i = 0; i < n; ++i) {
    const double x = rng.normal();
    sum += x;
    sum_sq += x * x;
    within_one_sigma += std::abs(x) < 1.0;
  }
  CHECK(sum / n == Approx(0.0).margin(0.01));
  CHECK(sum_sq / n == Approx(1.0).epsilon(0.01));
  CHECK(static_cast<double>(within_one_sigma) / n == Approx(0.6827).margin(0.005));
}
