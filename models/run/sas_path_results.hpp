// A node's SAS/SATA path as its result reports it: its drives' device queues
// and its HBA (NodeResult::device_queue_*, HbaResult in run_result.hpp).
#pragma once

#include "models/cluster/cluster.hpp"
#include "models/hardware/hba.hpp"
#include "models/result/run_result.hpp"

namespace hcisim::models {

// What `hba` did since its last reset_stats(), over `measured_seconds`.
HbaResult measure_hba(const Hba& hba, double measured_seconds);

// The node's fullest device queue over its drives (cache and capacity drives
// of a hybrid node) into r.device_queue_depth and r.device_queue_occupancy_max.
void measure_device_queues(const ClusterNode& node, NodeResult& r);

}  // namespace hcisim::models
