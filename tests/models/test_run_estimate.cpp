// --dry-run's estimate of a run's wall time: the parts it is built from are
// checked against a full run of the same scenario on what is deterministic
// (events and I/Os counted, not wall seconds, which depend on the machine).
#include <catch2/catch.hpp>

#include <cmath>

#include "model_specs.hpp"
#include "models/run/run_estimate.hpp"
#include "models/run/simulation.hpp"
#include "sim/time.hpp"

using namespace mtest;
using hcisim::sim::kMillisecond;

namespace {

// 3 AX-7525-like nodes, three-way mirror, 4K random writes: each write is
// three copies, and the first ones, all at once from empty queues, cost more
// events per I/O than the steady state does.
ScenarioSpec mirrored_writes() {
  ScenarioSpec s = ax7525_small_run(1.0);
  s.id = "unit-estimate";
  s.title = "3 nodes, 6 VMs, 4K random write";
  s.run.warmup_ns = 20 * kMillisecond;
  s.run.duration_ns = 60 * kMillisecond;
  return s;
}

}  // namespace

TEST_CASE("a run's performance figures split set-up from the measured part", "[estimate]") {
  const ScenarioSpec spec = mirrored_writes();
  const RunResult r = simulate(spec);
  const RunPerformance& p = r.performance;
  CHECK(p.setup_seconds > 0);
  CHECK(p.measured_wall_seconds > 0);
  CHECK(p.setup_seconds + p.measured_wall_seconds <= p.wall_seconds);
  // The measured part's I/Os are the ones the IOPS are counted from, its events
  // a part of all the run's.
  CHECK(static_cast<double>(p.measured_ios) == Approx(r.total_iops() * r.measured_seconds).epsilon(1e-9));
  CHECK(p.measured_ios < p.simulated_ios);
  CHECK(p.measured_events < p.events);
  CHECK(p.measured_events > p.measured_ios);
}

TEST_CASE("--dry-run's estimate is built from the pilot's steady state, not its start", "[estimate]") {
  const ScenarioSpec spec = mirrored_writes();
  const RunEstimate e = estimate_run(spec);
  REQUIRE(e.estimated);
  CHECK(e.pilot_simulated_s == Approx(0.010));
  CHECK(e.start_simulated_s == Approx(0.005));
  CHECK(e.setup_wall_s > 0);
  CHECK(e.start_wall_s >= 0);
  CHECK(e.setup_wall_s + e.start_wall_s <= e.pilot_wall_s);
  // The I/Os past the pilot's warm-up are the run's, less the pilot's warm-up at the same rate.
  CHECK(e.steady_ios == Approx(e.expected_ios * (80.0 - 5.0) / 80.0).epsilon(1e-9));

  const RunResult full = simulate(spec);
  const RunPerformance& p = full.performance;
  const double full_steady_events_per_io = static_cast<double>(p.measured_events) / static_cast<double>(p.measured_ios);
  // The pilot's second half predicts the events per I/O of a run eight times as
  // long, and its IOPS the I/Os of the whole run.
  CHECK(e.steady_events_per_io == Approx(full_steady_events_per_io).epsilon(0.10));
  CHECK(e.expected_ios == Approx(static_cast<double>(p.simulated_ios)).epsilon(0.10));
  // Counting the start's events per I/O over the whole run (what the estimate
  // once did) would be further off than the steady state is.
  const double pilot_events_per_io = static_cast<double>(e.pilot_events) / static_cast<double>(e.pilot_ios);
  CHECK(std::abs(pilot_events_per_io - full_steady_events_per_io) >
        std::abs(e.steady_events_per_io - full_steady_events_per_io));
}
