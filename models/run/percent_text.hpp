// "42 %": a utilisation in the one-line reasons the run models write.
#pragma once

#include <cstdio>
#include <string>

namespace hcisim::models {

inline std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f %%", fraction * 100);
  return buf;
}

}  // namespace hcisim::models
