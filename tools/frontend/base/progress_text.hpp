// Progress of a run as people read it: "42% (3.1 s, 2.0 s of it set-up, about
// 1.5 s to go)". The time to go assumes the rest runs at the pace so far
// (simulated time per wall second of simulating), which a failure later in the
// run or a cache filling changes. Set-up (building the model, placing the VMs)
// is counted in the time so far but not in that pace: it is spent once.
#pragma once

#include <string>

#include "models/run/run_estimate.hpp"

namespace hcisim::frontend {

// `elapsed_s`: wall time since the run started; `setup_s`: the part of it spent setting up.
std::string progress_text(double fraction, double elapsed_s, double setup_s = 0);

// A wall time as people read it: "0.35 s", "4.2 s", "12 s", "3 min 05 s", "2 h 10 min".
std::string format_seconds(double s);

// `--dry-run`'s estimate and how it was made.
std::string format_run_estimate(const models::RunEstimate& e);

}  // namespace hcisim::frontend
