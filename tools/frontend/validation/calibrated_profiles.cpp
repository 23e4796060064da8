#include "tools/frontend/validation/calibrated_profiles.hpp"

#include <sstream>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/input/result_table.hpp"

namespace hcisim::frontend {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::size_t indent_of(const std::string& line) { return line.find_first_not_of(' '); }

bool is_key_line(const std::string& line, std::size_t indent, const std::string& key) {
  return indent_of(line) == indent && line.compare(indent, key.size() + 1, key + ":") == 0;
}

std::string file_of(const Catalog& catalog, const std::string& id) {
  for (const PartSummary& p : catalog.list()) {
    if (p.id == id) return p.file;
  }
  throw LoadError("the catalog has no part '" + id + "'");
}

std::string retitled(std::string text, const std::string& old_id, const std::string& id, const std::string& cases) {
  text = with_field(text, "id", id, "");
  std::vector<std::string> lines = lines_of(text);
  std::string out;
  bool in_notes = false;
  for (const std::string& line : lines) {
    if (in_notes && (line.empty() || line[0] == ' ')) continue;
    in_notes = false;
    if (line.rfind("notes:", 0) == 0) {
      out += "notes: >-\n  Part '" + old_id + "' with the constants hcisim calibrate fitted on " + cases +
             "; every other field as in '" + old_id + "'.\n";
      in_notes = true;
      continue;
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string with_field(const std::string& text, const std::string& key, const std::string& value,
                       const std::string& source) {
  const auto dot = key.find('.');
  const std::string parent = dot == std::string::npos ? "" : key.substr(0, dot);
  const std::string child = dot == std::string::npos ? key : key.substr(dot + 1);
  std::vector<std::string> lines = lines_of(text);
  std::size_t at = lines.size();
  if (parent.empty()) {
    for (std::size_t i = 0; i < lines.size() && at == lines.size(); ++i) {
      if (is_key_line(lines[i], 0, child)) at = i;
    }
  } else {
    for (std::size_t i = 0; i < lines.size() && at == lines.size(); ++i) {
      if (!is_key_line(lines[i], 0, parent)) continue;
      for (std::size_t j = i + 1;
           j < lines.size() && indent_of(lines[j]) > 0 && indent_of(lines[j]) != std::string::npos; ++j) {
        if (lines[j].compare(indent_of(lines[j]), child.size() + 1, child + ":") == 0) {
          at = j;
          break;
        }
      }
    }
  }
  if (at == lines.size()) throw LoadError("the profile has no field '" + key + "' to set");
  const std::size_t indent = indent_of(lines[at]);
  lines[at] = std::string(indent, ' ') + child + ": " +
              (source.empty() ? value : "{value: " + value + ", source: \"" + source + "\"}");
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

std::vector<std::filesystem::path> calibrated_profile_files(const std::filesystem::path& dir, const std::string& name) {
  return {dir / "stacks" / (name + ".yaml"), dir / "hypervisors" / (name + "-hyper-v.yaml")};
}

void check_profiles_absent(const std::filesystem::path& dir, const std::string& name) {
  for (const auto& f : calibrated_profile_files(dir, name)) {
    if (std::filesystem::exists(f)) throw LoadError(f.string() + ": already exists; choose another --name or folder");
  }
}

std::vector<std::string> write_calibrated_profiles(const Catalog& catalog, const models::ClusterSpec& cluster,
                                                   const S2dConstants& fitted, const std::string& name,
                                                   const std::vector<std::string>& cases,
                                                   const std::filesystem::path& dir) {
  std::string case_list;
  for (const std::string& c : cases) case_list += (case_list.empty() ? "" : ", ") + c;
  const std::string source = "calibrated: " + case_list;
  std::string stack = read_text_file(file_of(catalog, cluster.stack.id), "stack profile");
  std::string hypervisor = read_text_file(file_of(catalog, cluster.hypervisor.id), "hypervisor profile");
  const std::string hypervisor_id = name + "-hyper-v";
  for (const S2dConstants::Named& n : fitted.named()) {
    const bool latency = std::string(n.unit) == "ns";
    const bool per_byte = std::string(n.unit) == "cycles/byte";
    const std::string value = latency    ? printf_string("%.0fns", n.value)
                              : per_byte ? printf_string("%.4g", n.value)
                                         : printf_string("%.0f", n.value);
    std::string& text = std::string(n.file) == "stack" ? stack : hypervisor;
    text = with_field(text, n.key, value, source);
  }
  stack = retitled(stack, cluster.stack.id, name, case_list);
  hypervisor = retitled(hypervisor, cluster.hypervisor.id, hypervisor_id, case_list);
  const auto files = calibrated_profile_files(dir, name);
  const std::filesystem::path& stack_file = files[0];
  const std::filesystem::path& hypervisor_file = files[1];
  check_profiles_absent(dir, name);
  std::filesystem::create_directories(stack_file.parent_path());
  std::filesystem::create_directories(hypervisor_file.parent_path());
  write_output_file(stack_file.string(), stack);
  write_output_file(hypervisor_file.string(), hypervisor);
  return {stack_file.string(), hypervisor_file.string()};
}

}  // namespace hcisim::frontend
