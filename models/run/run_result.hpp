// Everything a run predicts, as plain numbers in SI units (IOPS, bytes/s,
// seconds, fractions 0..1). Reports format it; models only fill it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "models/hardware/cpu_work.hpp"
#include "models/io/io_request.hpp"
#include "models/spec/oltp_spec.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

struct LatencySummary {
  std::uint64_t count = 0;
  double mean_s = 0, p50_s = 0, p90_s = 0, p99_s = 0, p999_s = 0, max_s = 0;
};

// Mean time an I/O spends in each stage of its path (IoStage); they add up
// to the mean latency.
struct StageBreakdown {
  std::array<double, kIoStageCount> mean_s{};
  double total_s() const {
    double t = 0;
    for (const double s : mean_s) t += s;
    return t;
  }
  double operator[](IoStage s) const { return mean_s[static_cast<std::size_t>(s)]; }
};

struct NodeResult {
  int node = 0;                     // 0-based host index: storage nodes first, then compute hosts
  bool compute_host = false;        // a compute-only host of a two-layer cluster (no drives)
  bool up = true;
  int vms = 0;
  int cores = 0;                    // physical cores
  int logical_processors = 0;
  double capacity_threads = 0;      // cores x SMT yield: work per second with every LP busy, in single threads
  double cpu_utilisation = 0;       // executed work over that capacity (hcisim's busy-core figure)
  double lp_busy = 0;               // share of logical processors running (Windows' % Total Run Time)
  double vmfleet_cpu = 0;           // VMFleet's CPU %: lp_busy x actual / nominal frequency
  std::array<double, kCpuLayerCount> cpu_by_layer{};  // share of the node's CPU capacity per layer (sums to cpu_utilisation)
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

// One kind of the database's storage I/O (page reads, log writes, flush writes).
struct OltpIoResult {
  double per_s = 0;
  double bytes_per_s = 0;
  double mean_latency_s = 0;
};

// What an OLTP run predicts about the application (present only for OLTP runs).
struct OltpResult {
  bool present = false;
  double tps = 0;                       // transactions per second, all VMs
  LatencySummary latency;               // transaction latency (think time excluded)
  double latency_ci_half_width_s = 0;   // 95 % batch means on the mean; 0 when too few batches
  std::array<LatencySummary, kOltpTransactionTypes> by_type{};
  double think_time_s = 0;              // the users' mean think time (given)
  int users = 0;                        // in all VMs
  double users_in_transaction = 0;      // time-average, all VMs (Little: tps x mean latency)
  double hit_ratio = 0;                 // buffer-pool hit ratio the engine runs with
  double buffer_misses_per_transaction = 0;
  std::array<OltpIoResult, 3> io{};     // page_read, log_write, flush_write
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
  LatencySummary read_latency, write_latency, all_latency;
  StageBreakdown read_stages, write_stages;
  std::vector<NodeResult> nodes;
  double vmfleet_cpu = 0;           // plain mean of the running nodes' vmfleet_cpu, as VMFleet reports it
  std::uint64_t degraded_ios = 0;
  std::uint64_t redirected_ios = 0; // I/Os sent to their volume's owner first (ReFS CSV redirection)
  std::string hotspot;              // the product's busiest serial resource (a connection end), if any
  double hotspot_utilisation = 0;
  Bottleneck bottleneck;
  OltpResult oltp;                  // the application's figures, for an OLTP run
  std::vector<FigureComparison> references;
  std::vector<TimelinePoint> timeline;  // equal intervals over the measured time
  RunPerformance performance;       // wall-clock figures: not deterministic

  double total_iops() const { return read_iops + write_iops; }
  double total_bytes_per_s() const { return read_bytes_per_s + write_bytes_per_s; }
};

}  // namespace hcisim::models
