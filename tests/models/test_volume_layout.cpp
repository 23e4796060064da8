// VolumeLayout: the Storage Spaces stripe arithmetic (columns x interleave over
// extents), copies on distinct nodes, balance across nodes and drives, a
// placement that is a function of the seed, and set-up that stays fast on
// large clusters.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <vector>

#include "model_specs.hpp"
#include "models/placement/volume_layout.hpp"
#include "sim/random.hpp"

using namespace mtest;
using hcisim::sim::RandomStream;

namespace {

LayoutShape s2d_shape(int copies, int columns) {
  LayoutShape s;
  s.copies = copies;
  s.columns = columns;
  s.interleave_bytes = 256 * KiB;
  s.extent_bytes = 256 * MiB;
  return s;
}

}  // namespace

TEST_CASE("volume layout: a byte's column and offset follow the stripe arithmetic", "[layout]") {
  VolumeLayout layout(4, 6, s2d_shape(3, 4), RandomStream(1, "layout"));
  const std::uint32_t disk = layout.add_disk(10 * GiB);
  // 4 columns of 256 KiB: a stripe is 1 MiB; 10 GiB over 4 columns of 256 MiB extents = 10 rows.
  CHECK(layout.extents_per_column(disk) == 10);
  Piece pieces[4];
  // Byte 2.5 MiB + 300 KiB: stripe unit 11 -> column 3, column offset 2 x 256 KiB + 44 KiB.
  const std::uint64_t x = 2 * MiB + 512 * KiB + 300 * KiB;
  REQUIRE(layout.split(disk, x, 4 * KiB, pieces, 4) == 1);
  CHECK(pieces[0].copies == layout.extents(disk, 3, 0));
  CHECK(pieces[0].in_extent == 2 * 256 * KiB + 44 * KiB);
  CHECK(pieces[0].bytes == 4 * KiB);
  // An aligned 512 KiB I/O spans two columns (mechanisms.md 1.5: 2 x 256 KiB per copy).
  REQUIRE(layout.split(disk, 1 * MiB, 512 * KiB, pieces, 4) == 2);
  CHECK(pieces[0].copies == layout.extents(disk, 0, 0));
  CHECK(pieces[1].copies == layout.extents(disk, 1, 0));
  CHECK(pieces[0].bytes + pieces[1].bytes == 512 * KiB);
  // A 4 KiB I/O crossing an interleave boundary is two pieces.
  REQUIRE(layout.split(disk, 256 * KiB - 2 * KiB, 4 * KiB, pieces, 4) == 2);
  CHECK(pieces[0].bytes == 2 * KiB);
  // Deep in the disk: byte 1200 MiB is stripe unit 4800 -> column 0 at column
  // offset 1200 x 256 KiB = 300 MiB -> extent row 1, 44 MiB in.
  REQUIRE(layout.split(disk, 1200 * MiB, 4 * KiB, pieces, 4) == 1);
  CHECK(pieces[0].copies == layout.extents(disk, 0, 1));
  CHECK(pieces[0].in_extent == 300 * MiB - 256 * MiB);
  // Where each copy starts on its drive: its slot times the extent size.
  CHECK(pieces[0].drive_offset(1, 256 * MiB) == pieces[0].copies[1].slot * 256 * MiB + pieces[0].in_extent);
}

TEST_CASE("volume layout: the most pieces an aligned I/O can need", "[layout]") {
  VolumeLayout layout(4, 6, s2d_shape(3, 8), RandomStream(1, "layout"));
  CHECK(layout.max_pieces(4 * KiB, 4 * KiB) == 1);      // never crosses a 256 KiB unit
  CHECK(layout.max_pieces(4 * KiB, 512) == 2);          // may cross
  CHECK(layout.max_pieces(512 * KiB, 512 * KiB) == 2);  // unit-aligned
  CHECK(layout.max_pieces(512 * KiB, 4 * KiB) == 3);
  VolumeLayout chunks(4, 6, s2d_shape(2, 1), RandomStream(1, "layout"));
  CHECK(chunks.max_pieces(1 * MiB, 4 * KiB) == 2);  // one column: breaks only at extents
}

TEST_CASE("volume layout: one column merges stripe units into one piece per extent", "[layout]") {
  VolumeLayout layout(4, 6, s2d_shape(2, 1), RandomStream(1, "layout"));
  const std::uint32_t disk = layout.add_disk(1 * GiB);
  Piece pieces[4];
  REQUIRE(layout.split(disk, 0, 1 * MiB, pieces, 4) == 1);
  CHECK(pieces[0].bytes == 1 * MiB);
  REQUIRE(layout.split(disk, 256 * MiB - 512 * KiB, 1 * MiB, pieces, 4) == 2);
  CHECK(pieces[1].copies == layout.extents(disk, 0, 1));
}

TEST_CASE("volume layout: each extent's copies are on distinct nodes, balanced over nodes and drives", "[layout]") {
  const int nodes = 4, drives = 6;
  VolumeLayout layout(nodes, drives, s2d_shape(3, 6), RandomStream(7, "layout"));
  for (int d = 0; d < 16; ++d) layout.add_disk(10 * GiB);
  std::uint64_t total = 0;
  for (std::uint32_t d = 0; d < 16; ++d) {
    for (int column = 0; column < 6; ++column) {
      for (std::uint64_t row = 0; row < layout.extents_per_column(d); ++row) {
        const Extent* e = layout.extents(d, column, row);
        std::set<int> distinct;
        for (int c = 0; c < 3; ++c) {
          CHECK(e[c].node < nodes);
          CHECK(e[c].drive < drives);
          distinct.insert(e[c].node);
        }
        CHECK(distinct.size() == 3);
        total += 3;
      }
    }
  }
  // Least-used first: node counts differ by at most one extent copy, drives in a node by at most one.
  std::uint64_t lo = UINT64_MAX, hi = 0;
  for (int n = 0; n < nodes; ++n) {
    lo = std::min(lo, layout.extents_on_node(n));
    hi = std::max(hi, layout.extents_on_node(n));
    std::uint32_t dlo = UINT32_MAX, dhi = 0;
    for (int k = 0; k < drives; ++k) {
      dlo = std::min(dlo, layout.extents_on(n, k));
      dhi = std::max(dhi, layout.extents_on(n, k));
    }
    CHECK(dhi - dlo <= 1);
  }
  CHECK(hi - lo <= 1);
  CHECK(lo * nodes <= total);
}

TEST_CASE("volume layout: same seed, same placement; another seed, another one", "[layout]") {
  auto nodes_of = [](std::uint64_t seed) {
    VolumeLayout layout(8, 4, s2d_shape(3, 4), RandomStream(seed, "layout"));
    const std::uint32_t disk = layout.add_disk(10 * GiB);
    std::vector<int> out;
    for (int column = 0; column < 4; ++column) {
      for (std::uint64_t row = 0; row < layout.extents_per_column(disk); ++row) {
        for (int c = 0; c < 3; ++c) out.push_back(layout.extents(disk, column, row)[c].node);
      }
    }
    return out;
  };
  CHECK(nodes_of(1) == nodes_of(1));
  CHECK(nodes_of(1) != nodes_of(2));
}

TEST_CASE("volume layout: rejects more copies than nodes and a shape that does not tile", "[layout]") {
  CHECK_THROWS_AS(VolumeLayout(2, 4, s2d_shape(3, 1), RandomStream(1, "l")), std::invalid_argument);
  LayoutShape odd = s2d_shape(2, 2);
  odd.interleave_bytes = 300 * KiB;
  CHECK_THROWS_AS(VolumeLayout(4, 4, odd, RandomStream(1, "l")), std::invalid_argument);
}

TEST_CASE("volume layout: a 1024-node cluster stays balanced", "[layout]") {
  // O(copies x log nodes) per extent (about 120 k extents here); bench_scenario
  // reports the set-up time of large clusters.
  VolumeLayout layout(1024, 24, s2d_shape(3, 8), RandomStream(1, "layout"));
  for (int d = 0; d < 1024; ++d) layout.add_disk(10 * GiB);
  std::uint64_t lo = UINT64_MAX, hi = 0;
  for (int n = 0; n < 1024; ++n) {
    lo = std::min(lo, layout.extents_on_node(n));
    hi = std::max(hi, layout.extents_on_node(n));
  }
  CHECK(hi - lo <= 1);
}

TEST_CASE("volume layout: a node's least-used drive, lowest index first, also after a copy moved", "[layout]") {
  const int nodes = 4, drives = 5;
  VolumeLayout layout(nodes, drives, s2d_shape(3, 1), RandomStream(3, "layout"));
  // The lowest-index least-used drive of a node, from its counts.
  auto least_used = [&](int n) {
    int best = 0;
    for (int k = 1; k < drives; ++k) {
      if (layout.extents_on(n, k) < layout.extents_on(n, best)) best = k;
    }
    return best;
  };
  // One extent row per disk: each node gets at most one copy, so each copy's
  // drive can be checked against the counts before it was placed.
  const std::uint64_t one_row = 256 * MiB;
  auto add_and_check = [&] {
    std::vector<int> expected(nodes);
    for (int n = 0; n < nodes; ++n) expected[static_cast<std::size_t>(n)] = least_used(n);
    const std::uint32_t disk = layout.add_disk(one_row);
    const Extent* e = layout.extents(disk, 0, 0);
    for (int c = 0; c < 3; ++c) CHECK(e[c].drive == expected[e[c].node]);
    return disk;
  };
  for (int d = 0; d < 20; ++d) add_and_check();
  // A rebuild moves a copy of node 0 to another drive: the counts are no
  // longer in turn, and the next copies still go to the least-used drive.
  std::size_t on_node0 = layout.copy_count();
  for (std::size_t i = 0; i < layout.copy_count() && on_node0 == layout.copy_count(); ++i) {
    if (layout.copy_at(i).node == 0 && layout.copy_at(i).drive == 0) on_node0 = i;
  }
  REQUIRE(on_node0 < layout.copy_count());
  std::vector<bool> usable(drives, true);
  usable[1] = false;  // the move must skip drive 1 (and its own, 0)
  REQUIRE(layout.move_copy(on_node0, usable, 1000));
  CHECK(layout.copy_at(on_node0).drive >= 2);
  for (int d = 0; d < 20; ++d) add_and_check();
}
