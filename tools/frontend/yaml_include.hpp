// `include:` for scenario files. A file may name one file or a list of files
// (paths relative to itself). Included files are read first, in order, each
// merged over the previous; then the including file is merged over them
// (mappings merge key by key; anything else is replaced), so the including file
// wins. Includes nest; a cycle is an error. Every file that states a
// schema_version must state 1.
#pragma once

#include <filesystem>

#include "tools/frontend/yaml_document.hpp"

namespace hcisim::frontend {

// The merged document, without `include:` keys. Errors (unreadable or cyclic
// includes, YAML errors in any file) throw LoadError naming file:line.
YamlNode load_yaml_with_includes(const std::filesystem::path& file);

}  // namespace hcisim::frontend
