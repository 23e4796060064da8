// The parameters of a storage stack profile (stack_spec.hpp), declared once:
// the catalog's keys of kind stack, each with the products that use it (every
// other product refuses it).
#pragma once

#include <vector>

#include "models/spec/parameter.hpp"

namespace hcisim::models {

const std::vector<Parameter>& stack_parameters();

}  // namespace hcisim::models
