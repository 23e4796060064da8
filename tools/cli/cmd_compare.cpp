// hcisim compare SCENARIO... : one summary line per scenario.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "models/run/simulation.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/compare_table.hpp"
#include "tools/frontend/message_text.hpp"
#include "tools/frontend/scenario_loader.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

int compare_command(const std::vector<std::string>& args) {
  po::options_description options("compare options");
  std::vector<std::string> files, user_dirs, overrides;
  options.add_options()("scenarios", po::value(&files), "scenario files, in the order to print them")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "set", po::value(&overrides)->composing(), "override a key in every scenario, e.g. --set vms.per_node=16");
  po::positional_options_description positional;
  positional.add("scenarios", -1);
  po::variables_map vm;
  if (!parse_command_line(args,
                          "usage: hcisim compare SCENARIO... [options]\n\n"
                          "Runs each scenario and prints one line each: IOPS, MB/s, read and write latency\n"
                          "(mean, p99, ms) and the bottleneck; a run with a failure timeline adds a line per\n"
                          "phase it went through (healthy, degraded, repairing). Example, healthy against one\n"
                          "and two nodes down:\n"
                          "  hcisim compare scenarios/ax7525/test{2,3,4}-8k-random-30w.yaml",
                          options, positional, vm)) {
    return 0;
  }
  if (files.empty()) throw UsageError{"compare needs at least one scenario file"};
  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  // Load everything first: a typo in the last file should not cost the runs before it.
  std::vector<models::ScenarioSpec> specs;
  for (const auto& file : files) specs.push_back(frontend::load_scenario(file, catalog, overrides));
  std::cout << frontend::compare_header() << std::flush;
  const bool tty = isatty(STDERR_FILENO);
  for (const auto& spec : specs) {
    if (tty) std::fprintf(stderr, "running %s...\r", spec.id.c_str());
    const auto result = models::simulate(spec);
    if (tty) std::fprintf(stderr, "%60s\r", "");
    std::cout << frontend::compare_row(result) << frontend::compare_phase_rows(result) << std::flush;
    for (const std::string& warning : result.warnings) {
      std::cerr << "  " << frontend::printable(spec.id, 30) << ": " << frontend::printable(warning) << "\n";
    }
  }
  return 0;
}

}  // namespace hcisim::cli
