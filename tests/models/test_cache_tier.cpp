// CacheTier and BlockCache against the documented S2D cache rules (admission
// of small reads on the first miss and large ones on the second, sequential
// bypass, writes up to 256 KB cached, write-only caching for SSD capacity,
// destage in ascending offset order) and against cache theory: under uniform
// random access over N pages, a cache of C pages hits C / N of the time.
#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <vector>

#include "model_specs.hpp"
#include "models/cache/block_cache.hpp"
#include "models/cache/cache_statistics.hpp"
#include "models/cache/cache_tier.hpp"
#include "sim/engine.hpp"
#include "sim/random.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;

namespace {

// A drive that takes a fixed time per I/O and remembers what it was asked.
class FixedDrive final : public Drive {
 public:
  FixedDrive(Engine& engine, SimTime latency) : engine_(&engine), latency_(latency) {}
  void submit(const DriveIo& io, hcisim::sim::EventHandler& done, std::uint64_t arg) override {
    log.push_back(io);
    ++(io.write ? writes_ : reads_);
    engine_->schedule_in(latency_, done, arg);
  }
  double utilisation() const override { return 0; }
  std::uint64_t reads() const override { return reads_; }
  std::uint64_t writes() const override { return writes_; }
  std::vector<DriveIo> log;

 private:
  Engine* engine_;
  SimTime latency_;
  std::uint64_t reads_ = 0, writes_ = 0;
};

struct Done final : hcisim::sim::EventHandler {
  void on_event(std::uint64_t) override { ++count; }
  std::uint64_t count = 0;
};

constexpr std::uint64_t kPage = 16 * KiB;
constexpr std::uint64_t kSlot = 256 * MiB;

CacheTierSpec small_spec() {
  CacheTierSpec s;
  s.defined = true;
  s.page_bytes = kPage;
  s.metadata_reserve_bytes = 0;
  return s;
}

// One cache drive of `cache_pages` pages in front of `capacity` drives (2 TB unless given).
struct Rig {
  Rig(std::uint64_t cache_pages, int capacity, bool read_caching, CacheTierSpec spec = small_spec(),
      std::uint64_t capacity_drive_bytes = 2'000'000'000'000ull) {
    std::vector<std::unique_ptr<Drive>> caches, capacities;
    auto c = std::make_unique<FixedDrive>(engine, 100 * kMicrosecond);
    cache = c.get();
    caches.push_back(std::move(c));
    std::vector<std::uint64_t> capacity_bytes;
    for (int i = 0; i < capacity; ++i) {
      auto d = std::make_unique<FixedDrive>(engine, 10'000 * kMicrosecond);
      backing.push_back(d.get());
      capacities.push_back(std::move(d));
      capacity_bytes.push_back(capacity_drive_bytes);
    }
    tier = std::make_unique<CacheTier>(engine, spec, std::move(caches), std::vector<std::uint64_t>{cache_pages * kPage},
                                       std::move(capacities), capacity_bytes, read_caching, kSlot);
    fronts = tier->fronts();
  }
  void io(int drive, bool write, std::uint64_t offset, std::uint64_t bytes) {
    fronts[static_cast<std::size_t>(drive)]->submit(DriveIo{offset, bytes, write, true}, done, 0);
    engine.run_until(engine.now() + kSecond);
  }
  Engine engine;
  Done done;
  FixedDrive* cache = nullptr;
  std::vector<FixedDrive*> backing;
  std::unique_ptr<CacheTier> tier;
  std::vector<std::unique_ptr<Drive>> fronts;
};

}  // namespace

TEST_CASE("cache tier: a small read misses to the capacity drive, is admitted, then hits", "[cache]") {
  Rig rig(1000, 2, true);
  rig.io(0, false, 8 * KiB, 4 * KiB);
  CHECK(rig.backing[0]->reads() == 1);
  CHECK(rig.tier->counters().read_misses == 1);
  // The page was written into the cache drive behind the reply.
  REQUIRE(rig.cache->writes() == 1);
  CHECK(rig.cache->log.back().bytes == kPage);
  CHECK(rig.tier->present_pages() == 1);
  rig.io(0, false, 0, 4 * KiB);  // same 16 KiB page
  CHECK(rig.tier->counters().read_hits == 1);
  CHECK(rig.cache->reads() == 1);
  CHECK(rig.backing[0]->reads() == 1);
  CHECK(rig.done.count == 2);
}

TEST_CASE("cache tier: its statistics are read by the names declared once, and reset with the run's",
          "[cache][stats]") {
  namespace s = hcisim::models::cache_statistics;
  Rig rig(1000, 2, true);
  rig.io(0, false, 8 * KiB, 4 * KiB);  // a miss, admitted
  rig.io(0, false, 0, 4 * KiB);        // a hit
  rig.io(1, true, 0, 4 * KiB);         // a write cached
  const auto table = rig.engine.statistics().read({rig.engine.now(), 2.0});
  std::vector<hcisim::sim::StatisticReading> tier;
  for (const auto& r : table) {
    if (r.name.rfind("cache_tier/", 0) == 0) tier.push_back(r);
  }
  REQUIRE(tier.size() == s::kAll.size());
  for (std::size_t i = 0; i < tier.size(); ++i) {
    CHECK(tier[i].name == "cache_tier/" + std::string(s::kAll[i].name));
    CHECK(tier[i].unit == s::kAll[i].unit);
    CHECK(tier[i].is_count == s::kAll[i].count);
  }
  CHECK(tier[0].count == 1);                        // read_hits
  CHECK(tier[1].count == 1);                        // read_misses
  CHECK(tier[3].count == 1);                        // writes_cached
  CHECK(tier[5].value == Approx(0.5));              // read_hit_ratio
  CHECK(tier[7].value == Approx(kPage));            // dirty_bytes: the page written
  CHECK(rig.fronts[0]->reads() == 2);               // the front counts what the product sent it
  rig.engine.statistics().reset(rig.engine.now());  // as the warm-up ends
  CHECK(rig.tier->counters().read_hits == 0);
  CHECK(rig.fronts[0]->reads() == 0);
  CHECK(rig.tier->present_pages() == 2);  // contents are state, not statistics
}

TEST_CASE("cache tier: reads over 64 KB are admitted on the second miss; sequential ones over 32 KB bypass",
          "[cache]") {
  Rig rig(1000, 1, true);
  rig.io(0, false, 1 * MiB, 128 * KiB);
  CHECK(rig.tier->present_pages() == 0);  // first miss: remembered, not admitted
  rig.io(0, false, 5 * MiB, 4 * KiB);     // break any sequence
  rig.io(0, false, 1 * MiB, 128 * KiB);
  CHECK(rig.tier->present_pages() == 8 + 1);  // second miss: 8 pages admitted
  rig.io(0, false, 5 * MiB, 4 * KiB);
  rig.io(0, false, 1 * MiB, 128 * KiB);
  CHECK(rig.tier->counters().read_hits >= 1);
  // A stream of 64 KiB reads bypasses the cache after its first read.
  const auto bypass_before = rig.tier->counters().read_bypasses;
  for (int i = 0; i < 4; ++i) rig.io(0, false, 100 * MiB + static_cast<std::uint64_t>(i) * 64 * KiB, 64 * KiB);
  CHECK(rig.tier->counters().read_bypasses - bypass_before == 3);
}

TEST_CASE("cache tier: writes up to 256 KB land dirty in the cache drive; larger ones go to capacity", "[cache]") {
  Rig rig(1000, 1, true);
  rig.io(0, true, 0, 64 * KiB);
  CHECK(rig.cache->writes() == 1);
  CHECK(rig.backing[0]->writes() == 0);
  CHECK(rig.tier->dirty_pages() == 4);
  // A read of dirty data comes from the cache.
  rig.io(0, false, 16 * KiB, 4 * KiB);
  CHECK(rig.cache->reads() == 1);
  CHECK(rig.backing[0]->reads() == 0);
  // 512 KiB: written to the capacity drive, and what it overwrites leaves the cache.
  rig.io(0, true, 0, 512 * KiB);
  CHECK(rig.backing[0]->writes() == 1);
  CHECK(rig.tier->dirty_pages() == 0);
  CHECK(rig.tier->counters().writes_bypassed == 1);
}

TEST_CASE("cache tier: SSD capacity is cached for writes only", "[cache]") {
  Rig rig(1000, 1, false);
  rig.io(0, false, 0, 4 * KiB);
  rig.io(0, false, 0, 4 * KiB);
  CHECK(rig.backing[0]->reads() == 2);
  CHECK(rig.tier->present_pages() == 0);
  rig.io(0, true, 0, 4 * KiB);
  CHECK(rig.cache->writes() == 1);
  rig.io(0, false, 0, 4 * KiB);
  CHECK(rig.cache->reads() == 1);  // newer data is in the cache
}

TEST_CASE("cache tier: uniform random reads hit in proportion to the cache's size", "[cache]") {
  // N pages read uniformly at random through a cache of C pages: once full, a
  // read hits with probability C / N (for CLOCK as for any policy that keeps C
  // of them under uniform access).
  const std::uint64_t n_pages = 4000, c_pages = 1000;
  Rig rig(c_pages, 2, true);  // two capacity drives share the cache drive
  hcisim::sim::RandomStream rng(3, "reads");
  auto read = [&] {
    const std::uint64_t page = rng.uniform_index(n_pages);
    const int drive = static_cast<int>(page % 2);
    rig.fronts[static_cast<std::size_t>(drive)]->submit(DriveIo{(page / 2) * kPage, 4 * KiB, false, true}, rig.done, 0);
  };
  for (int i = 0; i < 20'000; ++i) read();  // fill
  rig.engine.run_until(rig.engine.now() + kSecond);
  REQUIRE(rig.tier->present_pages() == c_pages);
  rig.engine.statistics().reset(rig.engine.now());  // as the warm-up ends
  for (int i = 0; i < 40'000; ++i) read();
  rig.engine.run_until(rig.engine.now() + kSecond);
  const auto& k = rig.tier->counters();
  const double hit = static_cast<double>(k.read_hits) / static_cast<double>(k.read_hits + k.read_misses);
  CHECK(hit == Approx(static_cast<double>(c_pages) / n_pages).margin(0.015));
  CHECK(k.evictions > 0);
}

TEST_CASE("cache tier: destage writes dirty pages back in ascending order, merged, until below the stop", "[cache]") {
  CacheTierSpec spec = small_spec();
  spec.destage_start = 0.5;
  spec.destage_stop = 0.25;
  spec.destage_max_bytes = 64 * KiB;  // 4 pages
  spec.destage_outstanding = 1;
  Rig rig(100, 1, true, spec);
  // 51 dirty pages (pages 60 down to 10), written in descending order as 16 KiB
  // writes: destage starts once more than half the cache is dirty.
  for (int p = 60; p >= 10; --p) {
    rig.fronts[0]->submit(DriveIo{static_cast<std::uint64_t>(p) * kPage, kPage, true, true}, rig.done, 0);
  }
  rig.engine.run_until(kSecond);
  // It stopped once no more than a quarter was dirty.
  CHECK(rig.tier->dirty_pages() <= 25);
  CHECK(rig.tier->dirty_pages() > 20);
  std::vector<DriveIo> writes;
  for (const DriveIo& io : rig.backing[0]->log) {
    if (io.write) writes.push_back(io);
  }
  REQUIRE(writes.size() >= 6);
  // Ascending from the lowest dirty page, in merged runs of 4 pages (64 KiB).
  CHECK(writes[0].offset == 10 * kPage);
  for (std::size_t i = 0; i < writes.size(); ++i) {
    INFO("destage write " << i);
    CHECK(writes[i].bytes == 64 * KiB);
    if (i > 0) CHECK(writes[i].offset == writes[i - 1].offset + 64 * KiB);
  }
  CHECK(rig.tier->counters().destage_bytes == rig.tier->counters().destage_writes * 64 * KiB);
}

TEST_CASE("cache tier: destage finds dirty pages billions of slots apart on a 1000 PB drive", "[cache]") {
  CacheTierSpec spec = small_spec();
  spec.destage_start = 0.5;
  spec.destage_stop = 0.25;
  spec.destage_outstanding = 1;
  const std::uint64_t drive = 1000ull * 1000 * 1000 * 1000 * 1000 * 1000;
  Rig rig(8, 1, true, spec, drive);
  // 5 dirty pages of 8, far apart and written from the top down: destage starts and
  // writes them back in ascending order, wrapping past the drive's end.
  const std::uint64_t slots[] = {3'000'000'000, 2'000'000'000, 1'000'000, 7, 0};
  for (const std::uint64_t slot : slots) rig.io(0, true, slot * kSlot + kPage, 4 * KiB);
  std::vector<std::uint64_t> written;
  for (const DriveIo& io : rig.backing[0]->log) {
    if (io.write) written.push_back(io.offset);
  }
  // Started after the 5th write (page in slot 0) with the cursor at page 0: slot 0 first.
  CHECK(rig.tier->dirty_pages() == 2);
  CHECK(written == std::vector<std::uint64_t>{0 * kSlot + kPage, 7 * kSlot + kPage, 1'000'000 * kSlot + kPage});
  // Three more: destage goes on from its cursor past the far slots, wraps past the
  // drive's end to slot 5, and stops there with two dirty again.
  for (const std::uint64_t slot : {5, 6, 8}) rig.io(0, true, slot * kSlot + kPage, 4 * KiB);
  written.clear();
  for (const DriveIo& io : rig.backing[0]->log) {
    if (io.write) written.push_back(io.offset / kSlot);
  }
  CHECK(written == std::vector<std::uint64_t>{0, 7, 1'000'000, 2'000'000'000, 3'000'000'000, 5});
  CHECK(rig.tier->dirty_pages() == 2);
}

TEST_CASE("cache tier: a cache full of dirty data sends writes to the capacity drive", "[cache]") {
  CacheTierSpec spec = small_spec();
  spec.destage_start = 1.0;  // never destage
  spec.destage_stop = 0.9;
  Rig rig(10, 1, true, spec);
  for (int p = 0; p < 10; ++p) rig.io(0, true, static_cast<std::uint64_t>(p) * kPage, 4 * KiB);
  CHECK(rig.tier->dirty_pages() == 10);
  rig.io(0, true, 100 * kPage, 4 * KiB);
  CHECK(rig.tier->counters().writes_bypassed == 1);
  CHECK(rig.backing[0]->writes() == 1);
}

TEST_CASE("cache tier: a warm-up leaves the same share of every slot's pages in the cache", "[cache]") {
  CacheTierSpec spec = small_spec();
  spec.warmup_fill = 0.5;
  const std::uint64_t pages_per_slot = kSlot / kPage;
  SECTION("the data fits: all of it") {
    Rig rig(8 * pages_per_slot, 2, true, spec);
    rig.tier->warm_up({2, 2});  // 4 slots of data, 4 slots' worth of fill allowed
    CHECK(rig.tier->present_pages() == 4 * pages_per_slot);
  }
  SECTION("it does not: half the cache, spread over every slot") {
    Rig rig(4 * pages_per_slot, 2, true, spec);
    rig.tier->warm_up({4, 4});  // 8 slots of data, 2 slots' worth of fill
    CHECK(rig.tier->present_pages() == Approx(2 * pages_per_slot).epsilon(0.001));
    rig.io(0, false, 3 * kSlot, 4 * KiB);              // the start of the last slot: warm
    rig.io(0, false, 3 * kSlot + 200 * MiB, 4 * KiB);  // its end: cold
    CHECK(rig.tier->counters().read_hits == 1);
    CHECK(rig.tier->counters().read_misses == 1);
  }
}

TEST_CASE("cache tier: capacity drives bind round-robin and must be a multiple of the cache drives", "[cache]") {
  Engine engine;
  std::vector<std::unique_ptr<Drive>> caches, capacity;
  for (int i = 0; i < 2; ++i) caches.push_back(std::make_unique<FixedDrive>(engine, 1));
  for (int i = 0; i < 3; ++i) capacity.push_back(std::make_unique<FixedDrive>(engine, 1));
  CHECK_THROWS_WITH(CacheTier(engine, small_spec(), std::move(caches), {kPage * 10, kPage * 10}, std::move(capacity),
                              {kSlot, kSlot, kSlot}, true, kSlot),
                    Catch::Matchers::Contains("multiple of the cache drives"));
}

TEST_CASE("block cache: 8-way set-associative, hits what it holds, C / N under uniform access", "[cache]") {
  BlockCache cache(8 * MiB, 4 * KiB);  // 2048 blocks
  CHECK(cache.capacity_blocks() == 2048);
  CHECK_FALSE(cache.lookup(1, 0, 4 * KiB));
  cache.admit(1, 0, 8 * KiB);
  CHECK(cache.lookup(1, 0, 8 * KiB));
  CHECK_FALSE(cache.lookup(2, 0, 4 * KiB));  // another disk
  cache.invalidate(1, 4 * KiB, 4 * KiB);
  CHECK_FALSE(cache.lookup(1, 0, 8 * KiB));
  CHECK(cache.lookup(1, 0, 4 * KiB));

  BlockCache uniform(8 * MiB, 4 * KiB);
  hcisim::sim::RandomStream rng(5, "blocks");
  const std::uint64_t n = 8192;
  std::uint64_t hits = 0, lookups = 0;
  for (int i = 0; i < 200'000; ++i) {
    const std::uint64_t block = rng.uniform_index(n);
    const bool hit = uniform.lookup(7, block * 4 * KiB, 4 * KiB);
    if (!hit) uniform.admit(7, block * 4 * KiB, 4 * KiB);
    if (i >= 50'000) {
      ++lookups;
      hits += hit;
    }
  }
  CHECK(static_cast<double>(hits) / lookups == Approx(2048.0 / n).margin(0.01));
  CHECK_THROWS_AS(BlockCache(1024, 4 * KiB), std::invalid_argument);
}
