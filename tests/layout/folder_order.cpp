#include "folder_order.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace hcisim::layout {
namespace fs = std::filesystem;

namespace {

const std::set<std::string> kSourceTops = {"sim", "models", "tools"};

std::string first_component(const std::string& path) { return path.substr(0, path.find('/')); }

std::string join(const std::set<std::string>& folders) {
  if (folders.empty()) return "nothing";
  std::string text;
  for (const std::string& f : folders) text += (text.empty() ? "" : ", ") + f;
  return text;
}

// Why `from` may not include `to` (both folders, `to` not allowed).
std::string refusal(const FolderOrder& order, const std::string& from, const std::string& to) {
  const auto to_deps = order.may_include.find(to);
  if (to_deps == order.may_include.end()) return to + " is not in the order: " + from + " may not include it";
  if (to_deps->second.count(from) > 0) return "points up: " + to + " is above " + from + " in the order";
  return "points across: " + from + " and " + to + " are not ordered (" + from + " may include " +
         join(order.may_include.at(from)) + ")";
}

std::vector<fs::path> source_files(const fs::path& root, const char* top) {
  std::vector<fs::path> files;
  if (!fs::is_directory(root / top)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".hpp" || ext == ".cpp" || ext == ".h")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void check_file(const fs::path& root, const fs::path& file, const FolderOrder& order, std::vector<Violation>& out) {
  static const std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]*)[>"])");
  const std::string rel = fs::relative(file, root).generic_string();
  const std::string from = folder_of(rel);
  const auto allowed = order.may_include.find(from);
  if (allowed == order.may_include.end()) {
    // A folder missing from the order is named once, as a folder (check_tree).
    if (from == "models")
      out.push_back({rel, 0, "", "a source file directly under models/ belongs in one of its folders"});
    return;
  }
  std::ifstream in(file);
  std::string text;
  std::smatch m;
  for (int line = 1; std::getline(in, text); ++line) {
    if (!std::regex_search(text, m, include)) continue;
    const bool quoted = m[1] == "\"";
    const std::string target = m[2];
    const std::string written = quoted ? "\"" + target + "\"" : "<" + target + ">";
    if (kSourceTops.count(first_component(target)) == 0) {
      if (quoted)
        out.push_back(
            {rel, line, written, "a quoted include names its path from the source root (sim/, models/, tools/)"});
      continue;
    }
    const std::string to = folder_of(target);
    if (to == from || allowed->second.count(to) > 0) continue;
    out.push_back({rel, line, written, refusal(order, from, to)});
  }
}

}  // namespace

FolderOrder read_folder_order(const fs::path& file) { return read_folder_order(file, FolderOrder{}); }

FolderOrder read_folder_order(const fs::path& file, FolderOrder below) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file.string() + ": cannot read the folder order");
  FolderOrder order = std::move(below);
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    const std::string where = file.string() + ":" + std::to_string(line) + ": ";
    std::istringstream words(text.substr(0, text.find('#')));
    std::string folder, dep;
    if (!(words >> folder)) continue;
    if (order.may_include.count(folder) > 0) throw std::runtime_error(where + folder + " is in the order twice");
    std::set<std::string> deps;
    std::vector<std::string> named;
    while (words >> dep) named.push_back(dep);
    if (named.empty()) throw std::runtime_error(where + folder + ": name the folders it may include, or - for none");
    if (named != std::vector<std::string>{"-"}) {
      for (const std::string& d : named) {
        const auto below = order.may_include.find(d);
        if (below == order.may_include.end()) {
          throw std::runtime_error(where + folder + " may include " + d +
                                   ", which is not on an earlier line (a folder includes only folders below it)");
        }
        deps.insert(d);
        deps.insert(below->second.begin(), below->second.end());
      }
    }
    order.folders.push_back(folder);
    order.may_include[folder] = std::move(deps);
  }
  return order;
}

std::string folder_of(const std::string& path) {
  const std::string top = first_component(path);
  if (top == "tools") return fs::path(path).parent_path().generic_string();
  if (top != "models") return top;
  const std::size_t slash = path.find('/', top.size() + 1);
  return slash == std::string::npos ? top : path.substr(0, slash);
}

std::string to_string(const Violation& v) {
  std::ostringstream text;
  text << v.file;
  if (v.line > 0) text << ':' << v.line;
  text << ": ";
  if (!v.include.empty()) text << "#include " << v.include << ": ";
  text << v.why;
  return text.str();
}

std::vector<Violation> check_tree(const fs::path& root, const FolderOrder& order) {
  std::vector<Violation> out;
  std::set<std::string> on_disk;
  if (fs::is_directory(root / "sim")) on_disk.insert("sim");
  if (fs::is_directory(root / "models")) {
    for (const auto& entry : fs::directory_iterator(root / "models")) {
      if (entry.is_directory()) on_disk.insert("models/" + entry.path().filename().string());
    }
  }
  // tools/ is checked when the order places its folders (tools/folder_order.txt):
  // each folder there that holds sources is one of the order.
  const bool tools = std::any_of(order.folders.begin(), order.folders.end(),
                                 [](const std::string& f) { return first_component(f) == "tools"; });
  if (tools) {
    for (const fs::path& file : source_files(root, "tools"))
      on_disk.insert(folder_of(fs::relative(file, root).generic_string()));
  }
  for (const std::string& f : on_disk) {
    if (order.may_include.count(f) == 0) out.push_back({f, 0, "", "the folder is not in the order: place it there"});
  }
  for (const std::string& f : order.folders) {
    if (on_disk.count(f) == 0) out.push_back({f, 0, "", "the folder is in the order but not on disk"});
  }
  for (const char* top : {"sim", "models", "tools"}) {
    if (std::string(top) == "tools" && !tools) continue;
    for (const fs::path& file : source_files(root, top)) check_file(root, file, order, out);
  }
  return out;
}

}  // namespace hcisim::layout
