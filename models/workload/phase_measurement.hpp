// The measured I/O of a run split by the cluster's phase: healthy, degraded (a
// part down or a copy missing, nothing being repaired) and repairing (a resync
// or rebuild running), so a run with failures can be read phase by phase (time
// in each phase, IOPS, MB/s, latency percentiles, failed I/O).
#pragma once

#include <array>
#include <cstdint>

#include "sim/latency_histogram.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

enum class RunPhase { Healthy, Degraded, Repairing };
constexpr int kRunPhases = 3;

struct PhaseTotals {
  sim::SimTime time = 0;  // measured time spent in the phase
  std::uint64_t reads = 0, writes = 0, read_bytes = 0, write_bytes = 0, failed = 0;
  sim::LatencyHistogram read_latency, write_latency;
};

class PhaseMeasurement {
 public:
  // Measures from `start` (the end of the warm-up) in the phase set last.
  void begin(sim::SimTime start) {
    active_ = true;
    since_ = start;
  }
  void set_phase(RunPhase phase, sim::SimTime now) {
    if (active_) phases_[index(phase_)].time += now - since_;
    since_ = now;
    phase_ = phase;
  }
  RunPhase phase() const { return phase_; }
  void record(bool write, std::uint64_t bytes, sim::SimTime latency) {
    if (!active_) return;
    PhaseTotals& p = phases_[index(phase_)];
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
  void record_failed() {
    if (active_) ++phases_[index(phase_)].failed;
  }
  void finish(sim::SimTime now) {
    set_phase(phase_, now);
    active_ = false;
  }
  const PhaseTotals& totals(RunPhase phase) const { return phases_[index(phase)]; }

 private:
  static std::size_t index(RunPhase p) { return static_cast<std::size_t>(p); }
  bool active_ = false;
  RunPhase phase_ = RunPhase::Healthy;
  sim::SimTime since_ = 0;
  std::array<PhaseTotals, kRunPhases> phases_{};
};

}  // namespace hcisim::models
