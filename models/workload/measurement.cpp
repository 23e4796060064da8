#include "models/workload/measurement.hpp"

#include <algorithm>

namespace hcisim::models {

void Measurement::begin(sim::SimTime start, sim::SimTime duration, int intervals) {
  active_ = true;
  interval_ = std::max<sim::SimTime>(1, duration / std::max(1, intervals));
  interval_end_ = start + interval_;
  interval_ios_ = 0;
}

void Measurement::close_interval() {
  iops_.add(static_cast<double>(interval_ios_) / sim::to_seconds(interval_));
  interval_ios_ = 0;
  interval_end_ += interval_;
}

void Measurement::finish(sim::SimTime now) {
  if (!active_) return;
  while (now >= interval_end_) close_interval();
  active_ = false;
}

}  // namespace hcisim::models
