// Counts every operator new of the program it is linked into (it replaces the
// global allocation functions): for tests of allocations per I/O only.
#pragma once

#include <cstdint>

namespace hcisim::test {

std::uint64_t allocations();

}  // namespace hcisim::test
