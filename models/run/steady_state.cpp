#include "models/run/steady_state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <utility>

#include "models/result/warning_text.hpp"
#include "models/run/precision_stop.hpp"

namespace hcisim::models {
namespace {

// A precision as asked for: "2%", "0.25%", "0.01%".
std::string target_text(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g%%", fraction * 100);
  return text;
}

std::string run_text(const RunResult& r) {
  return duration_text(r.measured_seconds) + " measured after a " + duration_text(r.warmup_seconds) + " warm-up";
}

// A run that gives a half-width `now` would give `wanted` if it were (now / wanted)^2 times longer.
std::string longer_for(const RunResult& r, double now, double wanted) {
  const double factor = std::pow(now / wanted, 2);
  return "a duration of " + duration_text(r.measured_seconds * factor);
}

// A p99 that moved between the halves of the measured time (steady_state.hpp).
void warn_moving_tails(RunResult& result, const Measurement& measurement) {
  for (const auto& [name, sections] :
       {std::pair{"read", &measurement.read_sections()}, std::pair{"write", &measurement.write_sections()}}) {
    const auto halves = sections->halves(99, 0.95);
    if (!halves || !halves->moved()) continue;
    const double change = halves->second_ns / halves->first_ns - 1;
    if (!(std::fabs(change) > kWideInterval)) continue;
    char moved[160];
    std::snprintf(moved, sizeof moved,
                  " p99 moved from %.3f ms over the first half of the measured time to %.3f ms over "
                  "the second (%+.1f%%, beyond the 95%% interval of the change)",
                  halves->first_ns * 1e-6, halves->second_ns * 1e-6, change * 100);
    result.warnings.push_back(std::string("the ") + name + moved +
                              ": the tail had not settled, which its own interval cannot see; try a warm-up of " +
                              duration_text(result.measured_seconds) + " or more, and measure as long");
  }
}

}  // namespace

void assess_steady_state(RunResult& result, const ScenarioSpec& spec, const Measurement& measurement) {
  // A failure timeline has no steady state by design: batch means over the whole
  // run would mix its phases. Its intervals are per phase (PhaseResult), where a
  // phase is steady and long enough; no whole-run interval, no advice to run longer.
  const bool timeline = !spec.timeline.events.empty() || spec.timeline.random_failures;
  if (timeline) {
    result.total_iops_ci_half_width = 0;
    if (result.all_latency.count == 0) {
      throw NoCompletedIo("no I/O completed in the measured time (" + run_text(result) +
                          "): the failures stopped every VM for the whole run");
    }
    return;
  }
  if (measurement.latency_batches().complete_batches() >= 2 && measurement.latency_batches().count() >= 16) {
    result.latency_ci_half_width_s = measurement.latency_batches().interval(0.95).half_width * 1e-9;
  }
  using Of = LatencyPercentile::Of;
  for (const auto& [summary, of] :
       {std::pair{&result.read_latency, Of::Read}, std::pair{&result.write_latency, Of::Write},
        std::pair{&result.all_latency, Of::All}}) {
    const auto p99 = PrecisionStop::interval(measurement, LatencyPercentile{of, 99});
    if (p99) summary->p99_ci_half_width_s = p99->half_width_ns * 1e-9;
  }
  const double total_s = result.warmup_seconds + result.measured_seconds;
  if (result.all_latency.count == 0) {
    throw NoCompletedIo("no I/O completed in the measured time (" + run_text(result) +
                        "): each I/O takes longer than that; try a run at least ten times as long (a duration of " +
                        duration_text(10 * total_s) + ")");
  }
  const double iops = result.total_iops();
  const double latency = result.all_latency.mean_s;
  const std::uint64_t vms = std::accumulate(spec.vms.per_node.begin(), spec.vms.per_node.end(), std::uint64_t{0});
  const double in_flight = static_cast<double>(vms) * spec.vms.workload.outstanding_per_vm();
  // A -g cap makes threads wait for tokens outside the measured latency: Little's law then has a think time.
  // So do failures: a failed node's VMs are stopped for a while.
  // SAS iotest streams are not a closed loop of fixed depth, and their run is
  // phases set by the file sizes, not a steady state to estimate.
  const bool phased = spec.vms.sas.has_value();
  bool closed_loop = spec.timeline.events.empty() && !spec.timeline.random_failures && !phased;
  for (const DiskspdTarget& t : spec.vms.workload.targets) closed_loop = closed_loop && t.throughput_bytes_per_ms <= 0;
  if (spec.vms.oltp.has_value()) {
    // Users loop think time -> transaction, a closed population without a fixed
    // number of I/Os in flight: Little's law holds for the users, N = TPS x (Z + R).
    const OltpResult& o = result.oltp;
    const double cycle = o.think_time_s + o.latency.mean_s;
    if (closed_loop && o.present && o.tps > 0 && o.users > 0) {
      const double looping = o.tps * cycle;
      if (std::fabs(looping - o.users) > kLittleTolerance * o.users) {
        char users[96];
        std::snprintf(users, sizeof users, "%.0f users looping (TPS x (think + transaction latency)) against the %d",
                      looping, o.users);
        result.warnings.push_back(std::string("not at steady state: ") + users + " that run; " + run_text(result) +
                                  " is too short for their cycle of " + duration_text(cycle) + "; try a warm-up of " +
                                  duration_text(5 * cycle) + " and a duration of " + duration_text(20 * cycle));
      }
    }
  } else if (closed_loop && iops > 0) {
    const double little = in_flight / iops;
    if (std::fabs(latency - little) > kLittleTolerance * little) {
      result.warnings.push_back("not at steady state: mean latency " + duration_text(latency) +
                                " against Little's law " + std::to_string(static_cast<std::uint64_t>(in_flight)) +
                                " I/Os in flight / IOPS = " + duration_text(little) + "; " + run_text(result) +
                                " is too short for these latencies; try a warm-up of " + duration_text(5 * little) +
                                " and a duration of " + duration_text(20 * little));
    }
  }
  if (result.all_latency.max_s >= kRunFraction * total_s) {
    result.warnings.push_back("the slowest I/O took " + duration_text(result.all_latency.max_s) + " of a " +
                              duration_text(total_s) +
                              " run: the latency distribution is cut off by the run length; try a duration of " +
                              duration_text(20 * result.all_latency.max_s));
  }
  if (phased) return;
  if (spec.run.precision > 0 && !result.precision_reached) {
    // Asked for, not reached: say how far it got, whatever the width.
    const double on_iops = result.total_iops_ci_half_width / iops;
    const double on_latency = result.latency_ci_half_width_s / latency;
    double worst = std::max(on_iops, on_latency);
    std::string widths = "IOPS " + (on_iops > 0 ? "+/- " + percent_text(on_iops) : std::string("too few intervals")) +
                         ", mean latency " +
                         (on_latency > 0 ? "+/- " + percent_text(on_latency) : std::string("too few intervals"));
    for (const LatencyPercentile& percentile : spec.run.precision_percentiles) {
      const auto on_percentile = PrecisionStop::interval(measurement, percentile);
      widths += ", " + latency_percentile_name(percentile) + " ";
      if (on_percentile && on_percentile->estimate_ns > 0) {
        const double relative = on_percentile->half_width_ns / on_percentile->estimate_ns;
        widths += "+/- " + percent_text(relative);
        worst = std::max(worst, relative);
      } else {
        widths += "too few samples beyond it";
      }
    }
    result.warnings.push_back("the run measured its whole duration without reaching its precision of +/- " +
                              target_text(spec.run.precision) + " (95% intervals: " + widths + ")" +
                              (worst > 0 ? "; try " + longer_for(result, worst, spec.run.precision) : std::string()));
  }
  if (result.total_iops_ci_half_width > kWideInterval * iops) {
    const double relative = result.total_iops_ci_half_width / iops;
    result.warnings.push_back("the 95% interval on IOPS is +/- " + percent_text(relative) + "; for +/- 2% try " +
                              longer_for(result, relative, 0.02));
  }
  if (result.latency_ci_half_width_s > kWideInterval * latency) {
    const double relative = result.latency_ci_half_width_s / latency;
    result.warnings.push_back("the 95% interval on the mean latency is +/- " + percent_text(relative) +
                              "; for +/- 2% try " + longer_for(result, relative, 0.02));
  }
  warn_moving_tails(result, measurement);
}

}  // namespace hcisim::models
