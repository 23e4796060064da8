#include "tools/frontend/sweep/sweep_store.hpp"

#include <cstdio>
#include <stdexcept>

#include "tools/frontend/base/file_read.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"

namespace hcisim::frontend {

namespace fs = std::filesystem;

namespace {

std::optional<nlohmann::json> parsed(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

// The digest of an input file now, or why there is none ("it is gone", ...).
std::string digest_now(const std::string& path, std::string& why_not) {
  const FileRead read = read_regular_file(path, /*follow_links=*/true);
  switch (read.status) {
    case FileRead::Status::Read: return content_digest(read.text);
    case FileRead::Status::Missing: why_not = "is gone"; break;
    case FileRead::Status::NotRegular: why_not = "is now " + read.what; break;
    case FileRead::Status::Unreadable: why_not = "cannot be read (" + read.what + ")"; break;
  }
  return {};
}

bool is_input_list(const nlohmann::json& inputs) {
  if (!inputs.is_object()) return false;
  for (const auto& [path, digest] : inputs.items()) {
    if (!digest.is_string()) return false;
  }
  return true;
}

}  // namespace

SweepStore::SweepStore(fs::path dir, const nlohmann::json& manifest, Access access)
    : dir_(std::move(dir)), access_(access), manifest_(manifest) {
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
    if (name.size() > 4 && name.front() == '.' && name.compare(name.size() - 4, 4, ".tmp") == 0)
      fs::remove(entry.path(), ec);
  }
  const fs::path file = dir_ / "manifest.json";
  if (fs::exists(file, ec) || fs::is_symlink(file, ec)) {
    check_manifest(file, manifest);
    return;
  }
  write_regular_file(file.string(), manifest_.dump(2) + "\n");
}

void SweepStore::refuse(const std::string& what) const {
  throw std::invalid_argument("--out " + in_quotes(dir_.string()) + " holds a sweep " + what + ": remove the folder " +
                              in_quotes(dir_.string()) + " to start the sweep over, or give another --out folder");
}

void SweepStore::check_manifest(const fs::path& file, const nlohmann::json& manifest) {
  const FileRead read = read_regular_file(file, /*follow_links=*/false);
  if (read.status == FileRead::Status::NotRegular) {
    throw std::invalid_argument(in_quotes(file.string()) + " is " + read.what + ", not a sweep manifest");
  }
  const auto existing = read.status == FileRead::Status::Read ? parsed(read.text) : std::nullopt;
  if (!existing || !existing->is_object())
    throw std::invalid_argument(in_quotes(file.string()) + ": not a sweep manifest");
  if (!existing->contains("inputs") || !is_input_list(existing->at("inputs"))) {
    refuse("whose manifest does not list the files its points read (an earlier hcisim made it), so whether they "
           "changed since cannot be told");
  }
  const nlohmann::json& version = manifest.at("hcisim_version");
  if (existing->value("hcisim_version", nlohmann::json()) != version) {
    refuse("made by another hcisim version (" + existing->value("hcisim_version", nlohmann::json()).dump() +
           "; this is " + version.get<std::string>() + "): the hcisim version changed and its results may differ");
  }
  std::string differs;
  for (const auto& [key, value] : manifest.items()) {
    if (key == "inputs" || key == "hcisim_version") continue;
    if (!existing->contains(key) || (*existing)[key] != value) differs += (differs.empty() ? "" : ", ") + key;
  }
  if (!differs.empty()) refuse("with other " + differs);
  const nlohmann::json& then = existing->at("inputs");
  for (const auto& [path, digest] : manifest.at("inputs").items()) {
    if (!then.contains(path)) refuse("that did not read the input file " + in_quotes(path) + ", which it reads now");
    if (then.at(path) != digest) refuse("whose input file " + in_quotes(path) + " has changed since");
  }
  for (const auto& [path, digest] : then.items()) {
    if (manifest.at("inputs").contains(path)) continue;
    std::string why_not;
    const std::string now = digest_now(path, why_not);
    if (!why_not.empty()) refuse("whose input file " + in_quotes(path) + " " + why_not);
    if (now != digest.get<std::string>()) refuse("whose input file " + in_quotes(path) + " has changed since");
  }
  manifest_ = *existing;  // with the inputs of every point run so far
}

void SweepStore::note_inputs(const InputDigests& inputs) {
  nlohmann::json& known = manifest_["inputs"];
  bool added = false;
  for (const auto& [path, digest] : inputs) {
    if (!known.contains(path)) {
      known[path] = digest;
      added = true;
    } else if (known.at(path) != digest) {
      throw std::runtime_error("the input file " + in_quotes(path) + " changed while the sweep ran (its points would " +
                               "mix two versions of it)" +
                               (access_ == Access::Write ? ": remove the folder " + in_quotes(dir_.string()) +
                                                               " to start the sweep over, or give another --out folder"
                                                         : std::string()));
    }
  }
  if (added && access_ == Access::Write)
    write_regular_file((dir_ / "manifest.json").string(), manifest_.dump(2) + "\n");
}

fs::path SweepStore::point_file(std::size_t index) const {
  char name[32];
  std::snprintf(name, sizeof name, "%06zu.json", index);
  return dir_ / "points" / name;
}

std::optional<nlohmann::json> SweepStore::finished(const SweepPoint& point) const {
  const fs::path file = point_file(point.index);
  const FileRead read = read_regular_file(file, /*follow_links=*/false);
  if (read.status == FileRead::Status::NotRegular) {
    throw std::runtime_error(in_quotes(file.string()) + " is " + read.what +
                             ", not a point file: remove it (the point then runs again)");
  }
  if (read.status != FileRead::Status::Read) return std::nullopt;  // not there, or unreadable: the point runs again
  auto row = parsed(read.text);
  if (!row || !is_sweep_row(*row) || row->at("point") != point.index) return std::nullopt;
  const nlohmann::json& vary = row->at("vary");
  if (vary.size() != point.assignments.size()) return std::nullopt;
  for (const std::string& a : point.assignments) {
    const auto equals = a.find('=');
    const std::string key = a.substr(0, equals);
    if (!vary.contains(key) || vary.at(key).get<std::string>() != a.substr(equals + 1)) return std::nullopt;
  }
  return row;
}

nlohmann::json SweepStore::row(const SweepPoint& point) const {
  if (auto row = finished(point)) return std::move(*row);
  throw std::runtime_error(in_quotes(point_file(point.index).string()) + " no longer holds the row of point " +
                           std::to_string(point.index) + " (removed or changed since this sweep took it)");
}

void SweepStore::save(const SweepPoint& point, const nlohmann::json& row) const {
  if (access_ == Access::ReadOnly) throw std::logic_error("SweepStore: a read-only store saves no point");
  write_regular_file(point_file(point.index).string(), row.dump() + "\n");
}

}  // namespace hcisim::frontend
