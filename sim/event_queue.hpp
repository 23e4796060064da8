// The pending-event set of the kernel, ordered by (time, insertion sequence).
//
// Structure: a calendar (a timing wheel) for the near future and a binary heap
// for the far future.
// - The calendar has 4,096 buckets of 2^k ns and covers [base, base + 4,096 x
//   2^k), where base is the start of the bucket of the last event that ran (it
//   only moves forward). The width follows the event density, so that a bucket
//   holds about one to three events when it comes up: it starts at 64 ns (262 us
//   covered), narrows when popped buckets hold more than four on average, and
//   widens when they hold fewer than 1.5 while more than one push in eight
//   goes past the calendar, in one step to the width of about two mean gaps
//   between events (the calendar is then rebuilt, O(n), at most once per
//   16,384 pops). A bucket is a doubly linked list threaded through the slot
//   arena, in arrival order; a two-level bitmap finds the next non-empty bucket
//   in a few instructions. Popping a bucket scans its list for the smallest
//   (time, sequence): with the width fitted to the density, buckets hold one or
//   two entries. Entries of one time arrive in sequence order (an entry comes
//   from the far heap as soon as the calendar covers its time, before any later
//   push can), so a 1 ns bucket's first entry is its earliest: at the densest,
//   a pop scans nothing. A bucket found longer than kListMax becomes the
//   "current heap" (a binary heap of its entries, which later pushes into that
//   bucket join) until it is drained, so a burst of events at one time costs
//   O(log n) each, never O(n).
// - Events beyond the calendar's end go to the far heap (think times,
//   failures, timeouts); as the base moves, those the calendar now covers move
//   into it. So every calendar entry precedes every far one, and the calendar's
//   earliest entry is the next event.
// Every entry carries its sequence number, so events at equal times leave in the
// order they were pushed, whatever structure holds them.
// The payload of an event (handler, argument, time, sequence, and a state word
// holding a generation and a cancelled bit) lives in a slot arena; slots are
// recycled last-in first-out so a freed slot is reused while still in cache.
//
// Cost per event: push O(1) (calendar) or O(log far); pop O(1) plus the bucket
// search, and O(log n) for a far or heaped entry. Cancel: a calendar entry is
// unlinked at once (the lists are doubly linked); a heap entry is marked and
// dropped when it comes up (when cancelled far entries outnumber live ones the
// far heap is filtered, O(n)).
// Memory per pending event: a 64 B slot, one cache line (pushes and pops of a
// busy run touch slots all over the arena), + 16 B in a heap (free slots are
// listed through the slots themselves); the calendar itself is 32 KiB of list
// heads and tails; nothing is allocated once the arena and the heaps have grown
// to their peak.
// Limits: 2^24 (16.7 M) events pending at once; 2^40 (1.1e12) pushes per queue.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/cache_line.hpp"
#include "sim/time.hpp"

namespace hcisim::sim {

// Anything that can receive an event. `arg` is the 64-bit word given when the
// event was scheduled (an index, a pointer, a kind tag: the receiver decides).
class EventHandler {
 public:
  virtual void on_event(std::uint64_t arg) = 0;
  // A hint from whoever knows that on_event(arg) comes soon (a serial queue
  // about to reach it): bring into cache what it will read, without changing
  // anything. Thousands of I/Os wait in such queues, so their records are
  // cold when their turn comes. None by default.
  virtual void prefetch(std::uint64_t arg) const { (void)arg; }

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
  // Whether `id` names an event still to run (not run, not cancelled).
  bool pending(EventId id) const {
    if (!id.valid() || id.slot >= slots_.size()) return false;
    const std::uint32_t state = slots_[id.slot].state;
    return generation_of(state) == id.generation && (state & kCancelled) == 0 && where_of(state) != kFree;
  }

  // Removes the earliest live event into `out`; false when none is left.
  bool pop(FiredEvent& out) { return pop_until(kForever, out); }
  // The same, but only an event due at or before `limit`.
  bool pop_until(SimTime limit, FiredEvent& out);
  static constexpr SimTime kForever = SimTime{1} << 62;

  // Moves the queue's notion of "now" forward when the clock jumps past the
  // last event (Engine::run_until): pushes before it are then refused.
  void advance_clock(SimTime time) {
    if (time > now_) now_ = time;
  }

  bool empty() const { return live_ == 0; }
  // Events cancelled since construction.
  std::uint64_t cancelled_total() const { return cancelled_total_; }
  std::size_t size() const { return live_; }
  SimTime last_popped_time() const { return now_; }

 private:
  static constexpr int kStartShift = 6;  // 64 ns per bucket to begin with
  static constexpr int kMaxShift = 40;
  static constexpr int kWheelBits = 12;                // 4,096 buckets
  static constexpr std::uint32_t kAdaptEvery = 16384;  // pops between looks at the density
  static constexpr std::uint32_t kBuckets = 1u << kWheelBits;
  static constexpr std::uint32_t kBucketMask = kBuckets - 1;
  static constexpr std::uint32_t kWords = kBuckets / 64;
  static constexpr std::uint32_t kNil = ~std::uint32_t{0};
  static constexpr std::uint64_t kNoBucket = ~std::uint64_t{0};
  static constexpr std::uint32_t kSlotMask = kMaxPending - 1;
  static constexpr int kListMax = 8;  // a longer bucket becomes the current heap
  // Slot::state: bit 0 cancelled, bits 1-2 where the entry is, the generation above.
  static constexpr std::uint32_t kCancelled = 1;
  enum Where : std::uint32_t { kFree = 0, kList = 1, kCurrentHeap = 2, kFar = 3 };
  static std::uint32_t where_of(std::uint32_t state) { return (state >> 1) & 3u; }
  static std::uint32_t generation_of(std::uint32_t state) { return state >> 3; }
  void set_where(std::uint32_t index, Where where) { slots_[index].state = (slots_[index].state & ~6u) | (where << 1); }

  struct Entry {  // in a heap
    std::uint64_t time;
    std::uint64_t tag;  // seq << 24 | slot: unique, and ordered as the pushes were
  };
  struct alignas(kCacheLine) Slot {  // one cache line each
    EventHandler* handler;
    std::uint64_t arg;
    std::uint64_t time;
    std::uint64_t tag;
    std::uint32_t state;
    std::uint32_t next;  // in its bucket's list, or in the free list
    std::uint32_t prev;
  };
  struct Bucket {
    std::uint32_t head = kNil;
    std::uint32_t tail = kNil;
  };
  static bool earlier(const Slot& a, const Slot& b) { return a.time < b.time || (a.time == b.time && a.tag < b.tag); }
  void append(Bucket& bucket, std::uint32_t index) {
    slots_[index].next = kNil;
    slots_[index].prev = bucket.tail;
    if (bucket.tail == kNil) {
      bucket.head = index;
    } else {
      slots_[bucket.tail].next = index;
    }
    bucket.tail = index;
  }
  // Takes `index` out of its bucket's list: O(1) however long the list is (a
  // burst of cancellations in one crowded bucket stays linear).
  void unlink(Bucket& bucket, std::uint32_t index) {
    const std::uint32_t next = slots_[index].next;
    const std::uint32_t prev = slots_[index].prev;
    if (prev == kNil) {
      bucket.head = next;
    } else {
      slots_[prev].next = next;
    }
    if (next == kNil) {
      bucket.tail = prev;
    } else {
      slots_[next].prev = prev;
    }
  }
  // std:: heaps keep the largest on top: "larger" is later.
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      return a.time > b.time || (a.time == b.time && a.tag > b.tag);
    }
  };

  std::uint64_t bucket_of(std::uint64_t time) const { return time >> shift_; }
  bool in_calendar(std::uint64_t time) const { return bucket_of(time) < base_ + kBuckets; }
  void set_bit(std::uint32_t index) {
    words_[index >> 6] |= std::uint64_t{1} << (index & 63);
    summary_ |= std::uint64_t{1} << (index >> 6);
  }
  void clear_bit(std::uint32_t index) {
    std::uint64_t& word = words_[index >> 6];
    word &= ~(std::uint64_t{1} << (index & 63));
    if (word == 0) summary_ &= ~(std::uint64_t{1} << (index >> 6));
  }
  // The first non-empty bucket at or after the base, circularly (the calendar is not empty).
  std::uint32_t next_bucket() const;
  void insert_near(std::uint32_t index);  // a slot whose time the calendar covers
  // Into the calendar when it covers the slot's time (true), else the far heap.
  bool place(std::uint32_t index);
  static std::uint32_t slot_of(const Entry& e) { return static_cast<std::uint32_t>(e.tag) & kSlotMask; }
  bool cancelled(std::uint32_t index) const { return (slots_[index].state & kCancelled) != 0; }
  std::uint32_t pop_top(std::vector<Entry>& heap);  // removes a heap's earliest entry, returns its slot
  // The base moved: the far entries the calendar now covers move into it.
  void take_from_far();
  void take_from_far_if_due() {
    if (!far_.empty() && in_calendar(far_.front().time)) take_from_far();
  }
  // Every kAdaptEvery pops: a bucket width that fits the density (see the top).
  void adapt_width();
  void rebuild_calendar(int shift);
  // Drops cancelled entries off the far heap's top; false when it is then empty.
  bool far_top_live();
  void heap_the_bucket(std::uint32_t bucket, std::uint64_t absolute);
  void unheap();  // the current heap's entries back into their bucket's list
  bool pop_current_heap(SimTime limit, FiredEvent& out, bool& stop);
  void take_popped(std::uint32_t index, FiredEvent& out);
  void popped_from(std::uint64_t absolute);  // the base moves to that bucket; now and then the width adapts
  std::uint32_t take_slot();
  std::uint32_t new_slot();
  void release_slot(std::uint32_t index);
  [[noreturn]] void throw_bad_push(SimTime time) const;
  void rebuild_far();

  std::vector<Bucket> buckets_;
  std::array<std::uint64_t, kWords> words_{};  // bit per bucket with entries (or the current heap)
  std::uint64_t summary_ = 0;                  // bit per non-zero word
  int shift_ = kStartShift;                    // buckets are 2^shift_ ns wide
  std::uint64_t base_ = 0;                     // absolute bucket number where the calendar starts
  std::uint32_t pops_ = 0;                     // since the density was last looked at
  std::uint64_t scanned_ = 0;                  // entries in the buckets those pops came from
  std::uint64_t far_pushes_ = 0;               // pushes past the calendar since then
  std::uint64_t period_seq_ = 0;               // next_seq_ then: the pushes since are next_seq_ - period_seq_
  SimTime period_start_ = 0;                   // the time of the last look at the density
  std::size_t near_ = 0;                       // entries in lists and the current heap (cancelled ones too)
  std::vector<Entry> current_heap_;            // the entries of bucket current_bucket_, when it was long
  std::uint64_t current_bucket_ = kNoBucket;   // absolute bucket number
  std::vector<Entry> far_;                     // beyond the calendar: a heap
  std::size_t far_cancelled_ = 0;
  std::vector<Slot> slots_;
  std::uint32_t free_head_ = kNil;  // free slots, LIFO through Slot::next: a just-freed one is reused while hot
  std::uint64_t next_seq_ = 0;
  std::size_t live_ = 0;
  std::uint64_t cancelled_total_ = 0;
  SimTime now_ = 0;
};

// ---- The hot path, inline so the run loop can fold it in. ----

inline std::uint32_t EventQueue::take_slot() {
  if (free_head_ == kNil) return new_slot();
  const std::uint32_t index = free_head_;
  free_head_ = slots_[index].next;
  return index;
}

inline void EventQueue::release_slot(std::uint32_t index) {
  std::uint32_t& state = slots_[index].state;
  const std::uint32_t next = generation_of(state) + 1;
  state = (next & 0x1fffffffu) == 0 ? 1u << 3 : next << 3;  // skip generation 0 on wrap; free, not cancelled
  slots_[index].next = free_head_;                          // out of every list and heap by now
  free_head_ = index;
}

inline void EventQueue::insert_near(std::uint32_t index) {
  Slot& slot = slots_[index];
  const std::uint64_t absolute = bucket_of(slot.time);
  ++near_;
  if (absolute == current_bucket_) {
    current_heap_.push_back(Entry{slot.time, slot.tag});
    std::push_heap(current_heap_.begin(), current_heap_.end(), Later{});
    set_where(index, kCurrentHeap);
    return;
  }
  const auto bucket = static_cast<std::uint32_t>(absolute) & kBucketMask;
  append(buckets_[bucket], index);
  set_bit(bucket);
  set_where(index, kList);
}

inline bool EventQueue::place(std::uint32_t index) {
  if (in_calendar(slots_[index].time)) {
    insert_near(index);
    return true;
  }
  far_.push_back(Entry{slots_[index].time, slots_[index].tag});
  std::push_heap(far_.begin(), far_.end(), Later{});
  set_where(index, kFar);
  return false;
}

inline EventId EventQueue::push(SimTime time, EventHandler* handler, std::uint64_t arg) {
  if (time < now_ || next_seq_ >= (std::uint64_t{1} << 40)) throw_bad_push(time);
  const std::uint32_t index = take_slot();
  Slot& slot = slots_[index];
  slot.handler = handler;
  slot.arg = arg;
  slot.time = static_cast<std::uint64_t>(time);
  slot.tag = (next_seq_++ << 24) | index;
  ++live_;
  if (!place(index)) ++far_pushes_;
  return EventId{index, generation_of(slot.state)};
}

inline std::uint32_t EventQueue::next_bucket() const {
  const std::uint32_t from = static_cast<std::uint32_t>(base_) & kBucketMask;
  const std::uint32_t word = from >> 6;
  const std::uint64_t here = words_[word] & (~std::uint64_t{0} << (from & 63));
  if (here != 0) return (word << 6) | static_cast<std::uint32_t>(__builtin_ctzll(here));
  const std::uint64_t after = word == kWords - 1 ? 0 : summary_ & (~std::uint64_t{0} << (word + 1));
  // Past the end: around to the start (word `word` itself again, for its bits below `from`).
  const std::uint32_t w = static_cast<std::uint32_t>(__builtin_ctzll(after != 0 ? after : summary_));
  return (w << 6) | static_cast<std::uint32_t>(__builtin_ctzll(words_[w]));
}

inline void EventQueue::popped_from(std::uint64_t absolute) {
  if (absolute != base_) {
    base_ = absolute;
    take_from_far_if_due();
  }
  if (++pops_ == kAdaptEvery) adapt_width();
}

inline void EventQueue::take_popped(std::uint32_t index, FiredEvent& out) {
  const Slot& slot = slots_[index];
  out.time = static_cast<SimTime>(slot.time);
  out.handler = slot.handler;
  out.arg = slot.arg;
  release_slot(index);
  --live_;
  now_ = out.time;
}

inline bool EventQueue::pop_until(SimTime limit, FiredEvent& out) {
  const auto until = static_cast<std::uint64_t>(limit);
  for (;;) {
    if (near_ == 0) {
      // The calendar is empty: it starts again at the earliest far entry.
      if (!far_top_live() || far_.front().time > until) return false;
      base_ = bucket_of(far_.front().time);
      take_from_far();
    }
    const std::uint32_t bucket = next_bucket();
    const std::uint64_t absolute = base_ + ((bucket - static_cast<std::uint32_t>(base_)) & kBucketMask);
    if (absolute == current_bucket_) {
      bool stop = false;
      if (pop_current_heap(limit, out, stop)) return true;
      if (stop) return false;
      continue;
    }
    // The earliest of the bucket's list: the first when it is alone (the usual
    // case) or the bucket is 1 ns wide.
    Bucket& b = buckets_[bucket];
    std::uint32_t index = b.head;
    std::uint64_t length = 1;
    if (b.tail != index && shift_ != 0) {
      for (std::uint32_t i = slots_[b.head].next; i != kNil; i = slots_[i].next) {
        if (earlier(slots_[i], slots_[index])) index = i;
        ++length;
      }
      if (length > kListMax) {
        heap_the_bucket(bucket, absolute);
        continue;
      }
    }
    if (slots_[index].time > until) return false;
    unlink(b, index);
    --near_;
    if (b.head == kNil) clear_bit(bucket);
    scanned_ += length;
    take_popped(index, out);
    popped_from(absolute);
    return true;
  }
}

}  // namespace hcisim::sim
