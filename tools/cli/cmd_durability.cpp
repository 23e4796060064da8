// hcisim durability SCENARIO: what the simulated repair times mean for the odds
// of losing data, at each repair speed, and for each mirror layout.
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>

#include "models/run/durability_study.hpp"
#include "models/storage/product_registry.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/durability_report.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

// The repair paces to try, each one the product's knob takes (ProductEntry::repair_pace):
// S2D's repair speeds 1, 2, 4, 8 or 16; ScaleIO's rebuild I/Os per device, 1 to 64. A
// product without a repair to pace has the study say so.
std::vector<int> speeds_option(const std::string& text, const models::ProductEntry& product) {
  const models::ProductEntry::RepairPace& pace = product.repair_pace;
  const bool paced = pace.highest > 0;
  const std::string expected = paced ? "a comma-separated list of " + std::string(product.title) + " repair speeds (" +
                                           pace.text() + ": " + std::string(product.repair_knob) + ")"
                                     : "a comma-separated list of repair speeds";
  std::vector<int> speeds;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const bool digits = !item.empty() && item.size() <= 4 && item.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || std::stoi(item) < 1 || (paced && !pace.allows(std::stoi(item)))) {
      throw UsageError{"--speeds: expected " + expected + ", got '" + text + "'"};
    }
    speeds.push_back(std::stoi(item));
  }
  if (speeds.empty()) throw UsageError{"--speeds: expected at least one repair speed"};
  return speeds;
}

double cap_option(const std::string& text) {
  std::size_t used = 0;
  double seconds = 0;
  try {
    seconds = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(seconds >= 0.05) || seconds > 3600) {
    throw UsageError{"--repair-cap: expected seconds of simulated time from 0.05 to 3600, got '" + text + "'"};
  }
  return seconds;
}

double years_option(const std::string& text) {
  std::size_t used = 0;
  double years = 0;
  try {
    years = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(years > 0) || years > 1000) {
    throw UsageError{"--mission: expected a number of years greater than 0 and at most 1000, got '" + text + "'"};
  }
  return years;
}

}  // namespace

int durability_command(const std::vector<std::string>& args) {
  po::options_description options("durability options");
  std::string scenario_file, speeds_text = "1,2,4,8,16", mission_text = "5",
                             cap_text = std::to_string(static_cast<int>(models::kDefaultRepairCapS));
  std::vector<std::string> user_dirs, overrides;
  options.add_options()("scenario", po::value(&scenario_file)->required(), "the scenario file (YAML)")(
      "speeds", po::value(&speeds_text),
      "repair speeds to simulate (default 1,2,4,8,16): S2D's repair speed (1, 2, 4, 8 or 16), ScaleIO's "
      "rebuild I/Os per device (1 to 64)")("mission", po::value(&mission_text),
                                           "years over which to give the chance of losing data (default 5)")(
      "repair-cap", po::value(&cap_text),
      "hcisim's own failures: the most simulated seconds one repair is given (default 5)")(
      "json", po::value<std::string>(), "also write the study as JSON to FILE ('-': standard output)")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "set", po::value(&overrides)->composing(), "what-if: override a scenario key (repeatable)")("quiet,q",
                                                                                                  "no progress line");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::variables_map vm;
  if (!parse_command_line(args,
                          "usage: hcisim durability SCENARIO [options]\n\n"
                          "Runs the scenario once per repair speed, reads off how long resync and rebuild\n"
                          "took and the foreground's p99, and turns those repair times and the parts' failure\n"
                          "rates (drive AFR, node MTBF) into mean time to data loss and availability (a Markov\n"
                          "model of the copies); then compares the two-way, three-way and nested two-way\n"
                          "mirrors. A scenario whose timeline repairs nothing gets hcisim's own failures: a\n"
                          "capacity drive that fails and is rebuilt, and a node drained and returned that\n"
                          "resyncs, each run only until its repair is done (at most --repair-cap simulated\n"
                          "seconds; a repair cut short is extrapolated from its rate, and says so).",
                          options, positional, vm)) {
    return 0;
  }
  const double mission_s = years_option(mission_text) * models::kSecondsPerYear;
  const double repair_cap_s = cap_option(cap_text);
  std::optional<frontend::OutputFile> json;
  if (vm.count("json")) {
    try {
      json.emplace(vm["json"].as<std::string>());
    } catch (const frontend::OutputError& e) {
      throw UsageError{std::string("--json: ") + e.what()};
    }
  }
  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  const models::ScenarioSpec spec = frontend::load_scenario(scenario_file, catalog, overrides);
  const std::vector<int> speeds = speeds_option(speeds_text, models::product(spec.cluster.stack.product));
  const bool show_progress = !vm.count("quiet") && isatty(STDERR_FILENO);
  const models::DurabilityStudy study = models::study_durability(
      spec, speeds, mission_s,
      [&](int speed, int index, int count) {
        if (show_progress) std::fprintf(stderr, "\rsimulating repair speed %d (%d of %d)...", speed, index + 1, count);
      },
      repair_cap_s);
  if (show_progress) std::fprintf(stderr, "\r%60s\r", "");
  const bool stdout_taken = json && json->is_stdout();
  (stdout_taken ? std::cerr : std::cout) << frontend::format_durability_report(spec, study) << std::flush;
  if (json) json->write(frontend::durability_json(spec, study).dump(2) + "\n");
  return 0;
}

}  // namespace hcisim::cli
