// Reads an application part (catalog applications/): an OLTP database engine's
// constants and its transactions' work, every number with its source.
#pragma once

#include "models/spec/oltp_spec.hpp"
#include "tools/frontend/input/part_fields.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// The keys an application part may have besides id, model, source and notes.
const std::vector<std::string>& application_keys();

models::OltpApplicationSpec read_application(const YamlMap& map, PartFieldReader& fields);

}  // namespace hcisim::frontend
