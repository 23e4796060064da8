// A pool of per-command records named by 32-bit slot numbers, for drive models
// that must remember a command across several events. Slots are recycled last
// in, first out; the pool grows only to the peak number of commands in flight,
// so steady state allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hcisim::models {

template <class Record>
class CommandSlots {
 public:
  explicit CommandSlots(std::size_t expected = 0) {
    records_.reserve(expected);
    free_.reserve(expected);
  }

  std::uint32_t take(const Record& record) {
    if (free_.empty()) {
      records_.push_back(record);
      return static_cast<std::uint32_t>(records_.size() - 1);
    }
    const std::uint32_t slot = free_.back();
    free_.pop_back();
    records_[slot] = record;
    return slot;
  }
  void give_back(std::uint32_t slot) { free_.push_back(slot); }

  Record& operator[](std::uint64_t slot) { return records_[static_cast<std::size_t>(slot)]; }
  const Record& operator[](std::uint64_t slot) const { return records_[static_cast<std::size_t>(slot)]; }
  std::size_t in_use() const { return records_.size() - free_.size(); }

 private:
  std::vector<Record> records_;
  std::vector<std::uint32_t> free_;
};

}  // namespace hcisim::models
