// Durability of one volume: mean time to data loss (MTTDL), the chance of
// losing data within a mission time, and availability, from continuous-time
// Markov chains of the volume's copies (redundancy_chain.hpp, solved by ctmc.hpp).
//
// Assumptions (each one a choice; change them here, nowhere else):
// - Failures are independent and exponential. A drive fails at
//   lambda = -ln(1 - AFR) / year (so that P(fail within a year) = AFR exactly);
//   a node fails at 1 / MTBF. Repairs take exponential times with the given
//   means (the simulator supplies the means for a repair speed).
// - Declustered placement: a volume has many slabs spread over all drives, so
//   any set of nodes_per_slab nodes shares some slab, and within a node any
//   copies_per_node drives share some slab. Hence data is at risk as soon as
//   nodes_per_slab distinct nodes each lack a usable copy ("full" nodes),
//   whichever nodes they are. Drive failures on one node form one fault domain
//   for node-distinct copies: a node with copies_per_node or more failed
//   drives counts once, and further drive failures on it are ignored.
// - Node outages are transient: a node comes back after a mean downtime and
//   then resyncs the regions written while it was away. While down or
//   resyncing its copies are stale (writes go on elsewhere), so it is full.
// - Data is lost only when a drive failure destroys the last current copy of
//   some slab: it makes a node full while nodes_per_slab - 1 other nodes are
//   full with stale or lost copies. A node outage never loses data by itself:
//   if it leaves some slab with no reachable current copy, the volume goes
//   offline, nothing is written any more, and the nodes that go down from then
//   on hold current copies. While the volume is offline, rebuilds and resyncs
//   pause (they need the missing copies); it comes back when fewer than
//   nodes_per_slab nodes are full, and the copies of nodes still down go stale
//   from then on.
// - A failed drive's data is rebuilt into reserve capacity on its own node,
//   each failed drive at the rebuild rate in parallel (independent repairs,
//   not one repair crew). A node that goes down while rebuilding is counted
//   healthy once it has returned and resynced (the resync covers the rebuild).
//   Drives of a node that is down or resyncing are not counted as failing.
// - Availability (volume_availability) is a separate long-run figure: every
//   node fails and is repaired independently for ever (data loss, far rarer,
//   is left to MTTDL), and the volume is online when fewer than nodes_per_slab
//   nodes are full AND the pool has quorum AND the cluster has quorum
//   (pool_quorum.hpp). A failed drive's vote is back once its rebuild is done.
#pragma once

#include <string>
#include <vector>

#include "models/failure/durability_inputs.hpp"

namespace hcisim::models {

// Mean time to data loss from a healthy start, in seconds; +infinity when no
// sequence of failures can lose data (e.g. only node outages, which are
// transient: unbounded_mttdl_reason says so). The caller checks
// inputs.not_computable first: these functions compute what the inputs say.
double mean_time_to_data_loss_s(const DurabilityInputs& inputs);

// Probability that data is lost within mission_s seconds of a healthy start.
double data_loss_probability(const DurabilityInputs& inputs, double mission_s);

// Long-run fraction of time the volume is online (see above), and its
// complement summed over the offline states (accurate where availability
// rounds to 1, for counting "nines").
double volume_availability(const DurabilityInputs& inputs);
double volume_unavailability(const DurabilityInputs& inputs);

// The same cluster and rates under the two-way, three-way and nested two-way
// mirrors. A layout the cluster cannot hold (a three-way mirror on two nodes)
// is listed with fits = false and the reason. Storage Spaces Direct offers
// nested resiliency on two-server clusters only (Microsoft's nested-resiliency
// documentation; not in the reference library): on more nodes the figures are
// those of the declustered generalisation.
struct LayoutDurability {
  CopyLayout layout;
  bool fits = false;
  std::string why_not;
  double usable_fraction = 0;     // 1 / copies: 50 %, 33 %, 25 % (seed-systems.md)
  std::string not_computable;     // fits, but the inputs lack a rate: why (the figures below are 0)
  std::string unbounded_because;  // mttdl_s is +infinity: why
  double mttdl_s = 0;
  double availability = 0;
  double unavailability = 0;
  double loss_probability = 0;  // within the mission time
};
std::vector<LayoutDurability> compare_mirror_layouts(const DurabilityInputs& cluster, double mission_s);

// How durability changes with repair time, e.g. one entry per repair speed
// with the rebuild and resync times the simulator measured at that speed.
struct RepairTimes {
  std::string label;
  double drive_rebuild_s = 0;
  double node_resync_s = 0;
};
struct RepairDurability {
  RepairTimes repair;
  std::string not_computable;     // the inputs lack a rate: why (the figures below are 0)
  std::string unbounded_because;  // mttdl_s is +infinity: why
  double mttdl_s = 0;
  double availability = 0;
  double unavailability = 0;
  double loss_probability = 0;  // within the mission time
};
std::vector<RepairDurability> durability_by_repair_time(const DurabilityInputs& base,
                                                        const std::vector<RepairTimes>& repairs, double mission_s);

}  // namespace hcisim::models
