#include "tools/frontend/input/yaml_include.hpp"

#include <algorithm>
#include <vector>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/input_limits.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {
namespace fs = std::filesystem;
namespace {

// What one scenario has read so far, across all its includes: a file that
// includes the next one four times, fourteen levels deep, must not mean 4^14 parses.
struct IncludeBudget {
  int includes = 0;
  std::uint64_t bytes = 0;
};

fs::path normal(const fs::path& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(path, ec);
  return ec ? path.lexically_normal() : canonical;
}

YamlNode load(const fs::path& file, std::vector<fs::path>& chain, IncludeBudget& budget,
              const BeforeMerge& before_merge) {
  const std::string text = read_yaml_input(file, limits::kMaxYamlFileBytes);
  budget.bytes += text.size();
  if (budget.bytes > limits::kMaxIncludedBytes) {
    throw LoadError(printable(file.string()) + ": the included files add up to more than " +
                    std::to_string(limits::kMaxIncludedBytes >> 20) +
                    " MiB (kMaxIncludedBytes in tools/frontend/input/input_limits.hpp)");
  }
  YamlNode tree = parse_yaml_text(text, printable(file.string()));
  const YamlValue root = root_value(tree);
  if (root.is_null()) return tree;  // an empty file adds nothing
  if (!root.is_map()) root.fail_expected("a mapping of keys at the top level");

  if (const YamlNode* version = tree.find("schema_version")) {
    const YamlValue value(*version, "schema_version");
    if (value.integer(0, 1'000'000) != 1) value.fail_expected("schema_version 1");
  }
  const YamlNode* include = tree.find("include");
  if (include == nullptr) return tree;

  const YamlValue include_value(*include, "include");
  std::vector<YamlValue> names;
  if (include_value.is_list()) {
    names = include_value.items();
  } else {
    names.push_back(include_value);
  }
  YamlNode merged;
  bool first = true;
  for (const YamlValue& name : names) {
    const std::string relative = name.text();
    const fs::path target = normal(file.parent_path() / relative);
    if (std::find(chain.begin(), chain.end(), target) != chain.end()) {
      name.fail("include cycle: " + in_quotes(relative) + " is already being included");
    }
    if (static_cast<int>(chain.size()) >= limits::kMaxIncludeDepth) {
      name.fail("includes nest deeper than " + std::to_string(limits::kMaxIncludeDepth) +
                " files (kMaxIncludeDepth in tools/frontend/input/input_limits.hpp)");
    }
    if (++budget.includes > limits::kMaxIncludes) {
      name.fail("more than " + std::to_string(limits::kMaxIncludes) +
                " includes in all, counting repeats (kMaxIncludes in tools/frontend/input/input_limits.hpp)");
    }
    std::error_code ec;
    if (!fs::is_regular_file(target, ec)) {
      name.fail("expected a file to include, got " + in_quotes(relative) + " (no regular file " +
                printable(target.string(), 2 * kMaxQuotedChars) + ")");
    }
    const auto size = fs::file_size(target, ec);
    if (!ec && budget.bytes + size > limits::kMaxIncludedBytes) {
      name.fail("the included files add up to more than " + std::to_string(limits::kMaxIncludedBytes >> 20) +
                " MiB (kMaxIncludedBytes in tools/frontend/input/input_limits.hpp)");
    }
    chain.push_back(target);
    YamlNode included = load(target, chain, budget, before_merge);
    chain.pop_back();
    if (first) {
      merged = std::move(included);
      first = false;
    } else {
      if (before_merge) before_merge(merged, included);
      deep_merge(merged, included);
    }
  }
  // This file, without its include key, wins over what it includes.
  tree.children.erase(std::find_if(tree.children.begin(), tree.children.end(),
                                   [](const YamlNode& child) { return child.key == "include"; }));
  if (merged.kind != YamlNode::Kind::Map) return tree;
  if (before_merge) before_merge(merged, tree);
  deep_merge(merged, tree);
  return merged;
}

}  // namespace

YamlNode load_yaml_with_includes(const fs::path& file, const BeforeMerge& before_merge) {
  std::vector<fs::path> chain = {normal(file)};
  IncludeBudget budget;
  return load(file, chain, budget, before_merge);
}

}  // namespace hcisim::frontend
