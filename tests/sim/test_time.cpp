// Time helpers: ceil_fast is std::ceil (the completion times of every station
// depend on it) over the values a delay can take and the edges around them.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "sim/random.hpp"
#include "sim/time.hpp"

using namespace hcisim::sim;

TEST_CASE("ceil_fast is std::ceil, edges and a million random values", "[time]") {
  const double inf = std::numeric_limits<double>::infinity();
  // A table (clang-format 14 would put it one value a line).
  // clang-format off
  const std::vector<double> edges = {0.0,  -0.0, 0.5,   1.0,    1.0000000000000002, 0.9999999999999999, -0.5,
                                     -1.0, -1.5, 2.5e9, 0x1p52, 0x1p52 + 1,        0x1p53 - 1,        0x1p62,
                                     0x1p63, 4e18, -4e18, 1e300, inf, -inf, std::nextafter(0x1p62, 0.0)};
  // clang-format on
  for (const double x : edges) {
    INFO(x);
    CHECK(ceil_fast(x) == std::ceil(x));
  }
  CHECK(std::isnan(ceil_fast(std::numeric_limits<double>::quiet_NaN())));
  RandomStream rng(7, "ceil");
  int mismatches = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    // Magnitudes from 1e-6 to 1e18 ns, both signs, and values a hair off whole numbers.
    const double x = std::pow(10.0, -6.0 + 24.0 * rng.uniform01()) * (rng.bernoulli(0.1) ? -1.0 : 1.0);
    const double near_whole = std::round(x) + (rng.uniform01() - 0.5) * 1e-9;
    if (ceil_fast(x) != std::ceil(x) || ceil_fast(near_whole) != std::ceil(near_whole)) ++mismatches;
  }
  CHECK(mismatches == 0);
}
