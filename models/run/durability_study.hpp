// From simulated repairs to durability: run a scenario with failures at each
// repair speed, read off how long the resync of a returning node and the
// rebuild of a lost drive took and what the foreground's p99 was meanwhile,
// and feed those repair times, with the parts' failure rates (drive AFR, node
// MTBF), into the Markov model of models/failure/durability.hpp.
//
// What a run does not show is estimated from what it does, and says so:
// - no drive failure in the timeline: a rebuild is one drive's share of the
//   stored copies at the repair rate the resync reached;
// - no node return: a resync is every copy a node holds (random writes dirty
//   every region within minutes; the stack tracks dirty regions per slab) at
//   the repair rate the rebuild reached.
// The other mirror layouts (for the comparison) keep the measured repair rate,
// their repair volume scaled by their copy count.
//
// A scenario that repairs nothing (no failure timeline, or one without a failed
// drive or a returning node) gets hcisim's own failures (synthetic_failure.hpp):
// a drive rebuild and a node's resync after a drain, each simulated at each
// repair speed. A repair the run's end cuts short (the cap) is extrapolated:
// the time so far plus what was left to repair at the rate reached; with no
// rate to go on, the time so far is a lower bound. The model takes a failed
// node as away for kAssumedNodeDowntimeS, so its resync covers what an hour's
// writes leave stale: every copy the node holds when the simulated (short)
// outage already left them all stale or the workload writes at random, at the
// rate the simulated resync reached.
#pragma once

#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "models/failure/durability.hpp"
#include "models/result/run_result.hpp"
#include "models/run/synthetic_failure.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

constexpr double kNotSeen = std::numeric_limits<double>::quiet_NaN();

// EST: how long an unplanned node outage lasts when the timeline does not say
// (a crash or a swapped part, back within about an hour); not from the
// reference library. Only used for MTTDL when the node part has an MTBF.
constexpr double kAssumedNodeDowntimeS = 3600;

// The most simulated time a synthetic repair is given (hcisim durability --repair-cap).
constexpr double kDefaultRepairCapS = 5;

// Where a repair time comes from.
enum class RepairSource {
  Simulated,        // the run repaired it to done
  Extrapolated,     // the run ended first: the time so far + what was left at the rate reached
  LowerBound,       // the run ended first with no rate to go on: at least the time so far
  FromOtherRepair,  // not in the run: the part's share of the stored copies at the other repair's rate
  WholeNodeShare,   // every copy the node holds (an hour's writes leave them stale) at the simulated resync's rate
};

// What one run with failures shows about repair.
struct RepairObservation {
  int repair_speed = 0;               // outstanding repair I/Os per volume
  double node_downtime_s = kNotSeen;  // a node's failure (or drain) to its return
  double node_resync_s = kNotSeen;    // its return to "repair done"
  double drive_rebuild_s = kNotSeen;  // a drive's detection to "repair done"
  RepairSource resync_source = RepairSource::Simulated, rebuild_source = RepairSource::Simulated;
  bool resync_estimated = false, rebuild_estimated = false;  // source != Simulated
  bool downtime_assumed = false;                             // no node returns: kAssumedNodeDowntimeS
  // Synthetic failures: the resync the short simulated outage needed (its
  // source: resync_simulated_source), before the model's resync (node_resync_s) was sized.
  double resync_simulated_s = kNotSeen;
  RepairSource resync_simulated_source = RepairSource::Simulated;
  double repair_bytes_per_s = 0;  // repaired bytes over the time spent repairing
  double repaired_bytes = 0;
  // Foreground latency, healthy vs while repairing (0 when the run had no such phase).
  double healthy_read_p99_s = 0, healthy_write_p99_s = 0;
  double repairing_read_p99_s = 0, repairing_write_p99_s = 0;
  double repairing_iops = 0, healthy_iops = 0;
};

// Reads the repair episodes off a run's events and phases.
RepairObservation observe_repair(const ScenarioSpec& spec, const RunResult& run);

// The scenario's timeline fails a drive, returns a node, or draws failures at random.
bool timeline_repairs(const ScenarioSpec& spec);

// The stored bytes (every copy, whole slabs) and one capacity drive's share of them.
double stored_copy_bytes(const ScenarioSpec& spec);

// The durability model's inputs for the scenario's cluster, layout and rates,
// with the repair times of `seen` (estimated where not seen, see above). A
// capacity drive without an AFR or a node without an MTBF makes the inputs not
// computable (inputs.not_computable names the part).
// Throws std::invalid_argument when the run shows no repair at all.
DurabilityInputs durability_inputs(const ScenarioSpec& spec, RepairObservation& seen);

struct DurabilityStudy {
  // Empty: the study ran. Otherwise why no durability can be computed for this
  // cluster (its parts cannot fail in the model); nothing else is filled.
  std::string not_computable;
  // The scenario repaired nothing, so hcisim failed parts itself (`failure`);
  // why it had to ("no failure timeline", "the timeline repairs nothing").
  bool synthetic = false;
  std::string synthetic_reason;
  SyntheticFailure failure;  // as planned at the scenario's own speed (each speed sizes its own repair windows)
  double mission_s = 0;
  std::vector<RepairObservation> repairs;         // one per repair speed, in the order asked
  std::vector<RepairDurability> by_repair_speed;  // the same order
  std::vector<LayoutDurability> layouts;          // two-way, three-way, nested two-way at the default speed
  DurabilityInputs base;                          // the default speed's inputs
  std::size_t reference = 0;                      // its index in repairs
};

// Runs `spec` once per repair speed when its timeline repairs something, and
// otherwise hcisim's own failures (each repair given at most repair_cap_s of
// simulated time), and computes durability for each; the layout comparison
// uses the repair times at the scenario's own speed (or the first one asked).
// `on_run` (if set) is told before each speed's runs.
DurabilityStudy study_durability(const ScenarioSpec& spec, const std::vector<int>& repair_speeds, double mission_s,
                                 const std::function<void(int speed, int index, int count)>& on_run = {},
                                 double repair_cap_s = kDefaultRepairCapS);

}  // namespace hcisim::models
