// What a run measures about its I/Os after warm-up: counts, bytes, latency
// histograms (read and write), and a timeline of equal intervals (IOPS and
// mean latency per direction) that also feeds batch-means confidence
// intervals on IOPS and on the mean latency (of the intervals that completed
// an I/O), and sectioning intervals on percentiles of the latency (read and
// write kept apart, sim::BatchQuantiles). Memory: one small record per
// interval, fixed by begin(), and the sections' buckets (at most 35 sections of
// the buckets their latencies span, a few KB each).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "models/io/io_request.hpp"
#include "models/workload/phase_measurement.hpp"
#include "models/workload/window_stats.hpp"
#include "sim/batch_means.hpp"
#include "sim/batch_quantiles.hpp"
#include "sim/latency_histogram.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

struct IntervalSample {
  sim::SimTime end = 0;  // simulated time at the end of the interval
  std::uint64_t reads = 0, writes = 0;
  std::uint64_t read_bytes = 0, write_bytes = 0;
  std::uint64_t failed = 0;  // I/Os the storage could not serve
  sim::SimTime read_latency_sum = 0, write_latency_sum = 0;
  double read_p50_ns = 0, read_p99_ns = 0, write_p50_ns = 0, write_p99_ns = 0;
};

class Measurement {
 public:
  // Measures from `start` (the scenario's clock) for `duration`, in `intervals` equal intervals.
  void begin(sim::SimTime start, sim::SimTime duration, int intervals);
  // Measures from `start` for `duration` in intervals of `interval` (the last may be shorter).
  void begin_every(sim::SimTime start, sim::SimTime duration, sim::SimTime interval);
  bool active() const { return active_; }
  // Also splits the measured I/O by the cluster's phase (runs with failures).
  void split_by_phase(PhaseMeasurement* phases) { phases_ = phases; }

  // A completed I/O: its latency and where the time went (r.stages).
  // `now` is the simulator's clock (the scenario's is later by the spans skipped so far).
  void record(const IoRequest& r, sim::SimTime latency, sim::SimTime now) {
    if (!active_) {
      if (windowed_) window_record(r.write, r.bytes, latency);  // a warm-up's window (fast-forward)
      return;
    }
    auto& stages = stage_sums_[r.write ? 1 : 0];
    for (int s = 0; s < kIoStageCount; ++s)
      stages[static_cast<std::size_t>(s)] += r.stages[static_cast<std::size_t>(s)];
    if (windowed_) {
      auto& window = window_.stage_sums[r.write ? 1 : 0];
      for (int s = 0; s < kIoStageCount; ++s)
        window[static_cast<std::size_t>(s)] += r.stages[static_cast<std::size_t>(s)];
    }
    record(r.write, r.bytes, latency, now);
  }
  void record(bool write, std::uint64_t bytes, sim::SimTime latency, sim::SimTime now) {
    if (!active_) {
      if (windowed_) window_record(write, bytes, latency);  // a warm-up's window (fast-forward)
      return;
    }
    now += skipped_;
    while (now >= interval_end_) close_interval();
    if (windowed_) window_record(write, bytes, latency);
    if (phases_ != nullptr) phases_->record(write, bytes, latency, now);
    IntervalSample& current = open_;
    if (write) {
      ++current.writes;
      current.write_bytes += bytes;
      current.write_latency_sum += latency;
      ++writes_;
      write_bytes_ += bytes;
      interval_write_.record(latency);  // joins write_latency_ when the interval closes
    } else {
      ++current.reads;
      current.read_bytes += bytes;
      current.read_latency_sum += latency;
      ++reads_;
      read_bytes_ += bytes;
      interval_read_.record(latency);
    }
  }
  // An I/O the storage failed (not in the latency figures).
  void record_failed(bool write, sim::SimTime now) {
    (void)write;
    if (!active_) return;
    now += skipped_;
    while (now >= interval_end_) close_interval();
    if (windowed_) ++window_.failed;
    if (phases_ != nullptr) phases_->record_failed();
    ++open_.failed;
    ++failed_;
  }
  std::uint64_t failed() const { return failed_; }
  // Closes the intervals up to `now` (call at the end of the run).
  void finish(sim::SimTime now);

  // Fast-forward (models/run/fast_forward.hpp). From now on, what is recorded
  // is also kept apart in window() until the next open_window(), in the
  // warm-up too (where nothing else is recorded).
  void open_window() {
    window_.reset();
    windowed_ = true;
  }
  void close_window() { windowed_ = false; }
  const WindowStats& window() const { return window_; }
  // The scenario's time from `now` to `now` + `span` is skipped: it holds what
  // `window` held in `window_length`, scaled to its length, spread over the
  // timeline's intervals it covers (and the phase's totals); the scenario's
  // clock is then `span` ahead of the simulator's.
  void add_span(sim::SimTime now, sim::SimTime span, const WindowStats& window, sim::SimTime window_length);
  // `span` of the warm-up is skipped (nothing measured): the clock keeps the scenario's.
  void skip_warmup(sim::SimTime span) { skipped_ += span; }
  sim::SimTime skipped() const { return skipped_; }

  std::uint64_t reads() const { return reads_; }
  std::uint64_t writes() const { return writes_; }
  std::uint64_t read_bytes() const { return read_bytes_; }
  std::uint64_t write_bytes() const { return write_bytes_; }
  // Every measured I/O once finish() has run (an interval's join when it closes).
  const sim::LatencyHistogram& read_latency() const { return read_latency_; }
  const sim::LatencyHistogram& write_latency() const { return write_latency_; }
  const sim::BatchMeans& iops_batches() const { return iops_; }
  // Time spent in each stage, summed over the measured I/Os of one direction.
  const std::array<sim::SimTime, kIoStageCount>& stage_sums(bool write) const { return stage_sums_[write ? 1 : 0]; }
  // Mean latency (ns) of all I/Os completed in each interval that completed any.
  const sim::BatchMeans& latency_batches() const { return latency_ns_; }
  // The latencies of each direction in sections of whole intervals.
  const sim::BatchQuantiles& read_sections() const { return read_sections_; }
  const sim::BatchQuantiles& write_sections() const { return write_sections_; }
  // Closed intervals, in time order.
  const std::vector<IntervalSample>& timeline() const { return closed_; }
  sim::SimTime interval() const { return interval_; }

 private:
  void close_interval();
  void window_record(bool write, std::uint64_t bytes, sim::SimTime latency) {
    if (write) {
      ++window_.writes;
      window_.write_bytes += bytes;
      window_.write_latency_sum += latency;
      window_.write_latency.record(latency);
    } else {
      ++window_.reads;
      window_.read_bytes += bytes;
      window_.read_latency_sum += latency;
      window_.read_latency.record(latency);
    }
  }
  // The open interval's latencies join the run's, and it starts again empty.
  void fold_interval_latencies();

  bool active_ = false;
  PhaseMeasurement* phases_ = nullptr;
  sim::SimTime interval_ = 0;
  sim::SimTime interval_end_ = 0;
  IntervalSample open_;
  std::vector<IntervalSample> closed_;
  std::uint64_t reads_ = 0, writes_ = 0, read_bytes_ = 0, write_bytes_ = 0;
  sim::LatencyHistogram read_latency_;
  sim::LatencyHistogram write_latency_;
  sim::LatencyHistogram interval_read_, interval_write_;  // the open interval's, for its percentiles
  std::uint64_t failed_ = 0;
  sim::BatchMeans iops_{16};
  std::array<std::array<sim::SimTime, kIoStageCount>, 2> stage_sums_{};
  sim::BatchMeans latency_ns_{16};
  sim::BatchQuantiles read_sections_{8}, write_sections_{8};
  sim::SimTime skipped_ = 0;  // the scenario's clock minus the simulator's
  bool windowed_ = false;
  WindowStats window_;
};

}  // namespace hcisim::models
