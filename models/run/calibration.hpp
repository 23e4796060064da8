// Fitting a stack's one fitted constant to its calibration case: the per-message
// cycles of its network protocol (network_message.cycles_per_io, the work each
// end of a connection does per message), found by a secant search on the case's
// calibration figure. Every other cost stays as the catalog estimates it.
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
  double factor = 1;                 // multiply the current fitted constant by this
  StackSpec fitted;                  // the stack with the factor applied
  bool converged = false;
};

// Multiplies the fitted constant (network_message.cycles_per_io) by `factor`.
StackSpec scale_fitted_cost(const StackSpec& stack, double factor);

// `spec` must carry exactly one reference figure marked calibration. Stops when
// the figure is matched within `tolerance` (relative) or after `max_runs` runs.
// `on_step` is told each run as it finishes.
CalibrationResult calibrate_stack(const ScenarioSpec& spec, double tolerance = 0.002, int max_runs = 8,
                                         const std::function<void(const CalibrationStep&)>& on_step = {});

}  // namespace hcisim::models
