// Placement of virtual disks on the cluster's drives: a disk is cut into slabs
// (256 MiB in Storage Spaces Direct); each slab has `copies` extents on
// distinct nodes. Nodes and drives are chosen least-used first (ties broken by
// a seeded random order), which spreads every disk over all drives evenly, as
// the pool's allocator does.
// Memory: copies x 4 B per slab (10 GiB disk, 3 copies: 480 B).
// Time: O(copies) per slab, amortised. Least-used first keeps every node's
// slab count within one of every other's, so the least-used nodes are always
// "those not yet picked in this round": a round is a random order of the
// nodes, consumed `copies` at a time and reshuffled when used up (a slab that
// spans two rounds takes its remaining copies from other nodes). Picking in a
// random order is the same as breaking ties by fresh random keys at every
// slab. Within a node, the least-used drive with the lowest index is next,
// which is a round robin over its drives.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/random.hpp"

namespace hcisim::models {

struct Extent {
  std::uint16_t node;
  std::uint16_t drive;  // index within the node
};

class SlabMap {
 public:
  SlabMap(int nodes, int drives_per_node, int copies, std::uint64_t slab_bytes, sim::RandomStream rng);

  // Allocates a disk of `bytes`; returns its index.
  std::uint32_t add_disk(std::uint64_t bytes);

  // The `copies()` extents holding `offset` of `disk`.
  const Extent* extents(std::uint32_t disk, std::uint64_t offset) const {
    const std::uint64_t slab = disk_first_slab_[disk] + offset / slab_bytes_;
    return &extents_[slab * static_cast<std::uint64_t>(copies_)];
  }
  int copies() const { return copies_; }
  // Slabs placed on each (node, drive), for tests and reports.
  std::uint32_t slabs_on(int node, int drive) const {
    return drive_slabs_[static_cast<std::size_t>(node) * drives_per_node_ + static_cast<std::size_t>(drive)];
  }

 private:
  int nodes_;
  int drives_per_node_;
  int copies_;
  std::uint64_t slab_bytes_;
  sim::RandomStream rng_;
  std::vector<std::uint64_t> disk_first_slab_;
  std::vector<Extent> extents_;
  void start_round(const int* taken, int count);

  std::vector<int> round_;          // this round's random order of the nodes
  std::size_t next_ = 0;            // round_[next_..] are the least-used nodes
  std::vector<std::uint16_t> next_drive_;  // per node: its least-used drive
  std::vector<std::uint32_t> node_slabs_;
  std::vector<std::uint32_t> drive_slabs_;
};

}  // namespace hcisim::models
