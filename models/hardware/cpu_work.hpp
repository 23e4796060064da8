// CPU work of one burst, split by the software layer it belongs to, so a run
// can say where the CPU went. Cycles are at the core's running clock.
#pragma once

#include <array>

namespace hcisim::models {

enum class CpuLayer { Guest, Hypervisor, StorageStack, DriveIo, Network, Count };
constexpr int kCpuLayerCount = static_cast<int>(CpuLayer::Count);
const char* cpu_layer_name(CpuLayer layer);

struct CpuWork {
  std::array<double, kCpuLayerCount> cycles{};

  static CpuWork of(CpuLayer layer, double amount) {
    CpuWork w;
    w.add(layer, amount);
    return w;
  }
  CpuWork& add(CpuLayer layer, double amount) {
    cycles[static_cast<int>(layer)] += amount;
    return *this;
  }
  double total() const {
    double sum = 0;
    for (const double c : cycles) sum += c;
    return sum;
  }
};

}  // namespace hcisim::models
