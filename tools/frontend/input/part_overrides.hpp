// A scenario's changes to catalog parts, for its run only: `cluster.parts` names
// parts by kind and id and gives new values for some of their fields,
//
//   cluster:
//     parts:
//       cpu:
//         intel-xeon-gold-6430: {all_core_clock: 2.8GHz}
//       drive:
//         kioxia-cm7-v-6400:
//           random_read_iops: {value: 2M, source: "MEAS: our fio run"}
//
// or on the command line, --set cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=2.8GHz.
// Each field given replaces the catalog's value whole, and the part is read again
// by the catalog's own reader: the same units, ranges and cross-field checks, and
// errors that name the scenario's file, line and key (or the --set). The part
// changes wherever the cluster uses it (a node naming it, every drive of its id).
// Hardware only: cpu, drive, hba, nic, switch, node, cloud_vm, managed_disk. The
// software profiles (stack, hypervisor, application) carry costs calibrated for
// every cluster of the product and are not changed per scenario: a changed copy
// goes in a --catalog folder.
#pragma once

#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// `catalog` with the parts `parts` (the cluster.parts mapping) overrides replaced;
// appends each field it changed, with its value and source, to `changed`.
Catalog apply_part_overrides(const Catalog& catalog, const YamlValue& parts,
                             std::vector<models::PartOverride>& changed);

}  // namespace hcisim::frontend
