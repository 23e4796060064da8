// Is a run's measurement worth reading? Checks a finished run against its own
// numbers and says, in RunResult::warnings (findings: result/finding.hpp), when
// it is not, with the run length that would do:
//  - Little's law on the measured window: a closed loop keeps N = VMs x
//    threads x outstanding I/Os in flight, so the mean latency must be N / IOPS.
//    Far below it, the window is too short (or the warm-up too short) for the
//    latencies: the slow I/Os have not completed yet and are missing.
//  - the slowest I/O took about as long as the whole run: the latency
//    distribution is cut off by the run length.
//  - the 95 % interval on IOPS or on the mean latency is wide.
//  - a p99 moved during the measured time: that of its first half and that of
//    its second differ by more than kWideInterval and beyond the 95 % interval
//    of the difference (sim::BatchQuantiles::halves). The tail can take far
//    longer than the mean to settle, and the intervals cannot see what has not
//    happened yet.
// (The DISKSPD workload adds its own: sequential streams that the run did not
// carry over their whole region, warn_short_streams in stream_coverage.hpp.)
// No I/O completed in the measured time at all is an error (NoCompletedIo).
// Also fills RunResult::latency_ci_half_width_s and the p99 intervals
// (LatencySummary::p99_ci_half_width_s) from the measurement.
#pragma once

#include <stdexcept>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/workload/measurement.hpp"

namespace hcisim::models {

class NoCompletedIo : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Thresholds (relative): Little's law off by more than kLittleTolerance, an
// interval half-width above kWideInterval of its mean, the slowest I/O above
// kRunFraction of warm-up + measured time.
constexpr double kLittleTolerance = 0.10;
constexpr double kWideInterval = 0.05;
constexpr double kRunFraction = 0.5;

void assess_steady_state(RunResult& result, const ScenarioSpec& spec, const Measurement& measurement);

}  // namespace hcisim::models
