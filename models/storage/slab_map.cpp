#include "models/storage/slab_map.hpp"

#include <algorithm>
#include <numeric>
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
}

std::uint32_t SlabMap::add_disk(std::uint64_t bytes) {
  const std::uint64_t slabs = std::max<std::uint64_t>(1, (bytes + slab_bytes_ - 1) / slab_bytes_);
  disk_first_slab_.push_back(extents_.size() / static_cast<std::size_t>(copies_));
  std::vector<int> order(static_cast<std::size_t>(nodes_));
  std::vector<std::uint64_t> tie(static_cast<std::size_t>(nodes_));
  for (std::uint64_t s = 0; s < slabs; ++s) {
    std::iota(order.begin(), order.end(), 0);
    for (auto& t : tie) t = rng_.next_u64();
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
      return node_slabs_[ua] != node_slabs_[ub] ? node_slabs_[ua] < node_slabs_[ub] : tie[ua] < tie[ub];
    });
    for (int c = 0; c < copies_; ++c) {
      const int node = order[static_cast<std::size_t>(c)];
      std::uint32_t* first = &drive_slabs_[static_cast<std::size_t>(node) * drives_per_node_];
      const auto drive = static_cast<int>(std::min_element(first, first + drives_per_node_) - first);
      ++first[drive];
      ++node_slabs_[static_cast<std::size_t>(node)];
      extents_.push_back(Extent{static_cast<std::uint16_t>(node), static_cast<std::uint16_t>(drive)});
    }
  }
  return static_cast<std::uint32_t>(disk_first_slab_.size() - 1);
}

}  // namespace hcisim::models
