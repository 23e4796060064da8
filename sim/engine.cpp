#include "sim/engine.hpp"

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

}  // namespace hcisim::sim
