// hcisim validate [DIR...] [--catalog DIR]...
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/validate.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

int validate_command(const std::vector<std::string>& args) {
  po::options_description options("validate options");
  std::vector<std::string> dirs, user_dirs;
  options.add_options()("dirs", po::value(&dirs), "scenario folders (default: the bundled scenarios/)")(
      "catalog", po::value(&user_dirs)->composing(), "a folder of your own parts (repeatable)");
  po::positional_options_description positional;
  positional.add("dirs", -1);
  po::variables_map vm;
  if (!parse_command_line(args, "usage: hcisim validate [DIR...] [options]", options, positional, vm)) return 0;
  if (dirs.empty()) dirs.push_back(std::string(HCISIM_SOURCE_DIR) + "/scenarios");

  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  std::vector<std::filesystem::path> files;
  for (const auto& dir : dirs) {
    if (!std::filesystem::is_directory(dir)) throw UsageError{"'" + dir + "' is not a folder"};
    for (auto& f : frontend::find_scenarios(dir)) files.push_back(f);
  }
  const bool tty = isatty(STDERR_FILENO);
  const auto report = frontend::validate_scenarios(files, catalog, [tty](const std::string& id) {
    if (tty) std::fprintf(stderr, "\rrunning %-40s", id.c_str());
  });
  if (tty) std::fprintf(stderr, "\r%50s\r", "");
  std::cout << frontend::format_validation_table(report);
  return report.outside == 0 ? 0 : 1;
}

}  // namespace hcisim::cli
