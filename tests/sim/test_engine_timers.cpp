// Engine timers (engine.hpp): events fixed to the scenario's clock, which a
// fast-forward pulls earlier by the span it skips while every other event
// keeps its time.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sim/engine.hpp"

using namespace hcisim::sim;

namespace {
struct Recorder final : EventHandler {
  explicit Recorder(Engine& e) : engine(&e) {}
  void on_event(std::uint64_t arg) override { fired.emplace_back(engine->now(), arg); }
  Engine* engine;
  std::vector<std::pair<SimTime, std::uint64_t>> fired;
};
}  // namespace

TEST_CASE("pulled timers come the span sooner, in their order; other events keep their times", "[engine][timers]") {
  Engine engine;
  Recorder r(engine);
  engine.schedule_at(500, r, 1);  // work in flight: not a timer
  engine.schedule_timer_at(1000, r, 2);
  engine.schedule_timer_at(1000, r, 3);  // same time: after 2
  engine.schedule_timer_at(4000, r, 4);
  engine.schedule_at(3000, r, 5);
  engine.run_until(100);
  CHECK(engine.next_timer() == 1000);
  engine.pull_timers(600);  // the span 100..700 of the scenario is skipped
  CHECK(engine.next_timer() == 400);
  engine.run_until(10'000);
  const std::vector<std::pair<SimTime, std::uint64_t>> expected = {{400, 2}, {400, 3}, {500, 1}, {3000, 5}, {3400, 4}};
  CHECK(r.fired == expected);
  CHECK(engine.next_timer() == EventQueue::kForever);  // every timer has run
}

TEST_CASE("a timer cannot be pulled before the clock", "[engine][timers]") {
  Engine engine;
  Recorder r(engine);
  engine.schedule_timer_at(1000, r, 1);
  engine.run_until(500);
  CHECK_THROWS_AS(engine.pull_timers(501), std::logic_error);
  CHECK_NOTHROW(engine.pull_timers(0));
}

TEST_CASE("timers that ran are not pulled again", "[engine][timers]") {
  Engine engine;
  Recorder r(engine);
  engine.schedule_timer_in(10, r, 1);
  engine.run_until(20);
  engine.schedule_timer_in(100, r, 2);  // at 120
  engine.pull_timers(50);
  engine.run_until(1000);
  const std::vector<std::pair<SimTime, std::uint64_t>> expected = {{10, 1}, {70, 2}};
  CHECK(r.fired == expected);
}
