// No allocation per I/O in steady state. Every operator new of this program is
// counted (allocation_counter.cpp). Over the second half of a run, when the
// queues have filled, a simulation still allocates a little: a latency
// histogram section widening to a new extreme, a queue passing its high-water
// mark, a timeline sample. Each is bounded (by the histogram's buckets, the
// I/Os in flight, the run's intervals), none is per I/O; so the test runs each
// scenario at two lengths, the second four times the first: an allocation per
// I/O (or per N I/Os) would allocate about four times as much in the longer
// second half. What it asserts: the longer run's second half allocates less
// than twice what the shorter one's does, plus 16. Measured: 55 to 176
// allocations in a second half, the longer run's no more than the shorter's
// but for 7 (a node down); even one allocation per 1,000 I/Os would fail it
// on Test 1's 4K reads (116 + 80 against 106 + 320).
//
// The second half is taken from the run's own progress calls (every 1 % of
// simulated time); events are counted by an observer, so the I/Os of that half
// are known from the run's events per I/O.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "allocation_counter.hpp"
#include "models/run/simulation.hpp"
#include "sim/engine.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;

namespace {

const std::string kScenarios = std::string(HCISIM_SOURCE_DIR) + "/scenarios/";

struct EventCount final : sim::EventObserver {
  void fired(const sim::EventHandler&) override { ++events; }
  std::uint64_t events = 0;
};

struct SecondHalf {
  std::uint64_t allocations = 0;
  std::uint64_t events = 0;
  double ios = 0;  // the half's events / the run's events per I/O
};

SecondHalf second_half_of(const std::string& file, const std::string& warmup, const std::string& duration) {
  static const frontend::Catalog catalog = frontend::Catalog::load();
  const models::ScenarioSpec spec =
      frontend::load_scenario(kScenarios + file, catalog, {"run.warmup=" + warmup, "run.duration=" + duration});
  EventCount counter;
  std::uint64_t allocations_at_half = 0, events_at_half = 0;
  bool half = false;
  SecondHalf out;
  models::RunOptions options;
  options.events = &counter;
  options.progress = [&](double fraction) {
    if (!half && fraction >= 0.5) {
      half = true;
      allocations_at_half = test::allocations();
      events_at_half = counter.events;
    }
    if (fraction >= 1.0) {
      out.allocations = test::allocations() - allocations_at_half;
      out.events = counter.events - events_at_half;
    }
  };
  const models::RunResult result = models::simulate(spec, options);
  const double ios = (result.read_iops + result.write_iops) * result.measured_seconds;
  REQUIRE(ios > 0);
  out.ios = static_cast<double>(out.events) / (static_cast<double>(counter.events) / ios);
  return out;
}

void check_bounded(const std::string& file, const std::string& warmup, int duration_ms) {
  const SecondHalf shorter = second_half_of(file, warmup, std::to_string(duration_ms) + "ms");
  const SecondHalf longer = second_half_of(file, warmup, std::to_string(4 * duration_ms) + "ms");
  INFO(file << ": second halves of " << duration_ms << " and " << 4 * duration_ms << " ms: " << shorter.allocations
            << " allocations over about " << static_cast<std::uint64_t>(shorter.ios) << " I/Os, then "
            << longer.allocations << " over about " << static_cast<std::uint64_t>(longer.ios));
  REQUIRE(longer.ios > 3 * shorter.ios);
  CHECK(longer.ios > 5'000);
  CHECK(longer.allocations < 2 * shorter.allocations + 16);
}

}  // namespace

TEST_CASE("the counter sees this program's allocations", "[allocations]") {
  const std::uint64_t before = test::allocations();
  void* volatile p = ::operator new(64);  // a direct call: not elided as a new-expression may be
  const std::uint64_t after = test::allocations();
  ::operator delete(p);
  CHECK(after == before + 1);
}

TEST_CASE("no allocation per I/O in steady state: S2D all-flash", "[allocations]") {
  check_bounded("ax7525/test1-4k-random-read.yaml", "5ms", 20);
  check_bounded("ax7525/test1-4k-random-write.yaml", "5ms", 20);
  check_bounded("ax7525/test2-8k-random-30w.yaml", "5ms", 20);
  check_bounded("ax7525/test1-512k-seq-read.yaml", "5ms", 20);
}

TEST_CASE("no allocation per I/O in steady state: a node down, the hybrid cache tier", "[allocations]") {
  check_bounded("ax7525/test3-8k-random-30w.yaml", "5ms", 20);
  check_bounded("r740xd/100-read.yaml", "5ms", 20);
}

TEST_CASE("no allocation per I/O in steady state: ScaleIO with SQL Server", "[allocations]") {
  check_bounded("vxrack/hci-sql.yaml", "100ms", 400);
}
