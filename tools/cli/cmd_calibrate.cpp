// hcisim calibrate SCENARIO...: fit the S2D stack's constants on measured runs
// (scenarios with reference.vmfleet_runs, or one scenario and --results FILE),
// or refit the one stack constant that belongs to a calibration case.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <thread>
#include <stdexcept>
#include <string>
#include <iostream>

#include "models/run/calibration.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/calibrated_profiles.hpp"
#include "tools/frontend/calibration_case.hpp"
#include "tools/frontend/measured_cases.hpp"
#include "tools/frontend/s2d_calibration.hpp"
#include "tools/frontend/validate.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/figure_names.hpp"
#include "tools/frontend/scenario_loader.hpp"
#include "tools/frontend/units.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

// The measured runs of the scenarios (or of the one scenario and a result file).
std::vector<frontend::MeasuredCase> measured_runs(const std::vector<models::ScenarioSpec>& specs,
                                                  const std::string& results) {
  std::vector<frontend::MeasuredCase> cases;
  for (const models::ScenarioSpec& spec : specs) {
    std::vector<frontend::MeasuredCase> own =
        results.empty() ? frontend::measured_cases_of(spec)
                        : frontend::measured_cases(spec, frontend::read_vmfleet_runs(results));
    for (auto& c : own) cases.push_back(std::move(c));
  }
  return cases;
}

int calibrate_measured(const frontend::Catalog& catalog, const std::vector<models::ScenarioSpec>& specs,
                       const std::string& results, int jobs, const std::string& write_dir, const std::string& name) {
  frontend::CalibrationOptions options;
  options.jobs = jobs;
  const bool tty = isatty(STDERR_FILENO);
  options.progress = [tty](const std::string& step) {
    if (tty) std::fprintf(stderr, "\r%-78s", step.c_str());
  };
  const auto cases = measured_runs(specs, results);
  std::printf("calibrating on %zu measured runs of %zu cluster(s)\n", cases.size(), specs.size());
  const frontend::S2dCalibration fit = frontend::calibrate_s2d(cases, options);
  if (tty) std::fprintf(stderr, "\r%78s\r", "");
  std::printf("%s", frontend::format_s2d_calibration(fit).c_str());
  if (!write_dir.empty()) {
    std::vector<std::string> cases_named;
    for (const auto& spec : specs) cases_named.push_back(frontend::calibration_case_name(spec));
    const auto written = frontend::write_calibrated_profiles(catalog, specs.front().cluster, fit.fitted, name,
                                                             cases_named, write_dir);
    for (const auto& file : written) std::printf("wrote %s\n", file.c_str());
  }
  return 0;
}

}  // namespace

int calibrate_command(const std::vector<std::string>& args) {
  po::options_description options("calibrate options");
  std::vector<std::string> scenario_files, user_dirs;
  std::string duration, results, write_dir, name = "calibrated";
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  options.add_options()("scenario", po::value(&scenario_files)->required(),
                        "scenarios (YAML) or folders of them")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "results", po::value(&results), "a VMFleet 2.0 result table of the (one) scenario's cluster")(
      "jobs", po::value(&jobs), "measured runs simulated at once (default: the machine's hardware threads)")(
      "write", po::value(&write_dir), "write the fitted stack and hypervisor profiles into this catalog folder")(
      "name", po::value(&name), "their id (default 'calibrated'): name it as stack and hypervisor in scenarios")(
      "duration", po::value(&duration), "override the measured simulated time of each trial run (one case)");
  po::positional_options_description positional;
  positional.add("scenario", -1);
  po::variables_map vm;
  if (!parse_command_line(args,
                          "usage: hcisim calibrate SCENARIO... [options]\n\n"
                          "On measured runs (scenarios with reference.vmfleet_runs, or one scenario of your cluster\n"
                          "and --results FILE, a VMFleet 2.0 result table): fits the S2D stack's and Hyper-V's costs\n"
                          "over all of them at once and prints them with their residuals; --write DIR saves them\n"
                          "as catalog parts (use with --catalog DIR). On one calibration case: fits the stack\n"
                          "constant whose source names it (\"calibrated: FOLDER-NAME\") to its calibration figure.\n"
                          "Changes no file unless --write is given.",
                          options, positional, vm)) {
    return 0;
  }
  if (jobs < 1) throw UsageError{"--jobs: expected at least 1"};
  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  std::vector<models::ScenarioSpec> specs;
  for (const std::string& f : scenario_files) {
    if (std::filesystem::is_directory(f)) {
      for (const auto& file : frontend::find_scenarios(f)) specs.push_back(frontend::load_scenario(file, catalog));
    } else {
      specs.push_back(frontend::load_scenario(f, catalog));
    }
  }
  if (specs.empty()) throw UsageError{"no scenario found"};
  const bool measured = !results.empty() || std::any_of(specs.begin(), specs.end(), [](const auto& s) {
    return s.measured_runs.has_value();
  });
  if (!results.empty() && specs.size() != 1) throw UsageError{"--results: give the one scenario of that cluster"};
  if (measured) {
    std::vector<models::ScenarioSpec> with_runs;
    for (const auto& s : specs) {
      if (!results.empty() || s.measured_runs) with_runs.push_back(s);
    }
    return calibrate_measured(catalog, with_runs, results, jobs, write_dir, name);
  }
  if (specs.size() != 1) throw UsageError{"a calibration case is one scenario"};
  models::ScenarioSpec spec = specs.front();
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
  for (const auto p : {models::FittedParameter::CacheLookupPerIo}) {
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
