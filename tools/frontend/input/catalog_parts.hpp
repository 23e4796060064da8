// One catalog part read from YAML: its spec, the fields as `catalog show`
// prints them, and the other parts it names (checked once every folder is read).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "models/spec/cloud_spec.hpp"
#include "models/spec/hardware_spec.hpp"
#include "models/spec/hypervisor_spec.hpp"
#include "models/spec/oltp_spec.hpp"
#include "models/spec/stack_spec.hpp"
#include "tools/frontend/input/part_fields.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

enum class PartKind { Cpu, Drive, Hba, Nic, Switch, Node, Stack, Hypervisor, Application, CloudVm, ManagedDisk };

constexpr PartKind kAllPartKinds[] = {PartKind::Cpu,     PartKind::Drive,      PartKind::Hba,
                                      PartKind::Nic,     PartKind::Switch,     PartKind::Node,
                                      PartKind::Stack,   PartKind::Hypervisor, PartKind::Application,
                                      PartKind::CloudVm, PartKind::ManagedDisk};

// "cpu", "drive", "hba", "nic", "switch", "node", "stack", "hypervisor", "application", "cloud_vm", "managed_disk"
std::string_view kind_name(PartKind kind);
// "cpus", "drives", "hbas", ..., "stacks", "hypervisors", "applications", "cloud" (both cloud kinds)
std::string_view kind_folder(PartKind kind);
// Every catalog folder once, in kAllPartKinds order, and the kinds each holds (cloud/ holds two).
std::vector<std::string_view> part_folders();
std::vector<PartKind> kinds_in(std::string_view folder);

using PartSpec = std::variant<models::CpuSpec, models::DriveSpec, models::HbaSpec, models::NicSpec, models::SwitchSpec,
                              models::NodeSpec, models::StackSpec, models::HypervisorSpec, models::OltpApplicationSpec,
                              models::CloudVmSpec, models::ManagedDiskSpec>;

// A part named by another part (a node's cpu, drives, nic and hba).
struct PartReference {
  PartKind kind;
  std::string id;
  std::string file;  // where it is written, for the error if it is unknown
  int line = 0;
  std::string key;
};

struct CatalogPart {
  PartKind kind = PartKind::Cpu;
  std::string id;
  std::string model;
  std::string notes;
  std::string file;
  int line = 0;
  PartSpec spec;
  std::vector<PartField> fields;
  std::vector<PartReference> references;
  std::vector<std::string> overridden_files;  // earlier definitions of this id that this one replaced
  // The part as written, to read it again with a scenario's overrides
  // (read_overridden_part): its mapping, the keys its file adds, the family's source.
  std::shared_ptr<const YamlNode> yaml;
  std::vector<std::string> extra_keys;
  std::optional<std::string> default_source;
};

// Reads the part written in `part` (a mapping). `extra_keys` are keys the caller
// handles (schema_version, kind); `default_source` is the family's source.
CatalogPart read_catalog_part(PartKind kind, const YamlValue& part, const std::vector<std::string>& extra_keys,
                              const std::optional<std::string>& default_source);

// The keys of a part of `kind` that are its fields (numbers, choices, references):
// what a file may write besides id, model, source and notes.
std::vector<std::string> part_field_keys(PartKind kind);

// `original` read again with some of its fields replaced: `overrides` is a
// mapping {field: value, ...} written in a scenario (cluster.parts.KIND.ID) or a
// --set. Each key replaces that field whole; the result goes through the same
// reader, checks and ranges as the catalog file, errors naming the override's
// file, line and key (`overrides.path()`), and an overridden value's source is
// "scenario override (WHERE)" (with the source it gives, if any, after it).
CatalogPart read_overridden_part(const CatalogPart& original, const YamlValue& overrides);

// A per-layer CPU cost mapping {cycles_per_io, cycles_per_byte} under `key`.
models::LayerCost read_layer_cost(const YamlMap& map, std::string_view key, PartFieldReader& fields);

}  // namespace hcisim::frontend
