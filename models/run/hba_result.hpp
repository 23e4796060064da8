// A node's HBA as its result reports it (HbaResult, run_result.hpp).
#pragma once

#include "models/hardware/hba.hpp"
#include "models/run/run_result.hpp"

namespace hcisim::models {

// What `hba` did since its last reset_stats(), over `measured_seconds`.
HbaResult measure_hba(const Hba& hba, double measured_seconds);

}  // namespace hcisim::models
