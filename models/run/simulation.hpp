// One run of a scenario: build the cluster and the VMs on an Engine, warm up,
// measure, and fill a RunResult. Library entry point for the CLI and tests.
#pragma once

#include <functional>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

struct RunOptions {
  // Called about every 1 % of simulated time with the fraction done (0..1).
  std::function<void(double)> progress;
  // Called once the model is built and the workload placed, before the first
  // simulated event: what came before is set-up, which the pace of simulated
  // time (and a time to go drawn from it) must leave out.
  std::function<void()> set_up;
  // Guest and host bursts chained on one LP where that is exact (VmIoPath); off
  // only to check that it changes nothing but speed.
  bool chain_bursts = true;
  // Sees every event of the run (bench_scenario's events by handler); null: none.
  sim::EventObserver* events = nullptr;
};

RunResult simulate(const ScenarioSpec& spec, const RunOptions& options = {});

}  // namespace hcisim::models
