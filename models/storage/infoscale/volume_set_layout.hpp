// Where a VxFS file's bytes live on an InfoScale FSS cluster (seed-systems.md
// section 4): several VxVM volumes under one volume set, each striped one
// column per storage node ("6-way" on six nodes) with a fixed stripe unit; a
// volume's column on node n is one of n's data disks (volume v uses disk v on
// every node).
//
// Striping (VxVM's striped layout): volume offset x lies in stripe unit
// s = x / unit, on column s mod columns, at row s / columns of that column, so
// at disk offset row x unit + x mod unit. Consecutive stripe units go to
// consecutive nodes.
//
// Files: [EST] each file lives on one volume of the set, files dealt over the
// volumes in the order given, each allocated contiguously after the volume's
// earlier files and starting on a stripe-unit boundary. VxFS's multi-volume
// allocation policy for the seed is not published; large files written once by
// one sequential writer get large contiguous extents.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/unsigned_divisor.hpp"

namespace hcisim::models {

struct StripePiece {
  std::uint16_t node = 0;  // storage node = column
  std::uint16_t disk = 0;  // data disk on that node
  std::uint64_t disk_offset = 0;
  std::uint64_t bytes = 0;
};

class VolumeSetLayout {
 public:
  // `columns` storage nodes, `volumes` volumes (each node has at least that many
  // disks of `disk_bytes`), stripe unit `stripe_unit` (a multiple of 512 bytes).
  VolumeSetLayout(int columns, int volumes, std::uint64_t stripe_unit, std::uint64_t disk_bytes);

  // A file of `bytes` on volume `volume`; returns its id. Throws std::invalid_argument
  // when the volume has no room for it.
  std::uint32_t add_file(int volume, std::uint64_t bytes);
  // The pieces of [offset, offset + bytes) of a file, in file order; returns
  // how many (at most `max`, which must be enough: see max_pieces).
  int split(std::uint32_t file, std::uint64_t offset, std::uint64_t bytes, StripePiece* out, int max) const;
  // Pieces a request of at most `max_bytes` at an offset that is a multiple of
  // `align` can have.
  int max_pieces(std::uint64_t max_bytes, std::uint64_t align) const;

  int columns() const { return static_cast<int>(by_columns_.divisor()); }
  int volumes() const { return volumes_; }
  std::uint64_t stripe_unit() const { return by_unit_.divisor(); }
  std::uint64_t volume_bytes() const { return volume_bytes_; }
  int volume_of(std::uint32_t file) const { return files_[file].volume; }
  std::uint64_t volume_offset(std::uint32_t file) const { return files_[file].start; }
  std::size_t files() const { return files_.size(); }

 private:
  struct File {
    int volume = 0;
    std::uint64_t start = 0;  // volume offset
    std::uint64_t bytes = 0;
  };
  int volumes_;
  sim::UnsignedDivisor by_unit_;     // the stripe unit
  sim::UnsignedDivisor by_columns_;  // the column count
  std::uint64_t volume_bytes_;       // columns x the stripe units that fit a disk
  std::vector<std::uint64_t> used_;  // per volume: bytes allocated (a multiple of the unit)
  std::vector<File> files_;
};

}  // namespace hcisim::models
