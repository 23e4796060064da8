// `hcisim calibrate --write DIR`: the fitted S2D constants as catalog parts a
// user names in scenarios (with --catalog DIR): a copy of the cluster's stack
// profile and of its hypervisor profile with the fitted fields replaced, each
// sourced "calibrated: <the cases>", under new ids (NAME and NAME-hyper-v).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/validation/s2d_calibration.hpp"

namespace hcisim::frontend {

// The files it writes: DIR/stacks/NAME.yaml, DIR/hypervisors/NAME-hyper-v.yaml.
std::vector<std::filesystem::path> calibrated_profile_files(const std::filesystem::path& dir, const std::string& name);
// Throws LoadError if either exists (checked before a fit, and again when writing).
void check_profiles_absent(const std::filesystem::path& dir, const std::string& name);

// Returns the files written. Refuses to overwrite an existing file. Throws LoadError.
std::vector<std::string> write_calibrated_profiles(const Catalog& catalog, const models::ClusterSpec& cluster,
                                                   const S2dConstants& fitted, const std::string& name,
                                                   const std::vector<std::string>& cases,
                                                   const std::filesystem::path& dir);

// The profile file's text with `key` ("a.b" or "a") set to a sourced value.
// Throws LoadError when the file has no such key.
std::string with_field(const std::string& text, const std::string& key, const std::string& value,
                       const std::string& source);

}  // namespace hcisim::frontend
