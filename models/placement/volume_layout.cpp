#include "models/placement/volume_layout.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>

namespace hcisim::models {

namespace {
// Each node's first tie-breaking key, drawn in node order.
std::vector<std::uint64_t> keys_of(int nodes, sim::RandomStream& rng) {
  std::vector<std::uint64_t> keys;
  for (int n = 0; n < nodes; ++n) keys.push_back(rng.next_u64());
  return keys;
}
}  // namespace

VolumeLayout::VolumeLayout(int nodes, int drives_per_node, const LayoutShape& shape, sim::RandomStream rng)
    : drives_per_node_(drives_per_node),
      shape_(shape),
      rng_(rng),
      node_extents_(static_cast<std::size_t>(std::max(nodes, 0)), 0),
      drive_extents_(
          static_cast<std::size_t>(std::max(nodes, 0)) * static_cast<std::size_t>(std::max(drives_per_node, 0)), 0),
      by_use_(keys_of(nodes, rng_)) {
  if (shape.copies < 1 || shape.copies > nodes) {
    throw std::invalid_argument(std::to_string(shape.copies) + " copies need at least as many nodes; the cluster has " +
                                std::to_string(nodes));
  }
  if (drives_per_node < 1) throw std::invalid_argument("volume layout: a node has no capacity drives");
  if (shape.columns < 1 || shape.interleave_bytes == 0 || shape.extent_bytes == 0 ||
      shape.extent_bytes % shape.interleave_bytes != 0) {
    throw std::invalid_argument("volume layout: columns, interleave and extent size must be positive, "
                                "and the extent a whole number of interleaves");
  }
  by_unit_ = sim::UnsignedDivisor(shape.interleave_bytes);
  by_columns_ = sim::UnsignedDivisor(static_cast<std::uint64_t>(shape.columns));
  by_extent_ = sim::UnsignedDivisor(shape.extent_bytes);
}

std::uint64_t VolumeLayout::rows_of_disk(std::uint64_t bytes) const {
  const std::uint64_t stripe_extent = shape_.extent_bytes * static_cast<std::uint64_t>(shape_.columns);
  return std::max<std::uint64_t>(1, (bytes + stripe_extent - 1) / stripe_extent);
}

std::size_t VolumeLayout::copies_of_disk(std::uint64_t bytes) const {
  return static_cast<std::size_t>(rows_of_disk(bytes)) * static_cast<std::size_t>(shape_.columns) *
         static_cast<std::size_t>(shape_.copies);
}

void VolumeLayout::reserve_disks(std::size_t disks, std::uint64_t bytes) {
  disks_.reserve(disks_.size() + disks);
  extents_.reserve(extents_.size() + disks * copies_of_disk(bytes));
}

std::uint32_t VolumeLayout::add_disk(std::uint64_t bytes) {
  const std::uint64_t rows = rows_of_disk(bytes);
  disks_.push_back(Disk{bytes, rows, extents_.size()});
  std::vector<int> chosen(static_cast<std::size_t>(shape_.copies));
  for (int column = 0; column < shape_.columns; ++column) {
    for (std::uint64_t row = 0; row < rows; ++row) {
      // The `copies` least-used nodes, then re-keyed with their new counts.
      for (int c = 0; c < shape_.copies; ++c) chosen[static_cast<std::size_t>(c)] = by_use_.take_least();
      for (const int node : chosen) {
        const auto n = static_cast<std::size_t>(node);
        std::uint32_t* first = &drive_extents_[n * static_cast<std::size_t>(drives_per_node_)];
        // In turn, the node's k-th copy goes to drive k mod drives.
        const int drive = drives_in_turn_
                              ? static_cast<int>(node_extents_[n] % static_cast<std::uint64_t>(drives_per_node_))
                              : static_cast<int>(std::min_element(first, first + drives_per_node_) - first);
        const std::uint32_t slot = first[drive]++;
        by_use_.put(node, ++node_extents_[n], rng_.next_u64());
        extents_.push_back(Extent{static_cast<std::uint16_t>(node), static_cast<std::uint16_t>(drive), slot});
      }
    }
  }
  return static_cast<std::uint32_t>(disks_.size() - 1);
}

bool VolumeLayout::move_copy(std::size_t index, const std::vector<bool>& drive_usable, std::uint32_t drive_slots) {
  drives_in_turn_ = false;
  Extent& e = extents_.at(index);
  std::uint32_t* first = &drive_extents_[static_cast<std::size_t>(e.node) * static_cast<std::size_t>(drives_per_node_)];
  int best = -1;
  for (int d = 0; d < drives_per_node_; ++d) {
    if (d == e.drive || !drive_usable[static_cast<std::size_t>(d)] || first[d] >= drive_slots) continue;
    if (best < 0 || first[d] < first[best]) best = d;
  }
  if (best < 0) return false;
  e.drive = static_cast<std::uint16_t>(best);
  e.slot = first[best]++;
  return true;
}

void VolumeLayout::relocate_copy(std::size_t index, int node, int drive) {
  drives_in_turn_ = false;
  by_use_.allow_any_count();  // two nodes' counts change by one, outside placement
  Extent& e = extents_.at(index);
  --node_extents_[e.node];
  ++node_extents_.at(static_cast<std::size_t>(node));
  std::uint32_t& slots = drive_extents_.at(static_cast<std::size_t>(node) * static_cast<std::size_t>(drives_per_node_) +
                                           static_cast<std::size_t>(drive));
  e.node = static_cast<std::uint16_t>(node);
  e.drive = static_cast<std::uint16_t>(drive);
  e.slot = slots++;
}

const Extent* VolumeLayout::extents(std::uint32_t disk, int column, std::uint64_t extent_index) const {
  const Disk& d = disks_[disk];
  const std::size_t row = static_cast<std::size_t>(column) * d.rows + static_cast<std::size_t>(extent_index);
  return &extents_[d.first + row * static_cast<std::size_t>(shape_.copies)];
}

int VolumeLayout::split(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes, Piece* out, int max) const {
  const std::uint64_t unit = shape_.interleave_bytes;
  const auto columns = static_cast<std::uint64_t>(shape_.columns);
  int count = 0;
  while (bytes > 0) {
    const std::uint64_t in_unit = by_unit_.remainder(offset);
    const std::uint64_t take = std::min(bytes, unit - in_unit);
    // A piece continues while the next stripe unit is in the same column
    // (only with one column): merge it, as one drive I/O.
    const std::uint64_t stripe_unit = by_unit_.quotient(offset);
    const int column = static_cast<int>(by_columns_.remainder(stripe_unit));
    const std::uint64_t column_offset = by_columns_.quotient(stripe_unit) * unit + in_unit;
    const std::uint64_t extent_index = by_extent_.quotient(column_offset);
    const std::uint64_t in_extent = by_extent_.remainder(column_offset);
    const Extent* copies = extents(disk, column, extent_index);
    const bool extends = count > 0 && columns == 1 && out[count - 1].copies == copies;
    if (extends) {
      out[count - 1].bytes += take;
    } else {
      if (count < max) {
        out[count] = Piece{offset, in_extent, take, copies};
      }
      ++count;
    }
    offset += take;
    bytes -= take;
  }
  return count;
}

int VolumeLayout::max_pieces(std::uint64_t bytes, std::uint64_t align) const {
  // Pieces break at stripe units (or, with one column, only at extents). An
  // I/O starts at most unit - gcd(align, unit) bytes into a unit.
  const std::uint64_t unit = shape_.columns == 1 ? shape_.extent_bytes : shape_.interleave_bytes;
  const std::uint64_t g = std::gcd(align == 0 ? 1 : align, unit);
  return static_cast<int>((unit - g + bytes + unit - 1) / unit);
}

}  // namespace hcisim::models
