#include "sim/engine.hpp"

#include <algorithm>
#include <stdexcept>

namespace hcisim::sim {

bool Engine::step_until(SimTime limit) {
  FiredEvent event;
  if (!queue_.pop_until(limit, event)) return false;
  now_ = event.time;
  ++events_processed_;
  if (observer_ != nullptr) observer_->fired(*event.handler);
  event.handler->on_event(event.arg);
  return true;
}

void Engine::run_until(SimTime end) {
  stop_requested_ = false;
  while (step_until(end)) {
    if (stop_requested_) return;
  }
  if (end > now_) {
    now_ = end;
    queue_.advance_clock(end);
  }
}

EventId Engine::schedule_timer_at(SimTime time, EventHandler& handler, std::uint64_t arg) {
  prune_timers();
  const EventId id = queue_.push(time, &handler, arg);
  timers_.push_back(Timer{time, &handler, arg, id});
  return id;
}

void Engine::prune_timers() {
  std::erase_if(timers_, [this](const Timer& t) { return !queue_.pending(t.id); });
}

SimTime Engine::next_timer() {
  prune_timers();
  SimTime next = EventQueue::kForever;
  for (const Timer& t : timers_) next = std::min(next, t.time);
  return next;
}

void Engine::pull_timers(SimTime span) {
  prune_timers();
  if (span <= 0) return;
  // In time order (ties in scheduling order), so timers due together keep their order.
  std::stable_sort(timers_.begin(), timers_.end(), [](const Timer& a, const Timer& b) { return a.time < b.time; });
  for (Timer& t : timers_) {
    if (t.time - span < now_) throw std::logic_error("a timer pulled before the clock");
    queue_.cancel(t.id);
    t.time -= span;
    t.id = queue_.push(t.time, t.handler, t.arg);
  }
}

}  // namespace hcisim::sim
