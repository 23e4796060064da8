#include "sim/event_queue.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hcisim::sim {

EventQueue::EventQueue() : buckets_(kBuckets) {}

std::uint32_t EventQueue::new_slot() {
  if (slots_.size() >= kMaxPending) {
    throw std::length_error("event queue: more than 2^24 events pending at once");
  }
  slots_.push_back(Slot{nullptr, 0, 0, 0, 1u << 3, kNil, kNil});  // generation 1, free
  return static_cast<std::uint32_t>(slots_.size() - 1);
}

void EventQueue::throw_bad_push(SimTime time) const {
  if (time < now_) {
    throw std::logic_error("event queue: event scheduled at " + std::to_string(time) + " ns, before the current time " +
                           std::to_string(now_) + " ns");
  }
  throw std::length_error("event queue: more than 2^40 events scheduled");
}

bool EventQueue::cancel(EventId id) {
  if (!id.valid() || id.slot >= slots_.size()) return false;
  Slot& slot = slots_[id.slot];
  // A slot goes back to the free list only when its entry leaves the queue, and
  // that bumps the generation: a stale id fails here.
  if (generation_of(slot.state) != id.generation || (slot.state & kCancelled) != 0) return false;
  const std::uint32_t where = where_of(slot.state);
  if (where == kFree) return false;
  --live_;
  ++cancelled_total_;
  switch (where) {
    case kList: {
      // Unlink it now.
      const auto bucket = static_cast<std::uint32_t>(bucket_of(slot.time)) & kBucketMask;
      Bucket& b = buckets_[bucket];
      unlink(b, id.slot);
      if (b.head == kNil) clear_bit(bucket);
      --near_;
      release_slot(id.slot);
      return true;
    }
    case kCurrentHeap:
      slot.state |= kCancelled;  // dropped when it comes up (the bucket is being drained)
      return true;
    default:  // kFar
      slot.state |= kCancelled;
      ++far_cancelled_;
      if (far_cancelled_ > 1024 && 2 * far_cancelled_ > far_.size()) rebuild_far();
      return true;
  }
}

std::uint32_t EventQueue::pop_top(std::vector<Entry>& heap) {
  const std::uint32_t index = slot_of(heap.front());
  std::pop_heap(heap.begin(), heap.end(), Later{});
  heap.pop_back();
  return index;
}

bool EventQueue::far_top_live() {
  while (!far_.empty()) {
    if (!cancelled(slot_of(far_.front()))) return true;
    release_slot(pop_top(far_));
    --far_cancelled_;
  }
  return false;
}

void EventQueue::take_from_far() {
  while (far_top_live() && in_calendar(far_.front().time)) insert_near(pop_top(far_));
}

// A long bucket: its entries go to the current heap, which takes that bucket's
// later pushes too, until it is drained (its bit stays set meanwhile).
void EventQueue::heap_the_bucket(std::uint32_t bucket, std::uint64_t absolute) {
  if (current_bucket_ != kNoBucket) unheap();
  for (std::uint32_t i = buckets_[bucket].head; i != kNil; i = slots_[i].next) {
    current_heap_.push_back(Entry{slots_[i].time, slots_[i].tag});
    set_where(i, kCurrentHeap);
  }
  buckets_[bucket] = Bucket{};
  std::make_heap(current_heap_.begin(), current_heap_.end(), Later{});
  current_bucket_ = absolute;
}

// The heaped bucket goes back to being a list: when another bucket, earlier
// than it, is long too (pushes came in before it after a pop_until() stopped
// short), and before the calendar is rebuilt. Rare.
void EventQueue::unheap() {
  const auto bucket = static_cast<std::uint32_t>(current_bucket_) & kBucketMask;
  // In (time, sequence) order, as the list keeps entries of one time.
  std::sort(current_heap_.begin(), current_heap_.end(), [](const Entry& a, const Entry& b) { return Later{}(b, a); });
  for (const Entry& e : current_heap_) {
    const std::uint32_t index = slot_of(e);
    if (cancelled(index)) {
      --near_;
      release_slot(index);
      continue;
    }
    append(buckets_[bucket], index);
    set_where(index, kList);
  }
  current_heap_.clear();
  current_bucket_ = kNoBucket;
  if (buckets_[bucket].head == kNil) clear_bit(bucket);
}

// The next event is in the current heap (or that heap's top was cancelled):
// true with `out` filled, or false with `stop` set when it is due after `limit`.
bool EventQueue::pop_current_heap(SimTime limit, FiredEvent& out, bool& stop) {
  const bool dropped = cancelled(slot_of(current_heap_.front()));
  if (!dropped && current_heap_.front().time > static_cast<std::uint64_t>(limit)) {
    stop = true;
    return false;
  }
  const std::uint32_t index = pop_top(current_heap_);
  --near_;
  const std::uint64_t absolute = current_bucket_;
  if (current_heap_.empty()) {
    current_bucket_ = kNoBucket;
    clear_bit(static_cast<std::uint32_t>(absolute) & kBucketMask);
  }
  if (dropped) {
    release_slot(index);
    return false;
  }
  scanned_ += current_heap_.size() + 1;  // the bucket's entries when this one left
  take_popped(index, out);
  popped_from(absolute);
  return true;
}

void EventQueue::adapt_width() {
  const double per_bucket = static_cast<double>(scanned_) / pops_;
  const bool spilling = 8 * far_pushes_ > next_seq_ - period_seq_;
  // The width that holds about two events, from the mean gap between the pops.
  const double gap_ns = static_cast<double>(now_ - period_start_) / pops_;
  const int fit = std::clamp(static_cast<int>(std::lround(std::log2(std::max(1.0, 2.0 * gap_ns)))), 0, kMaxShift);
  pops_ = 0;
  scanned_ = 0;
  far_pushes_ = 0;
  period_start_ = now_;
  period_seq_ = next_seq_;
  if (per_bucket > 4.0 && shift_ > 0) {
    rebuild_calendar(std::min(shift_ - 1, fit));
  } else if (per_bucket < 1.5 && spilling && shift_ < kMaxShift) {
    rebuild_calendar(std::max(shift_ + 1, fit));
  }
}

// Every calendar entry is placed again for buckets of 2^shift ns (those the
// narrower calendar no longer covers go to the far heap; those a wider one
// covers come from it). The order of events does not depend on the width.
void EventQueue::rebuild_calendar(int shift) {
  if (current_bucket_ != kNoBucket) unheap();
  // In list order, bucket by bucket: entries of one time keep their order.
  std::vector<std::uint32_t> entries;
  entries.reserve(near_);
  for (Bucket& b : buckets_) {
    for (std::uint32_t i = b.head; i != kNil; i = slots_[i].next) entries.push_back(i);
    b = Bucket{};
  }
  words_.fill(0);
  summary_ = 0;
  near_ = 0;
  const std::uint64_t base_time = base_ << shift_;
  shift_ = shift;
  base_ = bucket_of(base_time);
  for (const std::uint32_t index : entries) place(index);
  take_from_far();
}

void EventQueue::rebuild_far() {
  std::size_t kept = 0;
  for (const Entry& e : far_) {
    const std::uint32_t index = slot_of(e);
    if (cancelled(index)) {
      release_slot(index);
    } else {
      far_[kept++] = e;
    }
  }
  far_.resize(kept);
  std::make_heap(far_.begin(), far_.end(), Later{});
  far_cancelled_ = 0;
}

}  // namespace hcisim::sim
