// How long a sweep will take (`sweep --dry-run`): a pilot of each point still
// to run (models::estimate_run, on as many threads as the sweep would use, so
// each pilot's pace is the one its point will have), and the points handed
// out in order to the jobs, each job taking the next point when it is free,
// as the sweep does.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "models/run/run_estimate.hpp"

namespace hcisim::frontend {

struct SweepPointEstimate {
  std::size_t index = 0;
  std::string values;  // "cluster.nodes=4, vms.per_node=16"
  models::RunEstimate run;
};

// When the last of `seconds` ends, handed out in order to `jobs` (>= 1) workers.
double sweep_makespan(const std::vector<double>& seconds, int jobs);

// The grid, what an earlier run finished, the estimate and one line per point to run.
std::string format_sweep_estimate(const std::vector<SweepPointEstimate>& points, std::size_t grid_points,
                                  std::size_t finished_earlier, int jobs);

}  // namespace hcisim::frontend
