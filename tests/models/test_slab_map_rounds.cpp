// Slab placement at scale: least-used nodes first with ties broken uniformly at
// random (the distribution of the old sort-every-node-per-slab placement), in
// time that does not grow with the node count per slab.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "models/storage/slab_map.hpp"
#include "sim/random.hpp"

using hcisim::models::Extent;
using hcisim::models::SlabMap;
using hcisim::sim::RandomStream;

namespace {
constexpr std::uint64_t kSlab = 256ull << 20;
}

TEST_CASE("slab map: among equally used nodes each is left out equally often", "[slabs]") {
  // 4 nodes, 3 copies. Slab 1: one node left out, uniformly (1/4 each). Slab 2
  // must take that node (least used) plus 2 of the other 3, each left out 1/3.
  constexpr int kSeeds = 6000;
  std::vector<int> first_left_out(4, 0);
  int second_takes_it = 0;
  std::vector<int> second_left_out_rank(3, 0);  // which of the other three, by node number
  for (int seed = 0; seed < kSeeds; ++seed) {
    SlabMap map(4, 6, 3, kSlab, RandomStream(static_cast<std::uint64_t>(seed), "placement"));
    const std::uint32_t disk = map.add_disk(2 * kSlab);
    auto left_out = [&](std::uint64_t offset) {
      const Extent* e = map.extents(disk, offset);
      for (int n = 0; n < 4; ++n) {
        if (e[0].node != n && e[1].node != n && e[2].node != n) return n;
      }
      return -1;
    };
    const int first = left_out(0);
    REQUIRE(first >= 0);
    ++first_left_out[static_cast<std::size_t>(first)];
    const int second = left_out(kSlab);
    REQUIRE(second >= 0);
    if (second != first) ++second_takes_it;
    int rank = 0;
    for (int n = 0; n < second; ++n) rank += n != first;
    if (second != first) ++second_left_out_rank[static_cast<std::size_t>(rank)];
  }
  // Binomial: 6000 x 1/4 = 1500, sd 33.5; 6000 x 1/3 = 2000, sd 36.5. Allow 4 sd.
  for (int n = 0; n < 4; ++n) CHECK(std::abs(first_left_out[static_cast<std::size_t>(n)] - 1500) < 134);
  CHECK(second_takes_it == kSeeds);
  for (int r = 0; r < 3; ++r) CHECK(std::abs(second_left_out_rank[static_cast<std::size_t>(r)] - 2000) < 146);
}

TEST_CASE("slab map: a slab spanning two rounds still puts its copies on distinct, least-used nodes", "[slabs]") {
  // 5 nodes, 3 copies: rounds of 5 end inside slabs (5 is not a multiple of 3).
  SlabMap map(5, 2, 3, kSlab, RandomStream(7, "placement"));
  const std::uint32_t disk = map.add_disk(1000 * kSlab);
  std::vector<int> counts(5, 0);
  for (std::uint64_t s = 0; s < 1000; ++s) {
    const Extent* e = map.extents(disk, s * kSlab);
    CHECK(e[0].node != e[1].node);
    CHECK(e[0].node != e[2].node);
    CHECK(e[1].node != e[2].node);
    for (int c = 0; c < 3; ++c) ++counts[e[c].node];
    // After every slab the nodes' counts are within one of each other (least used first).
    const auto [lo, hi] = std::minmax_element(counts.begin(), counts.end());
    CHECK(*hi - *lo <= 1);
  }
  // Within a node, drives take slabs in turn.
  for (int n = 0; n < 5; ++n) CHECK(std::abs(static_cast<int>(map.slabs_on(n, 0)) - static_cast<int>(map.slabs_on(n, 1))) <= 1);
}

TEST_CASE("slab map: 1024 nodes place 327,680 slabs in well under a second", "[slabs]") {
  // The old placement sorted all nodes for every slab: about 3e9 comparisons
  // here (tens of seconds); rounds take a few operations per copy.
  const auto start = std::chrono::steady_clock::now();
  SlabMap map(1024, 24, 3, kSlab, RandomStream(1, "placement"));
  for (int vm = 0; vm < 8192; ++vm) map.add_disk(10ull << 30);  // 40 slabs each
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 2.0);
  std::uint32_t lo = ~0u, hi = 0;
  for (int n = 0; n < 1024; ++n) {
    std::uint32_t node = 0;
    for (int d = 0; d < 24; ++d) node += map.slabs_on(n, d);
    lo = std::min(lo, node);
    hi = std::max(hi, node);
  }
  CHECK(lo == 960);  // 327,680 slabs x 3 copies / 1024 nodes
  CHECK(hi == 960);
}
