// PsStation: exact sharing on hand-checked cases, the insensitivity of M/G/1-PS
// (mean response S / (1 - rho) whatever the service distribution), and k cores
// against M/M/k.
//
// Why M/M/k for PS over k cores: with n jobs present the station completes work
// at total rate min(n, k) cores and every job is equally likely to be the next
// to leave, so the number in system is the birth-death chain of M/M/k (for
// exponential work). PS over k cores is moreover a symmetric queue (Kelly), so
// that distribution, and hence the mean response of M/M/k (Erlang C), holds for
// any work distribution with the same mean: checked here with deterministic work.
#include <catch2/catch.hpp>

#include <vector>

#include "sim/engine.hpp"
#include "sim/ps_station.hpp"
#include "tests/sim/queueing_harness.hpp"

using namespace hcisim::sim;
using qtest::check_interval;
using qtest::PoissonSource;
using qtest::ServiceDistribution;

namespace {
struct CompletionTimes final : EventHandler {
  Engine* engine = nullptr;
  std::vector<SimTime> at = std::vector<SimTime>(8, -1);
  void on_event(std::uint64_t arg) override { at[arg] = engine->now(); }
};
}  // namespace

TEST_CASE("PS station shares one core equally between the jobs present", "[queueing][ps]") {
  Engine engine;
  PsStation cpu(engine, 1);
  CompletionTimes done;
  done.engine = &engine;
  cpu.submit(1 * kMillisecond, done, 0);
  cpu.submit(2 * kMillisecond, done, 1);
  engine.run_until(1 * kMillisecond);
  cpu.submit(1 * kMillisecond, done, 2);  // three jobs now: 1/3 core each
  engine.run_until(10 * kMillisecond);
  // 0..1 ms: two jobs at 1/2 (0.5 ms each done). 1 ms on: three jobs at 1/3; job 0 needs
  // 0.5 ms more -> done at 2.5 ms. Then jobs 1 (1 ms left) and 2 (0.5 ms left) at 1/2:
  // job 2 done at 3.5 ms, job 1 has 0.5 ms left alone -> 4 ms.
  REQUIRE(done.at[0] == 2'500'000);
  REQUIRE(done.at[2] == 3'500'000);
  REQUIRE(done.at[1] == 4'000'000);
  REQUIRE(cpu.completed() == 3);
  REQUIRE(cpu.utilisation() == Approx(0.4));  // 4 ms of work over 10 ms
  REQUIRE(cpu.mean_active() == Approx((2 * 1.0 + 3 * 1.5 + 2 * 1.0 + 1 * 0.5) / 10.0));
}

TEST_CASE("PS station: a job never uses more than one core, and speed scales the work", "[queueing][ps]") {
  Engine engine;
  PsStation cpu(engine, 2, 0.5);  // two cores at half speed
  CompletionTimes done;
  done.engine = &engine;
  cpu.submit(1 * kMillisecond, done, 0);  // alone: one core at 0.5 -> 2 ms
  engine.run_until(5 * kMillisecond);
  REQUIRE(done.at[0] == 2 * kMillisecond);
  for (std::uint64_t j = 1; j <= 3; ++j) cpu.submit(1 * kMillisecond, done, j);
  engine.run_until(20 * kMillisecond);
  // Three jobs on two half-speed cores: each runs at 1/3 -> 3 ms.
  for (std::uint64_t j = 1; j <= 3; ++j) REQUIRE(done.at[j] == 8 * kMillisecond);
  REQUIRE(cpu.cores() == 2);
  REQUIRE(cpu.mean_busy_cores() == Approx(2.0 * (0.5 * 2.0 + 1.0 * 3.0) / 20.0).epsilon(1e-9));
  // Half the capacity for 2 ms, all of it for 3 ms.
  REQUIRE(cpu.utilisation() == Approx((0.5 * 2.0 + 1.0 * 3.0) / 20.0).epsilon(1e-9));
}

namespace {
// Mean response of M/G/1-PS (and M/G/k-PS) from simulation, in ms.
void check_ps_mean_response(int cores, ServiceDistribution service, double lambda_per_ms, double analytic_ms,
                            SimTime horizon, std::uint64_t seed) {
  Engine engine(seed);
  PsStation station(engine, cores);
  const SimTime warmup = 1000 * kMillisecond;
  PoissonSource<PsStation> source(engine, station, lambda_per_ms, service, warmup);
  engine.run_until(warmup);
  station.reset_stats();
  engine.run_until(warmup + horizon);
  check_interval(source.response_ms, analytic_ms, 0.025);
  // The station's own busy-core average must be the offered load.
  CHECK(station.utilisation() == Approx(lambda_per_ms * service.mean_ns * 1e-6 / cores).epsilon(0.01));
}
}  // namespace

TEST_CASE("M/G/1-PS is insensitive: mean response S / (1 - rho) for any service distribution",
          "[queueing][ps][insensitivity]") {
  const double service_ms = 1.0, lambda = 0.7;
  const double analytic = service_ms / (1.0 - lambda * service_ms);
  using Kind = ServiceDistribution::Kind;
  SECTION("exponential") {
    check_ps_mean_response(1, {Kind::Exponential, 1e6}, lambda, analytic, 1'500'000 * kMillisecond, 21);
  }
  SECTION("deterministic") {
    check_ps_mean_response(1, {Kind::Deterministic, 1e6}, lambda, analytic, 1'500'000 * kMillisecond, 22);
  }
  SECTION("hyperexponential, squared coefficient of variation 10") {
    check_ps_mean_response(1, {Kind::Hyperexponential, 1e6, 10.0}, lambda, analytic, 8'000'000 * kMillisecond, 23);
  }
}

TEST_CASE("PS over k cores has the mean response of M/M/k, for exponential and deterministic work",
          "[queueing][ps][mmk]") {
  const int cores = 4;
  const double service_ms = 1.0, lambda = 3.2;  // rho = 0.8
  const double analytic = qtest::erlang_c(cores, lambda * service_ms) / (cores / service_ms - lambda) + service_ms;
  using Kind = ServiceDistribution::Kind;
  SECTION("exponential") {
    check_ps_mean_response(cores, {Kind::Exponential, 1e6}, lambda, analytic, 600'000 * kMillisecond, 24);
  }
  SECTION("deterministic") {
    check_ps_mean_response(cores, {Kind::Deterministic, 1e6}, lambda, analytic, 600'000 * kMillisecond, 25);
  }
}
