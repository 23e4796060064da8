#include "models/workload/measurement.hpp"

#include <algorithm>

namespace hcisim::models {

void Measurement::begin(sim::SimTime start, sim::SimTime duration, int intervals) {
  begin_every(start, duration, std::max<sim::SimTime>(1, duration / std::max(1, intervals)));
}

void Measurement::begin_every(sim::SimTime start, sim::SimTime duration, sim::SimTime interval) {
  active_ = true;
  interval_ = std::max<sim::SimTime>(1, interval);
  interval_end_ = start + interval_;
  open_ = IntervalSample{interval_end_};
  closed_.clear();
  closed_.reserve(static_cast<std::size_t>(duration / interval_) + 2);
  interval_read_.reset();
  interval_write_.reset();
}

void Measurement::close_interval() {
  const std::uint64_t ios = open_.reads + open_.writes;
  iops_.add(static_cast<double>(ios) / sim::to_seconds(interval_));
  if (ios > 0) {
    latency_ns_.add(static_cast<double>(open_.read_latency_sum + open_.write_latency_sum) / static_cast<double>(ios));
  }
  open_.read_p50_ns = interval_read_.percentile_ns(50);
  open_.read_p99_ns = interval_read_.percentile_ns(99);
  open_.write_p50_ns = interval_write_.percentile_ns(50);
  open_.write_p99_ns = interval_write_.percentile_ns(99);
  read_sections_.add(interval_read_);
  write_sections_.add(interval_write_);
  fold_interval_latencies();
  closed_.push_back(open_);
  interval_end_ += interval_;
  open_ = IntervalSample{interval_end_};
}

void Measurement::fold_interval_latencies() {
  read_latency_.merge(interval_read_);
  write_latency_.merge(interval_write_);
  interval_read_.reset();
  interval_write_.reset();
}

void Measurement::finish(sim::SimTime now) {
  if (!active_) return;
  while (now >= interval_end_) close_interval();
  fold_interval_latencies();  // the interval still open (a run that ends inside one) counts too
  active_ = false;
}

}  // namespace hcisim::models
