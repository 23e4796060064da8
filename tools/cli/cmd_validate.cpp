// hcisim validate [DIR...] [--catalog DIR]... [--jobs N] [--csv FILE] [--quiet]
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <thread>

#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/report/validation_record.hpp"
#include "tools/frontend/validation/make_validation_record.hpp"
#include "tools/frontend/validation/validate.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

int validate_command(const std::vector<std::string>& args) {
  po::options_description options("validate options");
  std::vector<std::string> dirs, user_dirs;
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::string csv, record;
  options.add_options()("dirs", po::value(&dirs), "scenario folders (default: the bundled scenarios/)")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)")(
      "jobs,j", po::value(&jobs),
      "simulations run at once: scenarios, and measured runs of one, in parallel; the table is in file order\n"
      "whatever N (default: the machine's hardware threads)")(
      "csv", po::value(&csv), "write every measured run's comparison to this file (- = standard output)")(
      "record", po::value(&record),
      "write the validation record (each figure's error with the regime of its run) to this JSON file; every run's "
      "footing reads the bundled one, scenarios/validation-record.json")(
      "quiet,q", "no line per scenario on standard error as it finishes");
  po::positional_options_description positional;
  positional.add("dirs", -1);
  po::variables_map vm;
  if (!parse_command_line(args, "usage: hcisim validate [DIR...] [options]", options, positional, vm)) return 0;
  if (dirs.empty()) dirs.push_back(std::string(HCISIM_SOURCE_DIR) + "/scenarios");
  if (jobs < 1) throw UsageError{"--jobs: expected at least 1"};

  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  std::vector<frontend::ScenarioFile> files;
  for (const auto& dir : dirs) {
    if (!std::filesystem::is_directory(dir)) throw UsageError{"'" + dir + "' is not a folder"};
    for (auto& f : frontend::find_named_scenarios(dir)) files.push_back(std::move(f));
  }
  std::optional<frontend::OutputFile> record_file;  // checked before hours of runs
  if (!record.empty()) record_file.emplace(record, frontend::OutputFile::Targets::RegularFile);
  const bool quiet = vm.count("quiet") > 0;
  if (!quiet) {
    std::fprintf(stderr, "hcisim: validate: loading %zu scenario files\n", files.size());
    std::fflush(stderr);
  }
  // A line per scenario as it finishes (in the order they finish; the table below is in file order).
  const auto report = frontend::validate_scenarios(
      files, catalog,
      [quiet](const frontend::ScenarioDone& done) {
        if (quiet) return;
        std::fprintf(stderr, "hcisim: validate %s\n", frontend::format_scenario_done(done).c_str());
        std::fflush(stderr);
      },
      jobs);
  std::cout << frontend::format_validation_table(report);
  if (!csv.empty()) {
    if (csv == "-") {
      std::cout << frontend::measured_csv(report.measured);
    } else {
      frontend::write_output_file(csv, frontend::measured_csv(report.measured));
    }
  }
  if (record_file) {
    record_file->write(frontend::validation_record_json(frontend::make_validation_record(report)).dump(1) + "\n");
  }
  return report.outside == 0 && !report.measured_outside ? 0 : 1;
}

}  // namespace hcisim::cli
