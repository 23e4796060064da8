// snprintf into a std::string, for the reports' fixed-width table cells.
#pragma once

#include <cstdio>
#include <string>

namespace hcisim::frontend {

// At most 511 characters: a report cell or line, never user data of unbounded size.
inline std::string printf_string(const char* format, auto... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, format, args...);
  return buf;
}

}  // namespace hcisim::frontend
