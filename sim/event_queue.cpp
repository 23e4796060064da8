#include "sim/event_queue.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hcisim::sim {

std::uint32_t EventQueue::take_slot() {
  if (free_head_ != kNoSlot) {
    const std::uint32_t index = free_head_;
    free_head_ = slots_[index].next_free;
    return index;
  }
  if (slots_.size() >= kMaxPending) {
    throw std::length_error("event queue: more than 2^24 events pending at once");
  }
  slots_.push_back(Slot{nullptr, 0, 1, kNoSlot});
  return static_cast<std::uint32_t>(slots_.size() - 1);
}

void EventQueue::free_slot(std::uint32_t index) {
  Slot& slot = slots_[index];
  slot.handler = nullptr;
  slot.generation = slot.generation == 0xffffffffu ? 1 : slot.generation + 1;
  slot.next_free = free_head_;
  free_head_ = index;
}

EventId EventQueue::push(SimTime time, EventHandler* handler, std::uint64_t arg) {
  if (time < now_) {
    throw std::logic_error("event queue: event scheduled at " + std::to_string(time) +
                           " ns, before the current time " + std::to_string(now_) + " ns");
  }
  if (next_seq_ >= (std::uint64_t{1} << 40)) {
    throw std::length_error("event queue: more than 2^40 events scheduled");
  }
  const std::uint32_t index = take_slot();
  Slot& slot = slots_[index];
  slot.handler = handler;
  slot.arg = arg;
  const Key key{time, (next_seq_++ << 24) | index};
  if (time == now_) {
    fifo_push(key);
  } else {
    heap_push(key);
  }
  ++live_;
  return EventId{index, slot.generation};
}

bool EventQueue::cancel(EventId id) {
  if (!id.valid() || id.slot >= slots_.size()) return false;
  Slot& slot = slots_[id.slot];
  if (slot.generation != id.generation || slot.handler == nullptr) return false;
  slot.handler = nullptr;  // the key is dropped when it reaches the top
  --live_;
  ++cancelled_;
  if (cancelled_ > 1024 && cancelled_ > live_) rebuild_without_cancelled();
  return true;
}

void EventQueue::skip_cancelled_tops() {
  for (;;) {
    const bool use_fifo = !fifo_empty() && (heap_.empty() || fifo_front() < heap_[0]);
    if (!use_fifo && heap_.empty()) return;
    const Key& top = use_fifo ? fifo_front() : heap_[0];
    const auto index = static_cast<std::uint32_t>(top.order & kSlotMask);
    if (slots_[index].handler != nullptr) return;
    if (use_fifo) {
      fifo_pop();
    } else {
      heap_pop();
    }
    free_slot(index);
    --cancelled_;
  }
}

bool EventQueue::pop(FiredEvent& out) {
  skip_cancelled_tops();
  const bool use_fifo = !fifo_empty() && (heap_.empty() || fifo_front() < heap_[0]);
  if (!use_fifo && heap_.empty()) return false;
  const Key key = use_fifo ? fifo_pop() : heap_pop();
  const auto index = static_cast<std::uint32_t>(key.order & kSlotMask);
  const Slot& slot = slots_[index];
  out.time = key.time;
  out.handler = slot.handler;
  out.arg = slot.arg;
  free_slot(index);
  --live_;
  now_ = key.time;
  return true;
}

SimTime EventQueue::next_time() {
  skip_cancelled_tops();
  const bool use_fifo = !fifo_empty() && (heap_.empty() || fifo_front() < heap_[0]);
  if (use_fifo) return fifo_front().time;
  return heap_.empty() ? now_ : heap_[0].time;
}

void EventQueue::heap_push(Key key) {
  std::size_t i = heap_.size();
  heap_.push_back(key);
  while (i > 0) {
    const std::size_t parent = (i - 1) / 4;
    if (!(key < heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = key;
}

EventQueue::Key EventQueue::heap_pop() {
  const Key top = heap_[0];
  const Key last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) sift_down(0, last);
  return top;
}

// Places `key` at the hole `i`, moving smaller children up as it goes.
void EventQueue::sift_down(std::size_t i, Key key) {
  const std::size_t n = heap_.size();
  for (;;) {
    const std::size_t first = 4 * i + 1;
    if (first >= n) break;
    const std::size_t end = std::min(first + 4, n);
    std::size_t best = first;
    for (std::size_t c = first + 1; c < end; ++c) {
      if (heap_[c] < heap_[best]) best = c;
    }
    if (!(heap_[best] < key)) break;
    heap_[i] = heap_[best];
    i = best;
  }
  heap_[i] = key;
}

void EventQueue::fifo_push(Key key) {
  if (fifo_tail_ - fifo_head_ == fifo_.size()) {
    std::vector<Key> bigger(fifo_.size() * 2);
    for (std::size_t i = fifo_head_; i != fifo_tail_; ++i) {
      bigger[i - fifo_head_] = fifo_[i & (fifo_.size() - 1)];
    }
    fifo_tail_ -= fifo_head_;
    fifo_head_ = 0;
    fifo_.swap(bigger);
  }
  fifo_[fifo_tail_++ & (fifo_.size() - 1)] = key;
}

EventQueue::Key EventQueue::fifo_pop() {
  const Key key = fifo_[fifo_head_++ & (fifo_.size() - 1)];
  if (fifo_empty()) fifo_head_ = fifo_tail_ = 0;
  return key;
}

void EventQueue::rebuild_without_cancelled() {
  auto is_cancelled = [this](const Key& k) {
    const auto index = static_cast<std::uint32_t>(k.order & kSlotMask);
    if (slots_[index].handler != nullptr) return false;
    free_slot(index);
    return true;
  };
  heap_.erase(std::remove_if(heap_.begin(), heap_.end(), is_cancelled), heap_.end());
  // Re-heapify bottom-up (Floyd): O(n), in place.
  for (std::size_t i = heap_.size() / 4 + 1; i-- > 0;) {
    if (i < heap_.size()) sift_down(i, heap_[i]);
  }
  std::size_t kept = 0;
  for (std::size_t i = fifo_head_; i != fifo_tail_; ++i) {
    const Key k = fifo_[i & (fifo_.size() - 1)];
    if (!is_cancelled(k)) fifo_[(fifo_head_ + kept++) & (fifo_.size() - 1)] = k;
  }
  fifo_tail_ = fifo_head_ + kept;
  cancelled_ = 0;
}

}  // namespace hcisim::sim
