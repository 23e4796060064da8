// Fitting one constant of a stack profile to its calibration case, by a secant
// search on the case's calibration figure. Each fitted constant belongs to one
// case (its catalog source says "calibrated: <case>"):
//   cache_tier.lookup_cycles_per_io     R740xd 100 % read: going through the cache tier
// Every other cost stays as the catalog gives it. (The S2D stack's other
// constants are fitted on measured runs: tools/frontend/s2d_calibration.hpp.)
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

enum class FittedParameter { CacheLookupPerIo };
std::string_view fitted_parameter_name(FittedParameter p);  // its key in the stack file
double parameter_value(const StackSpec& stack, FittedParameter p);
StackSpec with_parameter(const StackSpec& stack, FittedParameter p, double value);

struct CalibrationStep {
  double value = 0;      // the parameter tried
  double predicted = 0;
  double error = 0;      // relative to the published figure
};

struct CalibrationResult {
  ReferenceFigure figure;            // the calibration figure that was fitted
  FittedParameter parameter = FittedParameter::CacheLookupPerIo;
  std::vector<CalibrationStep> steps;
  double value = 0;                  // the fitted value
  StackSpec fitted;                  // the stack with it
  bool converged = false;
};

// `spec` must carry exactly one reference figure marked calibration. Stops when
// the figure is matched within `tolerance` (relative) or after `max_runs` runs.
// `on_step` is told each run as it finishes.
CalibrationResult calibrate_stack(const ScenarioSpec& spec, FittedParameter parameter, double tolerance = 0.002,
                                  int max_runs = 8,
                                  const std::function<void(const CalibrationStep&)>& on_step = {});

}  // namespace hcisim::models
