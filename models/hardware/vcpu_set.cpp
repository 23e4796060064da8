#include "models/hardware/vcpu_set.hpp"

#include <algorithm>
#include <stdexcept>

namespace hcisim::models {

VcpuSet::VcpuSet(sim::Engine& engine, HostCpu& host, int vcpus)
    : host_(&host), vcpus_(static_cast<std::size_t>(std::max(vcpus, 0))), waiting_(16), engine_(&engine) {
  if (vcpus < 1) throw std::invalid_argument("a VM needs at least one vCPU");
  for (int i = vcpus - 1; i >= 0; --i) idle_.push_back(i);
}

void VcpuSet::settle(sim::SimTime now) {
  while (chains_ > 0 && next_release_ <= now) {
    std::size_t first = 0;
    while (vcpus_[first].released_at != next_release_) ++first;
    busy_.add(next_release_, -1.0);
    vcpus_[first].released_at = -1;
    --chains_;
    idle_.push_back(static_cast<int>(first));
    next_release_ = earliest_release();
  }
}

sim::SimTime VcpuSet::earliest_release() const {
  sim::SimTime earliest = -1;
  for (const Vcpu& v : vcpus_) {
    if (v.released_at >= 0 && (earliest < 0 || v.released_at < earliest)) earliest = v.released_at;
  }
  return earliest;
}

void VcpuSet::run(double cycles, sim::EventHandler& done, std::uint64_t arg) {
  const sim::SimTime now = engine_->now();
  settle(now);
  const Burst burst{cycles, &done, arg};
  if (!idle_.empty() && wait_count_ == 0) {
    const int vcpu = idle_.back();
    idle_.pop_back();
    busy_.add(now, 1.0);
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
  // It waits for a vCPU a chain holds: that chain's boundary must be an event.
  for (std::size_t v = 0; chains_ > 0 && v < vcpus_.size(); ++v) {
    if (vcpus_[v].released_at >= 0) host_->split_chain(vcpus_[v].chain_lp);  // on_split() clears it
  }
}

sim::SimTime VcpuSet::start_chain(double cycles, sim::EventHandler& boundary, std::uint64_t arg) {
  const sim::SimTime now = engine_->now();
  settle(now);
  if (idle_.empty() || wait_count_ > 0 || !host_->can_chain()) return -1;
  const int vcpu = idle_.back();
  idle_.pop_back();
  busy_.add(now, 1.0);
  Vcpu& v = vcpus_[static_cast<std::size_t>(vcpu)];
  v.running = Burst{cycles, &boundary, arg};
  const HostCpu::ChainStart chain =
      host_->start_chain(CpuWork::of(CpuLayer::Guest, cycles), burst_done_, static_cast<std::uint64_t>(vcpu), split_);
  v.released_at = chain.boundary;
  v.chain_lp = chain.lp;
  next_release_ = chains_ == 0 ? chain.boundary : std::min(next_release_, chain.boundary);
  ++chains_;
  last_chain_lp_ = chain.lp;
  return chain.boundary;
}

void VcpuSet::finish_chain(const CpuWork& work, sim::EventHandler& done, std::uint64_t arg) {
  host_->finish_chain(last_chain_lp_, work, done, arg);
  last_chain_lp_ = -1;
}

// The host split the chain: its first part now ends with on_burst_done().
void VcpuSet::on_split(std::uint64_t vcpu) {
  vcpus_[vcpu].released_at = -1;
  --chains_;
  next_release_ = earliest_release();
}

void VcpuSet::start(int vcpu, const Burst& burst) {
  vcpus_[static_cast<std::size_t>(vcpu)].running = burst;
  host_->run_guest(burst.cycles, burst_done_, static_cast<std::uint64_t>(vcpu));
}

void VcpuSet::on_burst_done(std::uint64_t vcpu) {
  settle(engine_->now());
  const Burst finished = vcpus_[vcpu].running;
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
  // Boundaries passed but not yet handed back: their vCPUs were free since then.
  sim::TimeWeighted busy = busy_;
  std::vector<sim::SimTime> due;
  for (const Vcpu& v : vcpus_) {
    if (v.released_at >= 0 && v.released_at <= now) due.push_back(v.released_at);
  }
  std::sort(due.begin(), due.end());
  for (const sim::SimTime at : due) busy.add(at, -1.0);
  return busy.average(now) / static_cast<double>(vcpus_.size());
}

void VcpuSet::reset_stats(sim::SimTime now) {
  settle(now);
  busy_.reset(now);
}

}  // namespace hcisim::models
