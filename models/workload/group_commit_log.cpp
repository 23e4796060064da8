#include "models/workload/group_commit_log.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hcisim::models {

GroupCommitLog::GroupCommitLog(LogDevice& device, std::uint32_t log, std::uint32_t members, const OltpLogSpec& spec)
    : device_(&device),
      log_(log),
      sector_(spec.sector_bytes),
      max_bytes_(spec.max_write_bytes),
      max_in_flight_(spec.max_outstanding_writes),
      next_(members, kNone),
      blocks_(static_cast<std::size_t>(members) + 1),
      slot_block_(static_cast<std::size_t>(std::max(0, spec.max_outstanding_writes)), 0) {
  if (members == 0) throw std::invalid_argument("log: a database needs at least one user");
  if (sector_ == 0 || max_bytes_ < sector_ || max_bytes_ % sector_ != 0) {
    throw std::invalid_argument("log: the largest log write (" + std::to_string(max_bytes_) +
                                " bytes) must be a positive multiple of the sector size (" + std::to_string(sector_) +
                                ")");
  }
  if (max_in_flight_ < 1) throw std::invalid_argument("log: at least one log write must be allowed in flight");
  for (int s = max_in_flight_ - 1; s >= 0; --s) free_slots_.push_back(s);
}

void GroupCommitLog::commit(std::uint32_t member, std::uint32_t bytes) {
  if (bytes == 0 || rounded(bytes) > max_bytes_) {
    throw std::invalid_argument("log: a commit of " + std::to_string(bytes) + " bytes does not fit one log block of " +
                                std::to_string(max_bytes_));
  }
  if (open_) {
    Block& open = at(next_seq_ - 1);
    if (rounded(std::uint64_t{open.bytes} + bytes) > max_bytes_) {
      open.state = State::Queued;
      open_ = false;
    }
  }
  next_[member] = kNone;
  if (!open_) {
    if (next_seq_ - oldest_ >= blocks_.size())
      throw std::logic_error("log: more blocks than users (a user committed twice)");
    at(next_seq_) = Block{member, member, 1, bytes, State::Open};
    ++next_seq_;
    open_ = true;
  } else {
    Block& open = at(next_seq_ - 1);
    next_[open.tail] = member;
    open.tail = member;
    ++open.commits;
    open.bytes += bytes;
  }
  ++commits_waiting_;
  pump();
}

void GroupCommitLog::pump() {
  while (!free_slots_.empty() && next_issue_ < next_seq_) {
    const std::uint64_t seq = next_issue_++;
    Block& b = at(seq);
    if (b.state == State::Open) open_ = false;  // the newest block closes as it is written
    b.state = State::Writing;
    const int slot = free_slots_.back();
    free_slots_.pop_back();
    slot_block_[static_cast<std::size_t>(slot)] = seq;
    const std::uint32_t bytes = rounded(b.bytes);
    ++blocks_written_;
    commits_written_ += b.commits;
    bytes_written_ += bytes;
    max_commits_per_block_ = std::max(max_commits_per_block_, b.commits);
    device_->write_log_block(log_, slot, bytes);
  }
}

void GroupCommitLog::on_written(int slot) {
  at(slot_block_[static_cast<std::size_t>(slot)]).state = State::Written;
  free_slots_.push_back(slot);
  while (oldest_ < next_issue_ && at(oldest_).state == State::Written) {
    const Block b = at(oldest_++);
    commits_waiting_ -= b.commits;
    for (std::uint32_t m = b.head; m != kNone;) {
      const std::uint32_t next = next_[m];
      device_->hardened(log_, m);
      m = next;
    }
  }
  pump();
}

}  // namespace hcisim::models
