// Reading an InfoScale stack profile (catalog stacks/, product: infoscale):
// the per-layer costs of VxFS/CVM on the clients and the FSS server on the
// storage nodes, the volumes' stripe unit, VxFS's I/O tunables as shipped
// (their documented defaults) and the page-cache copy.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "models/spec/stack_spec.hpp"
#include "tools/frontend/input/part_fields.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// Stack keys only an infoscale profile has (the other products refuse them).
const std::vector<std::string_view>& infoscale_only_stack_keys();
// Reads them (and refuses the other products' keys).
void read_infoscale_stack(const YamlMap& map, PartFieldReader& fields, models::StackSpec& stack);
// The VxFS tunables mapping's keys (in a stack profile or a scenario): the declared fields of
// the stack's vxfs (models/spec/stack_parameters.cpp), and aligned_flush_enable, refused with its reason.
std::vector<std::string> vxfs_keys();
// The VxFS tunables mapping (in a stack profile or a scenario): each key sets its tunable.
void read_vxfs_tunables(const YamlMap& map, PartFieldReader* fields, models::VxfsTunables& vxfs);

}  // namespace hcisim::frontend
