// hcisim catalog list | show ID
#include <cstdio>
#include <iostream>

#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/message_text.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

int catalog_command(const std::vector<std::string>& args) {
  po::options_description options("catalog options");
  std::vector<std::string> user_dirs;
  std::vector<std::string> words;
  options.add_options()("catalog", po::value(&user_dirs)->composing(),
                        "a folder of your own parts that extends or overrides the bundled catalog (repeatable)")(
      "words", po::value(&words), "list | show ID");
  po::positional_options_description positional;
  positional.add("words", -1);
  po::variables_map vm;
  if (!parse_command_line(args, "usage: hcisim catalog list | show ID [--catalog DIR]...", options, positional, vm)) {
    return 0;
  }
  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  if (words.size() == 1 && words[0] == "list") {
    std::printf("%-8s %-34s %s\n", "kind", "id", "model");
    for (const auto& part : catalog.list()) {
      std::printf("%-8s %-34s %s\n", part.kind.c_str(), part.id.c_str(), frontend::printable(part.model).c_str());
    }
    return 0;
  }
  if (words.size() == 2 && words[0] == "show") {
    std::cout << catalog.show(words[1]);
    return 0;
  }
  throw UsageError{"catalog takes 'list' or 'show ID'"};
}

}  // namespace hcisim::cli
