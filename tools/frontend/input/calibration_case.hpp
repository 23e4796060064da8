// A calibration case is named by its scenario's folder and file stem
// ("ax7525-test1-4k-random-read", "r740xd-100-read"), the name catalog sources
// use in "calibrated: <case>".
#pragma once

#include <string>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

std::string calibration_case_name(const models::ScenarioSpec& spec);

}  // namespace hcisim::frontend
