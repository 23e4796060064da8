// hcisim catalog list | show ID | describe KIND
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string_view>

#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/part_parameters.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

// KIND's parameters as the catalog README's table gives them; needs no catalog.
int describe(const std::string& name) {
  std::string kinds;
  for (frontend::PartKind kind : frontend::described_kinds()) {
    kinds += (kinds.empty() ? "" : ", ") + std::string(frontend::kind_name(kind));
  }
  const auto kind = frontend::part_kind_named(name);
  if (!kind)
    throw UsageError{"catalog describe: unknown kind " + frontend::in_quotes(name) + " (kinds: " + kinds + ")"};
  const bool vowel = std::string_view("aeiou").find(name.front()) != std::string_view::npos;
  std::cout << "parameters of " << (vowel ? "an " : "a ") << name << " (besides id, model, source and notes):\n\n"
            << frontend::parameter_table(*kind);
  return 0;
}

}  // namespace

int catalog_command(const std::vector<std::string>& args) {
  po::options_description options("catalog options");
  std::vector<std::string> user_dirs;
  std::vector<std::string> words;
  options.add_options()("catalog", po::value(&user_dirs)->composing(),
                        "a folder of your own parts that extends or overrides the bundled catalog (repeatable)")(
      "words", po::value(&words), "list | show ID | describe KIND");
  po::positional_options_description positional;
  positional.add("words", -1);
  po::variables_map vm;
  if (!parse_command_line(args, "usage: hcisim catalog list | show ID | describe KIND [--catalog DIR]...", options,
                          positional, vm)) {
    return 0;
  }
  if (words.size() == 2 && words[0] == "describe") return describe(words[1]);
  const auto catalog = frontend::Catalog::load({user_dirs.begin(), user_dirs.end()});
  if (words.size() == 1 && words[0] == "list") {
    // Columns as wide as their longest entry ("application", a user's long id).
    const auto parts = catalog.list();
    int kind_width = 4, id_width = 2;
    for (const auto& part : parts) {
      kind_width = std::max(kind_width, static_cast<int>(part.kind.size()));
      id_width = std::max(id_width, static_cast<int>(part.id.size()));
    }
    std::printf("%-*s  %-*s  %s\n", kind_width, "kind", id_width, "id", "model");
    for (const auto& part : parts) {
      std::printf("%-*s  %-*s  %s\n", kind_width, part.kind.c_str(), id_width, part.id.c_str(),
                  frontend::printable(part.model).c_str());
    }
    return 0;
  }
  if (words.size() == 2 && words[0] == "show") {
    std::cout << catalog.show(words[1]);
    return 0;
  }
  throw UsageError{"catalog takes 'list', 'show ID' or 'describe KIND'"};
}

}  // namespace hcisim::cli
