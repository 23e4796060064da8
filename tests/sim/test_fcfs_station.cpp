// FcfsStation: exact behaviour on small hand-checked cases, then the classic
// open queues against their closed forms (M/M/1, M/M/c via Erlang C, M/D/1 via
// Pollaczek-Khinchine).
#include <catch2/catch.hpp>

#include <cmath>
#include <utility>
#include <vector>

#include "sim/engine.hpp"
#include "sim/fcfs_station.hpp"
#include "tests/sim/queueing_harness.hpp"

using namespace hcisim::sim;
using qtest::check_interval;
using qtest::PoissonSource;
using qtest::ServiceDistribution;

namespace {
struct CompletionLog final : EventHandler {
  Engine* engine = nullptr;
  std::vector<std::pair<std::uint64_t, SimTime>> seen;  // (arg, time)
  void on_event(std::uint64_t arg) override { seen.emplace_back(arg, engine->now()); }
};
}  // namespace

TEST_CASE("FCFS station serves in arrival order on the first free server, with exact times", "[queueing][fcfs]") {
  Engine engine;
  FcfsStation station(engine, 2);
  CompletionLog log;
  log.engine = &engine;
  station.submit(10, log, 0);
  station.submit(20, log, 1);
  station.submit(5, log, 2);  // waits for job 0's server: runs 10..15
  station.submit(7, log, 3);  // waits for job 2's server: runs 15..22
  REQUIRE(station.busy() == 2);
  REQUIRE(station.queued() == 2);
  engine.run_until(22);
  using Seen = std::vector<std::pair<std::uint64_t, SimTime>>;
  REQUIRE(log.seen == Seen{{0, 10}, {2, 15}, {1, 20}, {3, 22}});
  REQUIRE(station.busy() == 0);
  REQUIRE(station.completed() == 4);
  // 42 ns of service on 2 servers over 22 ns; jobs 2 and 3 waited 10 and 15 ns.
  REQUIRE(station.utilisation() == Approx(42.0 / 44.0));
  REQUIRE(station.mean_queue_length() == Approx(25.0 / 22.0));
  REQUIRE(station.mean_in_system() == Approx((42.0 + 25.0) / 22.0));

  station.reset_stats();
  engine.run_until(30);
  REQUIRE(station.completed() == 0);
  REQUIRE(station.utilisation() == 0.0);
}

TEST_CASE("FCFS station calls back with its state already consistent, so the callee can resubmit", "[queueing][fcfs]") {
  struct ClosedLoop final : EventHandler {
    Engine* engine = nullptr;
    FcfsStation* station = nullptr;
    int rounds = 0;
    std::vector<SimTime> times;
    std::vector<std::pair<int, std::size_t>> state_seen;  // (busy, queued) inside the callback
    void on_event(std::uint64_t arg) override {
      times.push_back(engine->now());
      state_seen.emplace_back(station->busy(), station->queued());
      if (++rounds < 6) station->submit(3, *this, arg);
    }
  };
  Engine engine;
  FcfsStation station(engine, 1);
  ClosedLoop loop;
  loop.engine = &engine;
  loop.station = &station;
  station.submit(3, loop, 0);
  station.submit(3, loop, 1);
  engine.run_until(1000);
  // Two jobs circulate through one server: one completion every 3 ns, no gaps;
  // the first six callbacks resubmit, so 2 + 5 jobs are served.
  REQUIRE(loop.times == std::vector<SimTime>{3, 6, 9, 12, 15, 18, 21});
  // In each callback the other job is already in service and the finished one is gone.
  using State = std::vector<std::pair<int, std::size_t>>;
  REQUIRE(loop.state_seen == State{{1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 0}, {0, 0}});
  REQUIRE(station.completed() == 7);
  REQUIRE(station.utilisation() == Approx(21.0 / 1000.0));
}

TEST_CASE("FCFS station rejects nonsense", "[queueing][fcfs]") {
  Engine engine;
  REQUIRE_THROWS_AS(FcfsStation(engine, 0), std::invalid_argument);
  FcfsStation station(engine, 1);
  CompletionLog log;
  REQUIRE_THROWS_AS(station.submit(-1, log, 0), std::invalid_argument);
}

TEST_CASE("M/M/1: mean response 1/(mu - lambda) and exponential response-time distribution", "[queueing][fcfs][mm1]") {
  const double lambda = 0.7, mu = 1.0;  // per ms
  const double mean_response_ms = 1.0 / (mu - lambda);
  Engine engine(11);
  FcfsStation station(engine, 1);
  const SimTime warmup = 1000 * kMillisecond;
  PoissonSource<FcfsStation> source(engine, station, lambda, {ServiceDistribution::Kind::Exponential, 1e6 / mu},
                                    warmup);
  // Response time of M/M/1 FCFS is exponential: P(T > t) = exp(-(mu - lambda) t).
  const double p90_ms = mean_response_ms * std::log(10.0);
  source.tail_threshold_ns = static_cast<SimTime>(p90_ms * 1e6);

  engine.run_until(warmup);
  station.reset_stats();
  // Percentiles from the histogram: one estimate per segment, batch means over segments.
  BatchMeans p50_ms(32), p99_ms(32), utilisation(32);
  const SimTime segment = 200'000 * kMillisecond;  // ~140 000 jobs each
  for (int s = 0; s < 32; ++s) {
    source.histogram.reset();
    station.reset_stats();
    engine.run_until(warmup + (s + 1) * segment);
    p50_ms.add(source.histogram.percentile_ns(50) * 1e-6);
    p99_ms.add(source.histogram.percentile_ns(99) * 1e-6);
    utilisation.add(station.utilisation());
  }
  // Mean.
  check_interval(source.response_ms, mean_response_ms, 0.02);
  // Tail probability at the analytic 90th percentile is 0.1
  check_interval(source.tail_fraction, 0.1, 0.03);
  // Percentiles from the histogram (bucket midpoints are within 0.4 %)
  const double p50_analytic = mean_response_ms * std::log(2.0);
  const double p99_analytic = mean_response_ms * std::log(100.0);
  check_interval(p50_ms, p50_analytic, 0.03, 0.004 * p50_analytic);
  check_interval(p99_ms, p99_analytic, 0.03, 0.004 * p99_analytic);
  // Utilisation equals lambda / mu
  check_interval(utilisation, lambda / mu, 0.01);
}

TEST_CASE("M/M/c: mean wait matches Erlang C", "[queueing][fcfs][mmc]") {
  const int c = 4;
  const double lambda = 3.2, mu = 1.0;  // per ms, rho = 0.8
  const double a = lambda / mu;
  const double mean_wait_ms = qtest::erlang_c(c, a) / (c * mu - lambda);
  Engine engine(12);
  FcfsStation station(engine, c);
  const SimTime warmup = 500 * kMillisecond;
  PoissonSource<FcfsStation> source(engine, station, lambda, {ServiceDistribution::Kind::Exponential, 1e6 / mu},
                                    warmup);
  engine.run_until(warmup);
  BatchMeans queue_length(32);
  const SimTime segment = 60'000 * kMillisecond;
  for (int s = 0; s < 32; ++s) {
    station.reset_stats();
    engine.run_until(warmup + (s + 1) * segment);
    queue_length.add(station.mean_queue_length());
  }
  // Mean wait per job.
  check_interval(source.wait_ms, mean_wait_ms, 0.03);
  // Time-average queue length is lambda x Wq (the station's own statistic)
  check_interval(queue_length, lambda * mean_wait_ms, 0.03);
}

TEST_CASE("M/D/1: mean wait matches Pollaczek-Khinchine", "[queueing][fcfs][md1]") {
  const double lambda = 0.8, service_ms = 1.0;
  const double rho = lambda * service_ms;
  const double mean_wait_ms = rho * service_ms / (2.0 * (1.0 - rho));  // E[S^2] = S^2
  Engine engine(13);
  FcfsStation station(engine, 1);
  const SimTime warmup = 1000 * kMillisecond;
  PoissonSource<FcfsStation> source(engine, station, lambda,
                                    {ServiceDistribution::Kind::Deterministic, service_ms * 1e6}, warmup);
  engine.run_until(warmup + 3'000'000 * kMillisecond);
  check_interval(source.wait_ms, mean_wait_ms, 0.03);
  // Deterministic service: response is exactly wait + S for every job.
  REQUIRE(source.response_ms.mean() == Approx(source.wait_ms.mean() + service_ms).epsilon(1e-9));
}

TEST_CASE("M/G/1 FCFS with hyperexponential service: Pollaczek-Khinchine (FCFS is not insensitive)",
          "[queueing][fcfs][mg1]") {
  // Same mean service and load as a PS station would see, but FCFS waits grow with
  // E[S^2]: Wq = lambda E[S^2] / (2 (1 - rho)), E[S^2] = (1 + scv) S^2.
  const double lambda = 0.5, service_ms = 1.0, scv = 4.0;
  const double rho = lambda * service_ms;
  const double mean_wait_ms = lambda * (1.0 + scv) * service_ms * service_ms / (2.0 * (1.0 - rho));
  Engine engine(14);
  FcfsStation station(engine, 1);
  const SimTime warmup = 1000 * kMillisecond;
  PoissonSource<FcfsStation> source(engine, station, lambda,
                                    {ServiceDistribution::Kind::Hyperexponential, service_ms * 1e6, scv}, warmup);
  engine.run_until(warmup + 8'000'000 * kMillisecond);
  check_interval(source.wait_ms, mean_wait_ms, 0.03);
  // The PS answer S / (1 - rho) - S = 1 ms would be far outside.
  CHECK(std::abs(source.wait_ms.mean() - 1.0) > 0.5);
}
