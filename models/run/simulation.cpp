#include "models/run/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>

#include "models/run/bottleneck.hpp"
#include "models/run/reference_check.hpp"
#include "models/run/steady_state.hpp"
#include "models/storage/s2d_cluster.hpp"
#include "models/workload/diskspd_workload.hpp"
#include "models/workload/measurement.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

namespace {

LatencySummary summarise(const sim::LatencyHistogram& h) {
  LatencySummary s;
  s.count = h.count();
  if (s.count == 0) return s;
  s.mean_s = h.mean_ns() * 1e-9;
  s.p50_s = h.percentile_ns(50) * 1e-9;
  s.p90_s = h.percentile_ns(90) * 1e-9;
  s.p99_s = h.percentile_ns(99) * 1e-9;
  s.p999_s = h.percentile_ns(99.9) * 1e-9;
  s.max_s = static_cast<double>(h.max_ns()) * 1e-9;
  return s;
}

// Starts measuring at the end of warm-up: every statistic restarts there.
class WarmupEnd final : public sim::EventHandler {
 public:
  WarmupEnd(sim::Engine& engine, S2dCluster& cluster, Measurement& measurement, sim::SimTime duration)
      : engine_(engine), cluster_(cluster), measurement_(measurement), duration_(duration) {}
  void on_event(std::uint64_t) override {
    cluster_.reset_stats();
    measurement_.begin(engine_.now(), duration_, 32);
  }

 private:
  sim::Engine& engine_;
  S2dCluster& cluster_;
  Measurement& measurement_;
  sim::SimTime duration_;
};

void fill_nodes(RunResult& result, const S2dCluster& cluster, const ScenarioSpec& spec, sim::SimTime now) {
  const double seconds = result.measured_seconds;
  std::vector<double> vcpu_sum(static_cast<std::size_t>(cluster.node_count()), 0.0);
  std::vector<int> vm_count(static_cast<std::size_t>(cluster.node_count()), 0);
  {
    std::uint32_t vm = 0;
    for (int n = 0; n < cluster.node_count(); ++n) {
      for (int i = 0; i < spec.vms.per_node[static_cast<std::size_t>(n)]; ++i, ++vm) {
        vcpu_sum[static_cast<std::size_t>(n)] += cluster.vcpus(vm).utilisation(now);
        ++vm_count[static_cast<std::size_t>(n)];
      }
    }
  }
  for (int n = 0; n < cluster.node_count(); ++n) {
    const ClusterNode& node = cluster.node(n);
    NodeResult r;
    r.node = n;
    r.up = node.up;
    r.vms = vm_count[static_cast<std::size_t>(n)];
    r.effective_cores = node.cpu.effective_cores();
    r.cpu_utilisation = node.cpu.utilisation();
    const double capacity_cycles = node.cpu.clock_hz() * node.cpu.effective_cores() * seconds;
    for (int l = 0; l < kCpuLayerCount; ++l) {
      r.cpu_by_layer[static_cast<std::size_t>(l)] =
          capacity_cycles > 0 ? node.cpu.cycles(static_cast<CpuLayer>(l)) / capacity_cycles : 0;
    }
    r.vcpu_utilisation = r.vms > 0 ? vcpu_sum[static_cast<std::size_t>(n)] / r.vms : 0;
    double sum = 0;
    for (const auto& d : node.drives) {
      sum += d->utilisation();
      r.drive_utilisation_max = std::max(r.drive_utilisation_max, d->utilisation());
    }
    r.drive_utilisation_mean = sum / static_cast<double>(node.drives.size());
    r.nic_tx_utilisation = cluster.fabric().egress_utilisation(n);
    r.nic_rx_utilisation = cluster.fabric().ingress_utilisation(n);
    result.nodes.push_back(r);
  }
}

}  // namespace

RunResult simulate(const ScenarioSpec& spec, const RunOptions& options) {
  if (spec.run.duration_ns <= 0) throw std::invalid_argument("run duration must be positive");
  if (spec.run.warmup_ns < 0 || spec.run.warmup_ns > std::numeric_limits<sim::SimTime>::max() - spec.run.duration_ns) {
    throw std::invalid_argument("warm-up + duration must fit the simulator's clock (about 292 years)");
  }
  if (static_cast<int>(spec.vms.per_node.size()) != spec.cluster.node_count) {
    throw std::invalid_argument("VM placement must list one count per node");
  }
  const auto wall_start = std::chrono::steady_clock::now();
  sim::Engine engine(spec.run.seed);
  RequestTable requests;
  Measurement measurement;
  DiskspdWorkload workload(engine, spec.vms.workload, requests, measurement);
  S2dCluster cluster(engine, spec.cluster, requests, workload);
  for (int n = 0; n < spec.cluster.node_count; ++n) {
    for (int i = 0; i < spec.vms.per_node[static_cast<std::size_t>(n)]; ++i) {
      const std::uint32_t vm = cluster.add_vm(n, spec.vms.vcpus, spec.vms.workload.file_bytes);
      workload.add_vm(vm, n);
    }
  }
  if (requests.empty()) throw std::invalid_argument("the scenario has no VM issuing I/O");

  const sim::SimTime warmup = spec.run.warmup_ns;
  const sim::SimTime end = warmup + spec.run.duration_ns;
  WarmupEnd warmup_end(engine, cluster, measurement, spec.run.duration_ns);
  engine.schedule_at(warmup, warmup_end);
  workload.start(cluster);

  std::uint64_t peak_pending = 0;
  const sim::SimTime step = std::max<sim::SimTime>(1, end / 100);
  for (sim::SimTime t = 0; t < end;) {
    t = std::min(end, t + step);
    engine.run_until(t);
    peak_pending = std::max<std::uint64_t>(peak_pending, engine.pending_events());
    if (options.progress) options.progress(static_cast<double>(t) / static_cast<double>(end));
  }
  measurement.finish(engine.now());

  RunResult result;
  result.scenario_id = spec.id;
  result.title = spec.title;
  result.seed = spec.run.seed;
  result.warmup_seconds = sim::to_seconds(warmup);
  result.measured_seconds = sim::to_seconds(spec.run.duration_ns);
  result.read_iops = static_cast<double>(measurement.reads()) / result.measured_seconds;
  result.write_iops = static_cast<double>(measurement.writes()) / result.measured_seconds;
  result.read_bytes_per_s = static_cast<double>(measurement.read_bytes()) / result.measured_seconds;
  result.write_bytes_per_s = static_cast<double>(measurement.write_bytes()) / result.measured_seconds;
  if (measurement.iops_batches().count() >= 16) {
    result.total_iops_ci_half_width = measurement.iops_batches().interval(0.95).half_width;
  }
  result.read_latency = summarise(measurement.read_latency());
  result.write_latency = summarise(measurement.write_latency());
  sim::LatencyHistogram all = measurement.read_latency();
  all.merge(measurement.write_latency());
  result.all_latency = summarise(all);
  result.degraded_ios = cluster.degraded_ios();
  const StageTimes& stages = cluster.stage_times();
  for (int w = 0; w < 2; ++w) {
    if (stages.ios[w] == 0) continue;
    StageBreakdown& b = w == 0 ? result.read_stages : result.write_stages;
    const double n = static_cast<double>(stages.ios[w]);
    b.guest_s = sim::to_seconds(stages.guest[w]) / n;
    b.host_s = sim::to_seconds(stages.host[w]) / n;
    b.backend_s = sim::to_seconds(stages.backend[w]) / n;
  }
  const double interval_s = sim::to_seconds(measurement.interval());
  for (const IntervalSample& sample : measurement.timeline()) {
    TimelinePoint p;
    p.end_s = sim::to_seconds(sample.end);
    p.read_iops = static_cast<double>(sample.reads) / interval_s;
    p.write_iops = static_cast<double>(sample.writes) / interval_s;
    if (sample.reads > 0) p.read_latency_mean_s = sim::to_seconds(sample.read_latency_sum) / sample.reads;
    if (sample.writes > 0) p.write_latency_mean_s = sim::to_seconds(sample.write_latency_sum) / sample.writes;
    result.timeline.push_back(p);
  }
  fill_nodes(result, cluster, spec, engine.now());
  attribute_bottleneck(result, spec);
  result.references = compare_references(result, spec.references);

  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  RunPerformance& perf = result.performance;
  perf.wall_seconds = wall;
  perf.events = engine.events_processed();
  perf.events_cancelled = engine.events_cancelled();
  perf.simulated_ios = workload.completed();
  perf.ios_per_wall_second = wall > 0 ? static_cast<double>(perf.simulated_ios) / wall : 0;
  perf.events_per_wall_second = wall > 0 ? static_cast<double>(perf.events) / wall : 0;
  perf.peak_pending_events = peak_pending;
  assess_steady_state(result, spec, measurement);
  return result;
}

}  // namespace hcisim::models
