// Fitting the per-I/O CPU costs of a stack to a calibration case: one common
// factor on the cycles_per_io of every layer the RDMA path uses (guest,
// hypervisor, storage stack, drive I/O, network message), found by a secant
// search on the case's calibration figure. The split between layers stays as
// the catalog estimates it; only the overall level is fitted.
#pragma once

#include <functional>
#include <vector>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

struct CalibrationStep {
  double factor = 0;
  double predicted = 0;
  double error = 0;  // relative to the published figure
};

struct CalibrationResult {
  ReferenceFigure figure;            // the calibration figure that was fitted
  std::vector<CalibrationStep> steps;
  double factor = 1;                 // multiply the current per-I/O costs by this
  StackSpec fitted;                  // the stack with the factor applied
  bool converged = false;
};

// Multiplies the per-I/O cycles of the layers named above by `factor`.
StackSpec scale_per_io_costs(const StackSpec& stack, double factor);

// `spec` must carry exactly one reference figure marked calibration. Stops when
// the figure is matched within `tolerance` (relative) or after `max_runs` runs.
// `on_step` is told each run as it finishes.
CalibrationResult calibrate_per_io_costs(const ScenarioSpec& spec, double tolerance = 0.002, int max_runs = 8,
                                         const std::function<void(const CalibrationStep&)>& on_step = {});

}  // namespace hcisim::models
