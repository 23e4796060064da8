// The statistics registry: components enrol by name under scopes, reset once
// together, and are read into a named table; a destroyed component drops out.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "sim/engine.hpp"
#include "sim/statistics.hpp"

using namespace hcisim::sim;

namespace {

// A component counting what it is given, as the models' components do.
struct Counter {
  Counter(Statistics& statistics, const char* name, std::vector<std::string>& resets)
      : stats(statistics, name, [this, &resets](SimTime now) {
          resets.push_back(stats.path() + "@" + std::to_string(now));
          items = 0;
          busy_ns = 0;
        }) {
    stats.count("items", "I/Os", [this] { return items; });
    stats.measure("busy", "fraction", [this](const StatisticWindow& w) { return busy_ns * 1e-9 / w.seconds; });
  }
  std::uint64_t items = 0;
  double busy_ns = 0;
  Statistics::Registration stats;
};

}  // namespace

TEST_CASE("statistics: components enrol under scopes, reset together once, read by name", "[stats]") {
  Engine engine;
  Statistics& statistics = engine.statistics();
  std::vector<std::string> resets;
  std::unique_ptr<Counter> fabric, cpu, drive;
  fabric = std::make_unique<Counter>(statistics, "fabric", resets);
  {
    const Statistics::Scope node(statistics, "node2");
    cpu = std::make_unique<Counter>(statistics, "cpu", resets);
    const Statistics::Scope cache(statistics, "cache");
    drive = std::make_unique<Counter>(statistics, "drive", resets);
  }
  CHECK(fabric->stats.path() == "fabric");
  CHECK(cpu->stats.path() == "node2/cpu");
  CHECK(drive->stats.path() == "node2/cache/drive");
  CHECK(statistics.components() == 3);

  cpu->items = 7;  // counted during the warm-up
  statistics.reset(5);
  CHECK(resets == std::vector<std::string>{"fabric@5", "node2/cpu@5", "node2/cache/drive@5"});
  CHECK(cpu->items == 0);

  cpu->items = 40;
  cpu->busy_ns = 1.5e9;
  drive->items = 3;
  const std::vector<StatisticReading> table = statistics.read({10, 2.0});
  REQUIRE(table.size() == 6);  // two statistics each, in the order declared
  CHECK(table[2].name == "node2/cpu/items");
  CHECK(table[2].is_count);
  CHECK(table[2].count == 40);
  CHECK(table[2].unit == "I/Os");
  CHECK(table[3].name == "node2/cpu/busy");
  CHECK_FALSE(table[3].is_count);
  CHECK(table[3].value == Approx(0.75));  // 1.5 s busy over the 2 s window
  CHECK(table[4].name == "node2/cache/drive/items");
  CHECK(table[4].count == 3);

  SECTION("a component destroyed is neither reset nor read") {
    cpu.reset();
    CHECK(statistics.components() == 2);
    resets.clear();
    statistics.reset(20);
    CHECK(resets == std::vector<std::string>{"fabric@20", "node2/cache/drive@20"});
    const auto after = statistics.read({20, 1.0});
    REQUIRE(after.size() == 4);
    for (const StatisticReading& r : after) CHECK(r.name.rfind("node2/cpu/", 0) != 0);
  }
}
