// How a duration is written, the same wherever a run's length is suggested:
// in the models' errors (NoCompletedIo, run/steady_state.hpp) and in the
// findings' sentences (tools/frontend/report/finding_text.hpp).
#pragma once

#include <string>

namespace hcisim::models {

// "365 ms", "7.3 s": two significant digits, rounded up (a suggestion should not undershoot).
std::string duration_text(double seconds);

}  // namespace hcisim::models
