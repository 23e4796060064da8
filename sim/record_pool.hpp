// Records of things in flight (messages, drive commands, rebuild jobs), named by a
// 32-bit index an event can carry. A released record is reused last-in
// first-out, so the next take() gets one still in cache; the pool only grows
// to its peak, so a steady state allocates nothing. An index stays valid until
// it is released; references do not survive a take() (the storage may grow).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hcisim::sim {

template <class Record>
class RecordPool {
 public:
  explicit RecordPool(std::size_t expected = 0) {
    records_.reserve(expected);
    free_.reserve(expected);
  }

  // Stores `record` in a free slot and returns its index.
  std::uint32_t take(const Record& record) {
    if (free_.empty()) {
      records_.push_back(record);
      return static_cast<std::uint32_t>(records_.size() - 1);
    }
    const std::uint32_t index = free_.back();
    free_.pop_back();
    records_[index] = record;
    return index;
  }
  void release(std::uint32_t index) { free_.push_back(index); }

  // An event's 64-bit argument carries the index.
  Record& operator[](std::uint64_t index) { return records_[static_cast<std::size_t>(index)]; }
  const Record& operator[](std::uint64_t index) const { return records_[static_cast<std::size_t>(index)]; }
  // Records ever needed at once (the pool's size), and those in use now.
  std::size_t peak() const { return records_.size(); }
  std::size_t in_use() const { return records_.size() - free_.size(); }

 private:
  std::vector<Record> records_;
  std::vector<std::uint32_t> free_;
};

}  // namespace hcisim::sim
