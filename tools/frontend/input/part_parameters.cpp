#include "tools/frontend/input/part_parameters.hpp"

#include <cmath>
#include <stdexcept>

#include "models/spec/application_parameters.hpp"
#include "models/spec/cloud_parameters.hpp"
#include "models/spec/hardware_parameters.hpp"
#include "models/spec/hypervisor_parameters.hpp"
#include "models/spec/stack_parameters.hpp"
#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {
namespace {

using models::Parameter;
using models::Quantity;

// A bound as the reader's errors have always written it.
std::string bound(const Parameter& p, double value) {
  if (value == 0) return "0";
  switch (p.quantity) {
    case Quantity::Size: return format_size(static_cast<std::uint64_t>(value));
    case Quantity::Duration: return format_duration(static_cast<std::int64_t>(value));
    case Quantity::BitRate: return format_bit_rate(value);
    case Quantity::ByteRate: return format_byte_rate(value);
    case Quantity::Frequency: return format_frequency(value);
    default: return value == std::floor(value) ? format_count(value) : format_number(value);
  }
}

// A table cell's text: a '|' would end the cell.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

bool counted(Quantity q) { return q == Quantity::Count || q == Quantity::Integer || q == Quantity::Real; }

std::string quantity_text(const Parameter& p) {
  std::string text;
  switch (p.quantity) {
    case Quantity::Count: text = "count"; break;
    case Quantity::Integer: text = "integer"; break;
    case Quantity::Real: text = "number"; break;
    case Quantity::Size: return "size";
    case Quantity::Duration: return "duration";
    case Quantity::BitRate: return "bit rate";
    case Quantity::ByteRate: return "byte rate";
    case Quantity::Frequency: return "frequency";
    case Quantity::Text: return "text";
    case Quantity::List: return "list";
    case Quantity::Mapping: return "mapping";
    case Quantity::Reference: return std::string(p.refers_to) + " id";
    case Quantity::Choice: {
      text = "one of";
      for (std::size_t i = 0; i < p.choices.size(); ++i)
        text.append(i == 0 ? " `" : ", `").append(p.choices[i]).append("`");
      return text;
    }
  }
  if (!p.unit.empty()) text.append(" (").append(p.unit).append(")");
  return text;
}

// A row per parameter of `list`, each followed by its declared fields' ("name.field", a list's "name[].field").
void append_rows(std::string& table, const std::vector<Parameter>& list, const std::string& prefix) {
  for (const Parameter& p : list) {
    const std::string key = prefix + std::string(p.name);
    table.append("| `").append(key).append("` | ").append(quantity_text(p)).append(" | ");
    if (p.required()) {
      table.append("required");
    } else {
      table.append("optional, default ").append(p.default_value);
    }
    table.append(" | ").append(bounds_text(p, false)).append(" | ").append(p.applies_to).append(" | ");
    table.append(cell(p.doc)).append(" |\n");
    append_rows(table, p.fields, key + (p.quantity == Quantity::List ? "[]." : "."));
  }
}

}  // namespace

const std::vector<models::Parameter>* declared_parameters(PartKind kind) {
  switch (kind) {
    case PartKind::Cpu: return &models::cpu_parameters();
    case PartKind::Drive: return &models::drive_parameters();
    case PartKind::Hba: return &models::hba_parameters();
    case PartKind::Nic: return &models::nic_parameters();
    case PartKind::Switch: return &models::switch_parameters();
    case PartKind::Node: return &models::node_parameters();
    case PartKind::Stack: return &models::stack_parameters();
    case PartKind::Hypervisor: return &models::hypervisor_parameters();
    case PartKind::Application: return &models::application_parameters();
    case PartKind::CloudVm: return &models::cloud_vm_parameters();
    case PartKind::ManagedDisk: return &models::managed_disk_parameters();
  }
  return nullptr;
}

std::vector<PartKind> described_kinds() {
  std::vector<PartKind> kinds;
  for (PartKind kind : kAllPartKinds) {
    if (declared_parameters(kind)) kinds.push_back(kind);
  }
  return kinds;
}

const models::Parameter& parameter_of(PartKind kind, std::string_view key) {
  if (const auto* list = declared_parameters(kind)) {
    for (const Parameter& p : *list) {
      if (p.name == key) return p;
    }
  }
  throw std::logic_error("no declared parameter '" + std::string(key) + "' of a " + std::string(kind_name(kind)));
}

std::vector<std::string_view> parameter_keys(const std::vector<models::Parameter>& list,
                                             std::optional<std::string_view> applies_to) {
  std::vector<std::string_view> keys;
  for (const Parameter& p : list) {
    if (!applies_to || p.applies_to == *applies_to) keys.push_back(p.name);
  }
  return keys;
}

std::vector<std::string> parameter_key_strings(const std::vector<models::Parameter>& list) {
  std::vector<std::string> keys;
  for (const Parameter& p : list) keys.emplace_back(p.name);
  return keys;
}

const models::Parameter& field_of(const models::Parameter& parameter, std::string_view key) {
  for (const Parameter& p : parameter.fields) {
    if (p.name == key) return p;
  }
  throw std::logic_error("no declared field '" + std::string(key) + "' of " + std::string(parameter.name));
}

std::vector<std::string_view> keys_not_for(const std::vector<models::Parameter>& list, std::string_view variant) {
  std::vector<std::string_view> keys;
  for (const Parameter& p : list) {
    if (p.applies_to.empty()) continue;
    bool listed = false;
    for (std::size_t at = 0; at < p.applies_to.size();) {
      const std::size_t comma = std::min(p.applies_to.find(", ", at), p.applies_to.size());
      listed = listed || p.applies_to.substr(at, comma - at) == variant;
      at = comma + 2;
    }
    if (!listed) keys.push_back(p.name);
  }
  return keys;
}

std::optional<PartKind> part_kind_named(std::string_view name) {
  for (PartKind kind : kAllPartKinds) {
    if (kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

std::string bounds_text(const models::Parameter& p, bool with_unit) {
  // Appended piece by piece: GCC 12 misreads "literal" + std::string&& here (-Wrestrict).
  std::string text;
  if (p.min) {
    text.append(p.min_exclusive ? "above " : p.max ? "from " : "at least ").append(bound(p, *p.min));
    if (p.max) text.append(p.min_exclusive ? " and at most " : " to ");
  } else if (p.max) {
    text.append("at most ");
  }
  if (p.max) text.append(bound(p, *p.max));
  if (text.empty()) return text;
  if (with_unit && counted(p.quantity) && !p.unit.empty()) text.append(" ").append(p.unit);
  return text;
}

std::string parameter_table(PartKind kind) {
  const auto* list = declared_parameters(kind);
  if (!list) return {};
  std::string table = "| key | quantity | required | bounds | applies to | meaning |\n|---|---|---|---|---|---|\n";
  append_rows(table, *list, "");
  return table;
}

}  // namespace hcisim::frontend
