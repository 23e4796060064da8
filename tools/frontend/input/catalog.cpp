#include "tools/frontend/input/catalog.hpp"

#include <algorithm>
#include <sstream>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/suggestions.hpp"
#include "tools/frontend/input/yaml_document.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

#ifndef HCISIM_SOURCE_DIR
#define HCISIM_SOURCE_DIR "."
#endif

namespace hcisim::frontend {
namespace fs = std::filesystem;
namespace {

constexpr std::int64_t kSchemaVersion = 1;

// A key of the file's top-level mapping that must be there.
YamlValue header_key(const YamlValue& root, std::string_view key) {
  const YamlNode* node = root.node().find(key);
  if (node == nullptr) {
    throw LoadError(root.location() + ": key '" + std::string(key) + "': required key is missing");
  }
  return YamlValue(*node, std::string(key));
}

// Checks the header and returns the file's kind, one of the folder's.
PartKind check_header(const YamlValue& root, const std::vector<PartKind>& kinds) {
  if (!root.is_map()) root.fail_expected("a catalog part (a mapping with schema_version, kind, id, ...)");
  const YamlValue version = header_key(root, "schema_version");
  if (version.integer(0, 1'000'000) != kSchemaVersion) version.fail_expected("schema_version 1");
  const YamlValue kind_value = header_key(root, "kind");
  std::string names;
  for (PartKind kind : kinds) {
    if (kind_value.text() == kind_name(kind)) return kind;
    names += (names.empty() ? "" : " or ") + std::string(kind_name(kind));
  }
  kind_value.fail_expected(names + " (the file is in " + std::string(kind_folder(kinds.front())) + "/)");
}

bool is_yaml_file(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && (path.extension() == ".yaml" || path.extension() == ".yml");
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

}  // namespace

fs::path Catalog::bundled_dir() { return fs::path(HCISIM_SOURCE_DIR) / "hardware-catalog"; }

Catalog Catalog::load(const std::vector<fs::path>& user_dirs) {
  std::vector<fs::path> dirs = {bundled_dir()};
  dirs.insert(dirs.end(), user_dirs.begin(), user_dirs.end());
  return load_only(dirs);
}

Catalog Catalog::load_only(const std::vector<fs::path>& dirs) {
  Catalog catalog;
  for (const fs::path& dir : dirs) catalog.load_folder(dir);
  catalog.check_references();
  return catalog;
}

void Catalog::load_folder(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw LoadError(printable(dir.string()) + ": catalog folder does not exist");
  bool any_kind_folder = false;
  for (std::string_view name : part_folders()) {
    const std::vector<PartKind> kinds = kinds_in(name);
    const fs::path folder = dir / name;
    if (!fs::is_directory(folder, ec)) continue;
    any_kind_folder = true;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
      if (is_yaml_file(entry.path())) files.push_back(entry.path());
    }
    if (ec) throw LoadError(printable(folder.string()) + ": cannot list the folder: " + ec.message());
    std::sort(files.begin(), files.end());  // a fixed order keeps overrides and errors reproducible
    for (const fs::path& file : files) load_file(file, kinds, dir);
  }
  if (!any_kind_folder) {
    throw LoadError(printable(dir.string()) +
                    ": not a catalog folder: expected a cpus/, drives/, hbas/, nics/, "
                    "switches/, nodes/, stacks/, hypervisors/, applications/ or cloud/ folder inside");
  }
}

void Catalog::load_file(const fs::path& file, const std::vector<PartKind>& kinds, const fs::path& dir) const {
  const YamlNode tree = parse_yaml_file(file);
  const YamlValue root = root_value(tree);
  const PartKind kind = check_header(root, kinds);
  if (root.node().find("parts") != nullptr) {
    // A family: shared header, then one mapping per part.
    const YamlMap family = root.map({"schema_version", "kind", "source", "parts"});
    std::optional<std::string> source;
    if (const auto shared = family.optional("source")) source = shared->text();
    const YamlValue parts = family.required("parts");
    const std::vector<YamlValue> items = parts.items();
    if (items.empty()) parts.fail_expected("a list of parts");
    for (const YamlValue& item : items) add(read_catalog_part(kind, item, {}, source), dir);
  } else {
    add(read_catalog_part(kind, root, {"schema_version", "kind"}, std::nullopt), dir);
  }
}

void Catalog::add(CatalogPart part, const fs::path& folder) const {
  const auto existing = parts_.find(part.id);
  if (existing != parts_.end()) {
    const CatalogPart& old = existing->second;
    const std::string where = part.file + ":" + std::to_string(part.line) + ": key 'id': ";
    if (defined_in_folder_[part.id] == folder) {
      throw LoadError(where + "id '" + part.id + "' is already defined in " + old.file + ":" +
                      std::to_string(old.line));
    }
    if (old.kind != part.kind) {
      throw LoadError(where + "id '" + part.id + "' is a " + std::string(kind_name(old.kind)) + " in " + old.file +
                      "; an override must be a " + std::string(kind_name(old.kind)) + " too");
    }
    part.overridden_files = old.overridden_files;
    part.overridden_files.push_back(old.file);
  }
  defined_in_folder_[part.id] = folder;
  std::string id = part.id;
  parts_.insert_or_assign(std::move(id), std::move(part));
}

Catalog Catalog::with_parts_replaced(std::vector<CatalogPart> parts) const {
  ensure_all();  // a lazy catalog's copy must not read files its original has yet to
  Catalog copy;
  copy.parts_ = parts_;
  copy.defined_in_folder_ = defined_in_folder_;
  for (CatalogPart& part : parts) {
    const auto it = copy.parts_.find(part.id);
    if (it == copy.parts_.end() || it->second.kind != part.kind) {
      throw CatalogError("cannot replace " + std::string(kind_name(part.kind)) + " " + in_quotes(part.id) +
                         ": no such part in the catalog");
    }
    part.overridden_files = it->second.overridden_files;
    it->second = std::move(part);
  }
  for (const auto& [id, part] : copy.parts_) copy.check_part_references(part);
  return copy;
}

void Catalog::check_references() const {
  for (const auto& [id, part] : parts_) check_part_references(part);
}

void Catalog::check_part_references(const CatalogPart& part) const {
  for (const PartReference& ref : part.references) {
    const auto target = parts_.find(ref.id);
    if (target != parts_.end() && target->second.kind == ref.kind) continue;
    ensure_all();  // the suggestions name every part
    throw LoadError(ref.file + ":" + std::to_string(ref.line) + ": key '" + printable(ref.key) +
                    "': expected a known " + std::string(kind_name(ref.kind)) + " id, got " + in_quotes(ref.id) +
                    suggestion_text(ref.id, ids_of(ref.kind)));
  }
}

std::vector<std::string> Catalog::ids_of(PartKind kind) const {
  std::vector<std::string> ids;
  for (const auto& [id, part] : parts_) {
    if (part.kind == kind) ids.push_back(id);
  }
  return ids;
}

const CatalogPart& Catalog::find(std::string_view id, PartKind kind) const {
  ensure(id);
  auto it = parts_.find(id);
  if (it == parts_.end()) {
    ensure_all();  // a lazy index can miss an id its files spell unusually
    it = parts_.find(id);
  }
  if (it == parts_.end()) {
    throw CatalogError("unknown " + std::string(kind_name(kind)) + " " + in_quotes(id) +
                       suggestion_text(id, ids_of(kind)));
  }
  if (it->second.kind != kind) {
    ensure_all();
    throw CatalogError(in_quotes(id) + " is a " + std::string(kind_name(it->second.kind)) + ", not a " +
                       std::string(kind_name(kind)) + suggestion_text(id, ids_of(kind)));
  }
  return it->second;
}

template <class Spec>
const Spec& Catalog::spec(std::string_view id, PartKind kind) const {
  return std::get<Spec>(find(id, kind).spec);
}

const models::CpuSpec& Catalog::cpu(std::string_view id) const { return spec<models::CpuSpec>(id, PartKind::Cpu); }
const models::DriveSpec& Catalog::drive(std::string_view id) const {
  return spec<models::DriveSpec>(id, PartKind::Drive);
}
const models::HbaSpec& Catalog::hba(std::string_view id) const { return spec<models::HbaSpec>(id, PartKind::Hba); }
const models::NicSpec& Catalog::nic(std::string_view id) const { return spec<models::NicSpec>(id, PartKind::Nic); }
const models::SwitchSpec& Catalog::network_switch(std::string_view id) const {
  return spec<models::SwitchSpec>(id, PartKind::Switch);
}
const models::NodeSpec& Catalog::node(std::string_view id) const { return spec<models::NodeSpec>(id, PartKind::Node); }
std::vector<std::string> Catalog::calibrated_fields(std::string_view id, std::string_view calibration_case) const {
  ensure(id);
  std::vector<std::string> keys;
  const auto part = parts_.find(id);
  if (part == parts_.end()) return keys;
  const std::string wanted = "calibrated: " + std::string(calibration_case);
  for (const PartField& field : part->second.fields) {
    // "calibrated: CASE", optionally followed by a note ("calibrated: CASE (file)").
    const bool named = field.source.compare(0, wanted.size(), wanted) == 0 &&
                       (field.source.size() == wanted.size() || field.source[wanted.size()] == ' ');
    if (named) keys.push_back(field.key);
  }
  return keys;
}

std::vector<std::pair<std::string, std::string>> Catalog::calibrated_fields_of(std::string_view id) const {
  std::vector<std::pair<std::string, std::string>> fields;
  if (!contains(id)) return fields;
  ensure(id);
  const auto part = parts_.find(id);
  if (part == parts_.end()) return fields;
  const std::string prefix = "calibrated: ";
  for (const PartField& field : part->second.fields) {
    if (field.source.compare(0, prefix.size(), prefix) != 0) continue;
    std::string cases = field.source.substr(prefix.size());
    cases = cases.substr(0, cases.find(" ("));  // "CASE, CASE (how)" -> the cases
    fields.emplace_back(field.key, cases);
  }
  return fields;
}

std::vector<std::string> Catalog::fields_calibrated_on(std::string_view calibration_case) const {
  ensure_calibrated_on(calibration_case);
  std::vector<std::string> fields;
  for (const auto& [id, part] : parts_) {
    for (const std::string& key : calibrated_fields(id, calibration_case)) fields.push_back(id + " " + key);
  }
  return fields;
}

const models::StackSpec& Catalog::stack(std::string_view id) const {
  return spec<models::StackSpec>(id, PartKind::Stack);
}
const models::HypervisorSpec& Catalog::hypervisor(std::string_view id) const {
  return spec<models::HypervisorSpec>(id, PartKind::Hypervisor);
}
const models::OltpApplicationSpec& Catalog::application(std::string_view id) const {
  return spec<models::OltpApplicationSpec>(id, PartKind::Application);
}
const models::CloudVmSpec& Catalog::cloud_vm(std::string_view id) const {
  return spec<models::CloudVmSpec>(id, PartKind::CloudVm);
}
const models::ManagedDiskSpec& Catalog::managed_disk(std::string_view id) const {
  return spec<models::ManagedDiskSpec>(id, PartKind::ManagedDisk);
}

std::vector<PartSummary> Catalog::list() const {
  ensure_all();
  std::vector<PartSummary> out;
  for (PartKind kind : kAllPartKinds) {
    for (const auto& [id, part] : parts_) {
      if (part.kind == kind) out.push_back({std::string(kind_name(kind)), id, part.model, part.file});
    }
  }
  return out;
}

std::string Catalog::show(std::string_view id) const {
  ensure_all();
  const auto it = parts_.find(id);
  if (it == parts_.end()) {
    std::vector<std::string> all;
    for (const auto& entry : parts_) all.push_back(entry.first);
    throw CatalogError("unknown part " + in_quotes(id) + suggestion_text(id, all));
  }
  const CatalogPart& part = it->second;
  std::ostringstream out;
  out << kind_name(part.kind) << ' ' << part.id << ": " << printable(part.model) << "\n";
  out << "  file: " << part.file << ':' << part.line << "\n";
  for (const std::string& replaced : part.overridden_files) out << "  overrides: " << replaced << "\n";
  if (!part.notes.empty()) out << "  notes: " << printable(part.notes) << "\n";

  // The model is in the heading; the table lists the rest, sources lined up.
  std::vector<std::pair<const PartField*, std::string>> rows;
  std::size_t key_width = 5;
  std::size_t value_width = 5;
  for (const PartField& field : part.fields) {
    if (field.key == "model" || field.key.ends_with(".model")) continue;
    std::string value = printable(field.value);
    if (!field.reference_id.empty()) {
      const auto target = parts_.find(field.reference_id);
      if (target != parts_.end()) value += " (" + target->second.model + ")";
    }
    key_width = std::max(key_width, field.key.size());
    if (!field.source.empty()) value_width = std::max(value_width, value.size());
    rows.emplace_back(&field, std::move(value));
  }
  out << "  " << pad("field", key_width) << "  " << pad("value", value_width) << "  source\n";
  for (const auto& [field, value] : rows) {
    std::string line = "  " + pad(field->key, key_width) + "  " + pad(value, value_width);
    if (!field->source.empty()) line += "  " + printable(field->source);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
  return out.str();
}

}  // namespace hcisim::frontend
