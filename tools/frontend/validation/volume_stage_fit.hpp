// Step D of `hcisim calibrate`: what a byte costs in the S2D volume stage
// (StackSpec::volume_read, volume_write: one I/O at a time per volume on its
// owner), from published runs whose throughput that stage limits: a scenario
// of one direction (all reads or all writes) with a calibration figure
// `read_throughput` or `write_throughput`, like the AX-7525's Test 1 512K
// hero runs. Where one stage limits, the volume's throughput is one over what
// an I/O holds it for (the utilisation law at U = 1), so
//   cycles_per_byte = (clock / (throughput per volume / bytes per I/O) - cycles_per_io) / bytes per I/O,
// found by simulating (the clock, the stage's CPU queueing and how evenly the
// volumes are loaded are the simulation's) and rescaling until the simulated
// throughput is the published one. A case the stage does not limit cannot
// carry the constant: it is refused, naming what does.
#pragma once

#include <string>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/validation/s2d_calibration.hpp"

namespace hcisim::frontend {

constexpr double kStageLimitMinUtilisation = 0.90;  // the stage must be this busy for the run to measure it
constexpr double kStageFitTolerance = 0.005;        // simulated within this of the published throughput
constexpr int kStageFitMaxIterations = 8;

// True for a scenario step D fits on (see above).
bool is_stage_limit_case(const models::ScenarioSpec& spec);

struct StageLimitRun {
  std::string name;  // the scenario's case name
  bool write = false;
  double bytes_per_io = 0;  // mean bytes of an I/O at the stage
  double published_bytes_per_s = 0;
  double simulated_bytes_per_s = 0;  // with the fitted constant
  double stage_utilisation = 0;      // the busiest volume stage's
  int iterations = 0;
};

struct StageBytesFit {
  double read_cycles_per_byte = 0;
  double write_cycles_per_byte = 0;
  std::vector<StageLimitRun> runs;
};

// Fits the per-byte costs of the directions the cases cover, the other
// constants as in `k` (their per-byte values start the search); a direction no
// case covers keeps k's value. Throws std::invalid_argument for a case that is
// not S2D, has both directions, or is not limited by the volume stage.
StageBytesFit fit_volume_stage_bytes(const std::vector<models::ScenarioSpec>& cases, const S2dConstants& k, int jobs);

std::string format_stage_bytes_fit(const StageBytesFit& fit);

}  // namespace hcisim::frontend
