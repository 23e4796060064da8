// What a run measures about its I/Os after warm-up: counts, bytes, latency
// histograms (read and write), and IOPS per interval for a batch-means
// confidence interval.
#pragma once

#include <cstdint>

#include "sim/batch_means.hpp"
#include "sim/latency_histogram.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

class Measurement {
 public:
  // Measures from `start` for `duration`, in `intervals` equal intervals.
  void begin(sim::SimTime start, sim::SimTime duration, int intervals);
  bool active() const { return active_; }

  void record(bool write, std::uint32_t bytes, sim::SimTime latency, sim::SimTime now) {
    if (!active_) return;
    while (now >= interval_end_) close_interval();
    ++interval_ios_;
    if (write) {
      ++writes_;
      write_bytes_ += bytes;
      write_latency_.record(latency);
    } else {
      ++reads_;
      read_bytes_ += bytes;
      read_latency_.record(latency);
    }
  }
  // Closes the intervals up to `now` (call at the end of the run).
  void finish(sim::SimTime now);

  std::uint64_t reads() const { return reads_; }
  std::uint64_t writes() const { return writes_; }
  std::uint64_t read_bytes() const { return read_bytes_; }
  std::uint64_t write_bytes() const { return write_bytes_; }
  const sim::LatencyHistogram& read_latency() const { return read_latency_; }
  const sim::LatencyHistogram& write_latency() const { return write_latency_; }
  const sim::BatchMeans& iops_batches() const { return iops_; }

 private:
  void close_interval();

  bool active_ = false;
  sim::SimTime interval_ = 0;
  sim::SimTime interval_end_ = 0;
  std::uint64_t interval_ios_ = 0;
  std::uint64_t reads_ = 0, writes_ = 0, read_bytes_ = 0, write_bytes_ = 0;
  sim::LatencyHistogram read_latency_;
  sim::LatencyHistogram write_latency_;
  sim::BatchMeans iops_{16};
};

}  // namespace hcisim::models
