// fio's zipf and pareto random distributions. Reference: the share of I/Os on
// the hottest 1 % / 5 % / 10 % / 20 % / 50 % of the blocks that fio 3.33 itself
// issued, measured here with Debian's fio:
//   fio --name=z --ioengine=null --rw=randread --bs=4k --size=64m --io_size=4g
//       --random_distribution=D --write_iolog=D.log
// (16,384 blocks, 1,048,576 I/Os; the log's offsets counted per block and the
// blocks sorted by count). Pareto also against its closed form x^(log(1-h)/log h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "models/workload/skewed_positions.hpp"
#include "sim/random.hpp"

using namespace hcisim::models;

namespace {

constexpr std::uint64_t kBlocks = 16384;
constexpr int kDraws = 1 << 20;
constexpr double kShares[] = {0.01, 0.05, 0.10, 0.20, 0.50};

std::vector<double> hottest_shares(PopularitySkew kind, double parameter) {
  const SkewedPositions skew(kind, parameter, kBlocks);
  hcisim::sim::RandomStream rng(1, "skew-test");
  std::vector<std::uint64_t> hits(kBlocks, 0);
  for (int i = 0; i < kDraws; ++i) ++hits[skew.position(rng.uniform01())];
  std::sort(hits.rbegin(), hits.rend());
  std::vector<double> out;
  for (const double x : kShares) {
    std::uint64_t sum = 0;
    for (std::uint64_t b = 0; b < static_cast<std::uint64_t>(x * kBlocks); ++b) sum += hits[b];
    out.push_back(static_cast<double>(sum) / kDraws);
  }
  return out;
}

void check_against(const std::vector<double>& ours, const std::vector<double>& fio_measured) {
  for (std::size_t i = 0; i < ours.size(); ++i) {
    INFO("hottest " << kShares[i] * 100 << " % of the blocks");
    CHECK(ours[i] == Approx(fio_measured[i]).margin(0.01));
  }
}

}  // namespace

TEST_CASE("zipf draws as fio 3.33 does", "[skew]") {
  check_against(hottest_shares(PopularitySkew::Zipf, 1.2), {0.7885, 0.8859, 0.9192, 0.9485, 0.9825});
  check_against(hottest_shares(PopularitySkew::Zipf, 0.8), {0.3163, 0.4884, 0.5814, 0.6887, 0.8576});
}

TEST_CASE("pareto draws as fio 3.33 does, and as its closed form says", "[skew]") {
  check_against(hottest_shares(PopularitySkew::Pareto, 0.2), {0.5272, 0.6599, 0.7270, 0.8012, 0.9129});
  check_against(hottest_shares(PopularitySkew::Pareto, 0.4), {0.0766, 0.1892, 0.2786, 0.4112, 0.6878});
  // h = 0.2: 80 % of the I/Os on 20 % of the data.
  const double h = 0.2;
  CHECK(std::pow(0.2, std::log(1 - h) / std::log(h)) == Approx(0.80).margin(0.001));
}

TEST_CASE("ranks are scattered over the region by a permutation", "[skew]") {
  for (const std::uint64_t n : {1ull, 2ull, 3ull, 1000ull, 16384ull, 99991ull}) {
    const SkewedPositions skew(PopularitySkew::Zipf, 0.9, n);
    std::set<std::uint64_t> seen;
    for (std::uint64_t r = 0; r < n; ++r) seen.insert(skew.scatter(r));
    CHECK(seen.size() == n);
    CHECK(*seen.rbegin() == n - 1);
  }
  // The hottest ranks do not sit side by side (one slab would take them all).
  const SkewedPositions skew(PopularitySkew::Zipf, 1.2, 1 << 20);
  CHECK(std::llabs(static_cast<long long>(skew.scatter(1)) - static_cast<long long>(skew.scatter(0))) > 100'000);
}

namespace {
// sum_{k=1}^{n} k^-theta, compensated (Neumaier): the reference the fast zeta is held to.
double exact_zeta(std::uint64_t n, double theta) {
  double sum = 0, lost = 0;
  for (std::uint64_t k = n; k >= 1; --k) {
    const double term = std::pow(static_cast<double>(k), -theta);
    const double t = sum + term;
    lost += std::fabs(sum) >= std::fabs(term) ? (sum - t) + term : (term - t) + sum;
    sum = t;
  }
  return sum + lost;
}
}  // namespace

TEST_CASE("the Zipf normaliser: the plain sum up to 10^4 ranks, Euler-Maclaurin beyond, within 1e-10", "[skew]") {
  for (const double theta : {0.05, 0.5, 0.8, 0.99, 0.999999, 1.000001, 1.2, 2.0, 3.5, 8.0}) {
    // At and below 10^4 ranks: the plain descending sum, to the last bit.
    for (const std::uint64_t n : {1ull, 2ull, 777ull, 10'000ull}) {
      double plain = 0;
      for (std::uint64_t k = n; k >= 1; --k) plain += std::pow(static_cast<double>(k), -theta);
      INFO("theta " << theta << ", n " << n);
      CHECK(SkewedPositions::zeta(n, theta) == plain);
    }
    for (const std::uint64_t n : {10'001ull, 10'002ull, 65'537ull, 1'000'000ull}) {
      const double exact = exact_zeta(n, theta);
      INFO("theta " << theta << ", n " << n);
      CHECK(std::fabs(SkewedPositions::zeta(n, theta) - exact) / exact < 1e-10);
    }
  }
  // Far beyond any brute force: H(n, 2) = pi^2 / 6 - 1/n + 1/(2 n^2) - ..., H(n, 0.5) = 2 sqrt(n) + zeta(0.5) + 1/(2
  // sqrt(n)) + ...
  const double pi = 3.14159265358979323846;
  CHECK(std::fabs(SkewedPositions::zeta(1'000'000'000'000ull, 2.0) - (pi * pi / 6 - 1e-12)) < 1e-14);
  const double n = 1e12;
  const double h_half = 2 * std::sqrt(n) - 1.4603545088095868 + 0.5 / std::sqrt(n);
  CHECK(std::fabs(SkewedPositions::zeta(1'000'000'000'000ull, 0.5) - h_half) / h_half < 1e-13);
}

TEST_CASE("skew parameters out of fio's range are refused", "[skew]") {
  CHECK_THROWS_AS(SkewedPositions(PopularitySkew::Zipf, 1.0, 100), std::invalid_argument);
  CHECK_THROWS_AS(SkewedPositions(PopularitySkew::Zipf, 0.0, 100), std::invalid_argument);
  CHECK_THROWS_AS(SkewedPositions(PopularitySkew::Pareto, 1.0, 100), std::invalid_argument);
  CHECK_THROWS_AS(SkewedPositions(PopularitySkew::Pareto, 0.5, 0), std::invalid_argument);
  // Below ~1.1e-16, 1 - h rounds to 1: the power log(h) / log(1 - h) is infinite (rank() cast infinity).
  CHECK_THROWS_WITH(SkewedPositions(PopularitySkew::Pareto, 1e-300, 100), Catch::Matchers::Contains("too close to 0"));
  CHECK_NOTHROW(SkewedPositions(PopularitySkew::Pareto, 1e-3, 100));
}
