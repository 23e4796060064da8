// VxFS buffered I/O for one file read or written sequentially by one process,
// as the VxFS tunables describe it (mechanisms.md 4.4; VxFS Admin Guide
// "Tunable VxFS I/O Parameters"):
//   - a request larger than discovered_direct_iosz goes unbuffered (direct),
//     one I/O per call; smaller ones go through the page cache;
//   - write_nstream: "the number of parallel write requests of size
//     write_pref_io to have outstanding at one time"; flush-behind starts once
//     nstream x pref_io bytes are dirty, so dirty data is cut into batches of
//     that size, each written back as pref_io writes, at most nstream in flight;
//   - read_nstream: read-ahead keeps nstream x pref_io bytes ahead of the
//     reader, in pref_io reads, at most nstream in flight;
//   - pref_io and nstream of 0 take the geometry's default: the stripe unit
//     and the column count.
// [EST] The writer waits while its file has more than dirty_batches batches
// dirty or being written (VxFS's write_throttle and Linux's dirty limits are
// not in the reference library; 2 lets one batch fill while one is written).
// The file is assumed much larger than the page cache, so a reader finds no
// data left in memory from the writer.
//
// These classes hold only the bookkeeping (no engine): the workload issues
// the I/Os they name and reports completions back. Memory: a ring of one flag
// per read-ahead chunk in the window (or in the file, if that is smaller),
// fixed at construction.
#pragma once

#include <cstdint>
#include <vector>

#include "models/spec/stack_spec.hpp"

namespace hcisim::models {

struct VxfsIoPolicy {
  std::uint64_t write_pref_io = 0;
  std::uint64_t read_pref_io = 0;
  int write_nstream = 0;
  int read_nstream = 0;
  std::uint64_t direct_threshold = 0;  // discovered_direct_iosz
  int dirty_batches = 0;

  // The tunables with the geometry's defaults filled in.
  static VxfsIoPolicy of(const InfoScaleSpec& spec, int columns);
  bool direct(std::uint64_t request_bytes) const { return request_bytes > direct_threshold; }
  std::uint64_t write_batch() const { return write_pref_io * static_cast<std::uint64_t>(write_nstream); }
  std::uint64_t read_window() const { return read_pref_io * static_cast<std::uint64_t>(read_nstream); }
  // Requests one stream over a file of `file_bytes`, in calls of `call_bytes`, can
  // have in flight: one direct call, or the larger nstream, but no more than the
  // file has pref_io chunks (one when pref_io is as large as the file).
  int requests_in_flight(std::uint64_t file_bytes, std::uint64_t call_bytes) const;
};

// Flush-behind of one file written front to back.
class VxfsWriteBehind {
 public:
  VxfsWriteBehind(const VxfsIoPolicy& policy, std::uint64_t file_bytes, std::uint64_t call_bytes);

  // Whether the writer may copy `bytes` more into the page cache now.
  bool room_for(std::uint64_t bytes) const { return written_ + bytes - completed_ <= limit_; }
  void written(std::uint64_t bytes);  // the writer copied them (in file order)
  void close() { closing_ = true; }   // the writer is done: every dirty byte may be flushed
  // The next flush-behind write that may start now; marks it in flight.
  bool next_flush(std::uint64_t& offset, std::uint64_t& bytes);
  void flushed(std::uint64_t bytes);  // one completed
  bool clean() const { return completed_ == written_; }
  int in_flight() const { return in_flight_; }
  std::uint64_t dirty_or_writing() const { return written_ - completed_; }

 private:
  VxfsIoPolicy policy_;
  std::uint64_t file_bytes_;
  std::uint64_t limit_;
  std::uint64_t written_ = 0, issued_ = 0, completed_ = 0;
  int in_flight_ = 0;
  bool closing_ = false;
};

// Read-ahead of one file read front to back in calls of `call_bytes`.
class VxfsReadAhead {
 public:
  VxfsReadAhead(const VxfsIoPolicy& policy, std::uint64_t file_bytes, std::uint64_t call_bytes);

  // The next read-ahead that may start now (within the window past what the
  // reader consumed); marks it in flight.
  bool next_read(std::uint64_t& offset, std::uint64_t& bytes);
  void completed(std::uint64_t offset);  // the read-ahead starting at `offset` arrived
  // Whether the reader's next `bytes` are all in the page cache.
  bool ready(std::uint64_t bytes) const;
  void consume(std::uint64_t bytes);  // the reader copied them out
  int in_flight() const { return in_flight_; }
  std::uint64_t consumed() const { return consumed_; }

 private:
  VxfsIoPolicy policy_;
  std::uint64_t file_bytes_;
  std::uint64_t horizon_;  // bytes ahead of the reader read-ahead may reach
  std::uint64_t consumed_ = 0;
  std::uint64_t next_chunk_ = 0;   // chunks issued: [0, next_chunk_)
  std::uint64_t done_chunks_ = 0;  // chunks [0, done_chunks_) all arrived
  int in_flight_ = 0;
  std::vector<char> arrived_;  // ring over chunks [done_chunks_, next_chunk_)
};

}  // namespace hcisim::models
