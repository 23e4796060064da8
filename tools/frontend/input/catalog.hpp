// The hardware catalog: parts (cpus, drives, hbas, nics, switches, nodes, software
// stacks) read from YAML folders, each number with its source.
//
// Folder layout: DIR/{cpus,drives,hbas,nics,switches,nodes,stacks,hypervisors,applications,cloud}/*.yaml (or .yml;
// cloud/ holds both cloud_vm and managed_disk parts, each file says which);
// see hardware-catalog/README.md for the file format. Folders are read in the
// order given; a part in a later folder replaces the part with the same id from
// an earlier one (an override must keep the kind). Two files in one folder may
// not define the same id. Ids are unique across kinds.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog_parts.hpp"

namespace hcisim::frontend {

// Asking for an id the catalog does not have; the message lists near and known
// ids. A LoadError, so a caller can catch every front-end error in one place.
class CatalogError : public LoadError {
 public:
  using LoadError::LoadError;
};

struct PartSummary {
  std::string kind;  // "cpu", "drive", ...
  std::string id;
  std::string model;
  std::string file;
};

class Catalog {
 public:
  // HCISIM_SOURCE_DIR "/hardware-catalog": the catalog that ships with hcisim.
  static std::filesystem::path bundled_dir();
  // The bundled catalog, then `user_dirs` in order (each may extend or override it).
  static Catalog load(const std::vector<std::filesystem::path>& user_dirs = {});
  // Exactly these folders, in order (tests, or a catalog that replaces the bundled one).
  static Catalog load_only(const std::vector<std::filesystem::path>& dirs);
  // Like load(), but a file is read only when a part it defines is asked for
  // (files are indexed by the `id:` their text names; families are read at
  // once): a quick start for a scenario that names a few parts (run --fast).
  // Errors in files no one asks for go unreported; list/show read everything.
  static Catalog load_lazy(const std::vector<std::filesystem::path>& user_dirs = {});

  // Throw CatalogError for an unknown id (or an id of another kind).
  const models::CpuSpec& cpu(std::string_view id) const;
  const models::DriveSpec& drive(std::string_view id) const;
  const models::HbaSpec& hba(std::string_view id) const;
  const models::NicSpec& nic(std::string_view id) const;
  const models::SwitchSpec& network_switch(std::string_view id) const;
  const models::SwitchSpec& switch_(std::string_view id) const { return network_switch(id); }
  const models::NodeSpec& node(std::string_view id) const;
  const models::StackSpec& stack(std::string_view id) const;
  const models::HypervisorSpec& hypervisor(std::string_view id) const;
  const models::OltpApplicationSpec& application(std::string_view id) const;
  const models::CloudVmSpec& cloud_vm(std::string_view id) const;
  const models::ManagedDiskSpec& managed_disk(std::string_view id) const;

  // A part as read: its fields with their sources, and the YAML it was read from.
  // Throws CatalogError for an unknown id (or an id of another kind).
  const CatalogPart& part(std::string_view id, PartKind kind) const { return find(id, kind); }
  // A copy of this catalog (every file read) in which each of `parts` takes the
  // place of the part with its id: a scenario's overrides (part_overrides.hpp).
  // The ids they name must exist (LoadError at the key that names one).
  Catalog with_parts_replaced(std::vector<CatalogPart> parts) const;

  bool contains(std::string_view id) const {
    ensure(id);
    return parts_.find(id) != parts_.end();
  }
  // All parts, ordered by kind (cpu, drive, hba, nic, switch, node, stack), then id.
  std::vector<PartSummary> list() const;
  // Every field of a part with value, unit and source, as readable text.
  std::string show(std::string_view id) const;
  // The keys of a part's fields whose source is "calibrated: <calibration_case>" (and maybe a note after a space).
  std::vector<std::string> calibrated_fields(std::string_view id, std::string_view calibration_case) const;
  // The same over every part: "part-id key" of each field calibrated on the case.
  std::vector<std::string> fields_calibrated_on(std::string_view calibration_case) const;
  // Every field of part `id` fitted on measured or published cases: (key, the
  // cases as its source names them).
  std::vector<std::pair<std::string, std::string>> calibrated_fields_of(std::string_view id) const;

 private:
  void load_folder(const std::filesystem::path& dir);
  // Lazy catalogs (catalog_lazy.cpp): read the files defining `id`, then what they name.
  void ensure(std::string_view id) const;
  void ensure_all() const;
  void ensure_calibrated_on(std::string_view calibration_case) const;
  void check_part_references(const CatalogPart& part) const;
  struct LazyState;
  void add(CatalogPart part, const std::filesystem::path& folder) const;
  void load_file(const std::filesystem::path& file, const std::vector<PartKind>& kinds,
                 const std::filesystem::path& dir) const;
  void check_references() const;
  const CatalogPart& find(std::string_view id, PartKind kind) const;
  std::vector<std::string> ids_of(PartKind kind) const;
  template <class Spec>
  const Spec& spec(std::string_view id, PartKind kind) const;

  // Mutable for lazy catalogs only (filled on first use, under lazy_'s lock).
  mutable std::map<std::string, CatalogPart, std::less<>> parts_;
  mutable std::map<std::string, std::filesystem::path, std::less<>> defined_in_folder_;  // id -> folder it came from
  std::shared_ptr<LazyState> lazy_;  // null: everything was read at load
};

}  // namespace hcisim::frontend
