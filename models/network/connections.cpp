#include "models/network/connections.hpp"

#include <stdexcept>

namespace hcisim::models {

Connections::Connections(std::vector<HostCpu*> cpus, int per_pair)
    : cpus_(std::move(cpus)),
      per_pair_(per_pair),
      nodes_(cpus_.size()),
      queues_(nodes_ * nodes_ * static_cast<std::size_t>(per_pair > 0 ? per_pair : 1) * 2, -1) {
  if (per_pair < 1) throw std::invalid_argument("connections: at least one connection per node pair");
}

void Connections::run(int client, int server, std::uint64_t lane, int at, const CpuWork& work, sim::EventHandler& done,
                      std::uint64_t arg, bool background) {
  const bool at_server = at == server;
  const std::size_t key = ((static_cast<std::size_t>(client) * nodes_ + static_cast<std::size_t>(server)) *
                               static_cast<std::size_t>(per_pair_) +
                           static_cast<std::size_t>(lane % static_cast<std::uint64_t>(per_pair_))) *
                              2 +
                          (at_server ? 1 : 0);
  HostCpu& cpu = *cpus_[static_cast<std::size_t>(at)];
  int& queue = queues_[key];
  if (queue < 0) queue = cpu.add_pinned_queue();
  cpu.run_pinned(queue, work, done, arg, background);
}

Connections::Busiest Connections::busiest(sim::SimTime now) const {
  Busiest best;
  const auto lanes = static_cast<std::size_t>(per_pair_);
  for (std::size_t key = 0; key < queues_.size(); ++key) {
    if (queues_[key] < 0) continue;
    const bool at_server = (key & 1) != 0;
    const std::size_t pair = key / 2 / lanes;
    const int client = static_cast<int>(pair / nodes_);
    const int server = static_cast<int>(pair % nodes_);
    const int at = at_server ? server : client;
    const double u = cpus_[static_cast<std::size_t>(at)]->pinned_busy(queues_[key], now);
    if (u > best.utilisation) best = Busiest{client, server, at, u};
  }
  return best;
}

}  // namespace hcisim::models
