// hcisim run SCENARIO [--json FILE] [--csv FILE] [--catalog DIR]... [--seed N] [--duration T] [--dry-run]
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>

#include "models/run/simulation.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/report_csv.hpp"
#include "tools/frontend/report_json.hpp"
#include "tools/frontend/report_text.hpp"
#include "tools/frontend/scenario_loader.hpp"
#include "tools/frontend/units.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

// Writes to a temporary file beside the target, then renames it, so a failed
// run never leaves a half-written report behind.
void write_atomically(const std::string& path, const std::string& text) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp);
    if (!out) throw std::runtime_error("cannot write '" + temp + "'");
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write '" + temp + "'");
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    throw std::runtime_error("cannot rename '" + temp + "' to '" + path + "'");
  }
}

}  // namespace

int run_command(const std::vector<std::string>& args) {
  po::options_description options("run options");
  std::string scenario_file, json_file, csv_file, duration, warmup;
  std::vector<std::string> user_dirs, overrides;
  std::uint64_t seed = 0;
  options.add_options()("scenario", po::value(&scenario_file)->required(), "the scenario file (YAML)")(
      "json", po::value(&json_file), "also write the full report as JSON to FILE")(
      "csv", po::value(&csv_file), "also write the timeline (IOPS and mean latency per interval) as CSV to FILE")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "set", po::value(&overrides)->composing(),
      "what-if: override a scenario key, e.g. --set cluster.nodes=8 (repeatable)")(
      "seed", po::value(&seed), "override the scenario's random seed")(
      "duration", po::value(&duration), "override the measured simulated time (e.g. 500ms)")(
      "warmup", po::value(&warmup), "override the warm-up (e.g. 20ms)")(
      "dry-run", "print what was understood of the scenario, do not simulate")(
      "quiet,q", "no progress line");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::variables_map vm;
  if (!parse_command_line(args, "usage: hcisim run SCENARIO [options]", options, positional, vm)) return 0;

  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  models::ScenarioSpec spec = frontend::load_scenario(scenario_file, catalog, overrides);
  try {
    if (vm.count("seed")) spec.run.seed = seed;
    if (vm.count("duration")) spec.run.duration_ns = frontend::parse_duration_ns(duration);
    if (vm.count("warmup")) spec.run.warmup_ns = frontend::parse_duration_ns(warmup);
  } catch (const std::invalid_argument& e) {
    throw UsageError{e.what()};
  }
  if (spec.run.duration_ns <= 0) throw UsageError{"--duration must be positive"};
  if (vm.count("dry-run")) {
    std::cout << frontend::describe(spec);
    return 0;
  }

  models::RunOptions run_options;
  const bool show_progress = !vm.count("quiet") && isatty(STDERR_FILENO);
  if (show_progress) {
    run_options.progress = [](double fraction) {
      std::fprintf(stderr, "\rsimulating... %3.0f%%", fraction * 100);
      std::fflush(stderr);
    };
  }
  const models::RunResult result = models::simulate(spec, run_options);
  if (show_progress) std::fprintf(stderr, "\r                    \r");
  std::cout << frontend::format_run_report(spec, result);
  if (!json_file.empty()) write_atomically(json_file, frontend::run_report_json(spec, result).dump(2) + "\n");
  if (!csv_file.empty()) write_atomically(csv_file, frontend::timeline_csv(result));
  return 0;
}

}  // namespace hcisim::cli
