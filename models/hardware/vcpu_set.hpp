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
class VcpuSet {
 public:
  VcpuSet(sim::Engine& engine, HostCpu& host, int vcpus);
  VcpuSet(const VcpuSet&) = delete;
  VcpuSet& operator=(const VcpuSet&) = delete;

  void run(double cycles, sim::EventHandler& done, std::uint64_t arg);
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

  HostCpu* host_;
  std::vector<Burst> running_;      // one per vCPU
  std::vector<int> idle_;           // free vCPU indices
  std::vector<Burst> waiting_;      // FIFO ring
  std::size_t wait_head_ = 0;
  std::size_t wait_count_ = 0;
  sim::Engine* engine_;
  sim::TimeWeighted busy_;
  sim::MemberEvent<VcpuSet, &VcpuSet::on_burst_done> burst_done_{*this};
};

}  // namespace hcisim::models
