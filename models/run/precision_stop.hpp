// Sequential stopping: a run that asks for a precision (run.precision, e.g. 2 %)
// stops as soon as its answer is that precise, instead of measuring its whole
// duration (which is then the most it measures). A what-if or a sweep point
// that settles in 60 ms of simulated time no longer pays for a second.
//
// The rule, checked at every 1 % of the run (fixed simulated times, so a run
// stops at the same point whatever the machine and the parallelism):
//  - the 95 % batch-means intervals of total IOPS and of the mean latency (over
//    the timeline's intervals, Measurement) are both within `precision` of
//    their means;
//  - there is enough to trust them: at least kMinIntervals timeline intervals
//    (so the batches are at least two intervals long), and at least
//    kMinTurnovers mean latencies of measured time (so a batch is not shorter
//    than the I/Os it averages, whose correlation would make the interval
//    too narrow);
//  - the 95 % sectioning intervals (sim::BatchQuantiles) of the latency
//    percentiles it is also asked to cover (run.precision_percentiles: a p99
//    under an SLO, say) are within `precision` of their estimates, each with
//    enough samples beyond the percentile in every section, after
//    kMinTurnovers of the percentile's own latency (a tail turns over more
//    slowly than the mean);
//  - and all of this at two checks in a row: stopping at the first lucky check
//    would favour the moments the interval happens to be narrow.
// It assumes the measured time is stationary (a warm-up long enough for caches
// and queues to settle): the scenario loader refuses it with a failure
// timeline, whose phases need the whole run, and the steady-state checks
// (steady_state.hpp) still look at the result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "models/workload/measurement.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

// "read.p99", "write.p999", "lat.p50": as run.precision_percentiles and --slo write them.
std::string latency_percentile_name(const LatencyPercentile& percentile);

// Whether the scenario's workload issues the I/O a percentile is of (a read-only
// run has no write p99); an OLTP database and SAS's iotest issue both.
bool workload_issues(const ScenarioSpec& spec, LatencyPercentile::Of of);

class PrecisionStop {
 public:
  static constexpr std::uint64_t kMinIntervals = 64;
  static constexpr double kMinTurnovers = 50;
  // Timeline intervals in the whole duration when the scenario sets none: fine
  // enough for the first check to have kMinIntervals of them by 1/16 of the run.
  static constexpr int kIntervals = 1024;

  explicit PrecisionStop(double precision, std::vector<LatencyPercentile> percentiles = {})
      : precision_(precision), percentiles_(std::move(percentiles)) {}

  // A check after `measured` of measured time: true when the run may stop
  // (never without a precision, 0).
  bool check(const Measurement& measurement, sim::SimTime measured);
  bool reached() const { return reached_; }

  // The 95 % interval on a percentile of the measured latencies (the run's
  // sections, sim::BatchQuantiles); nullopt while too short.
  static std::optional<sim::BatchQuantiles::Interval> interval(const Measurement& measurement,
                                                               const LatencyPercentile& percentile);

 private:
  bool precise_now(const Measurement& measurement, sim::SimTime measured) const;

  double precision_;
  std::vector<LatencyPercentile> percentiles_;
  int in_a_row_ = 0;
  bool reached_ = false;
};

}  // namespace hcisim::models
