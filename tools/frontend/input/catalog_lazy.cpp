// Catalog::load_lazy: an index of the catalog's files by the id their text
// names, read when a part is first asked for (a what-if names a handful of
// parts; reading every file is most of a quick answer's start-up).
#include <algorithm>
#include <fstream>
#include <mutex>
#include <sstream>

#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/catalog.hpp"

namespace hcisim::frontend {
namespace fs = std::filesystem;

struct Catalog::LazyState {
  struct File {
    std::vector<std::string> ids;  // the `id:` lines its text names (one part, or each of a family)
    std::vector<PartKind> kinds;   // its folder's
    fs::path dir;                  // the catalog folder it belongs to (for overrides)
    fs::path path;
    std::string text;
    bool read = false;
  };
  std::vector<File> files;  // in load order: folders as given, kinds, sorted names
  std::recursive_mutex mutex;
};

namespace {

// The values of the `id:` lines (top level, or items `- id:` of a family).
// A file that spells an id otherwise is still found: Catalog::find reads
// everything before it calls an id unknown.
std::vector<std::string> ids_in(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  std::vector<std::string> ids;
  while (std::getline(lines, line)) {
    std::size_t at = line.find_first_not_of(' ');
    if (at == std::string::npos) continue;
    if (line.compare(at, 2, "- ") == 0) at = line.find_first_not_of(' ', at + 2);
    if (at == std::string::npos || line.compare(at, 3, "id:") != 0) continue;
    std::string value = line.substr(at + 3);
    const auto hash = value.find(" #");
    if (hash != std::string::npos) value.erase(hash);
    value.erase(0, value.find_first_not_of(" \t"));
    value.erase(value.find_last_not_of(" \t\r") + 1);
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    if (!value.empty()) ids.push_back(value);
  }
  return ids;
}

}  // namespace

Catalog Catalog::load_lazy(const std::vector<fs::path>& user_dirs) {
  std::vector<fs::path> dirs = {bundled_dir()};
  dirs.insert(dirs.end(), user_dirs.begin(), user_dirs.end());
  Catalog catalog;
  catalog.lazy_ = std::make_shared<LazyState>();
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) throw LoadError(printable(dir.string()) + ": catalog folder does not exist");
    bool any_kind_folder = false;
    for (std::string_view name : part_folders()) {
      const fs::path folder = dir / name;
      if (!fs::is_directory(folder, ec)) continue;
      any_kind_folder = true;
      std::vector<fs::path> files;
      for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const fs::path& p = entry.path();
        if (fs::is_regular_file(p, ec) && (p.extension() == ".yaml" || p.extension() == ".yml")) files.push_back(p);
      }
      if (ec) throw LoadError(printable(folder.string()) + ": cannot list the folder: " + ec.message());
      std::sort(files.begin(), files.end());
      for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        note_input_file(file, text.str());
        LazyState::File f{{}, kinds_in(name), dir, file, text.str(), false};
        f.ids = ids_in(f.text);
        // No id line: which ids it defines is unknown until it is read, and
        // overrides depend on the order: read everything.
        if (f.ids.empty()) return load(user_dirs);
        catalog.lazy_->files.push_back(std::move(f));
      }
    }
    if (!any_kind_folder) {
      throw LoadError(printable(dir.string()) +
                      ": not a catalog folder: expected a cpus/, drives/, hbas/, nics/, "
                      "switches/, nodes/, stacks/, hypervisors/, applications/ or cloud/ folder inside");
    }
  }
  return catalog;
}

void Catalog::ensure(std::string_view id) const {
  if (!lazy_) return;
  std::lock_guard lock(lazy_->mutex);
  bool read_any = false;
  for (LazyState::File& f : lazy_->files) {
    if (f.read || std::find(f.ids.begin(), f.ids.end(), id) == f.ids.end()) continue;
    f.read = true;  // before reading: a part that names itself does not loop
    load_file(f.path, f.kinds, f.dir);
    read_any = true;
  }
  if (!read_any) return;
  const auto it = parts_.find(id);
  if (it == parts_.end()) return;
  for (const PartReference& ref : it->second.references) ensure(ref.id);
  check_part_references(it->second);
}

void Catalog::ensure_all() const {
  if (!lazy_) return;
  std::lock_guard lock(lazy_->mutex);
  for (const LazyState::File& f : lazy_->files) {
    if (!f.read) ensure(f.ids.front());
  }
}

void Catalog::ensure_calibrated_on(std::string_view calibration_case) const {
  if (!lazy_) return;
  std::lock_guard lock(lazy_->mutex);
  const std::string wanted = "calibrated: " + std::string(calibration_case);
  for (const LazyState::File& f : lazy_->files) {
    if (!f.read && f.text.find(wanted) != std::string::npos) ensure(f.ids.front());
  }
}

}  // namespace hcisim::frontend
