// hcisim calibrate SCENARIO...: fit the S2D stack's and Hyper-V's constants on
// measured runs (scenarios with reference.vmfleet_runs, or one scenario of the
// cluster and --results FILE: a VMFleet 2.0 result table).
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/input/calibration_case.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/validation/calibrated_profiles.hpp"
#include "tools/frontend/validation/measured_cases.hpp"
#include "tools/frontend/validation/s2d_calibration.hpp"
#include "tools/frontend/validation/validate.hpp"
#include "tools/frontend/validation/volume_stage_fit.hpp"

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

// Step D before A-C (they hold the volume stage's per-byte costs fixed) and
// after them (with the per-I/O costs A-C fitted).
int calibrate_measured(const frontend::Catalog& catalog, const std::vector<models::ScenarioSpec>& specs,
                       const std::vector<models::ScenarioSpec>& limits, const std::string& results, int jobs,
                       int rounds, const std::string& write_dir, const std::string& name) {
  if (!write_dir.empty()) frontend::check_profiles_absent(write_dir, name);  // before the fit, not after
  frontend::CalibrationOptions options;
  options.jobs = jobs;
  options.max_rounds = rounds;
  const bool tty = isatty(STDERR_FILENO);
  options.progress = [tty](const std::string& step) {
    if (tty) std::fprintf(stderr, "\r%-78s", step.c_str());
  };
  auto cases = measured_runs(specs, results);
  std::printf(
      "calibrating on %zu measured runs of %zu cluster(s)%s\n", cases.size(), specs.size(),
      limits.empty() ? "" : frontend::printf_string(" and %zu run(s) the volume stage limits", limits.size()).c_str());
  if (!limits.empty()) {
    if (tty) std::fprintf(stderr, "\r%-78s", "step D (volume stage per byte), from the catalog's per-I/O costs");
    const auto first =
        frontend::fit_volume_stage_bytes(limits, frontend::S2dConstants::of(cases.front().spec.cluster), jobs);
    for (auto& c : cases) {
      c.spec.cluster.stack.volume_read.cycles_per_byte = first.read_cycles_per_byte;
      c.spec.cluster.stack.volume_write.cycles_per_byte = first.write_cycles_per_byte;
    }
  }
  frontend::S2dCalibration fit = frontend::calibrate_s2d(cases, options);
  std::optional<frontend::StageBytesFit> stage;
  if (!limits.empty()) {
    if (tty) std::fprintf(stderr, "\r%-78s", "step D (volume stage per byte), from the fitted per-I/O costs");
    stage = frontend::fit_volume_stage_bytes(limits, fit.fitted, jobs);
    fit.fitted.volume_read_cycles_per_byte = stage->read_cycles_per_byte;
    fit.fitted.volume_write_cycles_per_byte = stage->write_cycles_per_byte;
    fit.fitted.stage_bytes_fitted = true;
  }
  if (tty) std::fprintf(stderr, "\r%78s\r", "");
  std::printf("%s", frontend::format_s2d_calibration(fit).c_str());
  if (stage) std::printf("%s", frontend::format_stage_bytes_fit(*stage).c_str());
  if (!write_dir.empty()) {
    std::vector<std::string> cases_named;
    for (const auto& spec : specs) cases_named.push_back(frontend::calibration_case_name(spec));
    for (const auto& spec : limits) cases_named.push_back(frontend::calibration_case_name(spec));
    if (!results.empty()) {  // a user's own table: the source says which file, and how much of it
      cases_named.front() += " (" + std::to_string(cases.size()) + " measured runs of " +
                             std::filesystem::path(results).filename().string() + ")";
    }
    const auto written =
        frontend::write_calibrated_profiles(catalog, specs.front().cluster, fit.fitted, name, cases_named, write_dir);
    for (const auto& file : written) std::printf("wrote %s\n", file.c_str());
  }
  return 0;
}

}  // namespace

int calibrate_command(const std::vector<std::string>& args) {
  po::options_description options("calibrate options");
  std::vector<std::string> scenario_files, user_dirs;
  std::string results, write_dir, name = "calibrated";
  int rounds = frontend::kMaxRounds;
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  options.add_options()("scenario", po::value(&scenario_files)->required(), "scenarios (YAML) or folders of them")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "results", po::value(&results), "a VMFleet 2.0 result table of the (one) scenario's cluster")(
      "jobs", po::value(&jobs), "measured runs simulated at once (default: the machine's hardware threads)")(
      "write", po::value(&write_dir), "write the fitted stack and hypervisor profiles into this catalog folder")(
      "name", po::value(&name), "their id (default 'calibrated'): name it as stack and hypervisor in scenarios")(
      "rounds", po::value(&rounds), "rounds of the fit, at most (default 3)");
  po::positional_options_description positional;
  positional.add("scenario", -1);
  po::variables_map vm;
  if (!parse_command_line(args,
                          "usage: hcisim calibrate SCENARIO... [options]\n\n"
                          "Fits the S2D stack's and Hyper-V's costs over measured runs at once (scenarios with\n"
                          "reference.vmfleet_runs, like scenarios/geos, or one scenario of your cluster and\n"
                          "--results FILE, a VMFleet 2.0 result table) and prints them with their residuals;\n"
                          "scenarios of one direction with a calibration figure read_throughput or\n"
                          "write_throughput (like the AX-7525's Test 1 512K runs) fit the volume stage's cost\n"
                          "per byte on runs it limits;\n"
                          "--write DIR saves them as catalog parts to use with --catalog DIR. Changes no file\n"
                          "unless --write is given. (docs/s2d-calibration.md says how.)",
                          options, positional, vm)) {
    return 0;
  }
  if (jobs < 1) throw UsageError{"--jobs: expected at least 1"};
  if (rounds < 1 || rounds > 20) throw UsageError{"--rounds: expected 1 to 20"};
  const bool plain_name =
      !name.empty() && name.size() <= 64 && name[0] != '.' && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
      });
  if (!plain_name) throw UsageError{"--name: expected a catalog id of letters, digits, '-', '_' and '.'"};
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
  const bool measured = !results.empty() || std::any_of(specs.begin(), specs.end(),
                                                        [](const auto& s) { return s.measured_runs.has_value(); });
  if (!results.empty() && specs.size() != 1) throw UsageError{"--results: give the one scenario of that cluster"};
  if (!measured) {
    throw UsageError{"no measured runs: give scenarios with reference.vmfleet_runs (like scenarios/geos), or one "
                     "scenario of your cluster and --results FILE (a VMFleet 2.0 result table)"};
  }
  std::vector<models::ScenarioSpec> with_runs, limits;
  for (const auto& s : specs) {
    if (!results.empty() || s.measured_runs) {
      with_runs.push_back(s);
    } else if (frontend::is_stage_limit_case(s)) {
      limits.push_back(s);
    }
  }
  return calibrate_measured(catalog, with_runs, limits, results, jobs, rounds, write_dir, name);
}

}  // namespace hcisim::cli
