// Extent placement: least-used nodes first with ties broken uniformly at
// random (the distribution of the old sort-every-node-per-slab placement).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "models/placement/volume_layout.hpp"
#include "sim/random.hpp"

using hcisim::models::Extent;
using hcisim::models::LayoutShape;
using hcisim::models::VolumeLayout;
using hcisim::sim::RandomStream;

namespace {
constexpr std::uint64_t kSlab = 256ull << 20;
LayoutShape one_column(int copies) {
  LayoutShape s;
  s.copies = copies;
  s.columns = 1;
  s.interleave_bytes = 256 << 10;
  s.extent_bytes = kSlab;
  return s;
}
}  // namespace

TEST_CASE("slab map: among equally used nodes each is left out equally often", "[slabs]") {
  // 4 nodes, 3 copies. Slab 1: one node left out, uniformly (1/4 each). Slab 2
  // must take that node (least used) plus 2 of the other 3, each left out 1/3.
  constexpr int kSeeds = 6000;
  std::vector<int> first_left_out(4, 0);
  int second_takes_it = 0;
  std::vector<int> second_left_out_rank(3, 0);  // which of the other three, by node number
  for (int seed = 0; seed < kSeeds; ++seed) {
    VolumeLayout map(4, 6, one_column(3), RandomStream(static_cast<std::uint64_t>(seed), "placement"));
    const std::uint32_t disk = map.add_disk(2 * kSlab);
    auto left_out = [&](std::uint64_t offset) {
      const Extent* e = map.extents(disk, 0, offset / kSlab);
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
  VolumeLayout map(5, 2, one_column(3), RandomStream(7, "placement"));
  const std::uint32_t disk = map.add_disk(1000 * kSlab);
  std::vector<int> counts(5, 0);
  for (std::uint64_t s = 0; s < 1000; ++s) {
    const Extent* e = map.extents(disk, 0, s);
    CHECK(e[0].node != e[1].node);
    CHECK(e[0].node != e[2].node);
    CHECK(e[1].node != e[2].node);
    for (int c = 0; c < 3; ++c) ++counts[e[c].node];
    // After every slab the nodes' counts are within one of each other (least used first).
    const auto [lo, hi] = std::minmax_element(counts.begin(), counts.end());
    CHECK(*hi - *lo <= 1);
  }
  // Within a node, drives take slabs in turn.
  for (int n = 0; n < 5; ++n)
    CHECK(std::abs(static_cast<int>(map.extents_on(n, 0)) - static_cast<int>(map.extents_on(n, 1))) <= 1);
}
