// Exact Mean Value Analysis (Reiser & Lavenberg) of a closed, single-class,
// product-form queueing network: the analytic companion of the simulator, used
// to check the kernel and to give quick answers for closed workloads
// (N outstanding I/Os or users with think time).
//
// Stations:
//   Queueing    - one FCFS exponential server (or PS/LCFS-PR, any distribution):
//                 R(n) = D * (1 + Q(n-1)).
//   Delay       - infinite servers: R(n) = D.
//   MultiServer - c FCFS exponential servers; exact load-dependent MVA with the
//                 marginal probabilities p(j | n) of the c-1 lowest states
//                 (Bolch et al., "Queueing Networks and Markov Chains", 2nd ed., 8.2.2):
//                 R(n) = D/c * (1 + Q(n-1) + sum_{j=0}^{c-2} (c-1-j) p(j | n-1)),
//                 p(j | n) = X(n) D / j * p(j-1 | n-1) for j = 1..c-1,
//                 p(0 | n) = 1 - (X(n) D + sum_{j=1}^{c-1} (c-j) p(j | n)) / c.
// demand_s = visits x mean service time of one visit (seconds).
//
// Cost: O(N * sum over stations of max(1, c)) time, O(K + sum c) memory.
// The recursion in p(0 | n) loses digits when a multi-server station is close to
// saturation with large c; results are clamped to [0, 1] per probability.
#pragma once

#include <vector>

namespace hcisim::sim {

struct MvaStation {
  enum class Kind { Queueing, Delay, MultiServer } kind = Kind::Queueing;
  double demand_s = 0;  // visits x mean service time
  int servers = 1;      // MultiServer only
};

struct MvaResult {
  double throughput_per_s = 0;           // X(N): cycles per second (at the reference point)
  double response_time_s = 0;            // sum of residence times, think time excluded
  std::vector<double> queue_length;      // mean number at each station (waiting + in service)
  std::vector<double> residence_time_s;  // per cycle: visits x time per visit
  // Queueing and MultiServer: busy fraction of one server (X D / c).
  // Delay: X D, the mean number of busy "servers" (it is not bounded by 1).
  std::vector<double> utilisation;
};

// Throws std::invalid_argument for a negative population or think time, a
// negative demand, or a MultiServer station with servers < 1.
MvaResult solve_mva(const std::vector<MvaStation>& stations, int population, double think_time_s = 0);

}  // namespace hcisim::sim
