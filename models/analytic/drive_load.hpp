// The drive commands at each storage node of a solved fast-path network, and
// the node's HBA as the simulator reports it (measure_hba).
#pragma once

#include <vector>

#include "models/analytic/cluster_stations.hpp"
#include "models/analytic/queueing_network.hpp"
#include "models/result/run_result.hpp"

namespace hcisim::models::analytic {

struct NodeDriveLoad {
  double commands_per_s = 0;
};

// One per storage node.
std::vector<NodeDriveLoad> drive_load(const Network& net, const ClusterStations& hw);

// `node`'s HBA: its stations' utilisations, its tags' pool's (present false
// when no HBA is in front of the serving drives).
HbaResult hba_result(const HbaSpec& spec, const Network& net, const ClusterStations& hw, int node,
                     const NodeDriveLoad& load);

}  // namespace hcisim::models::analytic
