// SlabMap: copies on distinct nodes, balance across nodes and drives, and a
// placement that is a function of the seed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "model_specs.hpp"
#include "models/storage/slab_map.hpp"
#include "sim/random.hpp"

using namespace mtest;
using hcisim::sim::RandomStream;

namespace {

constexpr std::uint64_t kSlab = 256 * MiB;

// Every extent of every slab of `disks` disks of `disk_bytes`, in order.
std::vector<std::pair<int, int>> placement(const SlabMap& map, int disks, std::uint64_t disk_bytes) {
  std::vector<std::pair<int, int>> out;
  for (int d = 0; d < disks; ++d) {
    for (std::uint64_t offset = 0; offset < disk_bytes; offset += kSlab) {
      const Extent* e = map.extents(static_cast<std::uint32_t>(d), offset);
      for (int c = 0; c < map.copies(); ++c) out.emplace_back(e[c].node, e[c].drive);
    }
  }
  return out;
}

SlabMap filled(std::uint64_t seed, int disks, std::uint64_t disk_bytes) {
  SlabMap map(4, 6, 3, kSlab, RandomStream(seed, "s2d/placement"));
  for (int d = 0; d < disks; ++d) CHECK(map.add_disk(disk_bytes) == static_cast<std::uint32_t>(d));
  return map;
}

}  // namespace

TEST_CASE("slab map: each slab's copies are on distinct nodes", "[slabs]") {
  const std::uint64_t disk = 10 * GiB;  // 40 slabs
  const SlabMap map = filled(7, 16, disk);
  for (std::uint32_t d = 0; d < 16; ++d) {
    for (std::uint64_t offset = 0; offset < disk; offset += kSlab) {
      const Extent* e = map.extents(d, offset);
      std::set<int> nodes;
      for (int c = 0; c < 3; ++c) {
        CHECK(e[c].node < 4);
        CHECK(e[c].drive < 6);
        nodes.insert(e[c].node);
      }
      CHECK(nodes.size() == 3);
      // Every offset inside the slab maps to the same extents.
      CHECK(map.extents(d, offset + kSlab - 1) == e);
    }
  }
}

TEST_CASE("slab map: slabs are balanced across nodes and drives", "[slabs]") {
  const int disks = 16;
  const std::uint64_t disk = 10 * GiB + 1;  // 41 slabs: the last one holds a single byte
  const SlabMap map = filled(11, disks, disk);
  const std::uint64_t extents = static_cast<std::uint64_t>(disks) * 41 * 3;
  std::vector<std::uint64_t> per_node(4, 0);
  std::uint32_t drive_min = ~0u, drive_max = 0;
  std::uint64_t total = 0;
  for (int n = 0; n < 4; ++n) {
    for (int d = 0; d < 6; ++d) {
      const std::uint32_t s = map.slabs_on(n, d);
      per_node[static_cast<std::size_t>(n)] += s;
      drive_min = std::min(drive_min, s);
      drive_max = std::max(drive_max, s);
      total += s;
    }
  }
  CHECK(total == extents);  // 1968 extents: 492 per node, 82 per drive
  // Least-used-first keeps nodes within one slab of each other, drives within a node
  // within one, so any two drives within two.
  const auto [node_min, node_max] = std::minmax_element(per_node.begin(), per_node.end());
  CHECK(*node_max - *node_min <= 1);
  CHECK(drive_max - drive_min <= 2);
  CHECK(static_cast<double>(drive_min) >= static_cast<double>(extents) / 24 - 2);

  // Each disk on its own is spread over all nodes too (within two slabs).
  for (std::uint32_t d = 0; d < static_cast<std::uint32_t>(disks); ++d) {
    std::vector<int> mine(4, 0);
    for (std::uint64_t offset = 0; offset < disk; offset += kSlab) {
      const Extent* e = map.extents(d, offset);
      for (int c = 0; c < 3; ++c) ++mine[e[c].node];
    }
    const auto [lo, hi] = std::minmax_element(mine.begin(), mine.end());
    CHECK(*hi - *lo <= 2);
  }
}

TEST_CASE("slab map: same seed, same placement; different seed, different placement", "[slabs]") {
  const std::uint64_t disk = 4 * GiB;
  const SlabMap a = filled(1, 8, disk);
  const SlabMap b = filled(1, 8, disk);
  const SlabMap c = filled(2, 8, disk);
  const auto pa = placement(a, 8, disk), pb = placement(b, 8, disk), pc = placement(c, 8, disk);
  CHECK(pa == pb);
  REQUIRE(pa.size() == pc.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) differing += pa[i].first != pc[i].first;
  // With 4 nodes and 3 copies each slab leaves out one node, chosen by the seed
  // among the least used: two seeds should disagree on a good share of slabs.
  CHECK(differing > pa.size() / 10);
}

TEST_CASE("slab map: rejects more copies than nodes", "[slabs]") {
  CHECK_THROWS_AS(SlabMap(2, 4, 3, kSlab, RandomStream(1, "x")), std::invalid_argument);
  CHECK_THROWS_AS(SlabMap(3, 0, 3, kSlab, RandomStream(1, "x")), std::invalid_argument);
  CHECK_NOTHROW(SlabMap(3, 4, 3, kSlab, RandomStream(1, "x")));
}
