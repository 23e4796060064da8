// The parameters of a hypervisor profile (hypervisor_spec.hpp), declared once:
// the catalog's keys of kind hypervisor.
#pragma once

#include <vector>

#include "models/spec/parameter.hpp"

namespace hcisim::models {

const std::vector<Parameter>& hypervisor_parameters();

}  // namespace hcisim::models
