// A VM's vCPUs on its host (see the class comment).
#pragma once

#include <cstdint>
#include <vector>

#include "models/hardware/host_cpu.hpp"
#include "sim/engine.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::models {

// The vCPUs of one VM: at most `vcpus` guest bursts run at once, each on a
// host hardware thread (so guests compete with the host for cores).
//
// A guest burst may go straight on into host work on the same LP, as one chain
// (HostCpu::start_chain): its vCPU is free again from the chain's boundary on
// without an event (it is handed back when the set is next looked at, at the
// boundary's time). A burst that finds every vCPU busy while one of them is in
// such a chain splits it, so that the boundary is an event again and the burst
// starts then, as it would have.
class VcpuSet {
 public:
  VcpuSet(sim::Engine& engine, HostCpu& host, int vcpus);
  VcpuSet(const VcpuSet&) = delete;
  VcpuSet& operator=(const VcpuSet&) = delete;

  void run(double cycles, sim::EventHandler& done, std::uint64_t arg);

  // Starts a guest burst of `cycles` as the first part of a chain when a vCPU
  // and an idle core are free and nothing waits; returns when it ends, or -1
  // (nothing started: run() it). `boundary.on_event(arg)` runs at its end only
  // if the chain is split; the caller applies the rest of what happens then.
  sim::SimTime start_chain(double cycles, sim::EventHandler& boundary, std::uint64_t arg);
  // The host work the chain just started goes on with (HostCpu::finish_chain).
  void finish_chain(const CpuWork& work, sim::EventHandler& done, std::uint64_t arg);

  // Time-average fraction of vCPUs busy since reset_stats().
  double utilisation(sim::SimTime now) const;
  void reset_stats(sim::SimTime now);

 private:
  struct Burst {
    double cycles;
    sim::EventHandler* done;
    std::uint64_t arg;
  };
  void start(int vcpu, const Burst& burst);
  void on_burst_done(std::uint64_t vcpu);
  void on_split(std::uint64_t vcpu);
  // Hands back the vCPUs whose chain boundary has passed, in time order.
  void settle(sim::SimTime now);
  sim::SimTime earliest_release() const;  // -1 when none is pending

  HostCpu* host_;
  // Per vCPU, in one record (a VM is cold when its next I/O comes: one cache line, not three).
  struct Vcpu {
    Burst running{};
    sim::SimTime released_at = -1;  // its chain's boundary, -1 = none pending
    int chain_lp = -1;              // the LP of its chain
  };
  std::vector<Vcpu> vcpus_;
  std::vector<int> idle_;       // free vCPU indices
  std::vector<Burst> waiting_;  // FIFO ring
  std::size_t wait_head_ = 0;
  std::size_t wait_count_ = 0;
  int chains_ = 0;                 // vCPUs with a boundary pending
  sim::SimTime next_release_ = 0;  // the earliest of them (no earlier one is pending)
  int last_chain_lp_ = -1;         // for finish_chain()
  sim::Engine* engine_;
  sim::TimeWeighted busy_;
  sim::MemberEvent<VcpuSet, &VcpuSet::on_burst_done> burst_done_{*this};
  sim::MemberEvent<VcpuSet, &VcpuSet::on_split> split_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "vcpus", [this](sim::SimTime now) { reset_stats(now); }};
};

}  // namespace hcisim::models
