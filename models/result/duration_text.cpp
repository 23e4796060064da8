#include "models/result/duration_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hcisim::models {

std::string duration_text(double seconds) {
  if (seconds <= 0) return "0 s";
  const double ms = seconds * 1e3;
  const double scale = std::pow(10.0, std::floor(std::log10(std::max(ms, 1e-6))) - 1);
  const double up = std::ceil(ms / scale - 1e-6) * scale;  // 1e-6: 1 us stays 1 us, not 1.1
  char text[32];
  if (up >= 1000) {
    std::snprintf(text, sizeof text, "%g s", up / 1000);
  } else if (up >= 1) {
    std::snprintf(text, sizeof text, "%g ms", up);
  } else {
    std::snprintf(text, sizeof text, "%g us", up * 1000);
  }
  return text;
}

}  // namespace hcisim::models
