// Storage protocol connections between nodes (S2D: SMB Direct for the Software
// Storage Bus and for CSV redirection; ScaleIO: the SDC-SDS sockets). A
// connection's completions at each end are processed on one logical processor
// (an RDMA completion queue or a socket is bound to one interrupt vector and so
// to one core), so the messages of one connection are handled one at a time at
// each end: per node pair, the protocol work serialises there. `per_pair`
// connections spread a pair's traffic (SMB Multichannel opens several).
//
// Each end's queue lives on that node's HostCpu (HostCpu::run_pinned): its work
// still runs on the node's cores and counts as the node's CPU. Queues are made
// the first time a pair talks, so an N-node cluster pays only for the pairs used.
#pragma once

#include <cstdint>
#include <vector>

#include "models/hardware/host_cpu.hpp"

namespace hcisim::models {

class Connections {
 public:
  Connections(std::vector<HostCpu*> cpus, int per_pair);

  // Runs `work` at the `at` end (the client or the server node) of connection
  // `lane` (any number; taken modulo per_pair) between `client` and `server`.
  void run(int client, int server, std::uint64_t lane, int at, const CpuWork& work, sim::EventHandler& done,
           std::uint64_t arg, bool background = false);
  int per_pair() const { return per_pair_; }

  // The connection end that had work the largest share of the time since the
  // CPUs' reset_stats(); utilisation 0 when no pair has talked.
  struct Busiest {
    int client = -1, server = -1, at = -1;
    double utilisation = 0;
  };
  Busiest busiest(sim::SimTime now) const;

 private:
  std::vector<HostCpu*> cpus_;
  int per_pair_;
  std::size_t nodes_;
  std::vector<int> queues_;  // (client, server, lane, end) -> pinned queue index, -1 = not made yet
};

}  // namespace hcisim::models
