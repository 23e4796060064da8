// Does it fit? The storage pool, the VMs' disks and the hosts' vCPUs and
// memory of a scenario, before anything is simulated.
//
// Pool: raw = every capacity drive of every node (cache drives hold no data);
// reserve = the stack's failure.reserve_drives_per_node capacity drives for each
// node, at most 4 nodes' worth (Microsoft: "one capacity drive per server, up
// to 4 drives", seed-systems.md; ScaleIO: the spare share of every device); usable = (raw - reserve) / copies;
// efficiency = 1 / copies (the share of raw that holds data). The VMs' disks
// take whole slabs, copies times over. Failures tolerated = copies - 1 at
// once (nodes or drives on distinct nodes), less nodes already down.
//
// Hosts: each VM runs where the simulator places it (its node, the node its
// node failed over to, or a compute host dealt round-robin); vCPUs against the
// host's logical processors (over-commit above 1:1), VM memory against the
// host's memory. Impossible placements (a VM wider than its host, memory beyond
// the host's) are the loader's errors; risky ones (the reserve not kept, vCPUs
// over-committed) are findings here (result/finding.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "models/result/finding.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

struct HostCapacity {
  int host = 0;  // 0-based host index: storage nodes first, then compute hosts
  bool compute_host = false;
  bool up = true;
  int vms = 0;
  int vcpus = 0;  // all its VMs' virtual processors
  int logical_processors = 0;
  double vcpu_ratio = 0;              // vcpus / logical processors (> 1: over-committed)
  std::uint64_t memory_bytes = 0;     // the host's
  std::uint64_t vm_memory_bytes = 0;  // its VMs'
};

struct CapacityReport {
  int copies = 1;
  double raw_bytes = 0;
  double reserve_bytes = 0;
  double usable_bytes = 0;     // after resiliency and reserve
  double efficiency = 0;       // data per raw byte: 1 / copies
  int failures_tolerated = 0;  // of the cluster as it is (failed nodes counted)
  int nodes_down = 0;
  int vm_count = 0;
  double vm_disk_bytes = 0;       // each VM's disk, whole slabs, summed (one copy)
  double vm_footprint_bytes = 0;  // the same, copies times over
  bool disks_fit = true;          // footprint within raw
  bool reserve_kept = true;       // footprint within raw - reserve
  std::vector<HostCapacity> hosts;
  std::vector<Finding> warnings;  // ReserveNotKept, VcpuOvercommit
};

CapacityReport assess_capacity(const ScenarioSpec& spec);

}  // namespace hcisim::models
