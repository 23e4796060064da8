// The CPUs of one node: sockets x cores, SMT, clock. Work arrives as bursts of
// cycles, each running on one hardware thread; bursts queue FCFS when every
// thread is busy. SMT is modelled as extra effective cores: a node with
// C physical cores and SMT yield y serves like round(C * y) cores at the base
// clock (a burst alone still runs at full single-thread speed).
// Cycles are also accounted per layer, so a report can say where the CPU went.
#pragma once

#include <array>
#include <cstdint>

#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/fcfs_station.hpp"

namespace hcisim::models {

enum class CpuLayer { Guest, Hypervisor, StorageStack, DriveIo, Network, Count };
constexpr int kCpuLayerCount = static_cast<int>(CpuLayer::Count);
const char* cpu_layer_name(CpuLayer layer);

class HostCpu {
 public:
  // `burst_scv`: variability of burst times (0 = deterministic, 1 = exponential),
  // drawn from `rng` so each node has its own stream.
  HostCpu(sim::Engine& engine, const CpuSpec& cpu, int sockets, double burst_scv = 0,
          sim::RandomStream rng = sim::RandomStream(0, "cpu"));

  // Runs `cycles` of work (on average) on one hardware thread; done.on_event(arg) afterwards.
  void run(double cycles, sim::EventHandler& done, std::uint64_t arg) {
    station_.submit(to_time(burst_scv_ > 0 ? cycles * rng_.unit_mean(burst_scv_) : cycles), done, arg);
  }
  // Records which layer the cycles of a burst belong to (no simulated effect).
  void account(CpuLayer layer, double cycles) { cycles_by_layer_[static_cast<int>(layer)] += cycles; }

  int effective_cores() const { return station_.servers(); }
  double clock_hz() const { return clock_hz_; }
  // Time-average fraction of effective cores busy since reset_stats().
  double utilisation() const { return station_.utilisation(); }
  double mean_queue_length() const { return station_.mean_queue_length(); }
  // Cycles charged to a layer since reset_stats().
  double cycles(CpuLayer layer) const { return cycles_by_layer_[static_cast<int>(layer)]; }
  void reset_stats();

 private:
  sim::SimTime to_time(double cycles) const {
    return static_cast<sim::SimTime>(cycles * ns_per_cycle_ + 0.5);
  }

  double clock_hz_;
  double ns_per_cycle_;
  double burst_scv_;
  sim::RandomStream rng_;
  sim::FcfsStation station_;
  std::array<double, kCpuLayerCount> cycles_by_layer_{};
};

}  // namespace hcisim::models
