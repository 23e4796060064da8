// --set what-ifs: each turned into a tree merged over the file; a workload
// form replaces the form written before it.
#include <algorithm>
#include <cctype>
#include <iterator>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

namespace {

bool is_workload_form(std::string_view key) {
  return std::find(std::begin(kWorkloadForms), std::end(kWorkloadForms), key) != std::end(kWorkloadForms);
}

YamlNode* find_child(YamlNode& map, std::string_view key) {
  if (map.kind != YamlNode::Kind::Map) return nullptr;
  for (YamlNode& child : map.children) {
    if (child.key == key) return &child;
  }
  return nullptr;
}

}  // namespace

YamlNode override_tree(const std::string& assignment) {
  const auto equals = assignment.find('=');
  const std::string path = assignment.substr(0, equals);
  const std::string label = "--set " + printable(assignment, 2 * kMaxQuotedChars);
  if (equals == std::string::npos || path.empty() || path.front() == '.' || path.back() == '.' ||
      path.find("..") != std::string::npos || std::any_of(path.begin(), path.end(), [](char c) {
        return !(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-');
      })) {
    throw LoadError(label + ": expected key.path=value, like cluster.nodes=8");
  }
  if (path == "include" || path.starts_with("include.")) {
    throw LoadError(label + ": include cannot be overridden (includes are read before --set); edit the file");
  }
  YamlNode value = parse_yaml_text(assignment.substr(equals + 1), label);
  const auto file = value.file;
  std::vector<std::string> keys;
  for (std::size_t start = 0;;) {
    const std::size_t dot = path.find('.', start);
    keys.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  for (auto key = keys.rbegin(); key != keys.rend(); ++key) {
    value.key = *key;
    value.key_line = 1;
    YamlNode parent;
    parent.kind = YamlNode::Kind::Map;
    parent.file = file;
    parent.line = 1;
    parent.children.push_back(std::move(value));
    value = std::move(parent);
  }
  return value;
}

bool changes_the_system(const std::string& assignment) {
  const std::string path = assignment.substr(0, assignment.find('='));
  for (const char* same : {"run", "title", "description", "reference", "schema_version"}) {
    const std::string key(same);
    if (path == key || path.starts_with(key + ".")) return false;
  }
  return true;
}

void replace_workload_form(YamlNode& tree, const YamlNode& over) {
  const YamlNode* over_vms = over.kind == YamlNode::Kind::Map ? over.find("vms") : nullptr;
  const YamlNode* over_workload =
      over_vms != nullptr && over_vms->kind == YamlNode::Kind::Map ? over_vms->find("workload") : nullptr;
  if (over_workload == nullptr || over_workload->kind != YamlNode::Kind::Map) return;
  const bool gives_form = std::any_of(over_workload->children.begin(), over_workload->children.end(),
                                      [](const YamlNode& c) { return is_workload_form(c.key); });
  YamlNode* vms = find_child(tree, "vms");
  YamlNode* workload = vms != nullptr ? find_child(*vms, "workload") : nullptr;
  if (!gives_form || workload == nullptr || workload->kind != YamlNode::Kind::Map) return;
  auto& kids = workload->children;
  kids.erase(std::remove_if(
                 kids.begin(), kids.end(),
                 [&](const YamlNode& c) { return is_workload_form(c.key) && over_workload->find(c.key) == nullptr; }),
             kids.end());
}

}  // namespace hcisim::frontend::scenario_sections
