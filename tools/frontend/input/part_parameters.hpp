// What the front end derives from the parameters each part declares
// (models/spec/*_parameters.hpp): the allowed keys (a mapping's too, where its fields are declared), the plain
// bounds' wording, and the field table `hcisim catalog describe KIND` prints and the catalog README holds.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/spec/parameter.hpp"
#include "tools/frontend/input/catalog_parts.hpp"

namespace hcisim::frontend {

// The kind's declared parameters; nullptr for a kind whose keys are not declared.
const std::vector<models::Parameter>* declared_parameters(PartKind kind);
// The kinds that declare their parameters, in kAllPartKinds order.
std::vector<PartKind> described_kinds();
// The declared parameter `key` of `kind` (a programming error if there is none).
const models::Parameter& parameter_of(PartKind kind, std::string_view key);
// The keys of `list`, or only those whose applies_to is `applies_to`.
std::vector<std::string_view> parameter_keys(const std::vector<models::Parameter>& list,
                                             std::optional<std::string_view> applies_to = std::nullopt);

// The keys of `list` as a reader's allowed keys (YamlValue::map).
std::vector<std::string> parameter_key_strings(const std::vector<models::Parameter>& list);
// The declared field `key` of the mapping `parameter` (a programming error if there is none).
const models::Parameter& field_of(const models::Parameter& parameter, std::string_view key);

// The keys of `list` whose applies_to does not list `variant` ("s2d" in "s2d, scaleio"): those it refuses.
std::vector<std::string_view> keys_not_for(const std::vector<models::Parameter>& list, std::string_view variant);

// The kind named `name` ("drive"), if any.
std::optional<PartKind> part_kind_named(std::string_view name);

// A parameter's bounds in words: "from 10 to 1,000,000,000 IOPS", "at most 10 Tb/s",
// "above 0 and at most 1 s"; empty without bounds. `with_unit` adds a count's unit label.
std::string bounds_text(const models::Parameter& parameter, bool with_unit = true);

// The kind's parameters as a markdown table (key, quantity, required or default,
// bounds, applies to, meaning): `catalog describe KIND`'s and the README's. A mapping's
// declared fields follow it, as `mapping.field` rows (a list's items' as `list[].field`).
std::string parameter_table(PartKind kind);

}  // namespace hcisim::frontend
