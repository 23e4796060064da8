#include "models/run/run_estimate.hpp"

#include <algorithm>

#include "models/run/simulation.hpp"
#include "models/run/steady_state.hpp"

namespace hcisim::models {

RunEstimate estimate_run(const ScenarioSpec& spec) {
  RunEstimate e;
  e.at_most = spec.run.precision > 0;
  const std::int64_t whole = spec.run.warmup_ns + spec.run.duration_ns;
  for (const std::int64_t pilot_ns :
       {std::int64_t{10'000'000}, std::int64_t{100'000'000}, std::int64_t{1'000'000'000}}) {
    ScenarioSpec pilot = spec;
    pilot.run.warmup_ns = std::min(spec.run.warmup_ns, pilot_ns / 2);
    pilot.run.duration_ns = std::min(spec.run.duration_ns, pilot_ns - pilot.run.warmup_ns);
    pilot.run.interval_ns = 0;
    pilot.run.precision = 0;  // the pilot measures what it measures: no stop of its own
    pilot.references.clear();
    RunResult r;
    try {
      r = simulate(pilot);
    } catch (const NoCompletedIo&) {
      if (pilot.run.warmup_ns + pilot.run.duration_ns >= whole) break;
      continue;
    }
    const RunPerformance& p = r.performance;
    if (p.measured_ios == 0 || p.measured_wall_seconds <= 0) {  // nothing completed past the warm-up
      if (pilot.run.warmup_ns + pilot.run.duration_ns >= whole) break;
      continue;
    }
    e.estimated = true;
    e.pilot_simulated_s = static_cast<double>(pilot.run.warmup_ns + pilot.run.duration_ns) * 1e-9;
    e.pilot_wall_s = p.wall_seconds;
    e.pilot_ios = p.simulated_ios;
    e.pilot_events = p.events;
    e.setup_wall_s = p.setup_seconds;
    e.start_wall_s = std::max(0.0, p.wall_seconds - p.setup_seconds - p.measured_wall_seconds);
    e.start_simulated_s = static_cast<double>(pilot.run.warmup_ns) * 1e-9;
    e.steady_events_per_io = static_cast<double>(p.measured_events) / static_cast<double>(p.measured_ios);
    e.steady_events_per_wall_s = static_cast<double>(p.measured_events) / p.measured_wall_seconds;
    e.ios_per_simulated_s = r.total_iops();
    e.expected_ios = e.ios_per_simulated_s * static_cast<double>(whole) * 1e-9;
    e.steady_ios = e.ios_per_simulated_s * static_cast<double>(whole - pilot.run.warmup_ns) * 1e-9;
    e.estimated_wall_s =
        e.setup_wall_s + e.start_wall_s + e.steady_ios * e.steady_events_per_io / e.steady_events_per_wall_s;
    break;
  }
  return e;
}

}  // namespace hcisim::models
