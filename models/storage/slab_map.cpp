#include "models/storage/slab_map.hpp"

#include <algorithm>
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
  if (copies > 3) throw std::invalid_argument("slab map: at most 3 copies per slab are modelled");
  if (nodes > 65536 || drives_per_node > 65536) {
    throw std::invalid_argument("slab map: extents hold 16-bit node and drive numbers");
  }
  round_.resize(static_cast<std::size_t>(nodes));
  next_ = round_.size();  // the first slab starts a round
  next_drive_.assign(static_cast<std::size_t>(nodes), 0);
}

// A new random order of all nodes but the `count` this slab already took;
// after the slab's other copies are picked from its front, those go back in
// among the rest of the round, at random places.
void SlabMap::start_round(const int* taken, int count) {
  round_.clear();
  for (int n = 0; n < nodes_; ++n) {
    if (std::find(taken, taken + count, n) == taken + count) round_.push_back(n);
  }
  for (std::size_t i = round_.size(); i > 1; --i) std::swap(round_[i - 1], round_[rng_.uniform_index(i)]);
  next_ = 0;
}

std::uint32_t SlabMap::add_disk(std::uint64_t bytes) {
  const std::uint64_t slabs = std::max<std::uint64_t>(1, (bytes + slab_bytes_ - 1) / slab_bytes_);
  disk_first_slab_.push_back(extents_.size() / static_cast<std::size_t>(copies_));
  int taken[3];  // a mirror keeps at most 3 copies (checked in the constructor)
  for (std::uint64_t s = 0; s < slabs; ++s) {
    int rejoin = 0;  // nodes of this slab to put back into a round started within it
    for (int c = 0; c < copies_; ++c) {
      if (next_ == round_.size()) {
        start_round(taken, c);
        rejoin = c;
      }
      const int node = round_[next_++];
      taken[c] = node;
      const std::uint16_t drive = next_drive_[static_cast<std::size_t>(node)];
      next_drive_[static_cast<std::size_t>(node)] = static_cast<std::uint16_t>((drive + 1) % drives_per_node_);
      ++drive_slabs_[static_cast<std::size_t>(node) * drives_per_node_ + drive];
      ++node_slabs_[static_cast<std::size_t>(node)];
      extents_.push_back(Extent{static_cast<std::uint16_t>(node), drive});
    }
    if (rejoin > 0) {
      for (int c = 0; c < rejoin; ++c) round_.push_back(taken[c]);
      for (std::size_t i = round_.size() - next_; i > 1; --i) {
        std::swap(round_[next_ + i - 1], round_[next_ + rng_.uniform_index(i)]);
      }
    }
  }
  return static_cast<std::uint32_t>(disk_first_slab_.size() - 1);
}

}  // namespace hcisim::models
