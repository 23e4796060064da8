// Which resource class limits throughput, from the utilisations of a run.
#pragma once

#include <vector>

#include "models/result/run_result.hpp"

namespace hcisim::models {

// One resource class at its busiest instance (the busiest running node's CPU,
// its busiest drive, ...), worded as the bottleneck would be.
struct RankedResource {
  Bottleneck what;
  // False for the VMs' vCPUs while the host CPU is 90 % full or more: a vCPU
  // whose burst waits for a host core counts as busy too, so its utilisation
  // then follows the host's and is no limit of its own. Likewise full device
  // queues and HBA tags while the drives are 90 % busy or more.
  bool can_limit = true;
};

// The share of a node's cores its work needs: its CPU utilisation, or under
// Hyper-V's core scheduler (guest bursts on whole cores) more than that.
double cores_needed(const NodeResult& node, const ScenarioSpec& spec);
// A serial resource this busy is saturated: the I/Os queued there wait for it alone.
constexpr double kSerialSaturated = 0.98;

// The resource classes of a run (host CPU, VM vCPUs, drives, SAS/SATA device
// queues, the HBA, network, the product's busiest serial resource when it has
// one), busiest first (a saturated serial resource before all); equal
// utilisations keep that order.
std::vector<RankedResource> rank_resources(const RunResult& result, const ScenarioSpec& spec);

// Fills result.bottleneck from result.nodes: the first resource of
// rank_resources that can limit. It counts as the limit when it is above
// 80 %; when nothing is that busy, the closed-loop workload itself (too few
// outstanding I/Os), its -g pacing or the OLTP users' think time is the limit.
void attribute_bottleneck(RunResult& result, const ScenarioSpec& spec);

}  // namespace hcisim::models
