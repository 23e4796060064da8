#include "models/placement/nodes_by_use.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace hcisim::models {

NodesByUse::NodesByUse(const std::vector<std::uint64_t>& keys) {
  for (std::size_t n = 0; n < keys.size(); ++n) lower_.push_back(Keyed{keys[n], static_cast<int>(n)});
  std::sort(lower_.begin(), lower_.end());
  upper_.reserve(keys.size());
}

int NodesByUse::take_least() {
  if (!levels_) {
    if (heap_.empty()) throw std::logic_error("nodes by use: no node waiting");
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    const int node = heap_.back().keyed.node;
    heap_.pop_back();
    return node;
  }
  if (lower_head_ == lower_.size()) {
    // The lower level is empty: the upper one becomes it.
    if (upper_.empty()) throw std::logic_error("nodes by use: no node waiting");
    lower_.swap(upper_);
    upper_.clear();
    lower_head_ = 0;
    ++lower_count_;
    sort_level(lower_);
  }
  return lower_[lower_head_++].node;
}

void NodesByUse::sort_level(std::vector<Keyed>& level) {
  const std::size_t n = level.size();
  if (n < 64) {
    std::sort(level.begin(), level.end());
    return;
  }
  // By the top bits into about n buckets (in order), then an insertion sort,
  // which only has to order each bucket's few entries.
  const int bits = static_cast<int>(std::bit_width(n));
  const int shift = 64 - bits;
  buckets_.assign((std::size_t{1} << bits) + 1, 0);
  for (const Keyed& k : level) ++buckets_[(k.key >> shift) + 1];
  for (std::size_t b = 1; b < buckets_.size(); ++b) buckets_[b] += buckets_[b - 1];
  scratch_.resize(n);
  for (const Keyed& k : level) scratch_[buckets_[k.key >> shift]++] = k;
  for (std::size_t i = 1; i < n; ++i) {
    const Keyed k = scratch_[i];
    std::size_t j = i;
    for (; j > 0 && k < scratch_[j - 1]; --j) scratch_[j] = scratch_[j - 1];
    scratch_[j] = k;
  }
  level.swap(scratch_);
}

void NodesByUse::put(int node, std::uint64_t count, std::uint64_t key) {
  const Keyed keyed{key, node};
  if (!levels_) {
    heap_.push_back(Counted{count, keyed});
    std::push_heap(heap_.begin(), heap_.end(), Later{});
  } else if (count == lower_count_ + 1) {
    upper_.push_back(keyed);
  } else if (count == lower_count_) {
    // Taken before the levels turned, back at what is now the lower count.
    lower_.insert(std::upper_bound(lower_.begin() + static_cast<std::ptrdiff_t>(lower_head_), lower_.end(), keyed),
                  keyed);
  } else {
    throw std::logic_error("nodes by use: a node came back at a count other than one more than it left with");
  }
}

void NodesByUse::allow_any_count() {
  if (!levels_) return;
  levels_ = false;
  for (std::size_t i = lower_head_; i < lower_.size(); ++i) heap_.push_back(Counted{lower_count_, lower_[i]});
  for (const Keyed& k : upper_) heap_.push_back(Counted{lower_count_ + 1, k});
  std::make_heap(heap_.begin(), heap_.end(), Later{});
  lower_.clear();
  upper_.clear();
}

}  // namespace hcisim::models
