#include "models/storage/slab_map.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

namespace hcisim::models {

SlabMap::SlabMap(int nodes, int drives_per_node, int copies, std::uint64_t slab_bytes, sim::RandomStream rng)
    : nodes_(nodes),
      drives_per_node_(drives_per_node),
      copies_(copies),
      slab_bytes_(slab_bytes),
      rng_(rng),
      node_slabs_(static_cast<std::size_t>(nodes), 0),
      drive_slabs_(static_cast<std::size_t>(nodes) * static_cast<std::size_t>(drives_per_node), 0) {
  if (copies < 1 || copies > nodes) {
    throw std::invalid_argument(std::to_string(copies) + " copies need at least as many nodes; the cluster has " +
                                std::to_string(nodes));
  }
  if (drives_per_node < 1 || slab_bytes == 0) throw std::invalid_argument("slab map: no drives or zero slab size");
  if (nodes > 65536 || drives_per_node > 65536) {
    throw std::invalid_argument("slab map: extents hold 16-bit node and drive numbers");
  }
  least_used_.reserve(static_cast<std::size_t>(nodes));
  for (int n = 0; n < nodes; ++n) least_used_.push_back(NodeKey{0, rng_.next_u64(), n});
  std::make_heap(least_used_.begin(), least_used_.end(), std::greater<>());
}

std::uint32_t SlabMap::add_disk(std::uint64_t bytes) {
  const std::uint64_t slabs = std::max<std::uint64_t>(1, (bytes + slab_bytes_ - 1) / slab_bytes_);
  disk_first_slab_.push_back(extents_.size() / static_cast<std::size_t>(copies_));
  const auto end = least_used_.end();
  for (std::uint64_t s = 0; s < slabs; ++s) {
    // Take the `copies` least-used nodes out of the heap (distinct nodes), then put them back.
    for (int c = 0; c < copies_; ++c) std::pop_heap(least_used_.begin(), end - c, std::greater<>());
    for (int c = 0; c < copies_; ++c) {
      NodeKey& key = *(end - 1 - c);
      const int node = key.node;
      std::uint32_t* first = &drive_slabs_[static_cast<std::size_t>(node) * drives_per_node_];
      const auto drive = static_cast<int>(std::min_element(first, first + drives_per_node_) - first);
      ++first[drive];
      key.slabs = ++node_slabs_[static_cast<std::size_t>(node)];
      key.tie = rng_.next_u64();
      extents_.push_back(Extent{static_cast<std::uint16_t>(node), static_cast<std::uint16_t>(drive)});
    }
    for (int c = copies_ - 1; c >= 0; --c) std::push_heap(least_used_.begin(), end - c, std::greater<>());
  }
  return static_cast<std::uint32_t>(disk_first_slab_.size() - 1);
}

}  // namespace hcisim::models
