// DirtyPageTable: marking, and a flush pass that coalesces adjacent dirty
// pages, respects the run limit, and leaves pages dirtied behind its cursor.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "models/workload/dirty_page_table.hpp"

using hcisim::models::DirtyPageTable;

namespace {
struct Run {
  std::uint64_t first;
  std::uint32_t count;
  bool operator==(const Run& o) const { return first == o.first && count == o.count; }
};
std::vector<Run> drain(DirtyPageTable& t, std::uint32_t max_pages) {
  std::vector<Run> runs;
  Run r{};
  while (t.next_run(max_pages, r.first, r.count)) runs.push_back(r);
  return runs;
}
}  // namespace

TEST_CASE("dirty pages: marking counts clean-to-dirty transitions once", "[oltp][dirty]") {
  DirtyPageTable t(200);
  CHECK(t.mark(5));
  CHECK_FALSE(t.mark(5));
  CHECK(t.mark(199));
  CHECK(t.dirty() == 2);
  CHECK(t.is_dirty(199));
  CHECK_FALSE(t.is_dirty(198));
}

TEST_CASE("dirty pages: a pass writes adjacent pages together, up to the run limit", "[oltp][dirty]") {
  DirtyPageTable t(300);
  for (std::uint64_t p : {3, 4, 5, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 128, 299}) t.mark(p);
  t.begin_pass();
  // Runs cross 64-bit word boundaries (63 | 64) and split at 8 pages.
  const std::vector<Run> expected = {{3, 3}, {63, 8}, {71, 2}, {128, 1}, {299, 1}};
  CHECK(drain(t, 8) == expected);
  CHECK(t.dirty() == 0);
  for (std::uint64_t p = 0; p < 300; ++p) CHECK_FALSE(t.is_dirty(p));
}

TEST_CASE("dirty pages: a page dirtied behind the cursor waits for the next pass", "[oltp][dirty]") {
  DirtyPageTable t(1'000);
  t.mark(100);
  t.mark(500);
  t.begin_pass();
  Run r{};
  REQUIRE(t.next_run(8, r.first, r.count));
  CHECK(r.first == 100);
  t.mark(50);   // behind the cursor
  t.mark(700);  // ahead of it
  CHECK(drain(t, 8) == std::vector<Run>{{500, 1}, {700, 1}});
  CHECK(t.dirty() == 1);
  t.begin_pass();
  CHECK(drain(t, 8) == std::vector<Run>{{50, 1}});
}
