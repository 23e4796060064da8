// Steady-state honesty: a run says when its measured time is too short for its
// own latencies (Little's law on the window), when latencies reach the run
// length, when an interval is wide; no completed I/O is an error; the mean
// latency carries a batch-means interval that covers other seeds' results.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "model_specs.hpp"
#include "models/run/simulation.hpp"
#include "models/run/steady_state.hpp"
#include "sim/time.hpp"

using namespace mtest;
using Catch::Matchers::Contains;
using hcisim::sim::kMillisecond;

namespace {

// One AX-7525-like node (simple layout), 2 VMs x T1 x O`outstanding` 4K random reads.
ScenarioSpec one_node(int outstanding, std::int64_t warmup_ns, std::int64_t duration_ns, std::uint64_t seed = 1) {
  ScenarioSpec s;
  s.id = "unit-steady-state";
  s.cluster = ax7525_cluster(1, 4, Resiliency::Simple);
  s.cluster.stack.cpu_burst_scv = 1.0;  // exponential CPU bursts, as the bundled s2d stack: a random sample
  s.vms.vcpus = 2;
  s.vms.per_node = {2};
  DiskspdTarget& w = s.vms.workload.targets[0];
  w.block_bytes = 4 * KiB;
  w.threads = 1;
  w.outstanding = outstanding;
  w.pattern = AccessPattern::Random;
  s.vms.workload.file_bytes = 1 * GiB;
  s.run.warmup_ns = warmup_ns;
  s.run.duration_ns = duration_ns;
  s.run.seed = seed;
  return s;
}

const Finding* finding(const RunResult& r, FindingKind kind) {
  const auto it = std::find_if(r.warnings.begin(), r.warnings.end(), [&](const Finding& w) { return w.kind == kind; });
  return it == r.warnings.end() ? nullptr : &*it;
}

}  // namespace

TEST_CASE("steady state: a window short against its latencies is flagged by Little's law", "[steady-state]") {
  // 2 x 2048 I/Os in flight, bound by the 2 x 2 vCPUs (72,000 guest cycles at 2.25 GHz = 32 us
  // each: about 125 k IOPS): N / X is about 33 ms, which a 1 ms warm-up + 2 ms window cannot show.
  const RunResult short_run = simulate(one_node(2048, 1 * kMillisecond, 2 * kMillisecond));
  const double little = 4096.0 / short_run.total_iops();
  CHECK(short_run.all_latency.mean_s < 0.9 * little);  // the bias the warning is about is real
  const Finding* not_steady = finding(short_run, FindingKind::LatencyNotSteady);
  REQUIRE(not_steady != nullptr);
  CHECK(not_steady->in_flight == 4096);
  CHECK(not_steady->little_s == Approx(little));
  CHECK(not_steady->latency_s == short_run.all_latency.mean_s);
  CHECK(not_steady->suggested_warmup_s == Approx(5 * little));
  CHECK(not_steady->suggested_duration_s == Approx(20 * little));
  const Finding* cut = finding(short_run, FindingKind::SlowestIoCut);  // the first I/Os took most of the run
  REQUIRE(cut != nullptr);
  CHECK(cut->slowest_s >= kRunFraction * cut->run_s);
  CHECK(cut->run_s == Approx(3e-3));

  // The run length it suggests (warm-up 5 N/X, duration 20 N/X) closes Little's law.
  const RunResult long_run = simulate(
      one_node(2048, static_cast<std::int64_t>(5 * little * 1e9), static_cast<std::int64_t>(20 * little * 1e9)));
  const double long_little = 4096.0 / long_run.total_iops();
  CHECK(long_run.all_latency.mean_s == Approx(long_little).epsilon(kLittleTolerance));
  CHECK(finding(long_run, FindingKind::LatencyNotSteady) == nullptr);
  CHECK(finding(long_run, FindingKind::SlowestIoCut) == nullptr);
}

TEST_CASE("steady state: no completed I/O is an error that suggests a longer run", "[steady-state]") {
  CHECK_THROWS_AS(simulate(one_node(8, 0, 1)), NoCompletedIo);  // 1 ns: nothing can complete
  CHECK_THROWS_WITH(simulate(one_node(8, 0, 1)), Contains("no I/O completed") && Contains("ten times as long"));
}

TEST_CASE("steady state: a wide interval is flagged with the duration that would make it 2 %", "[steady-state]") {
  // assess_steady_state on a hand-made result: +/- 10 % on IOPS after 0.1 s; the
  // half-width shrinks as 1 / sqrt(duration), so +/- 2 % takes (10 / 2)^2 = 25 x 0.1 s.
  const ScenarioSpec spec = one_node(8, 0, 100 * kMillisecond);
  Measurement m;
  m.begin(0, 100 * kMillisecond, 32);
  m.record(false, 4096, 100'000, 1);
  m.finish(100 * kMillisecond);
  RunResult r;
  r.measured_seconds = 0.1;
  r.read_iops = 16.0 / (0.1e-3);  // 16 I/Os in flight / 100 us: Little's law holds
  r.all_latency.count = 1;
  r.all_latency.mean_s = 100e-6;
  r.all_latency.max_s = 200e-6;
  r.total_iops_ci_half_width = 0.1 * r.read_iops;
  assess_steady_state(r, spec, m);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].kind == FindingKind::WideIopsInterval);
  CHECK(r.warnings[0].relative == Approx(0.1));
  CHECK(r.warnings[0].precision == 0.02);
  CHECK(r.warnings[0].suggested_duration_s == Approx(2.5));
}

TEST_CASE("steady state: the mean latency's interval covers other seeds' means", "[steady-state]") {
  // 20 seeds; a 95 % interval should hold the all-seed mean in about 19 of them.
  constexpr int kSeeds = 20;
  std::vector<RunResult> runs;
  double sum = 0;
  for (int seed = 1; seed <= kSeeds; ++seed) {
    runs.push_back(simulate(one_node(16, 2 * kMillisecond, 20 * kMillisecond, static_cast<std::uint64_t>(seed))));
    sum += runs.back().all_latency.mean_s;
  }
  const double mean = sum / kSeeds;
  int covered = 0;
  for (const RunResult& r : runs) {
    REQUIRE(r.latency_ci_half_width_s > 0);
    CHECK(r.latency_ci_half_width_s < 0.2 * r.all_latency.mean_s);  // an interval, not a shrug
    if (std::fabs(r.all_latency.mean_s - mean) <= r.latency_ci_half_width_s) ++covered;
  }
  CHECK(covered >= 15);
}

TEST_CASE("steady state: an OLTP run is checked by Little's law on its users, not on I/Os in flight",
          "[steady-state]") {
  // 60,000 users thinking 4.743 s: at 12,630 TPS and 10 ms per transaction N = X (Z + R)
  // holds (60,030); at 9,000 TPS it does not (42,777), and the run says so with the cycle.
  ScenarioSpec spec = one_node(8, 0, 20'000 * kMillisecond);
  spec.vms.oltp = OltpSpec{};
  Measurement m;
  m.begin(0, 20'000 * kMillisecond, 32);
  m.record(false, 8192, 400'000, 1);
  m.finish(20'000 * kMillisecond);
  auto result_at = [](double tps) {
    RunResult r;
    r.measured_seconds = 20;
    r.warmup_seconds = 30;
    r.read_iops = 320'000;  // far from 16 I/Os / 0.4 ms: no I/O-level check may apply
    r.all_latency.count = 1;
    r.all_latency.mean_s = 0.4e-3;
    r.all_latency.max_s = 5e-3;
    r.oltp.present = true;
    r.oltp.users = 60'000;
    r.oltp.think_time_s = 4.743;
    r.oltp.tps = tps;
    r.oltp.latency.mean_s = 0.010;
    return r;
  };
  RunResult steady = result_at(12'630);
  assess_steady_state(steady, spec, m);
  CHECK(finding(steady, FindingKind::UsersNotSteady) == nullptr);
  CHECK(finding(steady, FindingKind::LatencyNotSteady) == nullptr);
  RunResult short_of_it = result_at(9'000);
  assess_steady_state(short_of_it, spec, m);
  REQUIRE_FALSE(short_of_it.warnings.empty());
  const Finding& users = short_of_it.warnings[0];
  CHECK(users.kind == FindingKind::UsersNotSteady);
  CHECK(users.users_looping == Approx(42'777));
  CHECK(users.users == 60'000);
  CHECK(users.cycle_s == Approx(4.753));
  CHECK(users.suggested_warmup_s == Approx(5 * 4.753));
  CHECK(users.suggested_duration_s == Approx(20 * 4.753));
  CHECK(users.measured_s == 20);
  CHECK(users.warmup_s == 30);
}
