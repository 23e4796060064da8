// The pending-event set of the kernel, ordered by (time, insertion sequence).
//
// Structure: a 4-ary min-heap of 16-byte keys {time, seq << 24 | slot}. Payloads
// (handler, argument, generation) live in a slot arena recycled through a free
// list. Events pushed at the current time (zero-delay hand-offs, which storage
// models do constantly) go to a FIFO ring in front of the heap: O(1) both ways.
//
// Cost per event: push O(log4 n); pop O(log4 n), or O(1) from the FIFO;
// cancel O(1). Cancellation is lazy: the key stays until it reaches the top.
// When cancelled keys outnumber live ones the heap is rebuilt, so memory stays
// within about twice the live events.
// Memory per pending event: 16 B key + 24 B slot. Nothing is allocated once the
// arrays have grown to the peak number of pending events.
// Limits: 2^24 (16.7 M) events pending at once; 2^40 (1.1e12) pushes per queue.
#pragma once

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

  // Schedules `handler->on_event(arg)` at `time`. Time must not be earlier than
  // the last popped event's time (throws std::logic_error otherwise).
  EventId push(SimTime time, EventHandler* handler, std::uint64_t arg);

  // Cancels a pending event. Returns false if it already ran or was cancelled.
  bool cancel(EventId id);

  // Removes the earliest live event into `out`; false when none is left.
  bool pop(FiredEvent& out);

  // Time of the earliest live event; only meaningful when !empty().
  SimTime next_time();

  // Moves the queue's notion of "now" forward when the clock jumps past the
  // last event (Engine::run_until), so zero-delay pushes keep using the FIFO.
  void advance_clock(SimTime time) {
    if (time > now_ && fifo_empty()) now_ = time;
  }

  bool empty() const { return live_ == 0; }
  std::size_t size() const { return live_; }
  SimTime last_popped_time() const { return now_; }

 private:
  struct Key {
    SimTime time;
    std::uint64_t order;  // seq << 24 | slot: unique, so (time, order) is a total order
    bool operator<(const Key& o) const {
      return time < o.time || (time == o.time && order < o.order);
    }
  };
  struct Slot {
    EventHandler* handler;  // nullptr while cancelled-but-still-keyed, or free
    std::uint64_t arg;
    std::uint32_t generation;
    std::uint32_t next_free;
  };
  static constexpr std::uint64_t kSlotMask = (1u << 24) - 1;
  static constexpr std::uint32_t kNoSlot = 0xffffffffu;

  std::uint32_t take_slot();
  void free_slot(std::uint32_t index);
  void heap_push(Key key);
  Key heap_pop();
  void sift_down(std::size_t hole, Key key);
  void fifo_push(Key key);
  Key fifo_pop();
  bool fifo_empty() const { return fifo_head_ == fifo_tail_; }
  const Key& fifo_front() const { return fifo_[fifo_head_ & (fifo_.size() - 1)]; }
  // Drops keys of cancelled events from the top of both structures.
  void skip_cancelled_tops();
  void rebuild_without_cancelled();

  std::vector<Key> heap_;
  std::vector<Key> fifo_ = std::vector<Key>(64);  // ring; size is a power of two
  std::size_t fifo_head_ = 0;
  std::size_t fifo_tail_ = 0;
  std::vector<Slot> slots_;
  std::uint32_t free_head_ = kNoSlot;
  std::uint64_t next_seq_ = 0;
  std::size_t live_ = 0;
  std::size_t cancelled_ = 0;
  SimTime now_ = 0;
};

}  // namespace hcisim::sim
