// hcisim run SCENARIO [--json FILE] [--csv FILE] [--catalog DIR]... [--seed N] [--duration T] [--dry-run]
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

#include "models/analytic/fast_path.hpp"
#include "models/run/simulation.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/message_text.hpp"
#include "tools/frontend/output_file.hpp"
#include "tools/frontend/report_csv.hpp"
#include "tools/frontend/report_json.hpp"
#include "tools/frontend/report_text.hpp"
#include "tools/frontend/scenario_loader.hpp"
#include "tools/frontend/units.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

// An output option, checked before anything is simulated (a bad path is command-line misuse).
std::unique_ptr<frontend::OutputFile> output_option(const po::variables_map& vm, const std::string& name) {
  if (!vm.count(name)) return nullptr;
  try {
    return std::make_unique<frontend::OutputFile>(vm[name].as<std::string>());
  } catch (const frontend::OutputError& e) {
    throw UsageError{"--" + name + ": " + e.what()};
  }
}

std::uint64_t seed_option(const std::string& text) {
  try {
    const std::int64_t seed = frontend::parse_integer(text);
    if (seed >= 0) return static_cast<std::uint64_t>(seed);
  } catch (const frontend::UnitError&) {
  }
  throw UsageError{"--seed: expected a whole number from 0 to " +
                   std::to_string(std::numeric_limits<std::int64_t>::max()) + ", got " + frontend::in_quotes(text)};
}

std::int64_t duration_option(const std::string& name, const std::string& text) {
  try {
    return frontend::parse_duration_ns(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError{"--" + name + ": " + e.what()};
  }
}

}  // namespace

models::RunResult fast_result(const models::ScenarioSpec& spec) {
  try {
    return models::analyse(spec);
  } catch (const models::BeyondFastPath& e) {
    throw std::runtime_error("--fast: " + std::string(e.what()) +
                             ": beyond the analytic fast path; run without --fast to simulate it");
  }
}

int run_command(const std::vector<std::string>& args) {
  po::options_description options("run options");
  std::string scenario_file, seed, duration, warmup;
  std::vector<std::string> user_dirs, overrides;
  options.add_options()("scenario", po::value(&scenario_file)->required(), "the scenario file (YAML)")(
      "json", po::value<std::string>(), "also write the full report as JSON to FILE ('-': standard output)")(
      "csv", po::value<std::string>(),
      "also write the timeline (IOPS and mean latency per interval) as CSV to FILE ('-': standard output)")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "set", po::value(&overrides)->composing(),
      "what-if: override a scenario key, e.g. --set cluster.nodes=8 (repeatable)")(
      "seed", po::value(&seed), "override the scenario's random seed (0 to 2^63-1)")(
      "duration", po::value(&duration), "override the measured simulated time (e.g. 500ms)")(
      "warmup", po::value(&warmup), "override the warm-up (e.g. 20ms)")(
      "dry-run", "print what was understood of the scenario, do not simulate")(
      "fast", "answer with the analytic fast path (mean value analysis, about a millisecond) instead of simulating;\n"
              "refuses, naming it, a mechanism it does not model")(
      "quiet,q", "no progress line");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::variables_map vm;
  if (!parse_command_line(args, "usage: hcisim run SCENARIO [options]", options, positional, vm)) return 0;

  // Everything on the command line is checked before the (possibly long) run.
  const auto json = output_option(vm, "json");
  const auto csv = output_option(vm, "csv");
  if (json && csv) {
    try {
      frontend::require_distinct({json.get(), csv.get()});
    } catch (const frontend::OutputError& e) {
      throw UsageError{e.what()};
    }
  }
  const std::uint64_t seed_value = vm.count("seed") ? seed_option(seed) : 0;
  const std::int64_t duration_ns = vm.count("duration") ? duration_option("duration", duration) : 0;
  const std::int64_t warmup_ns = vm.count("warmup") ? duration_option("warmup", warmup) : 0;

  // A quick answer reads only the catalog parts the scenario names.
  const std::vector<std::filesystem::path> dirs(user_dirs.begin(), user_dirs.end());
  const auto catalog = vm.count("fast") ? frontend::Catalog::load_lazy(dirs) : frontend::Catalog::load(dirs);
  models::ScenarioSpec spec = frontend::load_scenario(scenario_file, catalog, overrides);
  if (vm.count("seed")) spec.run.seed = seed_value;
  if (vm.count("duration")) spec.run.duration_ns = duration_ns;
  if (vm.count("warmup")) spec.run.warmup_ns = warmup_ns;
  if (spec.run.duration_ns <= 0) throw UsageError{"--duration must be positive"};
  if (spec.run.warmup_ns > std::numeric_limits<std::int64_t>::max() - spec.run.duration_ns) {
    throw UsageError{"--warmup + --duration exceed the simulator's clock (about 292 years of nanoseconds)"};
  }
  if (vm.count("dry-run")) {
    std::cout << frontend::describe(spec);
    return 0;
  }

  models::RunOptions run_options;
  const bool fast = vm.count("fast") > 0;
  const bool show_progress = !fast && !vm.count("quiet") && isatty(STDERR_FILENO);
  if (show_progress) {
    run_options.progress = [](double fraction) {
      std::fprintf(stderr, "\rsimulating... %3.0f%%", fraction * 100);
      std::fflush(stderr);
    };
  }
  const models::RunResult result = fast ? fast_result(spec) : models::simulate(spec, run_options);
  if (show_progress) std::fprintf(stderr, "\r                    \r");
  // With a result on standard output, the readable report goes to standard error.
  const bool stdout_taken = (json && json->is_stdout()) || (csv && csv->is_stdout());
  (stdout_taken ? std::cerr : std::cout) << frontend::format_run_report(spec, result) << std::flush;
  if (json) json->write(frontend::run_report_json(spec, result).dump(2) + "\n");
  if (csv) csv->write(frontend::timeline_csv(result));
  return 0;
}

}  // namespace hcisim::cli
