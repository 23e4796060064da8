// Fast-forward over the steady stretches of a failure timeline (issue 44).
//
// Between the timeline's events a run settles into a phase (degraded, waiting
// for a VM restart; repairing at the repair's pace; repaired) and then changes
// nothing but the background work for minutes. Simulating every I/O of those
// minutes says again what the first second said. So, once a phase is steady,
// the run skips ahead: the steady window it just measured stands for the
// skipped span (its I/O counts, bytes and latency distribution scaled to the
// span's length, spread over the timeline's intervals), the background work
// goes on at the window's pace (the product's repair, StorageProduct::skip),
// and every timer fixed to the scenario's clock (the next failure, return,
// detection, VM restart) comes the span sooner (sim::Engine::pull_timers).
// The simulator's clock does not move: the I/O in flight and every
// component's own times stay as they were; the scenario's clock runs ahead of
// it by the spans skipped so far (the run log, the measurement and the
// timeline read it).
//
// Steady, by a rule like the run's precision stop (precision_stop.hpp): the
// measured time is cut into windows of kBatches batches; a window is steady
// when
//  - the 95 % batch-means intervals of its IOPS and its mean latency are
//    within `precision` of their means, and both means are within `precision`
//    of the previous window's (no trend);
//  - it holds at least kMinIos I/Os of each kind the workload issues (a p99
//    from at least a hundred I/Os beyond it) and kMinTurnovers mean latencies;
//  - nothing happened in it or the previous window (no run event, the same
//    phase), the product can skip (StorageProduct::skippable: it advances what
//    changes; I/O waiting on a timer waits the span longer), and the
//    background is steady: no copy went stale in either window (what a
//    resync will copy is not growing), degraded bytes unchanged, or a repair
//    that ran through both windows at paces within kRepairPrecision, the 95 %
//    batch-means interval of its pace too, over at least kMinRepairSteps of
//    its steps (repair moves in large copies: a short window's pace is noisy,
//    and a window too short or too noisy for it grows).
// A window too short for the counts gets batches as much longer as it lacked
// (at least half as long again, at most kMaxGrowth times, up to kLongestBatch);
// after an event, a short window opens at once. The span skipped ends at the next timer, when a repair
// queue would have no copy left to start, or at the run's end; a span shorter
// than two windows is not skipped. Its end is a state the simulation reached
// (the one at the window's end), so the event that follows meets a real one.
//
// The warm-up is watched the same way: once steady, the rest of it is skipped
// (nothing is measured in it; the background and the timers move as above,
// the warm-up's end being a timer) and measuring begins from the state
// reached.
//
// Not advanced, so not skipped: caches whose contents age (a hybrid cache
// tier, the CSV block cache), cloud burst credits, the OLTP database and SAS
// streams (Workload::skippable_measurement), products without skip support.
// The nodes' utilisations, drive and NIC figures and the product's counters
// are over the simulated time only (RunResult::simulated_seconds).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "models/cluster/cluster.hpp"
#include "models/result/run_result.hpp"
#include "models/storage/run_event.hpp"
#include "models/storage/storage_product.hpp"
#include "models/workload/measurement.hpp"
#include "models/workload/phase_measurement.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

// Told of each skip before the clocks move (the run's timeline sampler).
class SkipObserver {
 public:
  // The scenario's time `now` to `now` + `span` is skipped; the repair stood at
  // `before` and stands at `after`; each node ran `cycles_per_ns` CPU cycles.
  virtual void skipping(sim::SimTime now, sim::SimTime span, const RepairStatus& before, const RepairStatus& after,
                        const std::vector<double>& cycles_per_ns) = 0;

 protected:
  ~SkipObserver() = default;
};

class FastForward final : public sim::EventHandler {
 public:
  static constexpr int kBatches = 16;
  static constexpr std::uint64_t kMinIos = 10'000;
  static constexpr double kMinTurnovers = 50;
  static constexpr double kRepairPrecision = 0.05;
  // A repairing window holds at least this many of the repair's steps (S2D: an
  // extent copy per volume), whose ends make its pace uneven below that scale.
  static constexpr int kMinRepairSteps = 8;
  static constexpr sim::SimTime kFirstBatch = 2 * sim::kMillisecond;
  static constexpr sim::SimTime kLongestBatch = 640 * sim::kMillisecond;
  static constexpr double kMaxGrowth = 4;  // a window at most this many times the last

  // `end`: the scenario's time the run ends; `precision`: the steadiness asked for.
  FastForward(sim::Engine& engine, Cluster& cluster, StorageProduct& product, Measurement& measurement,
              PhaseMeasurement& phases, RunLog& log, SkipObserver& observer, sim::SimTime end, double precision);

  // The run has begun (its warm-up): the first window opens.
  void start_warmup();
  // Measuring has begun: a window opens afresh.
  void start();
  void on_event(std::uint64_t) override;  // a batch ends
  // Something happened (a run event): the window in progress is dropped and a
  // short one opens now, so what follows is measured from the event on (a
  // window grown long in a quiet phase would otherwise outlast the next one).
  void disturbed();

  // The scenario's clock minus the simulator's.
  sim::SimTime skipped() const { return skipped_; }
  // The part of skipped() after the warm-up (measured time standing for I/O not simulated).
  sim::SimTime skipped_measured() const { return skipped_ - skipped_warmup_; }
  // Per node: CPU cycles the skipped spans stand for.
  const std::vector<double>& skipped_cycles() const { return skipped_cycles_; }
  const std::vector<FastForwardSpan>& spans() const { return spans_; }

 private:
  struct WindowSummary {
    bool valid = false;
    double iops = 0, latency_ns = 0, repair_bytes_per_ns = 0;
    bool repairing = false;
    bool new_stale = false;  // a copy went stale in it (a write missed a down part)
    RunPhase phase = RunPhase::Healthy;
  };
  void open_window();
  // The window just closed is steady (and its summary); if it was too short
  // to tell, `longer` says how many times longer one must be.
  bool steady(WindowSummary& summary, double& longer);
  void skip(sim::SimTime span, sim::SimTime window);
  void restart_windows();
  std::vector<double> cycles_now() const;

  sim::Engine* engine_;
  Cluster* cluster_;
  StorageProduct* product_;
  Measurement* measurement_;
  PhaseMeasurement* phases_;
  RunLog* log_;
  SkipObserver* observer_;
  sim::SimTime end_;
  double precision_;

  sim::SimTime batch_ = kFirstBatch;
  int batch_index_ = 0;
  std::array<double, kBatches> batch_ios_{}, batch_latency_ns_{}, batch_repair_bytes_{};
  std::uint64_t repair_mark_ = 0;  // bytes repaired at the last batch's end
  std::uint64_t ios_mark_ = 0;     // the window's I/Os at the last batch's end
  sim::SimTime latency_mark_ = 0;  // and their latency sum
  sim::SimTime window_start_ = 0;  // on the simulator's clock
  std::vector<double> window_cycles_;
  RepairStatus window_repair_;
  RunPhase window_phase_ = RunPhase::Healthy;
  bool started_ = false;
  bool measuring_ = false;
  sim::EventId batch_event_{};  // the current batch's end
  WindowSummary previous_;

  sim::SimTime skipped_ = 0;
  sim::SimTime skipped_warmup_ = 0;
  std::vector<double> skipped_cycles_;
  std::vector<FastForwardSpan> spans_;
};

}  // namespace hcisim::models
