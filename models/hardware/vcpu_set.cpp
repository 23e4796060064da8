#include "models/hardware/vcpu_set.hpp"

#include <stdexcept>

namespace hcisim::models {

VcpuSet::VcpuSet(sim::Engine& engine, HostCpu& host, int vcpus)
    : host_(&host), running_(static_cast<std::size_t>(vcpus)), waiting_(16), engine_(&engine) {
  if (vcpus < 1) throw std::invalid_argument("a VM needs at least one vCPU");
  for (int i = vcpus - 1; i >= 0; --i) idle_.push_back(i);
}

void VcpuSet::run(double cycles, sim::EventHandler& done, std::uint64_t arg) {
  const Burst burst{cycles, &done, arg};
  if (!idle_.empty() && wait_count_ == 0) {
    const int vcpu = idle_.back();
    idle_.pop_back();
    busy_.add(engine_->now(), 1.0);
    start(vcpu, burst);
    return;
  }
  if (wait_count_ == waiting_.size()) {  // grow the ring (only up to the peak)
    std::vector<Burst> bigger(waiting_.size() * 2);
    for (std::size_t i = 0; i < wait_count_; ++i) bigger[i] = waiting_[(wait_head_ + i) % waiting_.size()];
    waiting_.swap(bigger);
    wait_head_ = 0;
  }
  waiting_[(wait_head_ + wait_count_) % waiting_.size()] = burst;
  ++wait_count_;
}

void VcpuSet::start(int vcpu, const Burst& burst) {
  running_[static_cast<std::size_t>(vcpu)] = burst;
  host_->run(CpuLayer::Guest, burst.cycles, burst_done_, static_cast<std::uint64_t>(vcpu));
}

void VcpuSet::on_burst_done(std::uint64_t vcpu) {
  const Burst finished = running_[vcpu];
  if (wait_count_ > 0) {
    const Burst next = waiting_[wait_head_];
    wait_head_ = (wait_head_ + 1) % waiting_.size();
    --wait_count_;
    start(static_cast<int>(vcpu), next);
  } else {
    idle_.push_back(static_cast<int>(vcpu));
    busy_.add(engine_->now(), -1.0);
  }
  finished.done->on_event(finished.arg);
}

double VcpuSet::utilisation(sim::SimTime now) const {
  return busy_.average(now) / static_cast<double>(running_.size());
}

void VcpuSet::reset_stats(sim::SimTime now) { busy_.reset(now); }

}  // namespace hcisim::models
