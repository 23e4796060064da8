// PageFlags keeps flags only for the slots a run touches: it must answer as a
// dense table of every page would, and a drive of any size must cost nothing
// until it is used.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "models/cache/page_flags.hpp"
#include "sim/random.hpp"

using hcisim::models::PageFlags;

namespace {

constexpr std::uint64_t kPage = 16 * 1024;
constexpr std::uint64_t kSlot = 8 * kPage;  // 8 pages a slot: slots fill and stay sparse in a short test

// The first touched slot at or after `slot` in a dense table, or `slots`.
std::uint64_t next_touched(const std::vector<bool>& touched, std::uint64_t slot) {
  while (slot < touched.size() && !touched[slot]) ++slot;
  return slot;
}

}  // namespace

TEST_CASE("page flags: sparse slots answer as a dense table does under random use", "[cache]") {
  const std::uint64_t slots = 2000;
  const std::uint64_t pages = slots * 8 - 3;  // the last slot is partly past the drive's end
  PageFlags flags(pages * kPage, kSlot, kPage);
  REQUIRE(flags.slots() == slots);
  std::vector<std::uint8_t> dense(slots * 8, 0);
  std::vector<bool> touched(slots, false);
  hcisim::sim::RandomStream rng(7, "page-flags");
  for (int i = 0; i < 20'000; ++i) {
    // Mostly the first eighth of the drive, so most slots stay untouched.
    const std::uint64_t page = rng.uniform01() < 0.99 ? rng.uniform_index(pages / 8) : rng.uniform_index(pages);
    const auto value = static_cast<std::uint8_t>(rng.uniform_index(16));
    const std::uint64_t slot = page / 8;
    switch (rng.uniform_index(5)) {
      case 0:
        flags.set(page, value);
        dense[page] = value;
        touched[slot] = true;
        break;
      case 1:
        flags.add(page, value);
        dense[page] |= value;
        touched[slot] = true;
        break;
      case 2:
        flags.remove(page, value);  // never touches a slot
        dense[page] &= static_cast<std::uint8_t>(~value);
        break;
      case 3:
        if (!touched[slot]) {
          const std::uint64_t n = rng.uniform_index(9);
          flags.fill_untouched_slot(slot, n, value);
          for (std::uint64_t p = 0; p < n; ++p) dense[slot * 8 + p] = value;
          touched[slot] = true;
        }
        break;
      default: CHECK(flags.next_touched(slot) == next_touched(touched, slot)); break;
    }
    CHECK(flags.get(page) == dense[page]);
  }
  std::uint64_t used = 0;
  for (std::uint64_t s = 0; s < slots; ++s) {
    CHECK(flags.slot_touched(s) == touched[s]);
    CHECK(flags.next_touched(s) == next_touched(touched, s));
    used += touched[s] ? 1 : 0;
  }
  for (std::uint64_t p = 0; p < pages; ++p) CHECK(flags.get(p) == dense[p]);
  CHECK(flags.touched_slots() == used);
  CHECK(used < slots);  // the test did leave slots untouched
}

TEST_CASE("page flags: slots touched far ahead are found once the slots before them fill up", "[cache]") {
  PageFlags flags(1000 * kSlot, kSlot, kPage);
  // Far beyond the slots touched so far (looked up by hash), then every slot from 0 up
  // (looked up by index, which grows over the far ones).
  for (const std::uint64_t slot : {900, 300, 150, 151, 999})
    flags.set(slot * 8 + 3, static_cast<std::uint8_t>(slot % 15 + 1));
  for (std::uint64_t slot = 0; slot < 1000; ++slot) {
    if (slot == 900 || slot == 300 || slot == 150 || slot == 151 || slot == 999) continue;
    flags.set(slot * 8, 1);
  }
  for (const std::uint64_t slot : {900, 300, 150, 151, 999}) {
    INFO("slot " << slot);
    CHECK(flags.get(slot * 8 + 3) == slot % 15 + 1);
    CHECK(flags.get(slot * 8) == 0);
  }
  CHECK(flags.touched_slots() == 1000);
  for (std::uint64_t slot = 0; slot < 1000; ++slot) CHECK(flags.next_touched(slot) == slot);
}

TEST_CASE("page flags: a 1000 PB drive costs only what is touched", "[cache]") {
  const std::uint64_t drive = 1000ull * 1000 * 1000 * 1000 * 1000 * 1000;  // 1000 PB
  const std::uint64_t slot = 256ull << 20;
  PageFlags flags(drive, slot, kPage);
  CHECK(flags.slots() == drive / slot + 1);
  CHECK(flags.touched_slots() == 0);
  const std::uint64_t last_page = drive / kPage - 1;
  flags.set(last_page, hcisim::models::kDirty);
  flags.set(5, hcisim::models::kPresent);
  CHECK(flags.get(last_page) == hcisim::models::kDirty);
  CHECK(flags.get(5) == hcisim::models::kPresent);
  CHECK(flags.get(last_page - 1) == 0);
  CHECK(flags.touched_slots() == 2);
  const std::uint64_t last_slot = last_page / flags.pages_per_slot();
  CHECK(last_slot == flags.slots() - 1);
  CHECK(flags.next_touched(0) == 0);
  CHECK(flags.next_touched(1) == last_slot);
  CHECK_THROWS_AS(flags.set(flags.slots() * flags.pages_per_slot(), 1), std::out_of_range);
}
