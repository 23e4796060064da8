#include "models/run/steady_state.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>

#include "models/result/duration_text.hpp"
#include "models/run/precision_stop.hpp"

namespace hcisim::models {
namespace {

std::string run_text(const RunResult& r) {
  return duration_text(r.measured_seconds) + " measured after a " + duration_text(r.warmup_seconds) + " warm-up";
}

// The precision a wide interval's finding suggests a duration for: +/- 2 %.
constexpr double kSuggestedPrecision = 0.02;

// A run that gives a half-width `now` would give `wanted` if it were (now / wanted)^2 times longer.
double longer_for(const RunResult& r, double now, double wanted) {
  const double factor = std::pow(now / wanted, 2);
  return r.measured_seconds * factor;
}

Finding finding_of(FindingKind kind, const RunResult& r) {
  Finding f;
  f.kind = kind;
  f.measured_s = r.measured_seconds;
  f.warmup_s = r.warmup_seconds;
  return f;
}

// An interval wider than kWideInterval, with the duration that would make it kSuggestedPrecision.
Finding wide_interval(FindingKind kind, const RunResult& r, double relative) {
  Finding f = finding_of(kind, r);
  f.relative = relative;
  f.precision = kSuggestedPrecision;
  f.suggested_duration_s = longer_for(r, relative, kSuggestedPrecision);
  return f;
}

// A p99 that moved between the halves of the measured time (steady_state.hpp).
void warn_moving_tails(RunResult& result, const Measurement& measurement) {
  using Of = LatencyPercentile::Of;
  for (const auto& [of, sections] :
       {std::pair{Of::Read, &measurement.read_sections()}, std::pair{Of::Write, &measurement.write_sections()}}) {
    const auto halves = sections->halves(99, 0.95);
    if (!halves || !halves->moved()) continue;
    const double change = halves->second_ns / halves->first_ns - 1;
    if (!(std::fabs(change) > kWideInterval)) continue;
    Finding tail = finding_of(FindingKind::MovingTail, result);
    tail.of = of;
    tail.first_ns = halves->first_ns;
    tail.second_ns = halves->second_ns;
    tail.change = change;
    tail.suggested_warmup_s = result.measured_seconds;  // and measure as long
    result.warnings.push_back(tail);
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
        Finding users = finding_of(FindingKind::UsersNotSteady, result);
        users.users_looping = looping;
        users.users = o.users;
        users.cycle_s = cycle;
        users.suggested_warmup_s = 5 * cycle;
        users.suggested_duration_s = 20 * cycle;
        result.warnings.push_back(users);
      }
    }
  } else if (closed_loop && iops > 0) {
    const double little = in_flight / iops;
    if (std::fabs(latency - little) > kLittleTolerance * little) {
      Finding little_law = finding_of(FindingKind::LatencyNotSteady, result);
      little_law.latency_s = latency;
      little_law.little_s = little;
      little_law.in_flight = static_cast<std::uint64_t>(in_flight);
      little_law.suggested_warmup_s = 5 * little;
      little_law.suggested_duration_s = 20 * little;
      result.warnings.push_back(little_law);
    }
  }
  if (result.all_latency.max_s >= kRunFraction * total_s) {
    Finding slowest = finding_of(FindingKind::SlowestIoCut, result);
    slowest.slowest_s = result.all_latency.max_s;
    slowest.run_s = total_s;
    slowest.suggested_duration_s = 20 * result.all_latency.max_s;
    result.warnings.push_back(slowest);
  }
  if (phased) return;
  if (spec.run.precision > 0 && !result.precision_reached) {
    // Asked for, not reached: say how far it got, whatever the width.
    const double on_iops = result.total_iops_ci_half_width / iops;
    const double on_latency = result.latency_ci_half_width_s / latency;
    double worst = std::max(on_iops, on_latency);
    Finding short_of = finding_of(FindingKind::PrecisionNotReached, result);
    short_of.precision = spec.run.precision;
    short_of.iops_relative = on_iops;
    short_of.latency_relative = on_latency;
    for (const LatencyPercentile& percentile : spec.run.precision_percentiles) {
      const auto on_percentile = PrecisionStop::interval(measurement, percentile);
      PercentileWidth width{percentile, std::nullopt};
      if (on_percentile && on_percentile->estimate_ns > 0) {
        width.relative = on_percentile->half_width_ns / on_percentile->estimate_ns;
        worst = std::max(worst, *width.relative);
      }
      short_of.percentiles.push_back(width);
    }
    if (worst > 0) short_of.suggested_duration_s = longer_for(result, worst, spec.run.precision);
    result.warnings.push_back(short_of);
  }
  if (result.total_iops_ci_half_width > kWideInterval * iops) {
    result.warnings.push_back(
        wide_interval(FindingKind::WideIopsInterval, result, result.total_iops_ci_half_width / iops));
  }
  if (result.latency_ci_half_width_s > kWideInterval * latency) {
    result.warnings.push_back(
        wide_interval(FindingKind::WideLatencyInterval, result, result.latency_ci_half_width_s / latency));
  }
  warn_moving_tails(result, measurement);
}

}  // namespace hcisim::models
