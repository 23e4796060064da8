// The VMs of a scenario as customer classes of the fast path: VMs grouped by
// where they run and which volume owner serves them, one class per group and
// DISKSPD target (its threads x outstanding I/Os per VM are the population).
// The guest side of an I/O (the VM's vCPUs, the guest burst on the host's
// cores, DISKSPD's -g pacing and -Zr fill, the virtual controller's queue
// limit) is built here; the product's path after it by a product builder.
#pragma once

#include <functional>
#include <vector>

#include "models/analytic/cluster_stations.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models::analytic {

struct VmGroup {
  int host = 0;   // where the VMs run
  int owner = 0;  // their volume's owner (S2D); the host itself otherwise
  int vms = 0;
  int vcpu_station = -1;
};

// How an I/O of a target splits into pieces: k pieces with probability p, each of block / k bytes.
struct PieceCount {
  int pieces = 1;
  double probability = 1;
};

// Pieces of a `block`-byte I/O at offsets that are multiples of `granularity`,
// spread evenly over the residues modulo `unit` (the stripe unit, or the extent
// with one column): a piece ends at each unit boundary.
std::vector<PieceCount> piece_counts(double block, std::uint64_t granularity, std::uint64_t unit);

// VM groups: VMs with the same host and volume owner. `owner_of_volume[v]` is the
// owner of the volume of node v's VMs; compute hosts deal the VMs round-robin.
std::vector<VmGroup> vm_groups(const ScenarioSpec& spec, const std::vector<int>& owner_of_volume);

struct ClassInfo {
  int group = 0;
  int target = 0;
  bool redirected = false;     // S2D: the VMs run away from their volume's owner
  double degraded_writes = 0;  // share of writes that skip a copy on a failed node
};

// The product's part of one direction's I/O for a class: returns the tree
// root (after the VM's controller) for `write`.
using ProductPath = std::function<int(int cls, const VmGroup& group, const DiskspdTarget& target, bool write,
                                      const std::vector<PieceCount>& pieces)>;

// Adds one class per group and target to `net`, each I/O the guest steps
// followed by `path`. `unit` as in piece_counts.
std::vector<ClassInfo> add_classes(Network& net, ClusterStations& hw, const ScenarioSpec& spec,
                                   std::vector<VmGroup>& groups, std::uint64_t unit, const ProductPath& path);

}  // namespace hcisim::models::analytic
