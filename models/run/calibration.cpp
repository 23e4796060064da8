#include "models/run/calibration.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "models/run/reference_check.hpp"
#include "models/run/simulation.hpp"

namespace hcisim::models {

std::string_view fitted_parameter_name(FittedParameter p) {
  switch (p) {
    case FittedParameter::CacheLookupPerIo: return "cache_tier.lookup_cycles_per_io";
  }
  return "?";
}

double parameter_value(const StackSpec& stack, FittedParameter p) {
  switch (p) {
    case FittedParameter::CacheLookupPerIo: return stack.cache.lookup_cycles_per_io;
  }
  return 0;
}

StackSpec with_parameter(const StackSpec& stack, FittedParameter p, double value) {
  StackSpec out = stack;
  switch (p) {
    case FittedParameter::CacheLookupPerIo: out.cache.lookup_cycles_per_io = value; break;
  }
  return out;
}

CalibrationResult calibrate_stack(const ScenarioSpec& spec, FittedParameter parameter, double tolerance, int max_runs,
                                  const std::function<void(const CalibrationStep&)>& on_step) {
  CalibrationResult result;
  result.parameter = parameter;
  int calibration_figures = 0;
  for (const auto& ref : spec.references) {
    if (ref.calibration) {
      result.figure = ref;
      ++calibration_figures;
    }
  }
  if (calibration_figures != 1) {
    throw std::invalid_argument("scenario '" + spec.id + "' must mark exactly one reference figure as calibration");
  }
  if (!(result.figure.value > 0)) throw std::invalid_argument("the calibration figure must be positive");

  auto run = [&](double value) {
    ScenarioSpec trial = spec;
    trial.cluster.stack = with_parameter(spec.cluster.stack, parameter, value);
    const RunResult r = simulate(trial);
    CalibrationStep step{value, figure_value(r, result.figure.figure), 0};
    step.error = (step.predicted - result.figure.value) / result.figure.value;
    result.steps.push_back(step);
    if (on_step) on_step(step);
    return step;
  };
  // Secant on log(predicted) against the value: the throughput falls as the
  // fitted cost rises. The runs are noisy, so two close values can show the
  // figure rising with the cost: a secant step of the wrong sense, or one out of
  // the bracket of values found too cheap and too dear, is replaced by the
  // middle of that bracket, or while there is none by the proportional step.
  double too_cheap = -1, too_dear = -1;  // the largest value found too cheap, the smallest too dear
  auto bracket = [&](const CalibrationStep& step) {
    if (step.error > 0) {
      too_cheap = std::max(too_cheap, step.value);
    } else if (too_dear < 0 || step.value < too_dear) {
      too_dear = step.value;
    }
  };
  const double start = parameter_value(spec.cluster.stack, parameter);
  CalibrationStep previous = run(start);
  bracket(previous);
  double value = start > 0 ? start * (1 + previous.error) : 10'000.0;
  for (int i = 1; i < max_runs && std::fabs(previous.error) > tolerance; ++i) {
    const CalibrationStep current = run(value);
    bracket(current);
    if (std::fabs(current.error) <= tolerance) {
      previous = current;
      break;
    }
    const double slope = (std::log(current.predicted) - std::log(previous.predicted)) / (current.value - previous.value);
    if (!std::isfinite(slope) || std::fabs(slope) < 1e-12) {
      throw std::runtime_error("calibration: the figure does not respond to " +
                               std::string(fitted_parameter_name(parameter)) +
                               " (the mechanism it belongs to does not limit this case), so it cannot be fitted on it");
    }
    double next = current.value + (std::log(result.figure.value) - std::log(current.predicted)) / slope;
    if (slope < 0 && next < 0) {
      throw std::runtime_error("calibration: the figure stays above the published one even at " +
                               std::string(fitted_parameter_name(parameter)) +
                               " = 0: the case's other costs already make it slower than published");
    }
    if (slope > 0 || next <= too_cheap || (too_dear >= 0 && next >= too_dear)) {
      next = too_cheap >= 0 && too_dear >= 0 ? 0.5 * (too_cheap + too_dear) : current.value * (1 + current.error);
    }
    previous = current;
    value = next;
  }
  result.value = previous.value;
  result.converged = std::fabs(previous.error) <= tolerance;
  result.fitted = with_parameter(spec.cluster.stack, parameter, result.value);
  return result;
}

}  // namespace hcisim::models
