// The pending-event set of the kernel, ordered by (time, insertion sequence).
//
// Structure: a 4-ary min-heap of 16-byte keys, each the 128-bit number
// time << 64 | seq << 24 | slot, so ordering is one branch-free comparison and
// the four children of a node fill exactly one 64-byte cache line (the heap is
// laid out aligned so they do). The payload of an event (handler, argument and a
// state word holding a generation and a cancelled bit) lives in a slot arena
// indexed by the key's low 24 bits; slots are recycled last-in first-out so a
// freed slot is reused while still in cache. Events pushed at the current time
// (the zero-delay hand-offs storage models make constantly) go to a FIFO ring in
// front of the heap instead: O(1) both ways.
//
// Cost per event: push O(log4 n); pop O(log4 n) (one cache line per level plus
// one payload read), or O(1) from the FIFO; cancel O(1). Cancellation is lazy:
// the key stays until it reaches the top. When cancelled keys outnumber live
// ones the heap is rebuilt (O(n)), so memory stays within about twice the live
// events.
// Memory per pending event: 16 B key + 24 B slot + 4 B free-list word.
// Nothing is allocated once the arrays have grown to the peak pending count.
// Limits: 2^24 (16.7 M) events pending at once; 2^40 (1.1e12) pushes per queue.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/time.hpp"

namespace hcisim::sim {

// Anything that can receive an event. `arg` is the 64-bit word given when the
// event was scheduled (an index, a pointer, a kind tag: the receiver decides).
class EventHandler {
 public:
  virtual void on_event(std::uint64_t arg) = 0;

 protected:
  ~EventHandler() = default;
};

// Names one scheduled event so it can be cancelled. A default EventId names none.
struct EventId {
  std::uint32_t slot = 0;
  std::uint32_t generation = 0;  // 0 means "no event"
  bool valid() const { return generation != 0; }
};

struct FiredEvent {
  SimTime time = 0;
  EventHandler* handler = nullptr;
  std::uint64_t arg = 0;
};

class EventQueue {
 public:
  static constexpr std::uint32_t kMaxPending = 1u << 24;

  EventQueue();

  // Schedules `handler->on_event(arg)` at `time`. Time must not be earlier than
  // the last popped event's time (throws std::logic_error otherwise).
  EventId push(SimTime time, EventHandler* handler, std::uint64_t arg);

  // Cancels a pending event. Returns false if it already ran or was cancelled.
  bool cancel(EventId id);

  // Removes the earliest live event into `out`; false when none is left.
  bool pop(FiredEvent& out) { return pop_until(kForever, out); }
  // The same, but only an event due at or before `limit`.
  bool pop_until(SimTime limit, FiredEvent& out);
  static constexpr SimTime kForever = SimTime{1} << 62;

  // Moves the queue's notion of "now" forward when the clock jumps past the
  // last event (Engine::run_until), so zero-delay pushes keep using the FIFO.
  void advance_clock(SimTime time) {
    if (time > now_ && fifo_empty()) now_ = time;
  }

  bool empty() const { return live_ == 0; }
  // Events cancelled since construction (their keys cost a pop each, later).
  std::uint64_t cancelled_total() const { return cancelled_total_; }
  std::size_t size() const { return live_; }
  SimTime last_popped_time() const { return now_; }

 private:
  using Key = unsigned __int128;  // time << 64 | seq << 24 | slot: unique, totally ordered
  static constexpr std::uint32_t kSlotMask = kMaxPending - 1;
  static constexpr std::uint32_t kCancelled = 1;  // low bit of Slot::state; generation above it
  // The heap lives at positions [kRoot, kRoot + size) of a 64-byte aligned
  // buffer, so the children 4i+1..4i+4 of node i share one cache line.
  static constexpr std::size_t kRoot = 3;
  static constexpr std::size_t kPrefetchAbove = 1u << 15;  // 512 KiB of keys

  struct Slot {
    EventHandler* handler;
    std::uint64_t arg;
    std::uint32_t state;
  };
  struct AlignedDelete {
    void operator()(Key* p) const { ::operator delete[](p, std::align_val_t{64}); }
  };

  static Key make_key(SimTime time, std::uint64_t seq, std::uint32_t slot) {
    return (static_cast<Key>(static_cast<std::uint64_t>(time)) << 64) | (seq << 24) | slot;
  }
  static SimTime key_time(Key k) { return static_cast<SimTime>(static_cast<std::uint64_t>(k >> 64)); }
  static std::uint32_t key_slot(Key k) { return static_cast<std::uint32_t>(k) & kSlotMask; }

  std::uint32_t take_slot();
  std::uint32_t new_slot();
  // Releases the slot of a removed key; true if its event had been cancelled.
  bool release_slot(std::uint32_t index);
  [[noreturn]] void throw_bad_push(SimTime time) const;
  Key& heap_at(std::size_t i) { return heap_[kRoot + i]; }
  void heap_push(Key key);
  Key heap_pop();
  void sift_down(std::size_t hole, Key key);
  void sift_up(std::size_t hole, Key key);
  void sift_down_from_root_hole(Key key);
  void grow_heap();
  void fifo_push(Key key);
  void grow_fifo();
  Key fifo_pop();
  bool fifo_empty() const { return fifo_head_ == fifo_tail_; }
  Key fifo_front() const { return fifo_[fifo_head_ & (fifo_.size() - 1)]; }
  bool fifo_first() { return !fifo_empty() && (heap_size_ == 0 || fifo_front() < heap_at(0)); }
  void rebuild_without_cancelled();

  std::unique_ptr<Key[], AlignedDelete> heap_;
  std::size_t heap_size_ = 0;
  std::size_t heap_capacity_ = 0;
  std::vector<Key> fifo_ = std::vector<Key>(64);  // ring; size is a power of two
  std::size_t fifo_head_ = 0;
  std::size_t fifo_tail_ = 0;
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_slots_;  // LIFO: a just-freed slot is reused while hot
  std::uint64_t next_seq_ = 0;
  std::size_t live_ = 0;
  std::size_t cancelled_ = 0;
  std::uint64_t cancelled_total_ = 0;
  SimTime now_ = 0;
};

// ---- The hot path, inline so the run loop can fold it in. ----

inline std::uint32_t EventQueue::take_slot() {
  if (free_slots_.empty()) return new_slot();
  const std::uint32_t index = free_slots_.back();
  free_slots_.pop_back();
  return index;
}

inline bool EventQueue::release_slot(std::uint32_t index) {
  std::uint32_t& state = slots_[index].state;
  const bool was_cancelled = (state & kCancelled) != 0;
  const std::uint32_t next = (state >> 1) + 1;
  state = (next & 0x7fffffffu) == 0 ? 2u : next << 1;  // skip generation 0 on wrap
  free_slots_.push_back(index);
  return was_cancelled;
}

inline EventId EventQueue::push(SimTime time, EventHandler* handler, std::uint64_t arg) {
  if (time < now_ || next_seq_ >= (std::uint64_t{1} << 40)) throw_bad_push(time);
  const std::uint32_t index = take_slot();
  Slot& slot = slots_[index];
  slot.handler = handler;
  slot.arg = arg;
  const Key key = make_key(time, next_seq_++, index);
  if (time == now_) {
    fifo_push(key);
  } else {
    heap_push(key);
  }
  ++live_;
  return EventId{index, slot.state >> 1};
}

inline bool EventQueue::pop_until(SimTime limit, FiredEvent& out) {
  for (;;) {
    const bool use_fifo = fifo_first();
    if (!use_fifo && heap_size_ == 0) return false;
    if (key_time(use_fifo ? fifo_front() : heap_at(0)) > limit) return false;
    const Key key = use_fifo ? fifo_pop() : heap_pop();
    const std::uint32_t index = key_slot(key);
    const Slot& slot = slots_[index];
    out.time = key_time(key);
    out.handler = slot.handler;
    out.arg = slot.arg;
    if (release_slot(index)) {
      --cancelled_;
      continue;
    }
    --live_;
    now_ = out.time;
    // The next pop will read the payload of the new top: start fetching it now,
    // while the handler runs, so a large queue does not wait on memory there.
    if (heap_size_ > 0) __builtin_prefetch(&slots_[key_slot(heap_at(0))]);
    return true;
  }
}

inline void EventQueue::heap_push(Key key) {
  if (heap_size_ == heap_capacity_) grow_heap();
  sift_up(heap_size_++, key);
}

// Places `key` at the hole `i` or above it, moving larger parents down.
inline void EventQueue::sift_up(std::size_t i, Key key) {
  while (i > 0) {
    const std::size_t parent = (i - 1) / 4;
    if (!(key < heap_at(parent))) break;
    heap_at(i) = heap_at(parent);
    i = parent;
  }
  heap_at(i) = key;
}

inline EventQueue::Key EventQueue::heap_pop() {
  const Key top = heap_at(0);
  --heap_size_;
  if (heap_size_ > 0) sift_down_from_root_hole(heap_at(heap_size_));
  return top;
}

// Pop's refill, "bottom-up": walk the hole from the root to a leaf along the
// smallest children without comparing against `key` (which came from the bottom
// and almost always belongs near it), then sift `key` up from there. Saves a
// compare and a hard-to-predict branch per level.
inline void EventQueue::sift_down_from_root_hole(Key key) {
  const std::size_t n = heap_size_;
  std::size_t i = 0;
  for (;;) {
    const std::size_t first = 4 * i + 1;
    if (first + 3 < n) {
      // Deep in a heap larger than the caches every level is a miss. Fetch the
      // four grandchild lines at once; the one we descend into is then on its way.
      const std::size_t grand = 4 * first + 1;
      if (n > kPrefetchAbove && grand + 12 < n) {
        for (std::size_t g = 0; g < 16; g += 4) __builtin_prefetch(&heap_at(grand + g));
      }
      const std::size_t a = first + (heap_at(first + 1) < heap_at(first));
      const std::size_t b = first + 2 + (heap_at(first + 3) < heap_at(first + 2));
      const std::size_t best = heap_at(b) < heap_at(a) ? b : a;
      heap_at(i) = heap_at(best);
      i = best;
      continue;
    }
    if (first < n) {
      std::size_t best = first;
      for (std::size_t c = first + 1; c < n; ++c) {
        if (heap_at(c) < heap_at(best)) best = c;
      }
      heap_at(i) = heap_at(best);
      i = best;
    }
    break;
  }
  sift_up(i, key);
}

inline void EventQueue::fifo_push(Key key) {
  if (fifo_tail_ - fifo_head_ == fifo_.size()) grow_fifo();
  fifo_[fifo_tail_++ & (fifo_.size() - 1)] = key;
}

inline EventQueue::Key EventQueue::fifo_pop() {
  const Key key = fifo_[fifo_head_++ & (fifo_.size() - 1)];
  if (fifo_empty()) fifo_head_ = fifo_tail_ = 0;
  return key;
}

}  // namespace hcisim::sim
