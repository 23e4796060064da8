// The measured I/O of a run split by the cluster's phase (RunPhase,
// models/result/run_phase.hpp), so a run with failures can be read phase by
// phase (time in each phase, IOPS, MB/s, latency percentiles, CPU, failed I/O;
// an I/O counts in the worst phase it lived through).
// Each stretch of time in one phase is kept as a span, so statistics that need
// a steady stretch (an interval over the run's sampling intervals) can use only
// the intervals that lie wholly inside one.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "models/result/run_phase.hpp"
#include "models/workload/window_stats.hpp"
#include "sim/latency_histogram.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

struct PhaseTotals {
  sim::SimTime time = 0;  // measured time spent in the phase
  std::uint64_t reads = 0, writes = 0, read_bytes = 0, write_bytes = 0, failed = 0;
  std::vector<double> node_cycles;  // per node: CPU cycles executed while in the phase
  sim::LatencyHistogram read_latency, write_latency;
};

// One stretch of measured time in a single phase.
struct PhaseSpan {
  RunPhase phase = RunPhase::Healthy;
  sim::SimTime begin = 0, end = 0;
};

class PhaseMeasurement {
 public:
  // Measures from `start` (the end of the warm-up) in the phase set last;
  // `cycles` is each node's executed CPU cycles at that moment.
  void begin(sim::SimTime start, const std::vector<double>& cycles) {
    active_ = true;
    since_ = start;
    cycles_since_ = cycles;
    for (PhaseTotals& p : phases_) p.node_cycles.assign(cycles.size(), 0.0);
  }
  void set_phase(RunPhase phase, sim::SimTime now, const std::vector<double>& cycles) {
    if (active_ && now > since_) {
      PhaseTotals& p = phases_[index(phase_)];
      p.time += now - since_;
      for (std::size_t n = 0; n < cycles.size() && n < p.node_cycles.size(); ++n) {
        p.node_cycles[n] += cycles[n] - cycles_since_[n];
      }
      if (!spans_.empty() && spans_.back().phase == phase_ && spans_.back().end == since_) {
        spans_.back().end = now;
      } else {
        spans_.push_back(PhaseSpan{phase_, since_, now});
      }
    }
    since_ = now;
    cycles_since_ = cycles;
    phase_ = phase;
  }
  RunPhase phase() const { return phase_; }
  // An I/O completed at `now` after `latency`: it counts in the worst phase it
  // lived through (detecting, then degraded, repairing, repaired, healthy), so
  // an I/O that waited out a detection is the detecting phase's, not that of
  // the healthy time it was issued in or the repair that follows.
  void record(bool write, std::uint64_t bytes, sim::SimTime latency, sim::SimTime now) {
    if (!active_) return;
    PhaseTotals& p = phases_[index(worst_phase_since(now - latency))];
    if (write) {
      ++p.writes;
      p.write_bytes += bytes;
      p.write_latency.record(latency);
    } else {
      ++p.reads;
      p.read_bytes += bytes;
      p.read_latency.record(latency);
    }
  }
  // A skipped span of the current phase: what `window` held, `factor` times
  // (its time counts when the phase next changes, on the scenario's clock).
  void add_span(const WindowStats& window, double factor) {
    if (!active_) return;
    PhaseTotals& p = phases_[index(phase_)];
    auto scaled = [factor](std::uint64_t n) {
      return static_cast<std::uint64_t>(std::llround(static_cast<double>(n) * factor));
    };
    p.reads += scaled(window.reads);
    p.writes += scaled(window.writes);
    p.read_bytes += scaled(window.read_bytes);
    p.write_bytes += scaled(window.write_bytes);
    p.failed += scaled(window.failed);
    p.read_latency.merge_scaled(window.read_latency, factor);
    p.write_latency.merge_scaled(window.write_latency, factor);
  }
  void record_failed() {
    if (active_) ++phases_[index(phase_)].failed;
  }
  void finish(sim::SimTime now, const std::vector<double>& cycles) {
    set_phase(phase_, now, cycles);
    active_ = false;
  }
  const PhaseTotals& totals(RunPhase phase) const { return phases_[index(phase)]; }
  // The measured time's stretches, in order (one per change of phase).
  const std::vector<PhaseSpan>& spans() const { return spans_; }

 private:
  static std::size_t index(RunPhase p) { return static_cast<std::size_t>(p); }
  // How bad a phase is for the I/O that lives through it.
  static int severity(RunPhase p) {
    switch (p) {
      case RunPhase::Healthy: return 0;
      case RunPhase::Repaired: return 1;
      case RunPhase::Repairing: return 2;
      case RunPhase::Degraded: return 3;
      case RunPhase::Detecting: return 4;
    }
    return 0;
  }
  // The worst phase from `t` to now: the current one in the usual case (the
  // I/O began in it), else the worst of the spans it overlaps.
  RunPhase worst_phase_since(sim::SimTime t) const {
    RunPhase worst = phase_;
    for (auto span = spans_.rbegin(); t < since_ && span != spans_.rend() && span->end > t; ++span) {
      if (severity(span->phase) > severity(worst)) worst = span->phase;
    }
    return worst;
  }
  bool active_ = false;
  RunPhase phase_ = RunPhase::Healthy;
  sim::SimTime since_ = 0;
  std::vector<double> cycles_since_;
  std::array<PhaseTotals, kRunPhases> phases_{};
  std::vector<PhaseSpan> spans_;
};

}  // namespace hcisim::models
