#include "models/hardware/device_queue.hpp"

#include <stdexcept>

namespace hcisim::models {

DeviceQueue::DeviceQueue(sim::Engine& engine, int queue_depth, Hba* hba, sim::EventHandler& start)
    : engine_(engine), queue_depth_(queue_depth), hba_(hba), start_(start), slots_in_use_(engine.now()) {
  if (queue_depth < 1) throw std::invalid_argument("drive: the device queue depth must be at least 1");
}

void DeviceQueue::submit(std::uint32_t slot, std::uint64_t bytes, bool write) {
  const Waiting command{slot, bytes, write};
  if (outstanding_ >= queue_depth_) {
    waiting_.push_back(command);
    return;
  }
  send(command);
}

void DeviceQueue::send(const Waiting& command) {
  ++outstanding_;
  slots_in_use_.set(engine_.now(), outstanding_);
  if (hba_ != nullptr) {
    hba_->admit(command.bytes, command.write, start_, command.slot);
  } else {
    start_.on_event(command.slot);
  }
}

void DeviceQueue::finish() {
  if (outstanding_ <= 0) throw std::logic_error("drive: a command finished that never reached the drive");
  --outstanding_;
  slots_in_use_.set(engine_.now(), outstanding_);
  if (hba_ != nullptr) hba_->release();
  if (!waiting_.empty()) send(waiting_.pop_front());
}

}  // namespace hcisim::models
