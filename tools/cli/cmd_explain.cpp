// hcisim explain SCENARIO [--catalog DIR]... [--set k=v]... [--duration T] [--json FILE] [--quick]
// Runs the scenario, says what limits it and where the time goes, then runs
// the counterfactuals a teacher asks (one more node, the other mirror, RDMA
// against TCP, a faster NIC, each repair speed).
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>

#include "models/run/explain.hpp"
#include "models/run/simulation.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/explain_report.hpp"
#include "tools/frontend/report/explain_variants.hpp"
#include "tools/frontend/report/run_length_check.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

int explain_command(const std::vector<std::string>& args) {
  po::options_description options("explain options");
  std::string scenario_file, duration;
  std::vector<std::string> user_dirs, overrides;
  options.add_options()("scenario", po::value(&scenario_file)->required(), "the scenario file (YAML)")(
      "json", po::value<std::string>(), "also write the explanation as JSON to FILE ('-': standard output)")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "set", po::value(&overrides)->composing(), "what-if: override a scenario key (repeatable)")(
      "duration", po::value(&duration), "override the measured simulated time (e.g. 50ms)")(
      "quick", "run the counterfactuals for a quarter of the measured time (not with a failure timeline)")(
      "quiet,q", "no progress line");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::variables_map vm;
  if (!parse_command_line(args,
                          "usage: hcisim explain SCENARIO [options]\n\n"
                          "Runs the scenario and says, in plain sentences, what limits it (the chain of\n"
                          "resources, busiest first), where the time goes (latency by stage, CPU by layer)\n"
                          "and how Little's law closes; then simulates the counterfactuals: one more node,\n"
                          "the other mirror, RDMA against TCP, a NIC at twice the port speed, and each\n"
                          "repair speed (with the timeline's failures, or when it repairs nothing a drive\n"
                          "and a node hcisim fails itself; --quick: the scenario's own speed only); each\n"
                          "with its IOPS, p99, usable capacity and mean time to data loss.",
                          options, positional, vm)) {
    return 0;
  }
  std::optional<frontend::OutputFile> json;
  if (vm.count("json")) {
    try {
      json.emplace(vm["json"].as<std::string>());
    } catch (const frontend::OutputError& e) {
      throw UsageError{std::string("--json: ") + e.what()};
    }
  }
  std::int64_t duration_ns = 0;
  if (vm.count("duration")) {
    try {
      duration_ns = frontend::parse_duration_ns(duration);
    } catch (const std::invalid_argument& e) {
      throw UsageError{std::string("--duration: ") + e.what()};
    }
    if (duration_ns <= 0) throw UsageError{"--duration must be positive"};
  }

  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  models::ScenarioSpec spec = frontend::load_scenario(scenario_file, catalog, overrides);
  if (spec.cluster.cloud.defined()) {
    // Its what-ifs (a node more, the other mirror, TCP, faster NICs) are on-premises questions.
    throw std::runtime_error(frontend::printable(spec.file) +
                             ": explain covers on-premises clusters (S2D, ScaleIO); for a cloud cluster, run "
                             "reports what limits it with its table of VM and disk caps");
  }
  if (duration_ns > 0) spec.run.duration_ns = duration_ns;
  if (spec.run.warmup_ns > std::numeric_limits<std::int64_t>::max() - spec.run.duration_ns) {
    throw UsageError{"--duration: warm-up + duration exceed the simulator's clock (about 292 years of nanoseconds)"};
  }
  if (duration_ns > 0) frontend::check_run_length(spec, "--duration");
  const std::vector<models::VariantSpec> variants = frontend::explain_variants(scenario_file, catalog, overrides, spec);

  const bool show_progress = !vm.count("quiet") && isatty(STDERR_FILENO);
  if (show_progress) std::fprintf(stderr, "\rsimulating the scenario...");
  const models::RunResult run = models::simulate(spec);
  models::RunExplanation why = models::explain_run(spec, run);
  models::WhatIfOptions what_if;
  what_if.quick = vm.count("quick") > 0;
  if (show_progress) {
    what_if.on_run = [](const std::string& what, int index, int count) {
      std::fprintf(stderr, "\r%70s\rwhat if: %s (%d of %d)...", "", what.c_str(), index + 1, count);
      std::fflush(stderr);
    };
  }
  const models::WhatIfs what_ifs = models::run_what_ifs(spec, run, variants, what_if);
  models::adopt_repair_study(why, what_ifs);
  if (show_progress) std::fprintf(stderr, "\r%70s\r", "");

  const bool stdout_taken = json && json->is_stdout();
  (stdout_taken ? std::cerr : std::cout) << frontend::format_explain_report(spec, run, why, what_ifs) << std::flush;
  if (json) json->write(frontend::explain_json(spec, run, why, what_ifs).dump(2) + "\n");
  return 0;
}

}  // namespace hcisim::cli
