// What an OLTP run measures after warm-up: transactions (count and latency,
// overall and per type, a batch-means interval on the mean latency), the
// storage I/O the database generated (per kind: page reads, log writes, flush
// writes; and all of it in a Measurement with its timeline), users by state
// (time-weighted), and the engine's counters (hits, misses, dirty pages ...).
// Memory: fixed at construction (seven histograms of 34 KB, the timeline's
// intervals reserved by begin()).
#pragma once

#include <array>
#include <cstdint>

#include "models/spec/oltp_spec.hpp"
#include "models/workload/measurement.hpp"
#include "sim/batch_means.hpp"
#include "sim/latency_histogram.hpp"
#include "sim/time.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::models {

enum class OltpIo { PageRead, LogWrite, FlushWrite };
constexpr int kOltpIoKinds = 3;
const char* oltp_io_name(OltpIo kind);

struct OltpIoStats {
  std::uint64_t count = 0;
  std::uint64_t bytes = 0;
  sim::SimTime latency_sum = 0;
  double mean_latency_ns() const {
    return count == 0 ? 0.0 : static_cast<double>(latency_sum) / static_cast<double>(count);
  }
};

// Events inside the database engine, counted while measuring.
struct OltpCounters {
  std::uint64_t logical_reads = 0;       // buffer-pool look-ups
  std::uint64_t buffer_misses = 0;       // look-ups that read the page from storage
  std::uint64_t page_modifications = 0;  // page writes of transactions
  std::uint64_t pages_dirtied = 0;       // of those, the ones that found the page clean
  std::uint64_t pages_flushed = 0;       // pages written back by flush passes (writes completed)
  std::uint64_t checkpoints = 0;         // flush passes started by the checkpoint timer
  std::uint64_t early_flushes = 0;       // flush passes started by the dirty-page threshold
  std::uint64_t logged_commits = 0;      // commits that wrote log (hardened)
  std::uint64_t read_slot_waits = 0;     // page reads that waited for a free request slot
  std::uint64_t buffer_waits = 0;        // transactions that waited for dirty pages to be flushed
};

class OltpMeasurement {
 public:
  // Measures from `start` for `duration`, the I/O timeline in `intervals` intervals.
  void begin(sim::SimTime start, sim::SimTime duration, int intervals);
  // Ends the measurement at `now`.
  void finish(sim::SimTime now);
  bool active() const { return active_; }

  void record_transaction(int type, sim::SimTime latency) {
    if (!active_) return;
    ++transactions_[static_cast<std::size_t>(type)];
    latency_[static_cast<std::size_t>(type)].record(latency);
    all_latency_.record(latency);
    latency_batches_.add(static_cast<double>(latency));
  }
  void record_io(OltpIo kind, std::uint32_t bytes, sim::SimTime latency, sim::SimTime now) {
    if (!active_) return;
    count_io(kind, bytes, latency);
    io_.record(kind != OltpIo::PageRead, bytes, latency, now);
  }
  // The same, with where the I/O's time went (r.stages) for the storage breakdown.
  void record_io(OltpIo kind, const IoRequest& r, sim::SimTime latency, sim::SimTime now) {
    if (!active_) return;
    count_io(kind, r.bytes, latency);
    io_.record(r, latency, now);
  }
  void add(std::uint64_t OltpCounters::*counter, std::uint64_t n) {
    if (active_) counters_.*counter += n;
  }
  // Users change state (tracked always; the averages restart at begin()).
  void user_thinks(sim::SimTime now) {
    thinking_.add(now, 1);
    in_transaction_.add(now, -1);
  }
  void user_starts_transaction(sim::SimTime now) {
    thinking_.add(now, -1);
    in_transaction_.add(now, 1);
  }
  void users_join(sim::SimTime now, int users) { thinking_.add(now, users); }

  // Measured time: from begin() to finish() (or to `now` while active).
  double seconds(sim::SimTime now) const;
  std::uint64_t transactions() const;
  std::uint64_t transactions(int type) const { return transactions_[static_cast<std::size_t>(type)]; }
  double tps(sim::SimTime now) const { return static_cast<double>(transactions()) / seconds(now); }
  const sim::LatencyHistogram& latency() const { return all_latency_; }
  const sim::LatencyHistogram& latency(int type) const { return latency_[static_cast<std::size_t>(type)]; }
  const sim::BatchMeans& latency_batches() const { return latency_batches_; }
  const OltpIoStats& io(OltpIo kind) const { return io_stats_[static_cast<std::size_t>(kind)]; }
  // All storage I/O of the database (reads = page reads; writes = log + flush).
  const Measurement& storage() const { return io_; }
  void split_by_phase(PhaseMeasurement* phases) { io_.split_by_phase(phases); }
  const OltpCounters& counters() const { return counters_; }
  // Time-average users thinking / inside a transaction over the measured time.
  double mean_thinking(sim::SimTime now) const { return thinking_.average(active_ ? now : end_); }
  double mean_in_transaction(sim::SimTime now) const { return in_transaction_.average(active_ ? now : end_); }

 private:
  void count_io(OltpIo kind, std::uint64_t bytes, sim::SimTime latency) {
    OltpIoStats& s = io_stats_[static_cast<std::size_t>(kind)];
    ++s.count;
    s.bytes += bytes;
    s.latency_sum += latency;
  }

  bool active_ = false;
  sim::SimTime start_ = 0, end_ = 0;
  std::array<std::uint64_t, kOltpTransactionTypes> transactions_{};
  std::array<sim::LatencyHistogram, kOltpTransactionTypes> latency_;
  sim::LatencyHistogram all_latency_;
  sim::BatchMeans latency_batches_{16};
  std::array<OltpIoStats, kOltpIoKinds> io_stats_{};
  Measurement io_;
  OltpCounters counters_;
  sim::TimeWeighted thinking_, in_transaction_;
};

}  // namespace hcisim::models
