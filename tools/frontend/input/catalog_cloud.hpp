// Reading the cloud parts of the catalog (hardware-catalog/cloud/): Azure VM
// sizes (kind cloud_vm) and managed disks (kind managed_disk). Every number
// carries a source; keys a part does not use are refused (a burst window
// without a burst figure, a cached cap without its pair).
#pragma once

#include <string>
#include <vector>

#include "models/spec/cloud_spec.hpp"
#include "tools/frontend/input/part_fields.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// Their keys and bounds are declared in models/spec/cloud_parameters.hpp.
models::CloudVmSpec read_cloud_vm(const YamlMap& map, PartFieldReader& fields);
models::ManagedDiskSpec read_managed_disk(const YamlMap& map, PartFieldReader& fields);

}  // namespace hcisim::frontend
