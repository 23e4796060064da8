#include "models/cache/block_cache.hpp"

#include <stdexcept>
#include <string>

namespace hcisim::models {

BlockCache::BlockCache(std::uint64_t capacity_bytes, std::uint64_t block_bytes) {
  const std::uint64_t sets = block_bytes > 0 ? capacity_bytes / block_bytes / kWays : 0;
  if (sets == 0) {
    throw std::invalid_argument("block cache: the size must hold at least " + std::to_string(kWays) + " blocks");
  }
  by_block_ = sim::UnsignedDivisor(block_bytes);
  by_sets_ = sim::UnsignedDivisor(sets);
  ways_.assign(sets * kWays, kEmpty);
  referenced_.assign(sets * kWays, 0);
  hand_.assign(sets, 0);
}

std::size_t BlockCache::set_of(std::uint64_t k) const {
  // splitmix64 finaliser: spreads neighbouring blocks over the sets.
  k += 0x9e3779b97f4a7c15ull;
  k = (k ^ (k >> 30)) * 0xbf58476d1ce4e5b9ull;
  k = (k ^ (k >> 27)) * 0x94d049bb133111ebull;
  k ^= k >> 31;
  return static_cast<std::size_t>(by_sets_.remainder(k));
}

int BlockCache::find(std::size_t set, std::uint64_t k) const {
  for (int w = 0; w < kWays; ++w) {
    if (ways_[set * kWays + static_cast<std::size_t>(w)] == k) return w;
  }
  return -1;
}

bool BlockCache::lookup(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes) {
  const std::uint64_t last = by_block_.quotient(offset + (bytes > 0 ? bytes : 1) - 1);
  for (std::uint64_t b = by_block_.quotient(offset); b <= last; ++b) {
    const std::uint64_t k = key(disk, b);
    const std::size_t set = set_of(k);
    const int w = find(set, k);
    if (w < 0) return false;
    referenced_[set * kWays + static_cast<std::size_t>(w)] = 1;
  }
  return true;
}

void BlockCache::admit(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes) {
  const std::uint64_t last = by_block_.quotient(offset + (bytes > 0 ? bytes : 1) - 1);
  for (std::uint64_t b = by_block_.quotient(offset); b <= last; ++b) {
    const std::uint64_t k = key(disk, b);
    const std::size_t set = set_of(k);
    if (find(set, k) >= 0) continue;
    // Second chance inside the set: an empty way first, else the first not referenced.
    std::size_t victim = set * kWays;
    for (int step = 0; step < 2 * kWays; ++step) {
      const std::size_t way = set * kWays + hand_[set];
      hand_[set] = static_cast<std::uint8_t>((hand_[set] + 1) % kWays);
      if (ways_[way] == kEmpty || !referenced_[way]) {
        victim = way;
        break;
      }
      referenced_[way] = 0;
    }
    if (ways_[victim] == kEmpty) ++cached_;
    ways_[victim] = k;
    referenced_[victim] = 0;
  }
}

void BlockCache::invalidate(std::uint32_t disk, std::uint64_t offset, std::uint64_t bytes) {
  const std::uint64_t last = by_block_.quotient(offset + (bytes > 0 ? bytes : 1) - 1);
  for (std::uint64_t b = by_block_.quotient(offset); b <= last; ++b) {
    const std::uint64_t k = key(disk, b);
    const std::size_t set = set_of(k);
    const int w = find(set, k);
    if (w < 0) continue;
    ways_[set * kWays + static_cast<std::size_t>(w)] = kEmpty;
    --cached_;
  }
}

}  // namespace hcisim::models
