// The simulation context: the clock, the pending events and the run seed.
// There is no global simulator; several engines can live in one process.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "sim/event_queue.hpp"
#include "sim/random.hpp"
#include "sim/statistics.hpp"
#include "sim/time.hpp"

namespace hcisim::sim {

// Sees every event as it runs, before its handler (tools that break a run's
// events down by handler). The engine's hot loop pays one test for it.
class EventObserver {
 public:
  virtual void fired(const EventHandler& handler) = 0;

 protected:
  ~EventObserver() = default;
};

class Engine {
 public:
  explicit Engine(std::uint64_t seed = 1) : seed_(seed) {}
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  SimTime now() const { return now_; }
  std::uint64_t seed() const { return seed_; }

  // Events at equal times run in the order they were scheduled.
  EventId schedule_at(SimTime time, EventHandler& handler, std::uint64_t arg = 0) {
    return queue_.push(time, &handler, arg);
  }
  EventId schedule_in(SimTime delay, EventHandler& handler, std::uint64_t arg = 0) {
    return queue_.push(now_ + delay, &handler, arg);
  }
  bool cancel(EventId id) { return queue_.cancel(id); }

  // A timer: an event fixed to the scenario's clock (a failure, a detection
  // timeout, a VM's restart), not to the work in flight. A fast-forward over a
  // steady span (models/run/fast_forward.hpp) skips the span without moving
  // the clock: it pulls every pending timer earlier by the span, while the
  // events of the I/O in flight keep their times.
  EventId schedule_timer_at(SimTime time, EventHandler& handler, std::uint64_t arg = 0);
  EventId schedule_timer_in(SimTime delay, EventHandler& handler, std::uint64_t arg = 0) {
    return schedule_timer_at(now_ + delay, handler, arg);
  }
  // The earliest pending timer's time; EventQueue::kForever when none is pending.
  SimTime next_timer();
  // Every pending timer `span` earlier; none may then fall before now.
  void pull_timers(SimTime span);

  // Runs every event due at or before `end`, then sets the clock to `end`
  // (unless stop() was called, which leaves the clock at the stopping event).
  void run_until(SimTime end);
  // Runs the next event; false when none is pending.
  bool step() { return step_until(EventQueue::kForever); }
  // Asks run_until to return after the current event.
  void stop() { stop_requested_ = true; }

  // A random stream for the component called `name` (see random.hpp).
  RandomStream stream(std::string_view name) const { return RandomStream(seed_, name); }

  // What the components count (statistics.hpp): reset once when measurement begins.
  Statistics& statistics() { return statistics_; }
  const Statistics& statistics() const { return statistics_; }

  // Every event from now on is shown to `observer` (null: none).
  void set_observer(EventObserver* observer) { observer_ = observer; }

  std::uint64_t events_processed() const { return events_processed_; }
  std::size_t pending_events() const { return queue_.size(); }
  std::uint64_t events_cancelled() const { return queue_.cancelled_total(); }

 private:
  // Runs the next event if it is due at or before `limit`.
  bool step_until(SimTime limit);

  struct Timer {
    SimTime time;
    EventHandler* handler;
    std::uint64_t arg;
    EventId id;
  };
  // Drops the timers that have run.
  void prune_timers();

  EventQueue queue_;
  std::vector<Timer> timers_;  // pending timers (and some that ran, until pruned): a few per failure
  SimTime now_ = 0;
  std::uint64_t seed_;
  std::uint64_t events_processed_ = 0;
  bool stop_requested_ = false;
  EventObserver* observer_ = nullptr;
  Statistics statistics_;
};

// Adapts a member function to EventHandler, so one object can receive several
// kinds of events without a virtual base per kind and without std::function.
// `Hint`, when given, is the owner's EventHandler::prefetch for these events.
template <class Owner, void (Owner::*Method)(std::uint64_t), void (Owner::*Hint)(std::uint64_t) const = nullptr>
class MemberEvent final : public EventHandler {
 public:
  explicit MemberEvent(Owner& owner) : owner_(&owner) {}
  void on_event(std::uint64_t arg) override { (owner_->*Method)(arg); }
  void prefetch(std::uint64_t arg) const override {
    if constexpr (Hint != nullptr) (owner_->*Hint)(arg);
  }

 private:
  Owner* owner_;
};

}  // namespace hcisim::sim
