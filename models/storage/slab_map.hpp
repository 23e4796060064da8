// Placement of virtual disks on the cluster's drives: a disk is cut into slabs
// (256 MiB in Storage Spaces Direct); each slab has `copies` extents on
// distinct nodes. Nodes and drives are chosen least-used first (ties broken by
// a seeded random order), which spreads every disk over all drives evenly, as
// the pool's allocator does.
// Memory: copies x 4 B per slab (10 GiB disk, 3 copies: 480 B).
// Time: O(copies x (log nodes + drives per node)) per slab. Nodes wait in a
// min-heap keyed by (slabs placed, random tie drawn when the node last took a
// slab): the least-used nodes come out first, and among equally used ones a
// uniformly random order, as if the ties were redrawn for every slab.
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
  struct NodeKey {
    std::uint32_t slabs;
    std::uint64_t tie;
    int node;
    bool operator>(const NodeKey& other) const {
      return slabs != other.slabs ? slabs > other.slabs : tie > other.tie;
    }
  };
  std::vector<NodeKey> least_used_;  // min-heap by (slabs, tie)
  std::vector<std::uint32_t> node_slabs_;
  std::vector<std::uint32_t> drive_slabs_;
};

}  // namespace hcisim::models
