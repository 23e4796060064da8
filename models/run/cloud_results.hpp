// A cloud cluster's caps in the result: per VM, the uncached disk caps, the
// egress cap, the busiest data disk's caps, and the burst credits.
#pragma once

#include <vector>

#include "models/cluster/cluster.hpp"
#include "models/result/run_result.hpp"

namespace hcisim::models {

// Each storage VM's uncached MB/s burst credits now, as seconds of full burst
// they buy in real time (simulated seconds x the cluster's time scale).
std::vector<double> burst_seconds_left(const Cluster& cluster, double time_scale = 1);

// Fills result.cloud from the cluster's VMs (call at the end of the run).
void fill_cloud(RunResult& result, const Cluster& cluster, const ScenarioSpec& spec);

}  // namespace hcisim::models
