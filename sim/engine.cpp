#include "sim/engine.hpp"

namespace hcisim::sim {

bool Engine::step() {
  FiredEvent event;
  if (!queue_.pop(event)) return false;
  now_ = event.time;
  ++events_processed_;
  event.handler->on_event(event.arg);
  return true;
}

void Engine::run_until(SimTime end) {
  stop_requested_ = false;
  FiredEvent event;
  while (queue_.pop_until(end, event)) {
    now_ = event.time;
    ++events_processed_;
    event.handler->on_event(event.arg);
    if (stop_requested_) return;
  }
  if (end > now_) {
    now_ = end;
    queue_.advance_clock(end);
  }
}

}  // namespace hcisim::sim
