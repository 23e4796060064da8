// The timeline of a run as CSV (one row per interval), for spreadsheets and plots.
#pragma once

#include <string>

#include "models/run/run_result.hpp"

namespace hcisim::frontend {

// Columns: end_ms, read_iops, write_iops, read_lat_mean_ms, write_lat_mean_ms.
std::string timeline_csv(const models::RunResult& result);

}  // namespace hcisim::frontend
