// The size of a cache line on the machines hcisim runs on (x86-64 and ARMv8
// servers): records the hot path touches all over memory (event slots, and the
// models' records of things in flight) are aligned to it so that each takes
// whole lines.
// (std::hardware_destructive_interference_size would say the same, but g++
// warns that its value may differ between compilers, and it is in no ABI.)
#pragma once

#include <cstddef>

namespace hcisim::sim {

constexpr std::size_t kCacheLine = 64;

}  // namespace hcisim::sim
