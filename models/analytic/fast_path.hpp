// The analytic fast path: a scenario answered without simulating, from the
// same stack costs and hardware as the simulator, by approximate mean value
// analysis of the closed network the VMs' I/Os make (queueing_network.hpp; the
// products' paths in product_paths.hpp), whose throughput keeps within the
// asymptotic bounds (population over the total demand, one over the busiest
// station's demand) and reaches the second when a station saturates.
//
// It fills a RunResult like simulate() does: IOPS and MB/s per direction, mean
// latency and its split by stage, utilisation of every CPU (by layer), vCPU,
// drive, NIC pipe and connection end, the bottleneck. Percentiles are a
// gamma fit to each class's mean and variance of latency (Wilson-Hilferty; an estimate); the
// maximum is not estimated (0).
//
// What it does not model it refuses, naming the mechanism, rather than
// guess: fast_path_limit() says what (empty when it can answer).
#pragma once

#include <stdexcept>
#include <string>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

class BeyondFastPath : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The mechanisms of `spec` beyond the fast path ("; "-separated), or empty.
std::string fast_path_limit(const ScenarioSpec& spec);

// Throws BeyondFastPath (with fast_path_limit's text) for what it does not
// model, std::invalid_argument for what the simulator would refuse too.
RunResult analyse(const ScenarioSpec& spec);

}  // namespace hcisim::models
