// Validation of an OltpSpec: every field in its range, with a message naming it.
#pragma once

#include "models/spec/oltp_spec.hpp"

namespace hcisim::models {

// Throws std::invalid_argument naming the first bad field.
void check_oltp_spec(const OltpSpec& spec);

}  // namespace hcisim::models
