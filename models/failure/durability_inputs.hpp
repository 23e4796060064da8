// What the durability model needs to know about one volume on a cluster: how
// its copies are laid out, how often parts fail and how long repairs take.
// Failure rates come from the catalog (drive AFR, node MTBF); repair times
// come from the simulator (rebuild and resync at a given repair speed).
// All times are in seconds. As an input, +infinity is a mean time to an event
// that does not happen (a rate of 0: nodes that never fail, a drive never
// rebuilt): the math of a chosen case, not a stand-in for a rate the catalog
// lacks. A missing rate makes the figures not computable, and says why
// (`not_computable`).
#pragma once

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace hcisim::models {

// Each slab of the volume has `copies_per_node` copies on each of
// `nodes_per_slab` distinct nodes, and on distinct drives within a node.
struct CopyLayout {
  std::string name;
  int nodes_per_slab = 1;
  int copies_per_node = 1;
  int copies() const { return nodes_per_slab * copies_per_node; }
};

// Storage Spaces Direct layouts (seed-systems.md: efficiency 100 / 50 / 33 / 25 %).
inline CopyLayout simple_layout() { return {"simple", 1, 1}; }
inline CopyLayout two_way_mirror() { return {"two-way mirror", 2, 1}; }
inline CopyLayout three_way_mirror() { return {"three-way mirror", 3, 1}; }
// Nested two-way mirror: two copies in each of two servers, four in all.
inline CopyLayout nested_two_way_mirror() { return {"nested two-way mirror", 2, 2}; }

constexpr double kNever = std::numeric_limits<double>::infinity();
// AFR convention: a year of 8,760 power-on hours.
constexpr double kSecondsPerYear = 8760.0 * 3600.0;

// Failure rate per second of a part with this annualised failure rate: -ln(1 - afr) / year,
// so that the chance of failing within a year is afr exactly.
inline double failure_rate_per_s(double afr) {
  if (!(afr >= 0 && afr < 1)) throw std::invalid_argument("durability: an AFR must be in [0, 1)");
  return -std::log1p(-afr) / kSecondsPerYear;
}

struct DurabilityInputs {
  int nodes = 0;
  int capacity_drives_per_node = 0;
  CopyLayout layout = three_way_mirror();
  // Annualised failure rate of one capacity drive, a fraction in [0, 1).
  double drive_afr = 0;
  // Mean time between failures of one node (its outages), kNever = nodes never fail.
  double node_mtbf_s = kNever;
  // A failed node comes back after this mean downtime (outages are transient:
  // reboot, patch, power, replaced part), then resyncs what was written while
  // it was away, for this mean time (0 = nothing to resync).
  double node_downtime_s = 0;
  double node_resync_s = 0;
  // Mean time to rebuild a failed drive's data into reserve capacity (kNever = no repair).
  double drive_rebuild_s = kNever;
  // The cluster has a witness (file share or cloud), which is always reachable.
  bool witness = true;
  // Non-empty: the figures cannot be computed, and this says why, naming the
  // part ("drive 'x' has no failure rate (no afr in the catalog)").
  std::string not_computable;
};

// Why a mean time to data loss of +infinity is what the math gives: no
// sequence of failures can lose the last current copy.
inline std::string unbounded_mttdl_reason(const DurabilityInputs& in) {
  if (in.drive_afr <= 0) return "no sequence of failures loses data: drives never fail, and node outages are transient";
  return "no sequence of failures loses data with these inputs";
}

}  // namespace hcisim::models
