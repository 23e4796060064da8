// hcisim calibrate SCENARIO: refit the stack's per-I/O CPU costs on a calibration case.
#include <cstdio>
#include <iostream>

#include "models/run/calibration.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
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
                          "Fits the stack's one fitted constant (network_message.cycles_per_io: the work each end\n"
                          "of a storage connection does per message) so the scenario's calibration figure is\n"
                          "matched, and prints the fitted value for the stack file. Changes no file.",
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
  const auto result = models::calibrate_stack(spec, 0.002, 8, [](const models::CalibrationStep& s) {
    std::printf("  factor %.4f -> predicted %.6g (%+.2f %%)\n", s.factor, s.predicted, s.error * 100);
  });
  const auto& figure = result.figure;
  std::printf("\ncalibration case %s: %s published %s\n", spec.id.c_str(),
              std::string(frontend::figure_name(figure.figure)).c_str(),
              frontend::format_figure_value(figure.figure, figure.value).c_str());
  std::printf("%s: factor %.4f on the current fitted constant of stack '%s'\n",
              result.converged ? "converged" : "NOT converged", result.factor, spec.cluster.stack.id.c_str());
  const auto& s = result.fitted;
  std::printf("  network_message.cycles_per_io: %.0f\n", s.network_message.cycles_per_io);
  return result.converged ? 0 : 1;
}

}  // namespace hcisim::cli
