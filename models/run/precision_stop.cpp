#include "models/run/precision_stop.hpp"

#include <cmath>

namespace hcisim::models {

bool PrecisionStop::precise_now(const Measurement& measurement, sim::SimTime measured) const {
  const sim::BatchMeans& iops = measurement.iops_batches();
  const sim::BatchMeans& latency = measurement.latency_batches();
  if (iops.count() < kMinIntervals || latency.count() < kMinIntervals) return false;
  if (iops.complete_batches() < 2 || latency.complete_batches() < 2) return false;
  const double mean_latency_ns = latency.mean();
  if (!(mean_latency_ns > 0) || static_cast<double>(measured) < kMinTurnovers * mean_latency_ns) return false;
  const sim::BatchMeans::Interval on_iops = iops.interval(0.95);
  const sim::BatchMeans::Interval on_latency = latency.interval(0.95);
  return on_iops.mean > 0 && on_iops.half_width <= precision_ * on_iops.mean &&
         on_latency.half_width <= precision_ * on_latency.mean;
}

bool PrecisionStop::check(const Measurement& measurement, sim::SimTime measured) {
  if (precision_ <= 0) return false;  // none asked: the run measures its whole duration
  in_a_row_ = precise_now(measurement, measured) ? in_a_row_ + 1 : 0;
  reached_ = in_a_row_ >= 2;
  return reached_;
}

}  // namespace hcisim::models
