// UnsignedDivisor gives exactly n / d and n % d, by shift and mask for powers
// of two and by division otherwise, over edge values and random ones.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "sim/random.hpp"
#include "sim/unsigned_divisor.hpp"

using namespace hcisim::sim;

TEST_CASE("UnsignedDivisor is / and % for every kind of divisor", "[divisor]") {
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  // Tables (clang-format 14 would put them one value a line).
  // clang-format off
  std::vector<std::uint64_t> divisors = {1, 2, 3, 7, 8, 24, 512, 4096, 65536, 256 * 1024, 1000000007,
                                         std::uint64_t{1} << 30, (std::uint64_t{1} << 30) + 1,
                                         std::uint64_t{1} << 63, max - 1, max};
  const std::vector<std::uint64_t> edges = {0, 1, 2, 511, 512, 513, 262143, 262144, (std::uint64_t{1} << 40) - 1,
                                            std::uint64_t{1} << 63, max - 1, max};
  // clang-format on
  RandomStream rng(11, "divisor");
  for (int i = 0; i < 64; ++i) divisors.push_back(1 + (rng.next_u64() >> static_cast<int>(rng.uniform_index(64))));
  int mismatches = 0;
  for (const std::uint64_t d : divisors) {
    const UnsignedDivisor by(d);
    CHECK(by.divisor() == d);
    for (const std::uint64_t n : edges) {
      if (by.quotient(n) != n / d || by.remainder(n) != n % d) ++mismatches;
    }
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t n = rng.next_u64() >> static_cast<int>(rng.uniform_index(64));
      if (by.quotient(n) != n / d || by.remainder(n) != n % d) ++mismatches;
    }
  }
  CHECK(mismatches == 0);
  const UnsignedDivisor by_one;
  CHECK(by_one.quotient(12345) == 12345);
  CHECK(by_one.remainder(12345) == 0);
  CHECK_THROWS_AS(UnsignedDivisor(0), std::invalid_argument);
}
