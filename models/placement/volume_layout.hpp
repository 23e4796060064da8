// Placement of virtual disks on the cluster's drives, shared by every product.
//
// A disk is striped over `columns` columns with an `interleave` (stripe unit):
// byte x of the disk lies in column (x / interleave) % columns, at offset
// (x / (interleave * columns)) * interleave + x % interleave of that column.
// Each column is a sequence of extents of `extent` bytes (S2D: 256 MiB slabs);
// each extent has `copies` copies on distinct nodes (the fault domain), each on
// one drive of its node. One column and a large interleave give ScaleIO-like
// chunks; several columns give Storage Spaces' stripes, so a sequential stream
// moves across several drives as on a real S2D volume.
//
// Allocation is least-used first: the `copies` nodes holding the fewest extents
// (ties broken by a seeded random key drawn each time a node's count changes),
// then the least-used drive of each node (lowest index on ties). O(copies x
// log nodes) per extent, amortised (NodesByUse; a node's drives fill in turn
// until a copy is moved, then a scan of its drives), so a 1024-node cluster
// sets up fast.
// Memory: 8 B per extent copy (10 GiB disk, 256 MiB extents, 3 copies: 960 B).
#pragma once

#include <cstdint>
#include <vector>

#include "models/placement/nodes_by_use.hpp"
#include "sim/random.hpp"
#include "sim/unsigned_divisor.hpp"

namespace hcisim::models {

struct Extent {
  std::uint16_t node;
  std::uint16_t drive;  // index within the node
  std::uint32_t slot;   // extent slot on the drive: the copy starts at slot x extent bytes
};

struct LayoutShape {
  int copies = 1;
  int columns = 1;
  std::uint64_t interleave_bytes = 256 * 1024;
  std::uint64_t extent_bytes = 256ull * 1024 * 1024;
};

// The part of an I/O that falls in one column, and where its copies are.
struct Piece {
  std::uint64_t disk_offset;  // first byte of the piece in the disk
  std::uint64_t in_extent;    // offset of that byte within its extent
  std::uint64_t bytes;
  const Extent* copies;  // `copies()` entries, in placement order
  // Where copy `c` of the piece starts on its drive.
  std::uint64_t drive_offset(int c, std::uint64_t extent_bytes) const {
    return static_cast<std::uint64_t>(copies[c].slot) * extent_bytes + in_extent;
  }
};

class VolumeLayout {
 public:
  VolumeLayout(int nodes, int drives_per_node, const LayoutShape& shape, sim::RandomStream rng);

  // Allocates a disk of `bytes`; returns its index.
  std::uint32_t add_disk(std::uint64_t bytes);
  // Room for `disks` more disks of `bytes` each (so adding them moves no table).
  void reserve_disks(std::size_t disks, std::uint64_t bytes);
  // Extent copies a disk of `bytes` has.
  std::size_t copies_of_disk(std::uint64_t bytes) const;

  // Splits [offset, offset + bytes) of `disk` into the pieces of each column it
  // touches (in order); writes at most `max` and returns how many it needs.
  int split(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes, Piece* out, int max) const;
  // Pieces an I/O of `bytes` at an offset that is a multiple of `align` can need at most.
  int max_pieces(std::uint64_t bytes, std::uint64_t align) const;

  int copies() const { return shape_.copies; }
  int columns() const { return shape_.columns; }
  const LayoutShape& shape() const { return shape_; }
  std::uint64_t disk_bytes(std::uint32_t disk) const { return disks_[disk].bytes; }
  // The extent copies of one column extent of a disk.
  const Extent* extents(std::uint32_t disk, int column, std::uint64_t extent_index) const;
  std::uint64_t extents_per_column(std::uint32_t disk) const { return disks_[disk].rows; }
  std::uint32_t extents_on(int node, int drive) const {
    return drive_extents_[static_cast<std::size_t>(node) * drives_per_node_ + static_cast<std::size_t>(drive)];
  }
  std::uint64_t extents_on_node(int node) const { return node_extents_[static_cast<std::size_t>(node)]; }

  // Every extent copy has a flat index (0 .. copy_count()): products keep
  // per-copy state (stale, being rebuilt) beside the layout.
  std::size_t copy_count() const { return extents_.size(); }
  std::size_t index_of(const Extent* copy) const { return static_cast<std::size_t>(copy - extents_.data()); }
  const Extent& copy_at(std::size_t index) const { return extents_[index]; }
  // Moves a copy to another drive of its node (a rebuild into reserve
  // capacity): the least-used drive other than its own; returns false when the
  // node has no other drive with room for another extent of `drive_slots`.
  bool move_copy(std::size_t index, const std::vector<bool>& drive_usable, std::uint32_t drive_slots);
  // Moves a copy to the next free slot of drive `drive` of node `node` (a
  // rebuild onto another node's spare capacity, ScaleIO).
  void relocate_copy(std::size_t index, int node, int drive);

 private:
  struct Disk {
    std::uint64_t bytes;
    std::uint64_t rows;  // extents per column
    std::size_t first;   // index in extents_ of (column 0, row 0, copy 0)
  };
  std::uint64_t rows_of_disk(std::uint64_t bytes) const;  // extents per column
  int drives_per_node_;
  LayoutShape shape_;
  // split()'s divisions: by the interleave, the column count and the extent size.
  sim::UnsignedDivisor by_unit_, by_columns_, by_extent_;
  sim::RandomStream rng_;
  std::vector<Disk> disks_;
  std::vector<Extent> extents_;  // per disk: column-major rows, each `copies` entries
  std::vector<std::uint64_t> node_extents_;
  std::vector<std::uint32_t> drive_extents_;
  NodesByUse by_use_;  // the least-used node first
  // While only add_disk() has placed copies, each node's drives fill in turn
  // (the least-used drive, lowest index on ties, is always the next one after
  // the last used), so its next drive follows from its count instead of a scan.
  // A copy moved or relocated ends that, and the scan takes over.
  bool drives_in_turn_ = true;
};

}  // namespace hcisim::models
