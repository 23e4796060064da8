// The parameters of a storage stack profile (stack_spec.hpp), declared once:
// the catalog's keys of kind stack, each with the products that use it (every
// other product refuses it), and the keys of its mappings where declared (a
// layer's, shared with the hypervisor: layer_parameters()).
#pragma once

#include <vector>

#include "models/spec/parameter.hpp"

namespace hcisim::models {

// A layer's CPU cost bounds: 1e9 cycles is 0.4 s at 2.25 GHz.
namespace layer_limits {
inline constexpr double kMaxCyclesPerIo = 1e9;
inline constexpr double kMaxCyclesPerByte = 1e4;
}  // namespace layer_limits

const std::vector<Parameter>& stack_parameters();
// A layer's keys, {cycles_per_io, cycles_per_byte}: CPU cycles per I/O and per byte.
const std::vector<Parameter>& layer_parameters();

}  // namespace hcisim::models
