// `include:` for scenario files. A file may name one file or a list of files
// (paths relative to itself). Included files are read first, in order, each
// merged over the previous; then the including file is merged over them
// (mappings merge key by key; anything else is replaced), so the including file
// wins. Includes nest; a cycle is an error. Every file that states a
// schema_version must state 1.
//
// Before each merge, `before_merge(base, over)` (when given) may edit what is
// merged into: the scenario loader drops the included workload form when the
// file over it names another (replace_workload_form in scenario_loader.cpp).
#pragma once

#include <filesystem>
#include <functional>

#include "tools/frontend/input/yaml_document.hpp"

namespace hcisim::frontend {

// The merged document, without `include:` keys. Errors (unreadable or cyclic
// includes, YAML errors in any file) throw LoadError naming file:line.
using BeforeMerge = std::function<void(YamlNode& base, const YamlNode& over)>;
YamlNode load_yaml_with_includes(const std::filesystem::path& file, const BeforeMerge& before_merge = {});

}  // namespace hcisim::frontend
