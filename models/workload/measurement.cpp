#include "models/workload/measurement.hpp"

#include <algorithm>
#include <cmath>

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
  now += skipped_;
  while (now >= interval_end_) close_interval();
  fold_interval_latencies();  // the interval still open (a run that ends inside one) counts too
  active_ = false;
}

namespace {
// `total` x `part` / `whole`, rounded: the share of a window's count a stretch gets.
std::uint64_t share(std::uint64_t total, sim::SimTime part, sim::SimTime whole) {
  return static_cast<std::uint64_t>(std::llround(static_cast<long double>(total) * part / whole));
}
sim::SimTime share(sim::SimTime total, sim::SimTime part, sim::SimTime whole) {
  return static_cast<sim::SimTime>(std::llround(static_cast<long double>(total) * part / whole));
}
}  // namespace

void Measurement::add_span(sim::SimTime now, sim::SimTime span, const WindowStats& window, sim::SimTime window_length) {
  if (!active_ || span <= 0 || window_length <= 0) return;
  const sim::SimTime from = now + skipped_;
  const sim::SimTime to = from + span;
  if (phases_ != nullptr) {
    phases_->add_span(window, static_cast<double>(span) / static_cast<double>(window_length));
  }
  // Each counter grows by its share of the span so far, so rounding never drifts.
  sim::SimTime at = from;
  while (at < to) {
    while (at >= interval_end_) close_interval();
    const sim::SimTime piece_end = std::min(to, interval_end_);
    const sim::SimTime a = at - from, b = piece_end - from;
    auto grow = [&](auto total, auto& counter, auto& run_counter) {
      const auto add = share(total, b, window_length) - share(total, a, window_length);
      counter += add;
      run_counter += add;
    };
    grow(window.reads, open_.reads, reads_);
    grow(window.writes, open_.writes, writes_);
    grow(window.read_bytes, open_.read_bytes, read_bytes_);
    grow(window.write_bytes, open_.write_bytes, write_bytes_);
    grow(window.failed, open_.failed, failed_);
    open_.read_latency_sum +=
        share(window.read_latency_sum, b, window_length) - share(window.read_latency_sum, a, window_length);
    open_.write_latency_sum +=
        share(window.write_latency_sum, b, window_length) - share(window.write_latency_sum, a, window_length);
    for (std::size_t d = 0; d < 2; ++d) {
      for (std::size_t s = 0; s < static_cast<std::size_t>(kIoStageCount); ++s) {
        const sim::SimTime total = window.stage_sums[d][s];
        stage_sums_[d][s] += share(total, b, window_length) - share(total, a, window_length);
      }
    }
    const double factor = static_cast<double>(piece_end - at) / static_cast<double>(window_length);
    interval_read_.merge_scaled(window.read_latency, factor);
    interval_write_.merge_scaled(window.write_latency, factor);
    at = piece_end;
  }
  skipped_ += span;
}

}  // namespace hcisim::models
