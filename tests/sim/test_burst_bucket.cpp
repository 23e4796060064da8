// BurstBucket against its definition: a saturating source from full credits
// gets the peak rate for exactly (credit_depth - peak_depth) / (peak - base),
// then the base rate; credits grow at base - used while below the base rate;
// every window conforms to min(credit_depth + base t, peak_depth + peak t).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "sim/burst_bucket.hpp"
#include "sim/engine.hpp"
#include "sim/random.hpp"

using namespace hcisim::sim;

namespace {
struct Grant {
  SimTime time;
  double tokens;
};

// Largest (tokens granted in a window) - rate * (window length), over all windows (O(n) scan).
double largest_excess_over_rate(const std::vector<Grant>& grants, double rate) {
  double cumulative = 0, lowest = std::numeric_limits<double>::infinity(), largest = -lowest;
  for (const Grant& g : grants) {
    lowest = std::min(lowest, cumulative - rate * to_seconds(g.time));
    cumulative += g.tokens;
    largest = std::max(largest, cumulative - rate * to_seconds(g.time) - lowest);
  }
  return largest;
}

// Requests `size` again each time it is granted, until stop_at: saturates the bucket.
struct GreedySource final : EventHandler {
  Engine* engine = nullptr;
  BurstBucket* bucket = nullptr;
  double size = 1;
  SimTime stop_at = 0;
  std::vector<Grant> grants;

  void on_event(std::uint64_t) override {
    grants.push_back({engine->now(), size});
    keep_requesting();
  }
  void keep_requesting() {
    while (engine->now() < stop_at) {
      if (!bucket->request(size, *this, 0)) return;
      grants.push_back({engine->now(), size});
    }
  }
};

double granted_between(const std::vector<Grant>& grants, SimTime from, SimTime to) {
  double sum = 0;
  for (const Grant& g : grants)
    if (g.time >= from && g.time < to) sum += g.tokens;
  return sum;
}
}  // namespace

TEST_CASE("burst bucket: a saturating source bursts at the peak rate, then falls back to the base rate",
          "[burst-bucket]") {
  // base 100/s, peak 300/s, credits 1000, peak depth 10: burst lasts (1000 - 10) / 200 = 4.95 s.
  Engine engine;
  BurstBucket bucket(engine, 100.0, 1000.0, 300.0, 10.0, 1000.0);
  GreedySource source;
  source.engine = &engine;
  source.bucket = &bucket;
  source.stop_at = 20 * kSecond;
  source.keep_requesting();
  REQUIRE(source.grants.size() == 10);  // the peak depth at once
  engine.run_until(20 * kSecond);
  CHECK(granted_between(source.grants, 1 * kSecond, 4 * kSecond) == Approx(900.0).margin(1.0));    // 300/s
  CHECK(granted_between(source.grants, 6 * kSecond, 19 * kSecond) == Approx(1300.0).margin(1.0));  // 100/s
  // Everything by t = credits + base t once the credits are spent.
  CHECK(bucket.granted_total() == Approx(1000.0 + 100.0 * 20).margin(1.0));
  // The switch happens when the credits run out: the last grant 1/300 s apart is at ~4.95 s.
  SimTime last_fast = 0;
  for (std::size_t i = 11; i < source.grants.size(); ++i)
    if (source.grants[i].time - source.grants[i - 1].time < 5 * kMillisecond) last_fast = source.grants[i].time;
  CHECK(to_seconds(last_fast) == Approx(4.95).margin(0.01));
}

TEST_CASE("burst bucket: credits grow at base - used below the base rate and buy a burst of that length",
          "[burst-bucket]") {
  Engine engine;
  BurstBucket bucket(engine, 100.0, 1000.0, 300.0, 10.0, 0.0);  // starts with no credits
  struct Null final : EventHandler {
    void on_event(std::uint64_t) override {}
  } null;
  // 40 tokens/s for 5 s (below base): credits grow at 60/s, to 300.
  struct Paced final : EventHandler {
    Engine* engine = nullptr;
    BurstBucket* bucket = nullptr;
    EventHandler* null = nullptr;
    void on_event(std::uint64_t) override {
      REQUIRE(bucket->request(1.0, *null, 0));  // below both rates: never waits
      if (engine->now() + 25 * kMillisecond < 5 * kSecond) engine->schedule_in(25 * kMillisecond, *this);
    }
  } paced;
  paced.engine = &engine;
  paced.bucket = &bucket;
  paced.null = &null;
  engine.schedule_at(25 * kMillisecond, paced);
  engine.run_until(5 * kSecond);
  CHECK(bucket.credits_now() == Approx(500.0 - 199.0).margin(1e-6));  // 100/s x 5 s accrued, 199 used
  // Now saturate: burst for (301 - 10) / 200 = 1.455 s, then the base rate.
  GreedySource source;
  source.engine = &engine;
  source.bucket = &bucket;
  source.stop_at = 10 * kSecond;
  source.keep_requesting();
  engine.run_until(10 * kSecond);
  CHECK(granted_between(source.grants, 5 * kSecond, 6 * kSecond) == Approx(10 + 300.0).margin(1.0));
  CHECK(granted_between(source.grants, 7 * kSecond, 10 * kSecond) == Approx(300.0).margin(1.0));
  CHECK(bucket.granted_total() - 199.0 == Approx(301.0 + 100.0 * 5).margin(1.0));
}

TEST_CASE("burst bucket: random overload conforms to both envelopes in every window", "[burst-bucket]") {
  const double base = 2000, credits = 5000, peak = 6000, peak_depth = 100, horizon_s = 150;
  Engine engine;
  BurstBucket bucket(engine, base, credits, peak, peak_depth, credits);
  struct Recorder final : EventHandler {
    Engine* engine = nullptr;
    std::vector<Grant>* grants = nullptr;
    std::vector<double>* sizes = nullptr;
    void on_event(std::uint64_t id) override { grants->push_back({engine->now(), (*sizes)[id]}); }
  } recorder;
  std::vector<Grant> grants;
  std::vector<double> sizes;
  recorder.engine = &engine;
  recorder.grants = &grants;
  recorder.sizes = &sizes;
  // On-off Poisson source: 10 s at ~3x base (bursting), 10 s at ~0.2x base (saving credits).
  struct Source final : EventHandler {
    Engine* engine = nullptr;
    BurstBucket* bucket = nullptr;
    Recorder* recorder = nullptr;
    std::vector<double>* sizes = nullptr;
    RandomStream rng{7, "requests"};
    void on_event(std::uint64_t) override {
      const std::uint64_t id = sizes->size();
      sizes->push_back(std::min(100.0, 1.0 + std::floor(rng.exponential(19.0))));
      if (bucket->request(sizes->back(), *recorder, id)) recorder->on_event(id);
      const bool busy = (engine->now() / (10 * kSecond)) % 2 == 0;
      const double rate = busy ? 3 * 2000.0 : 0.2 * 2000.0;
      engine->schedule_in(static_cast<SimTime>(rng.exponential(20.0 / rate * 1e9)), *this);
    }
  } source;
  source.engine = &engine;
  source.bucket = &bucket;
  source.recorder = &recorder;
  source.sizes = &sizes;
  engine.schedule_at(0, source);
  engine.run_until(from_seconds(horizon_s));
  REQUIRE(grants.size() > 10'000);
  CHECK(largest_excess_over_rate(grants, base) <= credits + 1e-6);
  CHECK(largest_excess_over_rate(grants, peak) <= peak_depth + 1e-6);
  // The first busy phase really spends the credits: close to the base envelope.
  CHECK(largest_excess_over_rate(grants, base) >= credits - 200);
}

TEST_CASE("burst bucket with peak == base behaves as a token bucket of that rate", "[burst-bucket]") {
  Engine engine;
  BurstBucket bucket(engine, 1000.0, 50.0, 1000.0, 50.0, 50.0);
  GreedySource source;
  source.engine = &engine;
  source.bucket = &bucket;
  source.stop_at = 10 * kSecond;
  source.keep_requesting();
  REQUIRE(source.grants.size() == 50);
  engine.run_until(10 * kSecond);
  CHECK(source.grants[50].time == 1 * kMillisecond);
  CHECK(source.grants.size() == 50 + 10'000);
}

TEST_CASE("burst bucket rejects nonsense", "[burst-bucket]") {
  Engine engine;
  CHECK_THROWS_AS(BurstBucket(engine, 0, 1, 1, 1, 0), std::invalid_argument);
  CHECK_THROWS_AS(BurstBucket(engine, 2, 1, 1, 1, 0), std::invalid_argument);  // peak below base
  CHECK_THROWS_AS(BurstBucket(engine, 1, 1, 2, 1, 2), std::invalid_argument);  // credits above depth
  CHECK_THROWS_AS(BurstBucket(engine, 1, 0, 2, 1, 0), std::invalid_argument);
}

TEST_CASE("burst bucket: a wait too long for SimTime is an error, not an overflowed cast", "[burst-bucket]") {
  Engine engine;
  // 1e-300 tokens/s (a cloud disk of 1e-300 IOPS): the second token would come after ~1e300 s.
  BurstBucket tiny(engine, 1e-300, 1, 1e-300, 1, 1);
  GreedySource greedy;
  greedy.engine = &engine;
  greedy.bucket = &tiny;
  greedy.stop_at = kSecond;
  CHECK_THROWS_WITH(greedy.keep_requesting(), Catch::Matchers::Contains("more than 100 years"));
}

TEST_CASE("burst bucket counts the time requests wait: the whole run when saturated, none below the rate",
          "[burst-bucket]") {
  Engine engine;
  // 1,000 tokens/s, no burst, 10 tokens deep.
  BurstBucket saturated(engine, 1000, 10, 1000, 10, 10);
  BurstBucket idle(engine, 1000, 10, 1000, 10, 10);
  GreedySource greedy;
  greedy.engine = &engine;
  greedy.bucket = &saturated;
  greedy.stop_at = 10 * kSecond;
  greedy.keep_requesting();
  // A paced source at half the rate never waits: one token every 2 ms.
  struct Paced final : EventHandler {
    Engine* engine = nullptr;
    BurstBucket* bucket = nullptr;
    int refused = 0;
    void on_event(std::uint64_t) override {
      if (!bucket->request(1, *this, 1)) ++refused;
      if (engine->now() < 10 * kSecond) engine->schedule_in(2 * kMillisecond, *this, 0);
    }
  } paced;
  paced.engine = &engine;
  paced.bucket = &idle;
  engine.schedule_at(0, paced, 0);
  engine.run_until(10 * kSecond);
  // The greedy source empties the 10 tokens at once, then always has a request waiting.
  CHECK(to_seconds(saturated.waiting_time(engine.now())) == Approx(10.0).epsilon(1e-3));
  CHECK(idle.waiting_time(engine.now()) == 0);
  CHECK(paced.refused == 0);
}
