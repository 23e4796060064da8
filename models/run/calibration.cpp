#include "models/run/calibration.hpp"

#include <cmath>
#include <stdexcept>

#include "models/run/reference_check.hpp"
#include "models/run/simulation.hpp"

namespace hcisim::models {

StackSpec scale_fitted_cost(const StackSpec& stack, double factor) {
  StackSpec scaled = stack;
  scaled.network_message.cycles_per_io *= factor;
  return scaled;
}

CalibrationResult calibrate_stack(const ScenarioSpec& spec, double tolerance, int max_runs,
                                         const std::function<void(const CalibrationStep&)>& on_step) {
  CalibrationResult result;
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

  auto run = [&](double factor) {
    ScenarioSpec trial = spec;
    trial.cluster.stack = scale_fitted_cost(spec.cluster.stack, factor);
    const RunResult r = simulate(trial);
    CalibrationStep step{factor, figure_value(r, result.figure.figure), 0};
    step.error = (step.predicted - result.figure.value) / result.figure.value;
    result.steps.push_back(step);
    if (on_step) on_step(step);
    return step;
  };

  // Secant on log(predicted) against log(factor): when the protocol's
  // connections limit the case, throughput goes as 1 / factor, so the first
  // step is usually already close.
  CalibrationStep previous = run(1.0);
  double factor = 1.0 + previous.error;  // assumes throughput ~ 1 / cost
  for (int i = 1; i < max_runs && std::fabs(previous.error) > tolerance; ++i) {
    const CalibrationStep current = run(factor);
    if (std::fabs(current.error) <= tolerance) {
      previous = current;
      break;
    }
    const double slope = (std::log(current.predicted) - std::log(previous.predicted)) /
                         (std::log(current.factor) - std::log(previous.factor));
    if (!std::isfinite(slope) || std::fabs(slope) < 1e-3) {
      throw std::runtime_error("calibration: the figure does not respond to the fitted per-message cost (the "
                               "case is not limited by the protocol's connections), so it cannot be fitted on it");
    }
    const double next = std::exp(std::log(current.factor) +
                                 (std::log(result.figure.value) - std::log(current.predicted)) / slope);
    previous = current;
    factor = next;
  }
  result.factor = previous.factor;
  result.converged = std::fabs(previous.error) <= tolerance;
  result.fitted = scale_fitted_cost(spec.cluster.stack, result.factor);
  return result;
}

}  // namespace hcisim::models
