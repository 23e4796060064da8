// Plays a scenario's failure timeline on a run: at each event time it fails or
// returns a node or a drive in the storage product, stops a failed node's VMs
// and restarts them on another node once the failure is detected and the VM
// has booted (vm_restart), on the node the scenario names for them or else on
// the running node with the fewest VMs; a NIC port failing or returning changes
// the node's network capacity. Random failures are drawn from the
// parts' failure rates (drive AFR, node MTBF) with the run's seed.
#pragma once

#include <cstdint>
#include <vector>

#include "models/cluster/cluster.hpp"
#include "models/hypervisor/vm_io_path.hpp"
#include "models/io/io_request.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/storage_product.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

class FailureDriver final : public sim::EventHandler {
 public:
  FailureDriver(sim::Engine& engine, const ScenarioSpec& spec, Cluster& cluster, StorageProduct& product, VmIoPath& vms,
                RestartableWorkload* workload, RunLog& log);

  // Schedules every event of the timeline (and the random ones) from time 0.
  void start();
  void on_event(std::uint64_t index) override;
  const std::vector<TimelineEvent>& events() const { return events_; }

 private:
  void restart(std::uint64_t token);
  void drain(int node);
  void port_event(const TimelineEvent& e);
  int failover_node(int failed) const;

  sim::Engine* engine_;
  Cluster* cluster_;
  StorageProduct* product_;
  VmIoPath* vms_;
  RestartableWorkload* workload_;
  RunLog* log_;
  std::vector<TimelineEvent> events_;
  std::vector<int> failover_;  // per node: where its VMs go (-1 = the cluster picks)
  sim::SimTime detection_ns_;
  sim::SimTime vm_restart_ns_;
  std::vector<std::vector<std::uint32_t>> restarts_;  // VMs waiting to restart, per pending restart
  sim::MemberEvent<FailureDriver, &FailureDriver::restart> restart_event_{*this};
};

// Failure times drawn from rates: each drive fails after an exponential time of
// mean 1 / lambda, lambda = -ln(1 - AFR) per 8,760-hour year (durability_inputs.hpp); each node after an exponential
// time of mean MTBF, and returns after `node_outage`. Only failures before `end`.
std::vector<TimelineEvent> random_failures(const ScenarioSpec& spec, sim::SimTime end, sim::RandomStream rng);

}  // namespace hcisim::models
