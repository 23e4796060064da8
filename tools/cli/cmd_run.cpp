// hcisim run SCENARIO [--json FILE [--json-format fio]] [--csv FILE] [--plot DIR] [--catalog DIR]... [--seed N]
//            [--duration T] [--dry-run] [--fast] [--progress auto|plain|none]
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

#include "models/capacity/capacity.hpp"
#include "models/run/run_estimate.hpp"
#include "models/run/simulation.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/base/progress_text.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/capacity_report.hpp"
#include "tools/frontend/report/finding_text.hpp"
#include "tools/frontend/report/footing.hpp"
#include "tools/frontend/report/plots.hpp"
#include "tools/frontend/report/report_csv.hpp"
#include "tools/frontend/report/report_fio_json.hpp"
#include "tools/frontend/report/report_json.hpp"
#include "tools/frontend/report/report_text.hpp"
#include "tools/frontend/report/run_length_check.hpp"
#include "tools/frontend/sweep/fast_result.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

std::uint64_t seed_option(const std::string& text) {
  try {
    const std::int64_t seed = frontend::parse_integer(text);
    if (seed >= 0) return static_cast<std::uint64_t>(seed);
  } catch (const frontend::UnitError&) {
  }
  throw UsageError{"--seed: expected a whole number from 0 to " +
                   std::to_string(std::numeric_limits<std::int64_t>::max()) + ", got " + frontend::in_quotes(text)};
}

}  // namespace

int run_command(const std::vector<std::string>& args) {
  po::options_description options("run options");
  std::string scenario_file, seed, duration, warmup, json_format, progress_mode;
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
      "json-format", po::value<std::string>(&json_format)->default_value("hcisim"),
      "hcisim (everything, fio's names inside) or fio (fio 3.x json+ for a job group: jobs[], clat_ns with\n"
      "percentiles and bins, for fio's own tools)")(
      "plot", po::value<std::string>(),
      "draw pictures into folder DIR with gnuplot (latency CDF, timeline, CPU by layer)")(
      "dry-run", "print what was understood, the capacity check and an estimate of the wall time; do not simulate")(
      "progress", po::value<std::string>(&progress_mode)->default_value("auto"),
      "auto (a bar with ETA on a terminal, nothing otherwise), plain (a line every 10 %), none")(
      "fast", "answer with the analytic fast path (mean value analysis, about a millisecond) instead of simulating;\n"
              "refuses, naming it, a mechanism it does not model, and what only a simulation has\n"
              "(--csv, --plot, --json-format fio)")("quiet,q", "no progress (as --progress none)");
  add_precision_options(options, "stop");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::variables_map vm;
  if (!parse_command_line(args, "usage: hcisim run SCENARIO [options]", options, positional, vm)) return 0;

  // Everything on the command line is checked before the (possibly long) run.
  if (json_format != "hcisim" && json_format != "fio") {
    throw UsageError{"--json-format: expected hcisim or fio, got " + frontend::in_quotes(json_format)};
  }
  if (progress_mode != "auto" && progress_mode != "plain" && progress_mode != "none") {
    throw UsageError{"--progress: expected auto, plain or none, got " + frontend::in_quotes(progress_mode)};
  }
  if (vm.count("plot") && vm["plot"].as<std::string>().empty()) throw UsageError{"--plot: expected a folder, got ''"};
  if (vm.count("plot")) frontend::check_plot_folder(vm["plot"].as<std::string>());  // before the run, as --json
  if (!vm["json-format"].defaulted() && !vm.count("json")) {
    throw UsageError{"--json-format says how --json writes the report: give --json FILE too"};
  }
  if (vm.count("dry-run")) {
    // A dry run prints what it understood and an estimate; it writes no report.
    if (vm.count("fast"))
      throw UsageError{"--dry-run estimates a simulation: with --fast the answer takes milliseconds"};
    for (const char* output : {"json", "csv", "plot"}) {
      if (vm.count(output))
        throw UsageError{std::string("--dry-run simulates nothing and writes nothing: drop --") + output};
    }
  }
  refuse_run_controls_with_fast(vm);
  if (vm.count("fast")) {
    // The fast path gives means, percentiles of a fitted distribution and utilisations: no time
    // series and no latency histogram, which these outputs are made of.
    const char* needs_run = vm.count("csv")    ? "--csv (the timeline)"
                            : vm.count("plot") ? "--plot (the timeline and the latency distribution)"
                            : json_format == "fio" && vm.count("json") ? "--json-format fio (the latency histogram)"
                                                                       : nullptr;
    if (needs_run != nullptr) {
      throw UsageError{std::string("--fast has no simulation to give ") + needs_run + ": drop --fast to simulate"};
    }
  }
  const auto json = output_option(vm, "json");
  const auto csv = output_option(vm, "csv");
  require_distinct_outputs({json.get(), csv.get()});
  const std::uint64_t seed_value = vm.count("seed") ? seed_option(seed) : 0;
  const std::int64_t duration_ns = vm.count("duration") ? duration_option("duration", duration) : 0;
  const std::int64_t warmup_ns = vm.count("warmup") ? duration_option("warmup", warmup) : 0;

  // A quick answer reads only the catalog parts the scenario names.
  const std::vector<std::filesystem::path> dirs(user_dirs.begin(), user_dirs.end());
  const auto catalog = vm.count("fast") ? frontend::Catalog::load_lazy(dirs) : frontend::Catalog::load(dirs);
  add_precision_sets(vm, overrides);
  models::ScenarioSpec spec = frontend::load_scenario(scenario_file, catalog, overrides);
  if (vm.count("seed")) spec.run.seed = seed_value;
  if (vm.count("duration")) spec.run.duration_ns = duration_ns;
  if (vm.count("warmup")) spec.run.warmup_ns = warmup_ns;
  if (spec.run.duration_ns <= 0) throw UsageError{"--duration must be positive"};
  if (spec.run.warmup_ns > std::numeric_limits<std::int64_t>::max() - spec.run.duration_ns) {
    throw UsageError{"--warmup + --duration exceed the simulator's clock (about 292 years of nanoseconds)"};
  }
  if (vm.count("duration") || vm.count("warmup")) {
    frontend::check_run_length(spec, vm.count("duration") ? "--duration" : "--warmup");
  }
  if (vm.count("dry-run")) {
    const models::CapacityReport capacity = models::assess_capacity(spec);
    std::cout << frontend::describe(spec) << frontend::format_capacity(capacity, spec.cluster.node_count);
    for (const models::Finding& warning : capacity.warnings)
      std::cout << "  warning: " << frontend::printable(frontend::finding_text(warning)) << "\n";
    std::cout << frontend::format_run_estimate(models::estimate_run(spec));
    return 0;
  }

  models::RunOptions run_options;
  const bool fast = vm.count("fast") > 0;
  const std::string mode = vm.count("quiet") || fast ? "none" : progress_mode;
  const bool terminal = isatty(STDERR_FILENO) != 0;
  const auto wall_start = std::chrono::steady_clock::now();
  auto elapsed = [wall_start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  };
  // Set-up (building the model) can take seconds before the first simulated
  // nanosecond: said as it starts, and left out of the pace the time to go is drawn from.
  auto setup_s = std::make_shared<double>(0.0);
  if (mode == "auto" && terminal) {
    std::fprintf(stderr, "\rsetting up the model...   ");
    std::fflush(stderr);
    run_options.set_up = [elapsed, setup_s] { *setup_s = elapsed(); };
    run_options.progress = [elapsed, setup_s](double fraction) {
      std::fprintf(stderr, "\rsimulating... %s   ", frontend::progress_text(fraction, elapsed(), *setup_s).c_str());
      std::fflush(stderr);
    };
  } else if (mode == "plain") {
    std::fprintf(stderr, "hcisim: setting up the model...\n");
    std::fflush(stderr);
    run_options.set_up = [elapsed, setup_s] {
      *setup_s = elapsed();
      std::fprintf(stderr, "hcisim: set up in %s\n", frontend::format_seconds(*setup_s).c_str());
      std::fflush(stderr);
    };
    run_options.progress = [elapsed, setup_s, next = 0.1](double fraction) mutable {
      if (fraction + 1e-9 < next && fraction < 1.0) return;
      while (next <= fraction + 1e-9) next += 0.1;
      std::fprintf(stderr, "hcisim: simulating... %s\n",
                   frontend::progress_text(fraction, elapsed(), *setup_s).c_str());
      std::fflush(stderr);
    };
  }
  const models::RunResult result = fast ? frontend::fast_result(spec) : models::simulate(spec, run_options);
  if (mode == "auto" && terminal) std::fprintf(stderr, "\r%90s\r", "");
  // With a result on standard output, the readable report goes to standard error.
  const bool stdout_taken = (json && json->is_stdout()) || (csv && csv->is_stdout());
  const frontend::Footing footing = frontend::footing_of(spec, catalog);
  (stdout_taken ? std::cerr : std::cout) << frontend::format_run_report(spec, result, &footing) << std::flush;
  if (json) {
    if (json_format == "fio") {
      json->write(frontend::fio_report_json(spec, result).dump(2) + "\n");
    } else {
      nlohmann::json report = frontend::run_report_json(spec, result);
      report["footing"] = frontend::footing_json(footing);
      if (const std::string w = frontend::footing_warning(footing); !w.empty()) report["warnings"].push_back(w);
      json->write(report.dump(2) + "\n");
    }
  }
  if (csv) csv->write(frontend::timeline_csv(result));
  if (vm.count("plot")) {
    const frontend::PlotOutcome plots = frontend::write_run_plots(vm["plot"].as<std::string>(), spec, result);
    if (!plots.message.empty()) std::cerr << "hcisim: " << plots.message << "\n";
    // No gnuplot is a note, not a failure; gnuplot failing to draw is.
    if (!plots.drawn && !frontend::find_gnuplot().empty()) return 1;
  }
  return 0;
}

}  // namespace hcisim::cli
