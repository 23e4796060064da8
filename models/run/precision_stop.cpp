#include "models/run/precision_stop.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hcisim::models {

std::string latency_percentile_name(const LatencyPercentile& percentile) {
  const char* of = percentile.of == LatencyPercentile::Of::Read    ? "read"
                   : percentile.of == LatencyPercentile::Of::Write ? "write"
                                                                   : "lat";
  char digits[32];
  std::snprintf(digits, sizeof digits, "%g", percentile.percentile);
  std::string p = digits;
  p.erase(std::remove(p.begin(), p.end(), '.'), p.end());  // 99.9 -> p999
  return std::string(of) + ".p" + p;
}

bool workload_issues(const ScenarioSpec& spec, LatencyPercentile::Of of) {
  if (of == LatencyPercentile::Of::All || spec.vms.oltp || spec.vms.sas) return true;  // SAS writes, then reads
  for (const DiskspdTarget& t : spec.vms.workload.targets) {
    if (of == LatencyPercentile::Of::Read ? t.write_fraction < 1 : t.write_fraction > 0) return true;
  }
  return false;
}

bool PrecisionStop::precise_now(const Measurement& measurement, sim::SimTime measured) const {
  const sim::BatchMeans& iops = measurement.iops_batches();
  const sim::BatchMeans& latency = measurement.latency_batches();
  if (iops.count() < kMinIntervals || latency.count() < kMinIntervals) return false;
  if (iops.complete_batches() < 2 || latency.complete_batches() < 2) return false;
  const double mean_latency_ns = latency.mean();
  if (!(mean_latency_ns > 0) || static_cast<double>(measured) < kMinTurnovers * mean_latency_ns) return false;
  const sim::BatchMeans::Interval on_iops = iops.interval(0.95);
  const sim::BatchMeans::Interval on_latency = latency.interval(0.95);
  // Judged against the mean the report gives (over I/Os, not over intervals: a
  // run whose phases differ in rate weighs them differently), and the batches'
  // mean, whichever is smaller, so the reported interval is within `precision`.
  const std::uint64_t ios = measurement.read_latency().count() + measurement.write_latency().count();
  const double reported_ns =
      ios == 0 ? 0
               : (measurement.read_latency().mean_ns() * static_cast<double>(measurement.read_latency().count()) +
                  measurement.write_latency().mean_ns() * static_cast<double>(measurement.write_latency().count())) /
                     static_cast<double>(ios);
  if (!(on_iops.mean > 0 && on_iops.half_width <= precision_ * on_iops.mean &&
        on_latency.half_width <= precision_ * std::min(on_latency.mean, reported_ns))) {
    return false;
  }
  for (const LatencyPercentile& percentile : percentiles_) {
    const auto on_percentile = interval(measurement, percentile);
    if (!on_percentile || !(on_percentile->half_width_ns <= precision_ * on_percentile->estimate_ns)) return false;
    if (static_cast<double>(measured) < kMinTurnovers * on_percentile->estimate_ns) return false;
  }
  return true;
}

std::optional<sim::BatchQuantiles::Interval> PrecisionStop::interval(const Measurement& measurement,
                                                                     const LatencyPercentile& percentile) {
  switch (percentile.of) {
    case LatencyPercentile::Of::Read: return measurement.read_sections().interval(percentile.percentile, 0.95);
    case LatencyPercentile::Of::Write: return measurement.write_sections().interval(percentile.percentile, 0.95);
    case LatencyPercentile::Of::All: break;
  }
  return measurement.read_sections().interval(percentile.percentile, 0.95, &measurement.write_sections());
}

bool PrecisionStop::check(const Measurement& measurement, sim::SimTime measured) {
  if (precision_ <= 0) return false;  // none asked: the run measures its whole duration
  in_a_row_ = precise_now(measurement, measured) ? in_a_row_ + 1 : 0;
  reached_ = in_a_row_ >= 2;
  return reached_;
}

}  // namespace hcisim::models
