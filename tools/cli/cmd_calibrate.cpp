// hcisim calibrate SCENARIO: refit the stack constant that belongs to a calibration case.
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <iostream>

#include "models/run/calibration.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/calibration_case.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/figure_names.hpp"
#include "tools/frontend/scenario_loader.hpp"
#include "tools/frontend/units.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

int calibrate_command(const std::vector<std::string>& args) {
  po::options_description options("calibrate options");
  std::string scenario_file, duration;
  std::vector<std::string> user_dirs;
  options.add_options()("scenario", po::value(&scenario_file)->required(), "the calibration case (YAML)")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "duration", po::value(&duration), "override the measured simulated time of each trial run");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::variables_map vm;
  if (!parse_command_line(args,
                          "usage: hcisim calibrate SCENARIO [options]\n\n"
                          "Fits the stack constant whose source names this case (\"calibrated: FOLDER-NAME\", e.g.\n"
                          "ax7525-test1-4k-random-read for network_message.cycles_per_io) so the scenario's\n"
                          "calibration figure is matched, and prints the fitted value for the stack file.\n"
                          "Changes no file.",
                          options, positional, vm)) {
    return 0;
  }
  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  models::ScenarioSpec spec = frontend::load_scenario(scenario_file, catalog);
  if (vm.count("duration")) {
    try {
      spec.run.duration_ns = frontend::parse_duration_ns(duration);
    } catch (const std::invalid_argument& e) {
      throw UsageError{e.what()};
    }
  }
  const std::string calibration_case = frontend::calibration_case_name(spec);
  const auto fields = catalog.calibrated_fields(spec.cluster.stack.id, calibration_case);
  std::optional<models::FittedParameter> parameter;
  for (const auto p : {models::FittedParameter::NetworkMessagePerIo, models::FittedParameter::CacheLookupPerIo}) {
    for (const std::string& key : fields) {
      if (key == models::fitted_parameter_name(p)) parameter = p;
    }
  }
  if (!parameter) {
    throw std::runtime_error("stack '" + spec.cluster.stack.id + "' has no constant calibrated on case '" +
                             calibration_case + "' (a field whose source is \"calibrated: " + calibration_case + "\")");
  }
  const auto result = models::calibrate_stack(spec, *parameter, 0.002, 8, [](const models::CalibrationStep& s) {
    std::printf("  %.1f -> predicted %.6g (%+.2f %%)\n", s.value, s.predicted, s.error * 100);
  });
  const auto& figure = result.figure;
  std::printf("\ncalibration case %s: %s published %s\n", spec.id.c_str(),
              std::string(frontend::figure_name(figure.figure)).c_str(),
              frontend::format_figure_value(figure.figure, figure.value).c_str());
  std::printf("%s: stack '%s', %s = %.0f\n", result.converged ? "converged" : "NOT converged",
              spec.cluster.stack.id.c_str(), std::string(models::fitted_parameter_name(result.parameter)).c_str(),
              result.value);
  return result.converged ? 0 : 1;
}

}  // namespace hcisim::cli
