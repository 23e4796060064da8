#include "sim/event_queue.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hcisim::sim {

std::uint32_t EventQueue::new_slot() {
  if (slots_.size() >= kMaxPending) {
    throw std::length_error("event queue: more than 2^24 events pending at once");
  }
  slots_.push_back(Slot{nullptr, 0, 2});  // generation 1, not cancelled
  free_slots_.reserve(slots_.capacity());
  return static_cast<std::uint32_t>(slots_.size() - 1);
}

void EventQueue::throw_bad_push(SimTime time) const {
  if (time < now_) {
    throw std::logic_error("event queue: event scheduled at " + std::to_string(time) +
                           " ns, before the current time " + std::to_string(now_) + " ns");
  }
  throw std::length_error("event queue: more than 2^40 events scheduled");
}

bool EventQueue::cancel(EventId id) {
  if (!id.valid() || id.slot >= slots_.size()) return false;
  std::uint32_t& state = slots_[id.slot].state;
  // A slot goes back to the free list only when its entry leaves the queue, and
  // that bumps the generation: a stale id fails here.
  if ((state >> 1) != id.generation || (state & kCancelled) != 0) return false;
  state |= kCancelled;
  --live_;
  ++cancelled_;
  ++cancelled_total_;
  if (cancelled_ > 1024 && cancelled_ > live_) rebuild_without_cancelled();
  return true;
}

bool EventQueue::refill(std::uint64_t limit) {
  if (levels_ == 0) return false;
  const int level = __builtin_ctz(levels_);
  const int digit = __builtin_ctzll(digits_[static_cast<std::size_t>(level)]);
  std::vector<Entry>& from = buckets_[static_cast<std::size_t>(1 + level * kDigits + digit)];
  std::uint64_t earliest = from.front().time;
  for (const Entry& e : from) earliest = std::min(earliest, e.time);
  if (earliest > limit) return false;
  // Every other bucket stays valid: the new last_ agrees with the old one on
  // every digit above `level` and has `digit` there, so the entries of the
  // other buckets first differ from it where they first differed from the old.
  last_ = earliest;
  digits_[static_cast<std::size_t>(level)] &= ~(std::uint64_t{1} << digit);
  if (digits_[static_cast<std::size_t>(level)] == 0) levels_ &= ~(1u << level);
  for (const Entry& e : from) place(e);  // each lands below `level`, or in bucket 0
  from.clear();
  std::vector<Entry>& zero = buckets_[0];
  if (zero.size() > 1) {
    // Entries at one time leave in push order (they came in any order from `from`).
    std::sort(zero.begin(), zero.end(), [](const Entry& x, const Entry& y) { return x.tag < y.tag; });
  }
  return true;
}

// A push earlier than last_: possible only when cancelled entries moved last_
// beyond the last event that ran. Re-bucket everything relative to `time`
// (which is below every entry). Rare, O(n).
void EventQueue::rebase(std::uint64_t time) {
  std::vector<Entry> all;
  for (std::size_t b = 0; b < buckets_.size(); ++b) {
    const std::size_t first = b == 0 ? head0_ : 0;
    all.insert(all.end(), buckets_[b].begin() + static_cast<std::ptrdiff_t>(first), buckets_[b].end());
    buckets_[b].clear();
  }
  head0_ = 0;
  levels_ = 0;
  digits_.fill(0);
  last_ = time;
  for (const Entry& e : all) place(e);
}

void EventQueue::rebuild_without_cancelled() {
  auto drop_if_cancelled = [this](const Entry& e) {
    const std::uint32_t index = static_cast<std::uint32_t>(e.tag) & kSlotMask;
    if ((slots_[index].state & kCancelled) == 0) return false;
    release_slot(index);
    return true;
  };
  std::vector<Entry>& zero = buckets_[0];
  zero.erase(zero.begin(), zero.begin() + static_cast<std::ptrdiff_t>(head0_));
  head0_ = 0;
  levels_ = 0;
  digits_.fill(0);
  for (std::size_t b = 0; b < buckets_.size(); ++b) {
    std::vector<Entry>& v = buckets_[b];
    v.erase(std::remove_if(v.begin(), v.end(), drop_if_cancelled), v.end());  // stable: bucket 0 keeps its order
    if (b == 0 || v.empty()) continue;
    const std::size_t level = (b - 1) / kDigits;
    levels_ |= 1u << level;
    digits_[level] |= std::uint64_t{1} << ((b - 1) % kDigits);
  }
  cancelled_ = 0;
}

}  // namespace hcisim::sim
