// SharedCapacity: max-min sharing with rate caps, exact completion times on
// hand-checked cases, a random workload against a naive per-flow fluid model,
// and the structural promise that one event serves the whole station.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "sim/engine.hpp"
#include "sim/random.hpp"
#include "sim/shared_capacity.hpp"

using namespace hcisim::sim;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

struct CompletionTimes final : EventHandler {
  Engine* engine = nullptr;
  std::vector<SimTime> at;
  explicit CompletionTimes(Engine& e, std::size_t n = 16) : engine(&e), at(n, -1) {}
  void on_event(std::uint64_t arg) override { at[arg] = engine->now(); }
};
}  // namespace

TEST_CASE("max-min sharing: capacity 100, caps 10, 30, inf, inf -> rates 10, 30, 30, 30", "[sharing]") {
  Engine engine;
  SharedCapacity link(engine, 100.0);
  const int cap10 = link.rate_class(10.0);
  const int cap30 = link.rate_class(30.0);
  const int open = link.rate_class();
  REQUIRE(link.rate_class(30.0) == cap30);  // same cap, same class
  CompletionTimes done(engine);
  link.submit(100.0, cap10, done, 0);
  link.submit(300.0, cap30, done, 1);
  link.submit(300.0, open, done, 2);
  link.submit(600.0, open, done, 3);
  REQUIRE(link.class_rate(cap10) == 10.0);
  REQUIRE(link.class_rate(cap30) == 30.0);
  REQUIRE(link.class_rate(open) == 30.0);
  REQUIRE(link.active() == 4);
  engine.run_until(20 * kSecond);
  // At 30/s the first three finish together at 10 s; flow 3 has 300 left and then
  // runs alone, uncapped, at 100/s: 3 s more.
  REQUIRE(done.at[0] == 10 * kSecond);
  REQUIRE(done.at[1] == 10 * kSecond);
  REQUIRE(done.at[2] == 10 * kSecond);
  REQUIRE(done.at[3] == 13 * kSecond);
  REQUIRE(link.completed() == 4);
  REQUIRE(link.active() == 0);
  // Full for 13 s of 20.
  REQUIRE(link.utilisation() == Approx(13.0 / 20.0).epsilon(1e-9));
}

TEST_CASE("max-min sharing: when a flow leaves or arrives the others change speed at once", "[sharing]") {
  // A flow that arrives from inside a completion callback (re-entrant submit).
  struct Chain final : EventHandler {
    SharedCapacity* link = nullptr;
    CompletionTimes* times = nullptr;
    int open_class = 0;
    void on_event(std::uint64_t arg) override {
      times->on_event(arg);
      if (arg == 1) link->submit(45.0, open_class, *times, 3);  // follows flow 1
    }
  };
  Engine engine;
  SharedCapacity link(engine, 90.0);
  const int cap10 = link.rate_class(10.0);
  const int open = link.rate_class();
  CompletionTimes done(engine);
  Chain chain;
  chain.link = &link;
  chain.times = &done;
  chain.open_class = open;
  link.submit(50.0, cap10, done, 0);  // 10/s throughout
  link.submit(80.0, open, chain, 1);  // 40/s: done at 2 s
  link.submit(200.0, open, done, 2);  // 40/s until 2 s (80 done), then shares with flow 3
  engine.run_until(2 * kSecond);
  REQUIRE(done.at[1] == 2 * kSecond);
  // Flow 3 arrived at 2 s; 80 left for two uncapped flows: 40/s each.
  REQUIRE(link.class_rate(open) == 40.0);
  REQUIRE(link.class_active(open) == 2);
  engine.run_until(10 * kSecond);
  // Flow 3 (45) done at 2 + 45/40 = 3.125 s; flow 2 had 120 - 45 = 75 left, alone at 80/s.
  REQUIRE(done.at[3] == 3'125'000'000);
  REQUIRE(done.at[2] == 3'125'000'000 + 937'500'000);
  REQUIRE(done.at[0] == 5 * kSecond);
}

TEST_CASE("shared capacity keeps one pending event however many flows are in flight", "[sharing]") {
  Engine engine;
  SharedCapacity link(engine, 1e9);
  const int open = link.rate_class();
  const int capped = link.rate_class(1e6);
  CompletionTimes done(engine, 4096);
  RandomStream rng(3, "flows");
  for (std::uint64_t f = 0; f < 4096; ++f) link.submit(1e3 + rng.uniform01() * 1e6, f % 2 ? open : capped, done, f);
  REQUIRE(link.active() == 4096);
  REQUIRE(engine.pending_events() == 1);
  engine.run_until(20 * kMillisecond);  // 4096 flows share 1e9/s: the smallest (1e3) are done
  REQUIRE(engine.pending_events() == 1);
  REQUIRE(link.active() < 4096);
  engine.run_until(100 * kSecond);
  REQUIRE(link.active() == 0);
  REQUIRE(engine.pending_events() == 0);
  REQUIRE(std::count(done.at.begin(), done.at.end(), -1) == 0);
}

namespace {
// A deliberately naive fluid model: every flow's remaining work is updated at
// every step and the water-filling runs over individual flows. O(n) per step.
struct NaiveFlow {
  double remaining;
  double cap;
  std::uint64_t id;
  double rate = 0;
};

void naive_water_fill(std::vector<NaiveFlow>& flows, double capacity) {
  std::vector<NaiveFlow*> order;
  for (auto& f : flows) order.push_back(&f);
  std::sort(order.begin(), order.end(), [](const NaiveFlow* a, const NaiveFlow* b) { return a->cap < b->cap; });
  double left = capacity;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const double fair = left / static_cast<double>(order.size() - i);
    order[i]->rate = std::min(order[i]->cap, fair);
    left -= order[i]->rate;
  }
}

struct Arrival {
  double time_s;
  double amount;
  int cap_index;
};

// Completion time (s) of each flow under exact max-min sharing.
std::vector<double> naive_completion_times(const std::vector<Arrival>& arrivals, const std::vector<double>& caps,
                                           double capacity) {
  std::vector<double> finish(arrivals.size(), -1.0);
  std::vector<NaiveFlow> flows;
  double now = 0;
  std::size_t next = 0;
  while (next < arrivals.size() || !flows.empty()) {
    naive_water_fill(flows, capacity);
    double step = next < arrivals.size() ? arrivals[next].time_s - now : kInf;
    for (const auto& f : flows) step = std::min(step, f.remaining / f.rate);
    now += step;
    for (auto& f : flows) f.remaining -= f.rate * step;
    for (auto& f : flows)
      if (f.remaining <= 1e-9 * (1.0 + f.rate)) finish[f.id] = now;
    flows.erase(std::remove_if(flows.begin(), flows.end(), [&](const NaiveFlow& f) { return finish[f.id] >= 0; }),
                flows.end());
    while (next < arrivals.size() && arrivals[next].time_s <= now) {
      flows.push_back({arrivals[next].amount, caps[static_cast<std::size_t>(arrivals[next].cap_index)], next});
      ++next;
    }
  }
  return finish;
}

struct ArrivalFeeder final : EventHandler {
  SharedCapacity* link = nullptr;
  const std::vector<Arrival>* arrivals = nullptr;
  const std::vector<int>* classes = nullptr;
  EventHandler* done = nullptr;
  std::size_t peak_active = 0;
  void on_event(std::uint64_t i) override {
    const Arrival& a = (*arrivals)[i];
    link->submit(a.amount, (*classes)[static_cast<std::size_t>(a.cap_index)], *done, i);
    peak_active = std::max(peak_active, link->active());
  }
};
}  // namespace

TEST_CASE("shared capacity matches a naive per-flow fluid model on a random workload", "[sharing]") {
  // 25 Gb/s port; flows of 4 KiB..1 MiB; caps: a slow tenant, a medium one, uncapped.
  const double capacity = 3.125e9;
  const std::vector<double> caps = {2e8, 1e9, kInf};
  RandomStream rng(99, "workload");
  std::vector<Arrival> arrivals;
  double t = 0;
  for (int i = 0; i < 5000; ++i) {
    t += rng.exponential(80e-6);  // arrivals in whole ns, as the simulator sees them
    t = std::round(t * 1e9) * 1e-9;
    const double amount = std::round(4096.0 * std::pow(256.0, rng.uniform01()));
    arrivals.push_back({t, amount, static_cast<int>(rng.uniform_index(3))});
  }
  const std::vector<double> expected = naive_completion_times(arrivals, caps, capacity);

  Engine engine;
  SharedCapacity link(engine, capacity);
  std::vector<int> classes;
  for (double cap : caps) classes.push_back(link.rate_class(cap));
  CompletionTimes done(engine, arrivals.size());
  ArrivalFeeder feeder;
  feeder.link = &link;
  feeder.arrivals = &arrivals;
  feeder.classes = &classes;
  feeder.done = &done;
  for (std::size_t i = 0; i < arrivals.size(); ++i)
    engine.schedule_at(static_cast<SimTime>(std::llround(arrivals[i].time_s * 1e9)), feeder, i);
  engine.run_until(static_cast<SimTime>(t * 1e9) + 10 * kSecond);

  double max_error_ns = 0, total_error_ns = 0;
  REQUIRE(std::count(done.at.begin(), done.at.end(), -1) == 0);
  for (std::size_t i = 0; i < arrivals.size(); ++i) {
    const double error = std::abs(static_cast<double>(done.at[i]) - expected[i] * 1e9);
    max_error_ns = std::max(max_error_ns, error);
    total_error_ns += error;
  }
  // Each completion is rounded up to a whole ns, which holds back the others by a
  // fraction of a ns; over a long busy period that adds up to a few tens of ns.
  // A wrong share would be off by microseconds (flows last 4 us .. 5 ms).
  CHECK(total_error_ns / static_cast<double>(arrivals.size()) < 3.0);
  CHECK(max_error_ns < 50.0);
  CHECK(link.completed() == arrivals.size());
  // The workload really mixed many flows of all classes at once.
  CHECK(feeder.peak_active >= 20);
}

TEST_CASE("shared capacity rejects nonsense", "[sharing]") {
  Engine engine;
  REQUIRE_THROWS_AS(SharedCapacity(engine, 0.0), std::invalid_argument);
  REQUIRE_THROWS_AS(SharedCapacity(engine, kInf), std::invalid_argument);
  SharedCapacity link(engine, 10.0);
  REQUIRE_THROWS_AS(link.rate_class(0.0), std::invalid_argument);
  CompletionTimes done(engine);
  REQUIRE_THROWS_AS(link.submit(1.0, 0, done, 0), std::out_of_range);
  const int open = link.rate_class();
  REQUIRE_THROWS_AS(link.submit(-1.0, open, done, 0), std::invalid_argument);
}

namespace {
struct Counter final : EventHandler {
  std::vector<int> calls = std::vector<int>(16, 0);
  void on_event(std::uint64_t arg) override { ++calls[arg]; }
};

// Submits one flow when its event runs; as a predicted flow when given a
// `converted` handler.
struct SubmitLater final : EventHandler {
  SubmitLater(SharedCapacity& l, CompletionTimes& d, double a, int c, std::uint64_t i, Counter* conv = nullptr)
      : link(&l), done(&d), amount(a), cls(c), id(i), converted(conv) {}
  void on_event(std::uint64_t) override {
    if (converted != nullptr) {
      link->start_predicted(link->predict(amount, cls), *done, *converted, id);
    } else {
      link->submit(amount, cls, *done, id);
    }
  }
  SharedCapacity* link;
  CompletionTimes* done;
  double amount;
  int cls;
  std::uint64_t id;
  Counter* converted;
};
}  // namespace

TEST_CASE("a predicted flow completes when submit() would have completed it", "[sharing]") {
  // 1000 units/s, one class capped at 400/s: alone, 100 units take 0.25 s.
  Engine engine;
  SharedCapacity link(engine, 1000.0);
  const int capped = link.rate_class(400.0);
  const int open = link.rate_class();
  CompletionTimes done(engine);
  Counter converted;
  REQUIRE(link.idle());
  CHECK(link.predict(100.0, capped).finish == 250'000'000);
  const SimTime finish = link.start_predicted(link.predict(100.0, capped), done, converted, 0);
  CHECK(finish == 250'000'000);
  CHECK(link.predicted_in_flight() == 1);
  CHECK(link.class_rate(capped) == 400.0);
  CHECK(link.predict(1.0, open).finish == -1);  // another class would change the sharing
  CHECK(link.active() == 1);
  CHECK(engine.pending_events() == 0);  // no event for it
  engine.run_until(1'000'000'000);
  CHECK(link.active() == 0);
  CHECK(link.completed() == 1);
  CHECK(link.utilisation() == Approx(0.4 * 0.25));  // 40 % of capacity for a quarter of the second
  CHECK(link.mean_active() == Approx(0.25));
  CHECK(link.idle());
  CHECK(done.at[0] == -1);  // no callback: its owner had the time
  CHECK(converted.calls[0] == 0);
}

TEST_CASE("flows predicted side by side while each gets its cap; the one that would not is refused", "[sharing]") {
  // 1000 units/s, cap 400/s: two flows at 400 each fit, a third would cut everyone to 333.
  Engine engine;
  SharedCapacity link(engine, 1000.0);
  const int capped = link.rate_class(400.0);
  CompletionTimes done(engine);
  Counter converted;
  CHECK(link.start_predicted(link.predict(100.0, capped), done, converted, 0) == 250'000'000);
  CHECK(link.predict(40.0, capped).finish == 100'000'000);
  CHECK(link.start_predicted(link.predict(40.0, capped), done, converted, 1) == 100'000'000);
  CHECK(link.predict(1.0, capped).finish == -1);
  CHECK(link.predicted_in_flight() == 2);
  CHECK(link.class_active(capped) == 2);
  engine.run_until(150'000'000);
  CHECK(link.predicted_in_flight() == 1);  // the short one is through
  CHECK(link.completed() == 1);
  // Room again beside the long one.
  CHECK(link.start_predicted(link.predict(20.0, capped), done, converted, 2) == 150'000'000 + 50'000'000);
  engine.run_until(1'000'000'000);
  CHECK(link.completed() == 3);
  CHECK(link.active() == 0);
  // Busy share: 0.8 over [0, 0.1), 0.4 over [0.1, 0.15), 0.8 over [0.15, 0.2), 0.4 over [0.2, 0.25) -> 0.12 of 1 s.
  CHECK(link.utilisation() == Approx(0.08 + 0.02 + 0.04 + 0.02));
  CHECK(link.mean_active() == Approx(2 * 0.1 + 0.05 + 2 * 0.05 + 0.05));
  CHECK(converted.calls == std::vector<int>(16, 0));
  CHECK(done.at[0] == -1);
}

TEST_CASE("a predicted flow that another arrival slows becomes ordinary and shares exactly as a submitted one",
          "[sharing]") {
  // Capacity 100, uncapped: flow A (50 units) alone; at 0.2 s flow B (30) arrives.
  // Both then run at 50/s: A has 30 left -> done at 0.8 s, B done at 0.8 s too.
  auto run = [](bool predicted) {
    Engine engine;
    SharedCapacity link(engine, 100.0);
    const int open = link.rate_class();
    CompletionTimes done(engine);
    Counter converted;
    SubmitLater arrival(link, done, 30.0, open, 1);
    if (predicted) {
      CHECK(link.start_predicted(link.predict(50.0, open), done, converted, 0) == 500'000'000);
    } else {
      link.submit(50.0, open, done, 0);
    }
    engine.schedule_at(200'000'000, arrival);
    engine.run_until(2'000'000'000);
    CHECK(converted.calls[0] == (predicted ? 1 : 0));  // its owner is told, once
    return std::make_pair(done.at, link.utilisation());
  };
  const auto [submitted_at, submitted_util] = run(false);
  const auto [predicted_at, predicted_util] = run(true);
  CHECK(submitted_at[0] == 800'000'000);
  CHECK(submitted_at[1] == 800'000'000);
  CHECK(predicted_at == submitted_at);
  CHECK(predicted_util == submitted_util);
  CHECK(predicted_util == Approx(0.4));  // busy 0.8 s of 2 s
}

TEST_CASE("predicted flows count in the statistics window from its start, whether they settle or convert",
          "[sharing]") {
  // Capacity 1000, cap 400. A (200 units, 0 -> 0.5 s) and B (40 units, 0.05 -> 0.15 s) are
  // predicted; the window starts at 0.1 s, while both are in flight. At 0.3 s an uncapped
  // flow C (100 units) arrives: A (80 left) becomes ordinary, at its cap beside C at 600.
  // Against the same flows submitted, the statistics agree: what each ran before 0.1 s is
  // out of the window, what it ran after is in, predicted or not.
  struct ResetAt final : EventHandler {
    SharedCapacity* link;
    void on_event(std::uint64_t) override { link->reset_stats(); }
  };
  auto run = [](bool predicted) {
    Engine engine;
    SharedCapacity link(engine, 1000.0);
    const int capped = link.rate_class(400.0);
    const int open = link.rate_class();
    CompletionTimes done(engine);
    Counter converted;
    SubmitLater a(link, done, 200.0, capped, 0, predicted ? &converted : nullptr);
    SubmitLater b(link, done, 40.0, capped, 1, predicted ? &converted : nullptr);
    ResetAt reset{};
    reset.link = &link;
    SubmitLater arrival(link, done, 100.0, open, 2);
    engine.schedule_at(0, a);
    engine.schedule_at(50'000'000, b);
    engine.schedule_at(100'000'000, reset);
    engine.schedule_at(300'000'000, arrival);
    engine.run_until(250'000'000);
    const double util_mid = link.utilisation();
    const double active_mid = link.mean_active();
    engine.run_until(1'000'000'000);
    CHECK(converted.calls[0] == (predicted ? 1 : 0));
    CHECK(converted.calls[1] == 0);  // it settled before anything changed
    return std::vector<double>{util_mid,
                               active_mid,
                               link.utilisation(),
                               link.mean_active(),
                               static_cast<double>(done.at[0]),
                               static_cast<double>(done.at[2])};
  };
  const auto submitted = run(false);
  const auto predicted = run(true);
  // Window [0.1, 0.25]: A at 0.4 throughout, B at 0.4 until 0.15 -> (0.06 + 0.02) / 0.15.
  CHECK(submitted[0] == Approx(0.08 / 0.15));
  CHECK(submitted[1] == Approx((0.15 + 0.05) / 0.15));
  // C: 100 at 600/s from 0.3 s -> 0.4667 s; A: 80 left at 0.3 s, at 400/s -> 0.5 s.
  CHECK(submitted[5] == 466'666'667);
  CHECK(submitted[4] == 500'000'000);
  // Window [0.1, 1]: A 0.4 until 0.5, B 0.4 until 0.15, C 0.6 over [0.3, 0.4667].
  CHECK(submitted[2] == Approx((0.4 * 0.4 + 0.4 * 0.05 + 0.6 * (0.1 / 0.6)) / 0.9));
  for (std::size_t i = 0; i < 4; ++i) CHECK(predicted[i] == Approx(submitted[i]).epsilon(1e-12));
  CHECK(predicted[4] == submitted[4]);
  CHECK(predicted[5] == submitted[5]);
}

TEST_CASE("flows of two classes are predicted side by side while their caps fit, and convert as submitted ones",
          "[sharing]") {
  // Capacity 1000; caps 300 and 600: one of each fits (900), a second 300 would not.
  // At 0.1 s an uncapped flow of 500 arrives: max-min sharing then gives 300, 350 and
  // 350, and every completion time equals that of the same flows submitted.
  auto run = [](bool predicted) {
    Engine engine;
    SharedCapacity link(engine, 1000.0);
    const int small = link.rate_class(300.0);
    const int large = link.rate_class(600.0);
    const int open = link.rate_class();
    CompletionTimes done(engine);
    Counter converted;
    if (predicted) {
      CHECK(link.start_predicted(link.predict(90.0, small), done, converted, 0) == 300'000'000);
      CHECK(link.start_predicted(link.predict(240.0, large), done, converted, 1) == 400'000'000);
      CHECK(link.predict(1.0, small).finish == -1);
      CHECK(link.class_active(small) == 1);
      CHECK(link.class_rate(large) == 600.0);
    } else {
      link.submit(90.0, small, done, 0);
      link.submit(240.0, large, done, 1);
    }
    SubmitLater arrival(link, done, 500.0, open, 2);
    engine.schedule_at(100'000'000, arrival);
    engine.run_until(2'000'000'000);
    CHECK(converted.calls[0] == (predicted ? 1 : 0));
    CHECK(converted.calls[1] == (predicted ? 1 : 0));
    return std::make_pair(done.at, link.utilisation());
  };
  const auto [submitted_at, submitted_util] = run(false);
  const auto [predicted_at, predicted_util] = run(true);
  // Small: 60 left at 0.1 s, at its 300/s -> 0.3 s. Large: 180 left at 350/s; at 0.3 s 110
  // left, then 500/s beside the open flow -> 0.52 s. Open: 70 by 0.3 s, 110 more by 0.52 s,
  // 320 left alone at 1000/s -> 0.84 s.
  CHECK(submitted_at[0] == 300'000'000);
  CHECK(submitted_at[1] == 520'000'000);
  CHECK(submitted_at[2] == 840'000'000);
  CHECK(predicted_at == submitted_at);
  CHECK(predicted_util == Approx(submitted_util));
}

TEST_CASE("predicted and ordinary flows side by side while every cap fits; one too many converts", "[sharing]") {
  // Capacity 1000, cap 300: A ordinary (90 units), B predicted (150), C ordinary (60) all at
  // 300/s; at 0.1 s D (300) arrives: 4 x 300 > 1000, so B becomes ordinary and the four share.
  auto run = [](bool predicted) {
    Engine engine;
    SharedCapacity link(engine, 1000.0);
    const int capped = link.rate_class(300.0);
    CompletionTimes done(engine);
    Counter converted;
    link.submit(90.0, capped, done, 0);
    if (predicted) {
      CHECK(link.start_predicted(link.predict(150.0, capped), done, converted, 1) == 500'000'000);
    } else {
      link.submit(150.0, capped, done, 1);
    }
    link.submit(60.0, capped, done, 2);
    CHECK(converted.calls[1] == 0);  // three caps fit: nothing changed for B
    CHECK(link.class_rate(capped) == 300.0);
    SubmitLater arrival(link, done, 300.0, capped, 3);
    engine.schedule_at(100'000'000, arrival);
    engine.run_until(2'000'000'000);
    CHECK(converted.calls[1] == (predicted ? 1 : 0));
    return std::make_pair(done.at, link.utilisation());
  };
  const auto [submitted_at, submitted_util] = run(false);
  const auto [predicted_at, predicted_util] = run(true);
  // From 0.1 s four flows at 250/s: C (30 left) ends at 0.22 s; then three at 300/s: A
  // (90 - 30 - 30 = 30 left at 0.22 s) ends at 0.32 s, B (150 - 30 - 30 = 90 left) at
  // 0.52 s, D (300 - 30 = 270 left at 0.22 s, at its cap from then on) at 1.12 s.
  CHECK(submitted_at[2] == 220'000'000);
  CHECK(submitted_at[3] == 1'120'000'000);
  CHECK(submitted_at[0] == 320'000'000);
  CHECK(submitted_at[1] == 520'000'000);
  CHECK(predicted_at == submitted_at);
  CHECK(predicted_util == Approx(submitted_util));
}

TEST_CASE("a capacity change turns predicted flows into ordinary ones", "[sharing]") {
  // Capacity 100, uncapped: A (50 units) predicted to end at 0.5 s; at 0.1 s the
  // capacity halves: 40 left at 50/s -> done at 0.9 s, through its callback.
  Engine engine;
  SharedCapacity link(engine, 100.0);
  const int open = link.rate_class();
  CompletionTimes done(engine);
  Counter converted;
  CHECK(link.start_predicted(link.predict(50.0, open), done, converted, 0) == 500'000'000);
  struct Halve final : EventHandler {
    SharedCapacity* link;
    void on_event(std::uint64_t) override { link->set_capacity(50.0); }
  } halve;
  halve.link = &link;
  engine.schedule_at(100'000'000, halve);
  engine.run_until(2'000'000'000);
  CHECK(converted.calls[0] == 1);
  CHECK(done.at[0] == 900'000'000);
  CHECK(link.predicted_in_flight() == 0);
}

TEST_CASE("start_predicted for a flow predict() refuses, or with a stale prediction, is a logic error", "[sharing]") {
  Engine engine;
  SharedCapacity link(engine, 10.0);
  const int open = link.rate_class();
  CompletionTimes done(engine);
  Counter converted;
  link.submit(5.0, open, done, 0);
  CHECK(link.predict(1.0, open).finish == -1);  // an ordinary flow is in flight
  REQUIRE_THROWS_AS(link.start_predicted(link.predict(1.0, open), done, converted, 1), std::logic_error);
  engine.run_until(1'000'000'000);  // past its completion: the station is free again
  CHECK(link.predict(1.0, open).finish == 1'100'000'000);
  // A prediction outlived by a change of the station is refused too: it was timed on the old state.
  const SharedCapacity::Prediction stale = link.predict(1.0, open);
  link.submit(1.0, open, done, 2);
  REQUIRE_THROWS_AS(link.start_predicted(stale, done, converted, 3), std::logic_error);
}

TEST_CASE("set_capacity: the flows in flight keep what they received and share the new capacity", "[sharing]") {
  Engine engine;
  SharedCapacity link(engine, 100.0);
  const int open = link.rate_class();
  const int cap30 = link.rate_class(30.0);
  CompletionTimes done(engine);
  link.submit(300.0, open, done, 0);
  link.submit(300.0, open, done, 1);
  engine.run_until(2 * kSecond);  // 50/s each: 100 received, 200 to go
  link.set_capacity(40.0);        // a port lost: 20/s each, 10 s more
  REQUIRE(link.class_rate(open) == 20.0);
  engine.run_until(20 * kSecond);
  REQUIRE(done.at[0] == 12 * kSecond);
  REQUIRE(done.at[1] == 12 * kSecond);
  // Regained: a capped flow returns to its cap, not beyond.
  link.submit(300.0, cap30, done, 2);
  link.set_capacity(20.0);
  REQUIRE(link.class_rate(cap30) == 20.0);
  engine.run_until(25 * kSecond);  // 100 received at 20/s
  link.set_capacity(100.0);
  REQUIRE(link.class_rate(cap30) == 30.0);
  engine.run_until(40 * kSecond);
  REQUIRE(std::abs(done.at[2] - (25 * kSecond + 200 * kSecond / 30)) <= 1);  // within the 1 ns rounding
  CHECK_THROWS_AS(link.set_capacity(0.0), std::invalid_argument);
}
