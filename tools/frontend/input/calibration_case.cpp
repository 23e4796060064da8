#include "tools/frontend/input/calibration_case.hpp"

#include <filesystem>

namespace hcisim::frontend {

std::string calibration_case_name(const models::ScenarioSpec& spec) {
  const std::filesystem::path file(spec.file);
  const std::string folder = file.parent_path().filename().string();
  return folder.empty() ? spec.id : folder + "-" + spec.id;
}

}  // namespace hcisim::frontend
