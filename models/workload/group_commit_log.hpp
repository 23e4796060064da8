// The write-ahead log of one database, with group commit.
//
// Mechanism (as SQL Server's log manager works): committing transactions
// append their log records to the open log block. A block is written as one
// sequential write (its bytes rounded up to whole sectors) as soon as one of
// the `max_outstanding_writes` log-write slots is free; while every slot is
// busy, later commits keep joining the open block, and a block that would
// exceed `max_write_bytes` is closed and queued, the commit starting the next
// block. That is group commit: the busier the log, the more commits share one
// write. A commit is hardened when its block and every earlier block are
// written (the log is durable up to an LSN, so blocks harden in order even if
// the storage completes them out of order).
//
// Memory: one link per member (members = the users of the database; each has
// at most one commit waiting) and a ring of at most `members` blocks, both
// fixed at construction. commit() and on_written() are O(1) apart from the
// members they harden.
#pragma once

#include <cstdint>
#include <vector>

#include "models/spec/oltp_spec.hpp"

namespace hcisim::models {

// Where a log writes its blocks and whom it tells about hardened commits.
class LogDevice {
 public:
  // Write `bytes` (already sector-rounded) now, through log-write slot `slot`;
  // call on_written(slot) when the write completes.
  virtual void write_log_block(std::uint32_t log, int slot, std::uint32_t bytes) = 0;
  // Member `member`'s commit is durable.
  virtual void hardened(std::uint32_t log, std::uint32_t member) = 0;

 protected:
  ~LogDevice() = default;
};

class GroupCommitLog {
 public:
  // `log` is passed back to the device in every call (the database's index).
  GroupCommitLog(LogDevice& device, std::uint32_t log, std::uint32_t members, const OltpLogSpec& spec);

  // Member `member` commits `bytes` of log (0 < bytes, rounded <= max_write_bytes).
  void commit(std::uint32_t member, std::uint32_t bytes);
  // The write issued through `slot` has completed.
  void on_written(int slot);

  std::uint32_t rounded(std::uint64_t bytes) const {
    return static_cast<std::uint32_t>((bytes + sector_ - 1) / sector_ * sector_);
  }
  int writes_in_flight() const { return max_in_flight_ - static_cast<int>(free_slots_.size()); }
  // Commits waiting for hardening (in any block).
  std::uint64_t commits_waiting() const { return commits_waiting_; }
  // Totals since construction.
  std::uint64_t blocks_written() const { return blocks_written_; }
  std::uint64_t commits_written() const { return commits_written_; }
  std::uint64_t bytes_written() const { return bytes_written_; }
  std::uint32_t max_commits_per_block() const { return max_commits_per_block_; }

 private:
  enum class State : std::uint8_t { Open, Queued, Writing, Written };
  struct Block {
    std::uint32_t head = 0, tail = 0;  // member list, linked through next_
    std::uint32_t commits = 0;
    std::uint32_t bytes = 0;  // log bytes appended (not rounded)
    State state = State::Open;
  };
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};

  Block& at(std::uint64_t seq) { return blocks_[seq % blocks_.size()]; }
  void pump();

  LogDevice* device_;
  std::uint32_t log_;
  std::uint32_t sector_;
  std::uint32_t max_bytes_;
  int max_in_flight_;
  std::vector<std::uint32_t> next_;  // per member: the next member of its block
  std::vector<Block> blocks_;        // ring indexed by block sequence number
  std::uint64_t oldest_ = 0;         // oldest block not yet hardened
  std::uint64_t next_issue_ = 0;     // oldest block not yet written
  std::uint64_t next_seq_ = 0;       // one past the newest block
  bool open_ = false;                // whether block next_seq_ - 1 is still open
  std::vector<int> free_slots_;
  std::vector<std::uint64_t> slot_block_;  // per slot: the block it writes
  std::uint64_t commits_waiting_ = 0;
  std::uint64_t blocks_written_ = 0, commits_written_ = 0, bytes_written_ = 0;
  std::uint32_t max_commits_per_block_ = 0;
};

}  // namespace hcisim::models
