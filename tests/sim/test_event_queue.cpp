// The event queue is tested like a database index: against a sorted shadow list
// under a long random mix of push, pop and cancel.
#include <catch2/catch.hpp>

#include <map>
#include <utility>
#include <vector>

#include "sim/engine.hpp"
#include "sim/event_queue.hpp"
#include "sim/random.hpp"

using namespace hcisim::sim;

namespace {
struct NullHandler final : EventHandler {
  void on_event(std::uint64_t) override {}
};

// An event queue beside a shadow: (time, push number) -> id in a std::map,
// sorted by time, then push order. Every operation is checked against it.
struct ShadowedQueue {
  EventQueue queue;
  NullHandler handler;
  std::map<std::pair<SimTime, std::uint64_t>, EventId> shadow;
  std::vector<std::pair<std::pair<SimTime, std::uint64_t>, EventId>> cancellable;
  std::uint64_t pushes = 0;
  SimTime now = 0;

  void push(SimTime t, bool may_cancel) {
    const EventId id = queue.push(t, &handler, pushes);
    shadow.emplace(std::make_pair(t, pushes), id);
    if (may_cancel) cancellable.push_back({{t, pushes}, id});
    ++pushes;
  }
  // Pops one event (if any) and checks it is the shadow's first.
  void pop() {
    FiredEvent fired;
    const bool got = queue.pop(fired);
    REQUIRE(got == !shadow.empty());
    if (!got) return;
    REQUIRE(fired.time == shadow.begin()->first.first);
    REQUIRE(fired.arg == shadow.begin()->first.second);
    now = fired.time;
    shadow.erase(shadow.begin());
  }
  // Cancels a random one of the cancellable events (it may have run already).
  void cancel_one(RandomStream& rng) {
    if (cancellable.empty()) return;
    const std::size_t pick = rng.uniform_index(cancellable.size());
    const auto [key, id] = cancellable[pick];
    cancellable[pick] = cancellable.back();
    cancellable.pop_back();
    const bool still_pending = shadow.count(key) == 1;
    REQUIRE(queue.cancel(id) == still_pending);
    REQUIRE_FALSE(queue.cancel(id));  // twice is a no-op
    shadow.erase(key);
  }
  // The remainder comes out in order too.
  void drain() {
    while (!shadow.empty()) pop();
    FiredEvent fired;
    REQUIRE_FALSE(queue.pop(fired));
  }
};
}  // namespace

TEST_CASE("event queue matches a sorted shadow list under random push, pop and cancel") {
  ShadowedQueue q;
  RandomStream rng(42, "shadow");
  std::size_t max_size = 0;
  for (int step = 0; step < 400000; ++step) {
    const double u = rng.uniform01();
    if (u < 0.45) {
      // Many ties on purpose: small time range, and zero-delay pushes.
      const SimTime t = q.now + (rng.bernoulli(0.3) ? 0 : static_cast<SimTime>(rng.uniform_index(50)));
      q.push(t, rng.bernoulli(0.5));
    } else if (u < 0.85) {
      q.pop();
    } else {
      q.cancel_one(rng);
    }
    REQUIRE(q.queue.size() == q.shadow.size());
    max_size = std::max(max_size, q.shadow.size());
  }
  q.drain();
  REQUIRE(max_size > 1000);  // the mix really did hold many events at once
}

TEST_CASE("event queue keeps its order when delays span nanoseconds to minutes") {
  // Delays of every bit length up to 2^40 ns, so entries go to the calendar and
  // the far heap and move between them, with ties at each scale.
  EventQueue queue;
  NullHandler handler;
  RandomStream rng(7, "scales");
  std::map<std::pair<SimTime, std::uint64_t>, bool> shadow;
  std::uint64_t pushes = 0;
  SimTime now = 0;
  for (int step = 0; step < 200000; ++step) {
    if (rng.bernoulli(0.5) || shadow.empty()) {
      const int bits = static_cast<int>(rng.uniform_index(41));
      const SimTime delay =
          bits == 0 ? 0 : static_cast<SimTime>(rng.uniform_index(std::uint64_t{1} << bits) & ~std::uint64_t{3});
      queue.push(now + delay, &handler, pushes);
      shadow.emplace(std::make_pair(now + delay, pushes), true);
      ++pushes;
    } else {
      FiredEvent fired;
      REQUIRE(queue.pop(fired));
      REQUIRE(fired.time == shadow.begin()->first.first);
      REQUIRE(fired.arg == shadow.begin()->first.second);
      now = fired.time;
      shadow.erase(shadow.begin());
    }
  }
  REQUIRE(now > (SimTime{1} << 30));  // time really moved across the large scales
}

TEST_CASE("a push between the last event run and a cancelled later one still comes out first") {
  NullHandler handler;
  EventQueue queue;
  const EventId early = queue.push(100, &handler, 1);
  queue.push(300, &handler, 2);
  REQUIRE(queue.cancel(early));
  FiredEvent fired;
  REQUIRE_FALSE(queue.pop_until(150, fired));  // skips the cancelled one at 100, stops before 300
  queue.push(50, &handler, 3);                 // still after the last event that ran (none)
  REQUIRE(queue.pop(fired));
  CHECK(fired.time == 50);
  CHECK(fired.arg == 3);
  REQUIRE(queue.pop(fired));
  CHECK(fired.time == 300);
  CHECK_FALSE(queue.pop(fired));
}

TEST_CASE("events at equal times run in scheduling order, across heap and FIFO") {
  struct Recorder final : EventHandler {
    std::vector<std::uint64_t> seen;
    void on_event(std::uint64_t arg) override { seen.push_back(arg); }
  } recorder;
  struct Spawner final : EventHandler {
    Engine* engine;
    EventHandler* target;
    void on_event(std::uint64_t) override {
      engine->schedule_in(0, *target, 100);  // zero delay: after those already due now
      engine->schedule_in(0, *target, 101);
    }
  };
  Engine engine;
  Spawner spawner;
  spawner.engine = &engine;
  spawner.target = &recorder;
  engine.schedule_at(10, recorder, 1);
  engine.schedule_at(10, spawner, 0);
  engine.schedule_at(10, recorder, 2);
  engine.schedule_at(5, recorder, 0);
  engine.run_until(100);
  REQUIRE(recorder.seen == std::vector<std::uint64_t>{0, 1, 2, 100, 101});
  REQUIRE(engine.now() == 100);
}

TEST_CASE("cancelled events never run and stale ids cannot cancel reused slots") {
  struct Counter final : EventHandler {
    int runs = 0;
    void on_event(std::uint64_t) override { ++runs; }
  } counter;
  Engine engine;
  const EventId cancelled = engine.schedule_at(10, counter);
  REQUIRE(engine.cancel(cancelled));
  const EventId fired = engine.schedule_at(15, counter);
  engine.run_until(20);
  REQUIRE(counter.runs == 1);
  // Their slots are free again (a cancelled one at once, so the second event
  // may have had it already); new events reuse them, and the old ids are stale.
  const EventId a = engine.schedule_at(30, counter);
  const EventId b = engine.schedule_at(31, counter);
  REQUIRE((a.slot == cancelled.slot || b.slot == cancelled.slot));
  REQUIRE((a.slot == fired.slot || b.slot == fired.slot));
  REQUIRE_FALSE(engine.cancel(cancelled));
  REQUIRE_FALSE(engine.cancel(fired));
  engine.run_until(40);
  REQUIRE(counter.runs == 3);
}

TEST_CASE("memory stays bounded when far-future timeouts are cancelled over and over") {
  struct Counter final : EventHandler {
    void on_event(std::uint64_t) override {}
  } counter;
  EventQueue queue;
  for (int i = 0; i < 1'000'000; ++i) {
    const EventId timeout = queue.push(1'000'000'000 + i, &counter, 0);
    REQUIRE(queue.cancel(timeout));
  }
  REQUIRE(queue.size() == 0);
  FiredEvent fired;
  REQUIRE_FALSE(queue.pop(fired));
}

TEST_CASE("scheduling in the past is refused") {
  struct Counter final : EventHandler {
    void on_event(std::uint64_t) override {}
  } counter;
  Engine engine;
  engine.run_until(100);
  REQUIRE_THROWS_AS(engine.schedule_at(50, counter), std::logic_error);
}

TEST_CASE("a long bucket becomes a heap, and an earlier long one pushed after a stop takes its place") {
  NullHandler handler;
  EventQueue queue;
  std::map<std::pair<SimTime, std::uint64_t>, bool> shadow;
  std::uint64_t pushes = 0;
  auto push = [&](SimTime t) {
    queue.push(t, &handler, pushes);
    shadow.emplace(std::make_pair(t, pushes++), true);
  };
  // Fifty events in one 64 ns bucket, at 1,000..1,049 ns, pushed in reverse.
  for (int i = 49; i >= 0; --i) push(1000 + i);
  FiredEvent fired;
  REQUIRE_FALSE(queue.pop_until(999, fired));  // heaps the bucket, then stops short of it
  // Twenty more in an earlier bucket (900..919 ns): it is long too.
  for (int i = 19; i >= 0; --i) push(900 + i);
  // And some cancelled in both.
  const EventId gone_early = queue.push(905, &handler, 999'999);
  const EventId gone_late = queue.push(1010, &handler, 999'998);
  REQUIRE(queue.cancel(gone_early));
  REQUIRE(queue.cancel(gone_late));
  bool pushed_while_draining = false;
  while (queue.pop(fired)) {
    REQUIRE(fired.time == shadow.begin()->first.first);
    REQUIRE(fired.arg == shadow.begin()->first.second);
    shadow.erase(shadow.begin());
    if (fired.time == 1020 && !pushed_while_draining) {
      push(1020);  // into the heaped bucket while it drains: after the others at 1,020
      pushed_while_draining = true;
    }
  }
  REQUIRE(shadow.empty());
  REQUIRE(queue.size() == 0);
}

TEST_CASE("event queue keeps its order while the density swings (the calendar narrows and widens)") {
  // Phases of very different event densities, so the bucket width has to move
  // both ways (and rebuild the calendar) while events and cancellations are pending.
  ShadowedQueue q;
  RandomStream rng(11, "density");
  const std::uint64_t spreads[] = {4, 4'000, 4'000'000, 2, 400'000'000, 40};  // ns over which delays spread
  for (const std::uint64_t spread : spreads) {
    for (int step = 0; step < 60000; ++step) {
      const double u = rng.uniform01();
      if (u < 0.5 || q.shadow.size() < 64) {
        q.push(q.now + static_cast<SimTime>(rng.uniform_index(spread)), rng.bernoulli(0.2));
      } else if (u < 0.95) {
        q.pop();
      } else {
        q.cancel_one(rng);
      }
      REQUIRE(q.queue.size() == q.shadow.size());
    }
  }
  q.drain();
}

TEST_CASE("an observer sees each event that runs, before its handler, and no cancelled one") {
  struct Counter final : EventHandler {
    int runs = 0;
    void on_event(std::uint64_t) override { ++runs; }
  } a, b;
  struct Observer final : EventObserver {
    const Counter* a = nullptr;
    std::vector<std::pair<const EventHandler*, int>> seen;  // handler, and its runs when seen
    void fired(const EventHandler& handler) override { seen.emplace_back(&handler, &handler == a ? a->runs : -1); }
  } observer;
  observer.a = &a;
  Engine engine;
  engine.set_observer(&observer);
  engine.schedule_at(10, a);
  engine.schedule_at(20, b);
  engine.cancel(engine.schedule_at(15, b));
  engine.schedule_at(30, a);
  engine.run_until(25);
  engine.set_observer(nullptr);
  engine.run_until(40);
  REQUIRE(observer.seen.size() == 2);
  CHECK(observer.seen[0].first == &a);
  CHECK(observer.seen[0].second == 0);  // before a's handler ran
  CHECK(observer.seen[1].first == &b);
  CHECK(a.runs == 2);
  CHECK(b.runs == 1);
  CHECK(engine.events_processed() == 3);
}
