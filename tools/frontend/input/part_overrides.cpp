#include "tools/frontend/input/part_overrides.hpp"

#include <algorithm>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"

namespace hcisim::frontend {
namespace {

// Profiles of software, calibrated once for every cluster of their product.
bool is_profile(PartKind kind) {
  return kind == PartKind::Stack || kind == PartKind::Hypervisor || kind == PartKind::Application;
}

constexpr std::string_view kOverrideSource = "scenario override";

}  // namespace

Catalog apply_part_overrides(const Catalog& catalog, const YamlValue& parts,
                             std::vector<models::PartOverride>& changed) {
  std::vector<std::string> kinds;
  for (PartKind kind : kAllPartKinds) kinds.emplace_back(kind_name(kind));
  const YamlMap map = parts.map(kinds);
  std::vector<CatalogPart> replaced;
  for (PartKind kind : kAllPartKinds) {
    const std::string name(kind_name(kind));
    const auto entry = map.optional(name);
    if (!entry) continue;
    if (is_profile(kind)) {
      entry->fail("a " + name +
                  " profile is not changed from a scenario: its costs are calibrated for every "
                  "cluster of the product, not per scenario; put a changed copy in your own --catalog folder");
    }
    if (!entry->is_map() || entry->node().children.empty()) {
      entry->fail_expected("a mapping of " + name + " ids to the fields to change, like {ID: {FIELD: VALUE}}");
    }
    for (const YamlNode& child : entry->node().children) {
      const YamlValue fields(child, entry->path() + "." + child.key);
      const CatalogPart* original = nullptr;
      try {
        original = &catalog.part(child.key, kind);
      } catch (const CatalogError& e) {
        throw LoadError(child.file_name() + ":" + std::to_string(child.key_line) + ": key '" +
                        printable(fields.path(), 2 * kMaxQuotedChars) + "': " + e.what());
      }
      CatalogPart part = read_overridden_part(*original, fields);
      const std::string prefix = fields.path() + ".";
      for (const PartField& f : part.fields) {
        if (f.source.compare(0, kOverrideSource.size(), kOverrideSource) != 0) continue;
        const std::string key = f.key.starts_with(prefix) ? f.key.substr(prefix.size()) : f.key;
        changed.push_back({name, part.id, key, f.value, f.source});
      }
      replaced.push_back(std::move(part));
    }
  }
  return catalog.with_parts_replaced(std::move(replaced));
}

}  // namespace hcisim::frontend
