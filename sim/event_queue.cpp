#include "sim/event_queue.hpp"

#include <algorithm>
#include <new>
#include <stdexcept>
#include <string>

namespace hcisim::sim {

EventQueue::EventQueue() { grow_heap(); }

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
  // A slot goes back to the free list only when its key leaves the queue, and
  // that bumps the generation: a stale id fails here.
  if ((state >> 1) != id.generation || (state & kCancelled) != 0) return false;
  state |= kCancelled;
  --live_;
  ++cancelled_;
  ++cancelled_total_;
  if (cancelled_ > 1024 && cancelled_ > live_) rebuild_without_cancelled();
  return true;
}

void EventQueue::grow_heap() {
  const std::size_t capacity = heap_capacity_ == 0 ? 1024 : heap_capacity_ * 2;
  std::unique_ptr<Key[], AlignedDelete> bigger(
      static_cast<Key*>(::operator new[](sizeof(Key) * (kRoot + capacity), std::align_val_t{64})));
  if (heap_) std::copy(heap_.get() + kRoot, heap_.get() + kRoot + heap_size_, bigger.get() + kRoot);
  heap_ = std::move(bigger);
  heap_capacity_ = capacity;
}

// Places `key` at the hole `i`, moving smaller children up as it goes.
void EventQueue::sift_down(std::size_t i, Key key) {
  const std::size_t n = heap_size_;
  for (;;) {
    const std::size_t first = 4 * i + 1;
    if (first >= n) break;
    const std::size_t end = std::min(first + 4, n);
    std::size_t best = first;
    for (std::size_t c = first + 1; c < end; ++c) {
      if (heap_at(c) < heap_at(best)) best = c;
    }
    if (!(heap_at(best) < key)) break;
    heap_at(i) = heap_at(best);
    i = best;
  }
  heap_at(i) = key;
}

void EventQueue::grow_fifo() {
  std::vector<Key> bigger(fifo_.size() * 2);
  for (std::size_t i = fifo_head_; i != fifo_tail_; ++i) {
    bigger[i - fifo_head_] = fifo_[i & (fifo_.size() - 1)];
  }
  fifo_tail_ -= fifo_head_;
  fifo_head_ = 0;
  fifo_.swap(bigger);
}

void EventQueue::rebuild_without_cancelled() {
  auto drop_if_cancelled = [this](Key k) {
    const std::uint32_t index = key_slot(k);
    if ((slots_[index].state & kCancelled) == 0) return false;
    release_slot(index);
    return true;
  };
  Key* const begin = heap_.get() + kRoot;
  heap_size_ = static_cast<std::size_t>(std::remove_if(begin, begin + heap_size_, drop_if_cancelled) - begin);
  // Re-heapify bottom-up (Floyd): O(n), in place.
  for (std::size_t i = heap_size_ / 4 + 1; i-- > 0;) {
    if (i < heap_size_) sift_down(i, heap_at(i));
  }
  std::size_t kept = 0;
  for (std::size_t i = fifo_head_; i != fifo_tail_; ++i) {
    const Key k = fifo_[i & (fifo_.size() - 1)];
    if (!drop_if_cancelled(k)) fifo_[(fifo_head_ + kept++) & (fifo_.size() - 1)] = k;
  }
  fifo_tail_ = fifo_head_ + kept;
  cancelled_ = 0;
}

}  // namespace hcisim::sim
