#include "tools/frontend/sweep_store.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tools/frontend/message_text.hpp"
#include "tools/frontend/output_file.hpp"

namespace hcisim::frontend {

namespace fs = std::filesystem;

namespace {

std::optional<nlohmann::json> read_json(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // not one of ours, or cut short by something else: the point runs again
  }
}

}  // namespace

std::string file_digest(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::uint64_t h = 1469598103934665603ull;
  char c;
  while (in.get(c)) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

SweepStore::SweepStore(fs::path dir, const nlohmann::json& manifest, Access access)
    : dir_(std::move(dir)), access_(access) {
  std::error_code ec;
  if (access_ == Access::ReadOnly) {
    const fs::path file = dir_ / "manifest.json";
    if (fs::exists(file, ec)) check_manifest(file, manifest);
    return;
  }
  fs::create_directories(dir_ / "points", ec);
  if (ec || !fs::is_directory(dir_ / "points", ec)) {
    throw std::invalid_argument("--out " + in_quotes(dir_.string()) + ": cannot make the folder " +
                                in_quotes((dir_ / "points").string()));
  }
  // A write cut short by SIGKILL (or a power cut) leaves its temporary file
  // (".NNNNNN.json.<random>.tmp", never a point): remove them.
  for (const auto& entry : fs::directory_iterator(dir_ / "points", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 4 && name.front() == '.' && name.compare(name.size() - 4, 4, ".tmp") == 0) fs::remove(entry.path(), ec);
  }
  const fs::path file = dir_ / "manifest.json";
  if (fs::exists(file, ec)) {
    check_manifest(file, manifest);
    return;
  }
  write_output_file(file.string(), manifest.dump(2) + "\n");
}

void SweepStore::check_manifest(const fs::path& file, const nlohmann::json& manifest) const {
  const auto existing = read_json(file);
  if (!existing) throw std::invalid_argument(in_quotes(file.string()) + ": not a sweep manifest");
  if (*existing == manifest) return;
  std::string differs;
  for (const auto& [key, value] : manifest.items()) {
    if (!existing->contains(key) || (*existing)[key] != value) differs += (differs.empty() ? "" : ", ") + key;
  }
  throw std::invalid_argument("--out " + in_quotes(dir_.string()) + " holds a sweep with other " +
                              (differs.empty() ? std::string("arguments") : differs) +
                              ": resume it with the same arguments, or give another folder");
}

fs::path SweepStore::point_file(std::size_t index) const {
  char name[32];
  std::snprintf(name, sizeof name, "%06zu.json", index);
  return dir_ / "points" / name;
}

std::optional<nlohmann::json> SweepStore::finished(const SweepPoint& point) const {
  auto row = read_json(point_file(point.index));
  if (!row || !row->contains("point") || (*row)["point"] != point.index || !row->contains("vary")) return std::nullopt;
  std::size_t matched = 0;
  for (const auto& [key, value] : (*row)["vary"].items()) {
    for (const std::string& a : point.assignments) {
      if (a == key + "=" + value.get<std::string>()) ++matched;
    }
  }
  if (matched != point.assignments.size()) return std::nullopt;
  return row;
}

void SweepStore::save(const SweepPoint& point, const nlohmann::json& row) const {
  if (access_ == Access::ReadOnly) throw std::logic_error("SweepStore: a read-only store saves no point");
  write_output_file(point_file(point.index).string(), row.dump() + "\n");
}

}  // namespace hcisim::frontend
