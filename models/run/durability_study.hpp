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
#pragma once

#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "models/failure/durability.hpp"
#include "models/run/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

constexpr double kNotSeen = std::numeric_limits<double>::quiet_NaN();

// What one run with failures shows about repair.
struct RepairObservation {
  int repair_speed = 0;           // outstanding repair I/Os per volume
  double node_downtime_s = kNotSeen;  // a node's failure (or drain) to its return
  double node_resync_s = kNotSeen;    // its return to "repair done"
  double drive_rebuild_s = kNotSeen;  // a drive's detection to "repair done"
  bool resync_estimated = false, rebuild_estimated = false;
  double repair_bytes_per_s = 0;  // repaired bytes over the time spent repairing
  double repaired_bytes = 0;
  // Foreground latency, healthy vs while repairing (0 when the run had no such phase).
  double healthy_read_p99_s = 0, healthy_write_p99_s = 0;
  double repairing_read_p99_s = 0, repairing_write_p99_s = 0;
  double repairing_iops = 0, healthy_iops = 0;
};

// Reads the repair episodes off a run's events and phases.
RepairObservation observe_repair(const ScenarioSpec& spec, const RunResult& run);

// The stored bytes (every copy, whole slabs) and one capacity drive's share of them.
double stored_copy_bytes(const ScenarioSpec& spec);

// The durability model's inputs for the scenario's cluster, layout and rates,
// with the repair times of `seen` (estimated where not seen, see above).
// Throws std::invalid_argument when the run shows no repair at all.
DurabilityInputs durability_inputs(const ScenarioSpec& spec, RepairObservation& seen);

struct DurabilityStudy {
  double mission_s = 0;
  std::vector<RepairObservation> repairs;         // one per repair speed, in the order asked
  std::vector<RepairDurability> by_repair_speed;  // the same order
  std::vector<LayoutDurability> layouts;          // two-way, three-way, nested two-way at the default speed
  DurabilityInputs base;                          // the default speed's inputs
};

// Runs `spec` once per repair speed (it must have a failure timeline with a
// repair in it) and computes durability for each; the layout comparison uses
// the repair times at the scenario's own speed (or the first one asked).
// `on_run` (if set) is told before each run.
DurabilityStudy study_durability(const ScenarioSpec& spec, const std::vector<int>& repair_speeds, double mission_s,
                                 const std::function<void(int speed, int index, int count)>& on_run = {});

}  // namespace hcisim::models
