#include "sim/ps_station.hpp"

#include <stdexcept>

namespace hcisim::sim {

namespace {
constexpr double kNsPerSecond = 1e9;

int checked_cores(int cores) {
  if (cores < 1) throw std::invalid_argument("PsStation needs at least one core");
  return cores;
}
}  // namespace

// Capacity and cap are in ns of one-core work per second: a core at speed 1 does 1e9 of them.
PsStation::PsStation(Engine& engine, int cores, double speed)
    : shared_(engine, checked_cores(cores) * speed * kNsPerSecond),
      cores_(cores),
      speed_(speed),
      one_core_class_(shared_.rate_class(speed * kNsPerSecond)) {}

void PsStation::submit(SimTime work_one_core, EventHandler& done, std::uint64_t arg) {
  if (work_one_core < 0) throw std::invalid_argument("PsStation: negative work");
  shared_.submit(static_cast<double>(work_one_core), one_core_class_, done, arg);
}

}  // namespace hcisim::sim
