// Everything a run predicts, as plain numbers in SI units (IOPS, bytes/s,
// seconds, fractions 0..1). Reports format it; models only fill it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "models/hardware/host_cpu.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

struct LatencySummary {
  std::uint64_t count = 0;
  double mean_s = 0, p50_s = 0, p90_s = 0, p99_s = 0, p999_s = 0, max_s = 0;
};

// Mean time an I/O spends in each stage of the path (see StageTimes).
struct StageBreakdown {
  double guest_s = 0;    // waiting for and running on a vCPU
  double host_s = 0;     // hypervisor and storage stack on the host CPU, with queueing
  double backend_s = 0;  // drives, network and remote CPU
};

struct NodeResult {
  int node = 0;                     // 0-based
  bool up = true;
  int vms = 0;
  int effective_cores = 0;
  double cpu_utilisation = 0;       // busy fraction of effective cores
  std::array<double, kCpuLayerCount> cpu_by_layer{};  // fraction of the node's CPU capacity per layer
  double vcpu_utilisation = 0;      // mean busy fraction of this node's VMs' vCPUs
  double drive_utilisation_mean = 0;
  double drive_utilisation_max = 0;
  double nic_tx_utilisation = 0;
  double nic_rx_utilisation = 0;
};

struct Bottleneck {
  std::string resource;             // "host CPU", "VM vCPUs", "drives", "network", "outstanding I/O"
  double utilisation = 0;
  std::string reason;
};

struct FigureComparison {
  ReferenceFigure reference;
  double predicted = 0;
  double error = 0;                 // (predicted - published) / published
  bool within = false;
};

// One interval of the measured run.
struct TimelinePoint {
  double end_s = 0;                 // simulated time at the end of the interval (warm-up included)
  double read_iops = 0, write_iops = 0;
  double read_latency_mean_s = 0, write_latency_mean_s = 0;  // 0 when no I/O of that kind
};

struct RunPerformance {
  double wall_seconds = 0;
  std::uint64_t events = 0;
  std::uint64_t events_cancelled = 0;  // rescheduled completions (not counted in events)
  std::uint64_t simulated_ios = 0;  // all I/Os completed, warm-up included
  double ios_per_wall_second = 0;
  double events_per_wall_second = 0;
  std::uint64_t peak_pending_events = 0;
};

struct RunResult {
  std::string scenario_id;
  std::string title;
  double measured_seconds = 0;      // simulated time after warm-up
  double warmup_seconds = 0;
  std::uint64_t seed = 0;
  double read_iops = 0, write_iops = 0;
  double read_bytes_per_s = 0, write_bytes_per_s = 0;
  double total_iops_ci_half_width = 0;  // 95 % batch means; 0 when too few batches
  double latency_ci_half_width_s = 0;   // 95 % batch means on the mean latency (all I/Os); 0 when too few
  LatencySummary read_latency, write_latency, all_latency;
  StageBreakdown read_stages, write_stages;
  std::vector<NodeResult> nodes;
  std::uint64_t degraded_ios = 0;
  Bottleneck bottleneck;
  std::vector<FigureComparison> references;
  std::vector<TimelinePoint> timeline;  // equal intervals over the measured time
  RunPerformance performance;       // wall-clock figures: not deterministic
  // Why the numbers may not be what they seem (steady_state.hpp); empty when they are.
  std::vector<std::string> warnings;

  double total_iops() const { return read_iops + write_iops; }
  double total_bytes_per_s() const { return read_bytes_per_s + write_bytes_per_s; }
};

}  // namespace hcisim::models
