// An in-memory read cache of fixed size (the CSV block cache of a host): blocks
// of `block_bytes` keyed by (disk, block), 8-way set-associative with a
// second-chance hand in each set, so a lookup and an insert cost a few compares
// and memory is exactly capacity / block_bytes entries (8 B each), whatever the
// working set. Reads that miss are admitted once they complete; writes
// invalidate what they overwrite.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/unsigned_divisor.hpp"

namespace hcisim::models {

class BlockCache {
 public:
  BlockCache(std::uint64_t capacity_bytes, std::uint64_t block_bytes);

  // True when every block of [offset, offset + bytes) of `disk` is cached.
  bool lookup(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes);
  void admit(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes);
  void invalidate(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes);

  std::uint64_t block_bytes() const { return by_block_.divisor(); }
  std::uint64_t capacity_blocks() const { return ways_.size(); }
  std::uint64_t cached_blocks() const { return cached_; }

 private:
  static constexpr int kWays = 8;
  static constexpr std::uint64_t kEmpty = ~0ull;
  std::uint64_t key(std::uint32_t disk, std::uint64_t block) const {
    return (static_cast<std::uint64_t>(disk) << 40) | block;
  }
  std::size_t set_of(std::uint64_t k) const;
  int find(std::size_t set, std::uint64_t k) const;

  sim::UnsignedDivisor by_block_;         // the block size
  sim::UnsignedDivisor by_sets_;          // the number of sets
  std::vector<std::uint64_t> ways_;       // sets x kWays keys
  std::vector<std::uint8_t> referenced_;  // per way
  std::vector<std::uint8_t> hand_;        // per set
  std::uint64_t cached_ = 0;
};

}  // namespace hcisim::models
