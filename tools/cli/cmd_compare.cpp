// hcisim compare SCENARIO [--set K=V]... SCENARIO [--set K=V]... : one summary line per scenario.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "models/run/simulation.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/compare_table.hpp"
#include "tools/frontend/report/finding_text.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

// The scenario files in order, each with the --set what-ifs written after it;
// those written before the first file apply to every file.
struct CompareRuns {
  std::vector<std::string> files;
  std::vector<std::vector<std::string>> own_sets;  // parallel to files
  std::vector<std::string> common_sets;
  std::vector<std::string> rest;  // everything else, for Boost.Program_options
};

CompareRuns split_sets(const std::vector<std::string>& args) {
  CompareRuns runs;
  auto add_set = [&](const std::string& value) {
    (runs.files.empty() ? runs.common_sets : runs.own_sets.back()).push_back(value);
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--set") {
      if (i + 1 == args.size() || (args[i + 1].size() > 1 && args[i + 1][0] == '-')) {
        throw UsageError{"--set needs a value (key.path=value)"};
      }
      add_set(args[++i]);
    } else if (a.starts_with("--set=")) {
      add_set(a.substr(6));
    } else if (a == "--catalog") {
      runs.rest.push_back(a);
      if (i + 1 < args.size()) runs.rest.push_back(args[++i]);
    } else if (!a.empty() && a[0] == '-') {
      runs.rest.push_back(a);
    } else {
      runs.files.push_back(a);
      runs.own_sets.emplace_back();
    }
  }
  return runs;
}

std::string joined(const std::vector<std::string>& sets) {
  std::string text;
  for (const std::string& s : sets) text += (text.empty() ? "" : ", ") + s;
  return text;
}

}  // namespace

int compare_command(const std::vector<std::string>& args) {
  const CompareRuns runs = split_sets(args);
  po::options_description options("compare options");
  std::vector<std::string> user_dirs;
  options.add_options()("catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "set", "what-if K=V: after a scenario file it changes that file only (the row says so); before the\n"
             "first file it changes every file (repeatable)");
  po::variables_map vm;
  if (!parse_command_line(runs.rest,
                          "usage: hcisim compare SCENARIO [--set K=V]... [SCENARIO [--set K=V]...]... [options]\n\n"
                          "Runs each scenario and prints one line each: IOPS, MB/s, read and write latency\n"
                          "(mean, p99, ms), the bottleneck and what the row varies; a run with a failure\n"
                          "timeline adds a line per phase it went through (healthy, degraded, repairing).\n"
                          "Examples, healthy against one and two nodes down, and a scenario against its\n"
                          "two-way-mirror what-if:\n"
                          "  hcisim compare scenarios/ax7525/test{2,3,4}-8k-random-30w.yaml\n"
                          "  hcisim compare S.yaml S.yaml --set cluster.resiliency=two-way-mirror",
                          options, po::positional_options_description{}, vm)) {
    return 0;
  }
  if (runs.files.empty()) throw UsageError{"compare needs at least one scenario file"};
  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  // Load everything first: a typo in the last file should not cost the runs before it.
  std::vector<models::ScenarioSpec> specs;
  for (std::size_t i = 0; i < runs.files.size(); ++i) {
    std::vector<std::string> sets = runs.common_sets;
    sets.insert(sets.end(), runs.own_sets[i].begin(), runs.own_sets[i].end());
    specs.push_back(frontend::load_scenario(runs.files[i], catalog, sets));
  }
  if (!runs.common_sets.empty()) std::cout << "every row: " << frontend::printable(joined(runs.common_sets)) << "\n";
  std::cout << frontend::compare_header() << std::flush;
  const bool tty = isatty(STDERR_FILENO);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const auto& spec = specs[i];
    if (tty) std::fprintf(stderr, "running %s...\r", spec.id.c_str());
    const auto result = models::simulate(spec);
    if (tty) std::fprintf(stderr, "%60s\r", "");
    std::cout << frontend::compare_row(result, joined(runs.own_sets[i])) << frontend::compare_phase_rows(result)
              << std::flush;
    for (const models::Finding& warning : result.warnings) {
      std::cerr << "  " << frontend::printable(spec.id, 30) << ": "
                << frontend::printable(frontend::finding_text(warning)) << "\n";
    }
  }
  return 0;
}

}  // namespace hcisim::cli
