#include "models/run/run_estimate.hpp"

#include <algorithm>

#include "models/run/simulation.hpp"
#include "models/run/steady_state.hpp"

namespace hcisim::models {

RunEstimate estimate_run(const ScenarioSpec& spec) {
  RunEstimate e;
  const std::int64_t whole = spec.run.warmup_ns + spec.run.duration_ns;
  for (const std::int64_t pilot_ns : {std::int64_t{10'000'000}, std::int64_t{100'000'000}, std::int64_t{1'000'000'000}}) {
    ScenarioSpec pilot = spec;
    pilot.run.warmup_ns = std::min(spec.run.warmup_ns, pilot_ns / 2);
    pilot.run.duration_ns = std::min(spec.run.duration_ns, pilot_ns - pilot.run.warmup_ns);
    pilot.run.interval_ns = 0;
    pilot.references.clear();
    RunResult r;
    try {
      r = simulate(pilot);
    } catch (const NoCompletedIo&) {
      if (pilot.run.warmup_ns + pilot.run.duration_ns >= whole) break;
      continue;
    }
    const RunPerformance& p = r.performance;
    if (p.simulated_ios == 0 || p.wall_seconds <= 0) continue;
    e.estimated = true;
    e.pilot_simulated_s = static_cast<double>(pilot.run.warmup_ns + pilot.run.duration_ns) * 1e-9;
    e.pilot_wall_s = p.wall_seconds;
    e.pilot_ios = p.simulated_ios;
    e.pilot_events = p.events;
    e.events_per_io = static_cast<double>(p.events) / static_cast<double>(p.simulated_ios);
    // The measured half of the pilot: past the start, when the queues were still filling.
    e.ios_per_simulated_s = r.total_iops() > 0 ? r.total_iops() : static_cast<double>(p.simulated_ios) / e.pilot_simulated_s;
    e.events_per_wall_s = static_cast<double>(p.events) / p.wall_seconds;
    e.expected_ios = e.ios_per_simulated_s * static_cast<double>(whole) * 1e-9;
    e.estimated_wall_s = e.events_per_io * e.expected_ios / e.events_per_wall_s;
    break;
  }
  return e;
}

}  // namespace hcisim::models
