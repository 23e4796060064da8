// Reads an application part (catalog applications/): an OLTP database engine's
// constants and its transactions' work, every number with its source.
#pragma once

#include "models/spec/oltp_spec.hpp"
#include "tools/frontend/input/part_fields.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// Its keys, nested ones included, and their bounds are declared in models/spec/application_parameters.hpp.
models::OltpApplicationSpec read_application(const YamlMap& map, PartFieldReader& fields);

}  // namespace hcisim::frontend
