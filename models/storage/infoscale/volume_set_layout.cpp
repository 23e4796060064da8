#include "models/storage/infoscale/volume_set_layout.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hcisim::models {

VolumeSetLayout::VolumeSetLayout(int columns, int volumes, std::uint64_t stripe_unit, std::uint64_t disk_bytes)
    : volumes_(volumes) {
  if (columns < 1 || columns > 65535) throw std::invalid_argument("InfoScale: a volume needs 1 to 65535 columns");
  if (volumes < 1) throw std::invalid_argument("InfoScale: the volume set needs at least one volume");
  if (stripe_unit < 512 || stripe_unit % 512 != 0) {
    throw std::invalid_argument("InfoScale: the stripe unit must be a positive multiple of 512 bytes");
  }
  if (disk_bytes < stripe_unit) throw std::invalid_argument("InfoScale: a disk must hold at least one stripe unit");
  by_unit_ = sim::UnsignedDivisor(stripe_unit);
  by_columns_ = sim::UnsignedDivisor(static_cast<std::uint64_t>(columns));
  volume_bytes_ = by_unit_.quotient(disk_bytes) * stripe_unit * static_cast<std::uint64_t>(columns);
  used_.assign(static_cast<std::size_t>(volumes), 0);
}

std::uint32_t VolumeSetLayout::add_file(int volume, std::uint64_t bytes) {
  if (volume < 0 || volume >= volumes_)
    throw std::invalid_argument("InfoScale: no volume " + std::to_string(volume + 1));
  if (bytes == 0) throw std::invalid_argument("InfoScale: a file must have at least one byte");
  std::uint64_t& used = used_[static_cast<std::size_t>(volume)];
  const std::uint64_t rounded = by_unit_.quotient(bytes + stripe_unit() - 1) * stripe_unit();
  if (rounded > volume_bytes_ - used) {
    throw std::invalid_argument("InfoScale: volume " + std::to_string(volume + 1) + " (" +
                                std::to_string(volume_bytes_) + " bytes) has no room for another file of " +
                                std::to_string(bytes) + " bytes");
  }
  files_.push_back(File{volume, used, bytes});
  used += rounded;
  return static_cast<std::uint32_t>(files_.size() - 1);
}

int VolumeSetLayout::split(std::uint32_t file, std::uint64_t offset, std::uint64_t bytes, StripePiece* out,
                           int max) const {
  const File& f = files_.at(file);
  if (offset > f.bytes || bytes > f.bytes - offset)
    throw std::invalid_argument("InfoScale: I/O past the end of its file");
  std::uint64_t x = f.start + offset;
  const std::uint64_t end = x + bytes;
  int n = 0;
  while (x < end) {
    const std::uint64_t stripe = by_unit_.quotient(x);  // the stripe unit's index in the volume
    const std::uint64_t within = by_unit_.remainder(x);
    const std::uint64_t piece = std::min(stripe_unit() - within, end - x);
    if (n == max) throw std::logic_error("InfoScale: an I/O has more stripe pieces than reserved");
    out[n++] =
        StripePiece{static_cast<std::uint16_t>(by_columns_.remainder(stripe)), static_cast<std::uint16_t>(f.volume),
                    by_columns_.quotient(stripe) * stripe_unit() + within, piece};
    x += piece;
  }
  return n;
}

int VolumeSetLayout::max_pieces(std::uint64_t max_bytes, std::uint64_t align) const {
  // A request starting `align`-aligned inside a unit can cross into one more unit than its size needs.
  const std::uint64_t lead = align == 0 || by_unit_.remainder(align) == 0 ? 0 : stripe_unit() - 1;
  return static_cast<int>(by_unit_.quotient(max_bytes + lead + stripe_unit() - 1)) + 1;
}

}  // namespace hcisim::models
