// How a run's warnings (RunResult::warnings) write a duration and a share, so
// each check that warns (steady_state, stream_coverage) words them alike.
#pragma once

#include <string>

namespace hcisim::models {

// "365 ms", "7.3 s": two significant digits, rounded up (a suggestion should not undershoot).
std::string duration_text(double seconds);

// "12.5%": one decimal.
std::string percent_text(double fraction);

}  // namespace hcisim::models
