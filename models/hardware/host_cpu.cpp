#include "models/hardware/host_cpu.hpp"

#include <cmath>
#include <stdexcept>

namespace hcisim::models {

const char* cpu_layer_name(CpuLayer layer) {
  switch (layer) {
    case CpuLayer::Guest: return "guest";
    case CpuLayer::Hypervisor: return "hypervisor";
    case CpuLayer::StorageStack: return "storage_stack";
    case CpuLayer::DriveIo: return "drive_io";
    case CpuLayer::Network: return "network";
    case CpuLayer::Count: break;
  }
  return "?";
}

namespace {
int effective_cores_of(const CpuSpec& cpu, int sockets) {
  if (cpu.cores <= 0 || sockets <= 0 || cpu.base_hz <= 0) {
    throw std::invalid_argument("host cpu '" + cpu.id + "': cores, sockets and clock must be positive");
  }
  const double smt = cpu.threads > cpu.cores ? cpu.smt_yield : 1.0;
  return std::max(1, static_cast<int>(std::lround(cpu.cores * sockets * smt)));
}
}  // namespace

HostCpu::HostCpu(sim::Engine& engine, const CpuSpec& cpu, int sockets, double burst_scv, sim::RandomStream rng)
    : clock_hz_(cpu.base_hz),
      ns_per_cycle_(1e9 / cpu.base_hz),
      burst_scv_(burst_scv),
      rng_(rng),
      station_(engine, effective_cores_of(cpu, sockets)) {}

void HostCpu::reset_stats() {
  station_.reset_stats();
  cycles_by_layer_.fill(0.0);
}

}  // namespace hcisim::models
