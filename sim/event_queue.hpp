// The pending-event set of the kernel, ordered by (time, insertion sequence).
//
// Structure: a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990) with 64-way
// (6-bit) digits, which fits a simulator because event times never go below the last
// popped one. Entries {time, seq << 24 | slot} sit in buckets by where their
// time first differs from `last_` (the time of the earliest entry, once found):
// bucket 0 holds the entries at exactly `last_`, kept in sequence order and
// consumed from the front; the others are named (level, digit): the entry's
// time first differs from `last_` in (6-bit) digit `level`, where it has
// the value `digit`. Buckets in (level, digit) order hold ever later entries.
// A push is an xor, a count of leading zeros, a shift and an append. When
// bucket 0 runs dry, the first non-empty bucket (two bit scans) is scanned for
// its earliest time, which becomes `last_`, and its entries move to lower
// buckets (those at the new `last_` into bucket 0, sorted by sequence). Every
// other bucket stays valid. An entry only ever moves to a lower level, so it
// moves at most 11 times, in practice about two (its delay's length in digits
// less that of the gaps between events; 16-way digits moved it about three
// times: the 4K write ran 12 % fewer instructions in refill with 64-way ones).
// The payload of an event (handler, argument and a state word holding a
// generation and a cancelled bit) lives in a slot arena indexed by the key's low
// 24 bits; slots are recycled last-in first-out so a freed slot is reused while
// still in cache.
//
// Cost per event: push O(1); pop O(1) amortised plus the moves above; cancel
// O(1). Cancellation is lazy: the entry stays until it reaches bucket 0. When
// cancelled entries outnumber live ones every bucket is filtered (O(n)).
// Memory per pending event: 16 B entry + 24 B slot + 4 B free-list word; each
// bucket keeps the capacity of its own peak, so nothing is allocated once every
// bucket has grown to its peak.
// Limits: 2^24 (16.7 M) events pending at once; 2^40 (1.1e12) pushes per queue.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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

  EventQueue() = default;

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
  // last event (Engine::run_until): pushes before it are then refused. The
  // buckets need nothing: they stay valid for any later push.
  void advance_clock(SimTime time) {
    if (time > now_) now_ = time;
  }

  bool empty() const { return live_ == 0; }
  // Events cancelled since construction (their entries cost a move each, later).
  std::uint64_t cancelled_total() const { return cancelled_total_; }
  std::size_t size() const { return live_; }
  SimTime last_popped_time() const { return now_; }

 private:
  struct Entry {
    std::uint64_t time;
    std::uint64_t tag;  // seq << 24 | slot: unique, and ordered as the pushes were
  };
  struct Slot {
    EventHandler* handler;
    std::uint64_t arg;
    std::uint32_t state;
  };
  static constexpr std::uint32_t kSlotMask = kMaxPending - 1;
  static constexpr std::uint32_t kCancelled = 1;  // low bit of Slot::state; generation above it
  static constexpr int kDigitBits = 6;  // 64-way digits
  static constexpr int kDigits = 1 << kDigitBits;
  static constexpr int kLevels = (64 + kDigitBits - 1) / kDigitBits;  // digits of a 64-bit time
  static constexpr int kBuckets = 1 + kLevels * kDigits;

  void place(const Entry& e) {
    const std::uint64_t differ = e.time ^ last_;
    if (differ == 0) {
      buckets_[0].push_back(e);
      return;
    }
    const int level = (63 - __builtin_clzll(differ)) / kDigitBits;
    const int digit = static_cast<int>(e.time >> (kDigitBits * level)) & (kDigits - 1);
    buckets_[static_cast<std::size_t>(1 + level * kDigits + digit)].push_back(e);
    levels_ |= 1u << level;
    digits_[static_cast<std::size_t>(level)] |= std::uint64_t{1} << digit;
  }
  // Bucket 0 is empty: make the earliest entry's time `last_` and spread its
  // bucket; false (nothing changed) when no entry is due at or before `limit`.
  bool refill(std::uint64_t limit);
  std::uint32_t take_slot();
  std::uint32_t new_slot();
  // Releases the slot of a removed entry; true if its event had been cancelled.
  bool release_slot(std::uint32_t index);
  [[noreturn]] void throw_bad_push(SimTime time) const;
  void rebase(std::uint64_t time);
  void rebuild_without_cancelled();

  std::array<std::vector<Entry>, kBuckets> buckets_;
  std::size_t head0_ = 0;        // bucket 0 is consumed from here
  std::uint32_t levels_ = 0;     // bit l: some bucket of level l has entries
  std::array<std::uint64_t, kLevels> digits_{};  // per level, bit d: bucket (l, d) has entries
  std::uint64_t last_ = 0;       // buckets are relative to this time
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
  const auto t = static_cast<std::uint64_t>(time);
  if (t < last_) rebase(t);  // only after cancelled entries carried last_ past now_
  place(Entry{t, (next_seq_++ << 24) | index});
  ++live_;
  return EventId{index, slot.state >> 1};
}

inline bool EventQueue::pop_until(SimTime limit, FiredEvent& out) {
  std::vector<Entry>& zero = buckets_[0];
  for (;;) {
    if (head0_ == zero.size()) {
      if (!refill(static_cast<std::uint64_t>(limit))) return false;
    }
    if (last_ > static_cast<std::uint64_t>(limit)) return false;
    const Entry e = zero[head0_++];
    if (head0_ == zero.size()) {
      zero.clear();
      head0_ = 0;
    }
    const std::uint32_t index = static_cast<std::uint32_t>(e.tag) & kSlotMask;
    const Slot& slot = slots_[index];
    out.time = static_cast<SimTime>(e.time);
    out.handler = slot.handler;
    out.arg = slot.arg;
    if (release_slot(index)) {
      --cancelled_;
      continue;
    }
    --live_;
    now_ = out.time;
    // The next event's receiver is probably not in the first-level cache (there
    // are hundreds of stations): start fetching it while this event runs.
    if (head0_ < zero.size()) {
      __builtin_prefetch(slots_[static_cast<std::uint32_t>(zero[head0_].tag) & kSlotMask].handler);
    }
    return true;
  }
}

}  // namespace hcisim::sim
