#include "models/storage/infoscale/vxfs_buffered_io.hpp"

#include <algorithm>
#include <stdexcept>

namespace hcisim::models {

VxfsIoPolicy VxfsIoPolicy::of(const InfoScaleSpec& spec, int columns) {
  VxfsIoPolicy p;
  p.write_pref_io = spec.vxfs.write_pref_io_bytes > 0 ? spec.vxfs.write_pref_io_bytes : spec.stripe_unit_bytes;
  p.read_pref_io = spec.vxfs.read_pref_io_bytes > 0 ? spec.vxfs.read_pref_io_bytes : spec.stripe_unit_bytes;
  p.write_nstream = spec.vxfs.write_nstream > 0 ? spec.vxfs.write_nstream : columns;
  p.read_nstream = spec.vxfs.read_nstream > 0 ? spec.vxfs.read_nstream : columns;
  p.direct_threshold = spec.vxfs.discovered_direct_iosz_bytes;
  p.dirty_batches = spec.dirty_batches;
  if (p.write_pref_io == 0 || p.read_pref_io == 0 || p.write_nstream < 1 || p.read_nstream < 1 || p.dirty_batches < 1) {
    throw std::invalid_argument("VxFS: pref_io, nstream and dirty_batches must be positive");
  }
  return p;
}

int VxfsIoPolicy::requests_in_flight(std::uint64_t file_bytes, std::uint64_t call_bytes) const {
  if (direct(call_bytes)) return 1;
  auto in_flight = [file_bytes](std::uint64_t pref_io, int nstream) {
    const std::uint64_t chunks = file_bytes / pref_io + (file_bytes % pref_io != 0 ? 1 : 0);
    return static_cast<int>(
        std::min<std::uint64_t>(static_cast<std::uint64_t>(nstream), std::max<std::uint64_t>(chunks, 1)));
  };
  return std::max(in_flight(write_pref_io, write_nstream), in_flight(read_pref_io, read_nstream));
}

VxfsWriteBehind::VxfsWriteBehind(const VxfsIoPolicy& policy, std::uint64_t file_bytes, std::uint64_t call_bytes)
    : policy_(policy),
      file_bytes_(file_bytes),
      // Never below one call: the writer must always be able to go on once the file is clean.
      limit_(std::max<std::uint64_t>(policy.write_batch() * static_cast<std::uint64_t>(policy.dirty_batches),
                                     call_bytes)) {}

void VxfsWriteBehind::written(std::uint64_t bytes) {
  if (written_ + bytes > file_bytes_) throw std::logic_error("VxFS: written past the end of the file");
  written_ += bytes;
}

bool VxfsWriteBehind::next_flush(std::uint64_t& offset, std::uint64_t& bytes) {
  if (in_flight_ >= policy_.write_nstream) return false;
  // Flush-behind cuts whole batches; a closed file flushes what is left.
  const std::uint64_t batch = policy_.write_batch();
  const std::uint64_t flushable = closing_ ? written_ : written_ / batch * batch;
  if (issued_ >= flushable) return false;
  offset = issued_;
  bytes = std::min(policy_.write_pref_io, flushable - issued_);
  issued_ += bytes;
  ++in_flight_;
  return true;
}

void VxfsWriteBehind::flushed(std::uint64_t bytes) {
  if (in_flight_ == 0 || completed_ + bytes > issued_) throw std::logic_error("VxFS: a flush completed twice");
  completed_ += bytes;
  --in_flight_;
}

VxfsReadAhead::VxfsReadAhead(const VxfsIoPolicy& policy, std::uint64_t file_bytes, std::uint64_t call_bytes)
    : policy_(policy), file_bytes_(file_bytes), horizon_(std::max(policy.read_window(), call_bytes)) {
  // Chunks in flight or arrived but not yet passed by done_chunks_: at most
  // those from the reader's chunk to the horizon's, and never more than the file has.
  const std::uint64_t file_chunks = file_bytes / policy.read_pref_io + 1;
  arrived_.assign(static_cast<std::size_t>(std::min(horizon_ / policy.read_pref_io + 3, file_chunks)), 0);
}

bool VxfsReadAhead::next_read(std::uint64_t& offset, std::uint64_t& bytes) {
  if (in_flight_ >= policy_.read_nstream) return false;
  const std::uint64_t start = next_chunk_ * policy_.read_pref_io;
  if (start >= file_bytes_ || start >= consumed_ + horizon_) return false;
  if (next_chunk_ - done_chunks_ >= arrived_.size()) return false;  // the ring is full: wait for arrivals
  offset = start;
  bytes = std::min(policy_.read_pref_io, file_bytes_ - start);
  arrived_[static_cast<std::size_t>(next_chunk_ % arrived_.size())] = 0;
  ++next_chunk_;
  ++in_flight_;
  return true;
}

void VxfsReadAhead::completed(std::uint64_t offset) {
  const std::uint64_t chunk = offset / policy_.read_pref_io;
  if (in_flight_ == 0 || chunk < done_chunks_ || chunk >= next_chunk_) {
    throw std::logic_error("VxFS: a read-ahead arrived that was not in flight");
  }
  --in_flight_;
  arrived_[static_cast<std::size_t>(chunk % arrived_.size())] = 1;
  while (done_chunks_ < next_chunk_ && arrived_[static_cast<std::size_t>(done_chunks_ % arrived_.size())]) {
    ++done_chunks_;
  }
}

bool VxfsReadAhead::ready(std::uint64_t bytes) const {
  const std::uint64_t needed = std::min(file_bytes_, consumed_ + bytes);
  return std::min(file_bytes_, done_chunks_ * policy_.read_pref_io) >= needed;
}

void VxfsReadAhead::consume(std::uint64_t bytes) {
  if (!ready(bytes)) throw std::logic_error("VxFS: consumed data not yet read");
  consumed_ = std::min(file_bytes_, consumed_ + bytes);
}

}  // namespace hcisim::models
