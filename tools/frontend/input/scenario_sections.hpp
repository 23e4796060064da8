// The sections of a scenario file (scenario_loader.hpp gives every key), each
// read by a file of its own: scenario_cluster.cpp, scenario_workload.cpp,
// scenario_vms.cpp (with what they must fit: scenario_vm_checks.cpp),
// scenario_run.cpp, scenario_timeline.cpp, scenario_reference.cpp; and the
// --set what-ifs, scenario_overrides.cpp. load_scenario (scenario_loader.cpp)
// puts them together. For the loader's files only.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

// A catalog lookup whose failure is reported at the key that named the part.
template <class Lookup>
auto resolve(const YamlValue& value, Lookup lookup) {
  try {
    return lookup(value.text());
  } catch (const CatalogError& e) {
    value.fail(e.what());
  }
}

// cluster: (scenario_cluster.cpp)
models::ClusterSpec read_cluster(const YamlValue& value, const Catalog& catalog);
bool is_failed(const models::ClusterSpec& cluster, int node);

// vms.workload (scenario_workload.cpp)
// The workload, and the key that set its working set (for the capacity check).
struct Workload {
  models::DiskspdSpec spec;
  YamlValue file_size_key;
};

// The forms a workload is written in; a scenario gives exactly one (a --set of
// another replaces it: replace_workload_form).
inline constexpr std::string_view kWorkloadForms[] = {"vmfleet", "vmfleet2", "diskspd", "xml", "fio"};
// An XML profile path is relative to the file that names it (a --set value: to
// the current folder).
std::filesystem::path profile_path(const YamlValue& value);
Workload read_workload(const YamlValue& value);

// vms: (scenario_vms.cpp)
models::VmSpec read_vms(const YamlValue& value, models::ClusterSpec& cluster, const Catalog& catalog,
                        const models::FailureTimeline& timeline);

// What vms: must fit (scenario_vm_checks.cpp).
std::uint64_t check_vm_count(const YamlMap& map, const models::VmSpec& vms);
// Counts that feed memory: VMs, requests in flight, slabs; and the working set
// against what the pool can hold.
void check_vm_totals(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster,
                     const YamlValue& file_size_key);
// The OLTP users are simulated one by one, like requests in flight.
void check_oltp_totals(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster);
// VM memory is not simulated, but VMs that need more than their host has cannot
// run: counted where each VM runs (its node, the node it failed over to, or a
// compute host), as the capacity report places them.
void check_vm_memory(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster);
// A VM cannot have more virtual processors than its host has logical processors
// (Hyper-V and ESXi both refuse to start it); fewer, over-committed, is a warning
// of the capacity report.
void check_vm_vcpus(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster);

// run: (scenario_run.cpp)
// The keys of a steady-state run: section.
extern const std::vector<std::string> kRunKeys;
models::RunControl read_run(const YamlValue& value);

// timeline: (scenario_timeline.cpp)
models::FailureTimeline read_timeline(const YamlValue& value, const models::ClusterSpec& cluster,
                                      const models::RunControl& run);

// reference: (scenario_reference.cpp)
// `calibration_case` is the scenario's case name; `catalog_names_case` whether a
// catalog field was fitted on it.
std::vector<models::ReferenceFigure> read_reference(const YamlValue& value, const std::string& calibration_case,
                                                    bool catalog_names_case, bool sas_run,
                                                    std::optional<models::MeasuredRunsRef>& runs);

// --set what-ifs (scenario_overrides.cpp)
// "a.b.c=value" -> the tree {a: {b: {c: value}}}, labelled with the override
// itself. The value is parsed as one YAML document of its own, so it can only
// ever set the one key it names.
YamlNode override_tree(const std::string& assignment);
// A --set of run control (length, seed, interval), titles or the reference
// itself leaves the system and workload that the published figures describe.
bool changes_the_system(const std::string& assignment);
// A --set that writes the workload in one form (vms.workload.diskspd=...)
// replaces the form the file wrote it in (a VMFleet profile, say): switching a
// scenario's workload needs no new file. Other workload keys (threads,
// outstanding, file_size) stay and apply to the new form. The same between
// files: a file that names a form replaces the form of the files it includes
// (and a later include the form of an earlier one).
void replace_workload_form(YamlNode& tree, const YamlNode& over);

}  // namespace hcisim::frontend::scenario_sections
