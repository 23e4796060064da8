#include "models/run/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>
#include <stdexcept>

#include "models/cluster/cluster.hpp"
#include "models/hypervisor/vm_io_path.hpp"
#include "models/result/latency_summary.hpp"
#include "models/run/bottleneck.hpp"
#include "models/run/cloud_results.hpp"
#include "models/run/failure_driver.hpp"
#include "models/run/fast_forward.hpp"
#include "models/run/precision_stop.hpp"
#include "models/run/reference_check.hpp"
#include "models/run/repair_progress.hpp"
#include "models/run/sas_path_results.hpp"
#include "models/run/steady_state.hpp"
#include "models/storage/product_registry.hpp"
#include "models/workload/workload.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

namespace {

// Everything a run is made of, assembled from the scenario: hardware, the
// storage product, the hypervisor path and the workload (DISKSPD, the OLTP
// application or SAS iotest streams, as the scenario says).
struct Model {
  explicit Model(const ScenarioSpec& spec)
      : engine(spec.run.seed),
        cluster(engine, spec.cluster),
        product(models::product(spec.cluster.stack.product).make(engine, spec.cluster, cluster, requests)),
        workload(make_workload(engine, spec, requests)),
        vms(engine, spec.cluster.hypervisor, *product, requests, workload->completions()) {}

  // The storage I/O the run measured (the database's, for OLTP).
  const Measurement& io() const { return workload->storage_io(); }

  sim::Engine engine;
  RequestTable requests;
  PhaseMeasurement phases;              // runs with a failure timeline
  FastForward* fast_forward = nullptr;  // runs whose steady spans may be skipped
  bool failed_once = false;             // a part has failed: healthy from then on is "repaired"
  Cluster cluster;
  std::unique_ptr<StorageProduct> product;
  std::unique_ptr<Workload> workload;
  VmIoPath vms;
};

// Where each VM runs and which volume holds its disk: VMFleet creates each
// node's VMs on the volume named for the node; a failed node's VMs run where
// the scenario failed them over; with an alignment below 1, the last of each
// node's VMs run on the other running nodes in turn. Two-layer: the VMs run on the compute hosts
// instead, dealt round-robin in node order.
void place_vms(Model& m, const ScenarioSpec& spec) {
  const int compute_hosts = m.cluster.host_count() - m.cluster.node_count();
  int dealt = 0;
  std::size_t vm_count = 0;
  for (const int count : spec.vms.per_node) vm_count += static_cast<std::size_t>(std::max(0, count));
  m.vms.reserve_vms(vm_count);
  m.workload->reserve_vms(vm_count);
  m.product->reserve_disks(vm_count, m.workload->disk_bytes());
  for (int n = 0; n < spec.cluster.node_count; ++n) {
    const int count = spec.vms.per_node[static_cast<std::size_t>(n)];
    if (count == 0) continue;
    int host = n;
    if (compute_hosts == 0 && !m.cluster.up(n)) {
      host = spec.vms.failover.empty() ? -1 : spec.vms.failover[static_cast<std::size_t>(n)];
      if (host < 0) {
        throw std::invalid_argument("node " + std::to_string(n + 1) + " is down and its VMs have no failover node");
      }
    }
    // VMs away from their volume's owner (alignment), dealt over the other running nodes.
    const int aligned = compute_hosts > 0 ? count : static_cast<int>(std::lround(spec.vms.alignment * count));
    std::vector<int> others;
    for (int k = 1; k < spec.cluster.node_count; ++k) {
      const int other = (host + k) % spec.cluster.node_count;
      if (m.cluster.up(other)) others.push_back(other);
    }
    if (aligned < count && others.empty()) {
      throw std::invalid_argument("VMs away from their volume's node need another running node");
    }
    for (int i = 0; i < count; ++i) {
      int at = host;
      if (compute_hosts > 0) at = m.cluster.node_count() + dealt++ % compute_hosts;
      if (i >= aligned) at = others[static_cast<std::size_t>(i - aligned) % others.size()];
      const std::uint64_t disk = m.workload->disk_bytes();
      const std::uint32_t vm = m.vms.add_vm(at, m.cluster.cpu(at), spec.vms.vcpus, n, disk);
      m.workload->add_vm(vm, at, m.vms.vcpus(vm));
    }
  }
}

// SAS iotest: one stream per physical core of every client VM, each on that
// core's vCPUs, each with its own file; files are numbered client by client.
void place_streams(Model& m, const ScenarioSpec& spec) {
  const CloudVmSpec& client = spec.cluster.cloud.client_vm;
  const int vcpus_per_core = client.vcpus / client.physical_cores;
  int file = 0;
  for (int host = m.cluster.node_count(); host < m.cluster.host_count(); ++host) {
    for (int s = 0; s < spec.vms.sas->streams_per_client; ++s) {
      const std::uint32_t vm =
          m.vms.add_vm(host, m.cluster.cpu(host), vcpus_per_core, file++, m.workload->disk_bytes());
      m.workload->add_vm(vm, host, m.vms.vcpus(vm));
    }
  }
}

constexpr int kTimelineIntervals = 32;

// The scenario's timeline interval, or by default 1/32 of the measured time;
// with a precision 1/1,024, so that the stop rule has its minimum of intervals
// early on (precision_stop.hpp).
sim::SimTime timeline_interval(const RunControl& run) {
  if (run.interval_ns > 0) return run.interval_ns;
  const int intervals = run.precision > 0 ? PrecisionStop::kIntervals : kTimelineIntervals;
  return std::max<sim::SimTime>(1, run.duration_ns / intervals);
}

// The cluster's state at the end of each timeline interval (cumulative
// counters since warm-up; the result takes differences).
struct IntervalProbe {
  std::uint64_t hits = 0, misses = 0, dirty_bytes = 0;
  std::vector<double> node_cycles;
  RepairStatus repair;
  std::vector<double> burst_seconds_left;  // cloud: per storage VM
};

// Each node's executed CPU cycles since the statistics were reset (and those
// the spans fast-forwarded stand for).
std::vector<double> node_cycles(Model& m) {
  std::vector<double> cycles;
  const sim::SimTime now = m.engine.now();
  for (int n = 0; n < m.cluster.node_count(); ++n) cycles.push_back(m.cluster.cpu(n).executed_cycles(now));
  if (m.fast_forward != nullptr) {
    for (std::size_t n = 0; n < cycles.size(); ++n) cycles[n] += m.fast_forward->skipped_cycles()[n];
  }
  return cycles;
}

// The scenario's clock: the simulator's plus the spans fast-forwarded.
sim::SimTime scenario_now(const Model& m) {
  return m.engine.now() + (m.fast_forward != nullptr ? m.fast_forward->skipped() : 0);
}

IntervalProbe sample(Model& m) {
  IntervalProbe s;
  s.node_cycles = node_cycles(m);
  for (int n = 0; n < m.cluster.node_count(); ++n) {
    const ClusterNode& node = m.cluster.node(n);
    if (!node.cache) continue;
    s.hits += node.cache->counters().read_hits;
    s.misses += node.cache->counters().read_misses;
    s.dirty_bytes += node.cache->dirty_pages() * node.cache->page_bytes();
  }
  s.repair = m.product->repair_status();
  if (m.cluster.cloud()) s.burst_seconds_left = burst_seconds_left(m.cluster);
  return s;
}

// Starts measuring at the end of warm-up (every statistic restarts there), then
// samples the cluster at the end of every timeline interval (of the scenario's
// clock: over a fast-forwarded span, from the pace of the window that stood for it).
class WarmupEnd final : public sim::EventHandler, public SkipObserver {
 public:
  WarmupEnd(Model& model, sim::SimTime warmup, sim::SimTime duration, sim::SimTime interval)
      : m_(model),
        warmup_(warmup),
        duration_(duration),
        interval_(interval),
        intervals_(static_cast<std::uint64_t>(duration / interval_)) {}
  void skipping(sim::SimTime now, sim::SimTime span, const RepairStatus& before, const RepairStatus& after,
                const std::vector<double>& cycles_per_ns) override {
    if (!measuring || next_tick_ > intervals_) return;
    const IntervalProbe base = sample(m_);
    auto between = [](std::uint64_t a, std::uint64_t b, double f) {
      return static_cast<std::uint64_t>(
          std::llround(static_cast<double>(a) + (static_cast<double>(b) - static_cast<double>(a)) * f));
    };
    sim::SimTime tick_at = warmup_ + static_cast<sim::SimTime>(next_tick_) * interval_;
    // Samples due inside the span; one due at its end comes after the events then (the timers).
    for (; next_tick_ <= intervals_ && tick_at < now + span; ++next_tick_, tick_at += interval_) {
      IntervalProbe p = base;
      for (std::size_t n = 0; n < p.node_cycles.size(); ++n) {
        p.node_cycles[n] += cycles_per_ns[n] * static_cast<double>(tick_at - now);
      }
      const double f = static_cast<double>(tick_at - now) / static_cast<double>(span);
      p.repair = before;
      p.repair.bytes_repaired = between(before.bytes_repaired, after.bytes_repaired, f);
      p.repair.bytes_to_repair = between(before.bytes_to_repair, after.bytes_to_repair, f);
      p.repair.degraded_bytes = between(before.degraded_bytes, after.degraded_bytes, f);
      samples.push_back(p);
    }
    m_.engine.cancel(pending_);
    // The next tick, on the simulator's clock once the span is skipped.
    const sim::SimTime skipped_after = now - m_.engine.now() + span;
    if (next_tick_ <= intervals_) pending_ = m_.engine.schedule_at(tick_at - skipped_after, *this, next_tick_);
  }
  void on_event(std::uint64_t tick) override {
    if (tick == 0) {
      m_.engine.statistics().reset(m_.engine.now());  // every component enrolled, once
      // On the scenario's clock: ahead of the simulator's by the warm-up skipped (fast_forward.hpp).
      m_.workload->begin_measurement(scenario_now(m_), duration_, interval_,
                                     static_cast<int>(std::max<std::uint64_t>(1, intervals_)));
      m_.phases.begin(scenario_now(m_), node_cycles(m_));
      if (m_.fast_forward != nullptr) m_.fast_forward->start();
      start = sample(m_);
      wall_at_start = std::chrono::steady_clock::now();
      events_at_start = m_.engine.events_processed();
      measuring = true;
    } else {
      samples.push_back(sample(m_));
    }
    next_tick_ = tick + 1;
    if (tick < intervals_) pending_ = m_.engine.schedule_in(interval_, *this, tick + 1);
  }
  IntervalProbe start;
  std::vector<IntervalProbe> samples;
  // Where the measured part began on the wall clock, for RunPerformance (not deterministic).
  std::chrono::steady_clock::time_point wall_at_start{};
  std::uint64_t events_at_start = 0;
  bool measuring = false;
  sim::SimTime interval() const { return interval_; }

 private:
  Model& m_;
  sim::SimTime warmup_;
  sim::SimTime duration_;
  sim::SimTime interval_;
  std::uint64_t intervals_;
  std::uint64_t next_tick_ = 0;
  sim::EventId pending_;
};

void fill_nodes(RunResult& result, Model& m) {
  const sim::SimTime now = m.engine.now();
  const int nodes = m.cluster.host_count();
  std::vector<double> vcpu_sum(static_cast<std::size_t>(nodes), 0.0);
  std::vector<int> vm_count(static_cast<std::size_t>(nodes), 0);
  for (std::uint32_t vm = 0; vm < m.vms.vm_count(); ++vm) {
    const auto host = static_cast<std::size_t>(m.vms.host(vm));
    vcpu_sum[host] += m.vms.vcpus(vm).utilisation(now);
    ++vm_count[host];
  }
  double vmfleet_sum = 0;
  int running = 0;
  for (int n = 0; n < nodes; ++n) {
    const ClusterNode& node = m.cluster.node(n);
    NodeResult r;
    r.node = n;
    r.compute_host = node.compute_only;
    r.up = node.up;
    r.vms = vm_count[static_cast<std::size_t>(n)];
    r.cores = node.cpu.cores();
    r.logical_processors = node.cpu.logical_processors();
    r.capacity_threads = node.cpu.capacity_threads();
    r.cpu_utilisation = node.cpu.utilisation(now);
    r.lp_busy = node.cpu.logical_busy_fraction(now);
    r.vmfleet_cpu = node.cpu.vmfleet_cpu(now);
    const double capacity_cycles = node.cpu.clock_hz() * node.cpu.capacity_threads() * result.simulated_seconds;
    const std::array<double, kCpuLayerCount> layer_cycles = node.cpu.cycles_by_layer(now);
    for (std::size_t l = 0; l < layer_cycles.size(); ++l) {
      r.cpu_by_layer[l] = capacity_cycles > 0 ? layer_cycles[l] / capacity_cycles : 0;
    }
    r.vcpu_utilisation = r.vms > 0 ? vcpu_sum[static_cast<std::size_t>(n)] / r.vms : 0;
    // Every drive of the node, whatever its role: a hybrid node's cache drives
    // too (its drives as the product sees them are the capacity drives behind the cache).
    std::vector<const Drive*> devices;
    if (node.cache) {
      devices = node.cache->devices();
    } else {
      for (const auto& d : node.drives) devices.push_back(d.get());
    }
    double sum = 0;
    for (const Drive* d : devices) {
      sum += d->utilisation();
      r.drive_utilisation_max = std::max(r.drive_utilisation_max, d->utilisation());
    }
    r.drive_utilisation_mean = devices.empty() ? 0 : sum / static_cast<double>(devices.size());
    r.has_cache_tier = node.cache != nullptr;
    r.nic_tx_utilisation = m.cluster.fabric().egress_utilisation(n);
    r.nic_rx_utilisation = m.cluster.fabric().ingress_utilisation(n);
    if (node.hba) r.hba = measure_hba(*node.hba, result.simulated_seconds);
    measure_device_queues(node, r);
    if (r.up) {
      vmfleet_sum += r.vmfleet_cpu;
      ++running;
    }
    result.nodes.push_back(r);
  }
  result.vmfleet_cpu = running > 0 ? vmfleet_sum / running : 0;
}

StageBreakdown stage_means(const Measurement& measurement, bool write, std::uint64_t ios) {
  StageBreakdown b;
  if (ios == 0) return b;
  const auto& sums = measurement.stage_sums(write);
  for (int s = 0; s < kIoStageCount; ++s) {
    b.mean_s[static_cast<std::size_t>(s)] =
        sim::to_seconds(sums[static_cast<std::size_t>(s)]) / static_cast<double>(ios);
  }
  return b;
}

// Whether everything that changes in the background of a steady span can be
// advanced over it (fast_forward.hpp): not a hybrid cache tier's contents, not
// cloud burst credits.
bool can_fast_forward(const Model& m) {
  if (m.cluster.cloud()) return false;
  for (int n = 0; n < m.cluster.node_count(); ++n) {
    if (m.cluster.node(n).cache) return false;
  }
  return true;
}

}  // namespace

// Detecting while a failed part is not yet known; repairing while a resync or
// rebuild runs; degraded while a part is down or a copy is missing or stale;
// healthy until the first failure, repaired once all is whole again after it.
RunPhase current_phase(Model& m) {
  const RepairStatus r = m.product->repair_status();
  bool all_up = true;
  for (int n = 0; n < m.cluster.node_count(); ++n) {
    all_up = all_up && m.cluster.up(n) && m.cluster.fabric().ports_up(n) == m.cluster.fabric().ports(n);
  }
  RunPhase phase = RunPhase::Healthy;
  if (r.detecting) {
    phase = RunPhase::Detecting;
  } else if (r.repairing) {
    phase = RunPhase::Repairing;
  } else if (!all_up || r.degraded_bytes > 0) {
    phase = RunPhase::Degraded;
  } else if (m.failed_once) {
    phase = RunPhase::Repaired;
  }
  m.failed_once = m.failed_once || phase != RunPhase::Healthy;
  return phase;
}

void fill_phases(RunResult& result, const PhaseMeasurement& phases, Model& m, sim::SimTime interval) {
  for (int i = 0; i < kRunPhases; ++i) {
    const auto phase = static_cast<RunPhase>(i);
    const PhaseTotals& t = phases.totals(phase);
    if (t.time <= 0) continue;
    PhaseResult p;
    p.phase = phase;
    p.seconds = sim::to_seconds(t.time);
    for (const PhaseSpan& span : phases.spans()) p.spans += span.phase == phase ? 1 : 0;
    p.read_iops = static_cast<double>(t.reads) / p.seconds;
    p.write_iops = static_cast<double>(t.writes) / p.seconds;
    p.read_bytes_per_s = static_cast<double>(t.read_bytes) / p.seconds;
    p.write_bytes_per_s = static_cast<double>(t.write_bytes) / p.seconds;
    p.read_latency = summarise(t.read_latency);
    p.write_latency = summarise(t.write_latency);
    p.failed_ios = t.failed;
    for (std::size_t n = 0; n < t.node_cycles.size(); ++n) {
      const HostCpu& cpu = m.cluster.cpu(static_cast<int>(n));
      const double busy = t.node_cycles[n] / (cpu.clock_hz() * cpu.capacity_threads() * p.seconds);
      if (busy > p.cpu_busiest) {
        p.cpu_busiest = busy;
        p.cpu_busiest_node = static_cast<int>(n);
      }
    }
    steady_phase_intervals(p, phases.spans(), result.timeline, interval);
    result.phases.push_back(p);
  }
}

RunResult simulate(const ScenarioSpec& spec, const RunOptions& options) {
  if (spec.run.duration_ns <= 0) throw std::invalid_argument("run duration must be positive");
  if (spec.run.warmup_ns < 0 || spec.run.warmup_ns > std::numeric_limits<sim::SimTime>::max() - spec.run.duration_ns) {
    throw std::invalid_argument("warm-up + duration must fit the simulator's clock (about 292 years)");
  }
  if (static_cast<int>(spec.vms.per_node.size()) != spec.cluster.node_count) {
    throw std::invalid_argument("VM placement must list one count per node");
  }
  const auto wall_start = std::chrono::steady_clock::now();
  Model m(spec);
  m.vms.set_chaining(options.chain_bursts);
  m.engine.set_observer(options.events);
  if (spec.vms.sas) {
    place_streams(m, spec);
  } else {
    place_vms(m, spec);
  }
  if (m.requests.empty()) throw std::invalid_argument("the scenario has no VM issuing I/O");
  const RequestShape shape = m.workload->request_shape();
  m.product->reserve(m.requests.size(), shape.largest, shape.align);

  const sim::SimTime warmup = spec.run.warmup_ns;
  const sim::SimTime end = warmup + spec.run.duration_ns;
  WarmupEnd warmup_end(m, warmup, spec.run.duration_ns, timeline_interval(spec.run));
  m.engine.schedule_timer_at(warmup, warmup_end);  // a timer: a fast-forward over the warm-up brings it sooner
  RunLog events;
  m.product->set_event_log(&events);
  const bool timeline = spec.timeline.random_failures || !spec.timeline.events.empty();
  std::optional<FastForward> fast_forward;
  if (timeline) {
    m.workload->split_by_phase(&m.phases);
    events.on_event = [&m](const RunEvent& e) {
      m.phases.set_phase(current_phase(m), e.at, node_cycles(m));
      if (m.fast_forward != nullptr) m.fast_forward->disturbed();
    };
    Measurement* skippable = m.workload->skippable_measurement();
    if (spec.run.fast_forward && skippable != nullptr && can_fast_forward(m)) {
      fast_forward.emplace(m.engine, m.cluster, *m.product, *skippable, m.phases, events, warmup_end, end,
                           spec.run.fast_forward_precision);
      m.fast_forward = &*fast_forward;
    }
  }
  FailureDriver failures(m.engine, spec, m.cluster, *m.product, m.vms, m.workload->restartable(), events);
  failures.start();
  m.workload->start(m.vms);
  if (m.fast_forward != nullptr && warmup > 0) m.fast_forward->start_warmup();

  PrecisionStop precision(spec.run.precision, spec.run.precision_percentiles);
  if (options.set_up) options.set_up();
  const auto loop_start = std::chrono::steady_clock::now();
  std::uint64_t peak_pending = 0;
  const sim::SimTime step = std::max<sim::SimTime>(1, end / 100);
  // The run's end on the simulator's clock: sooner by the spans fast-forwarded.
  auto engine_end = [&m, end] { return end - (m.fast_forward != nullptr ? m.fast_forward->skipped() : 0); };
  for (sim::SimTime t = 0; t < engine_end();) {
    t = std::min(engine_end(), t + step);
    m.engine.run_until(t);
    t = m.engine.now();  // earlier than asked when a fast-forward stopped the engine
    peak_pending = std::max<std::uint64_t>(peak_pending, m.engine.pending_events());
    if (options.progress) options.progress(static_cast<double>(scenario_now(m)) / static_cast<double>(end));
    if (m.workload->finished()) break;  // a workload with an end of its own (SAS: both phases done)
    if (t > warmup && precision.check(m.io(), t - warmup)) break;
  }
  // A span skipped to the run's end stopped the engine before the events due
  // then (the last interval's sample, pulled to now): they run as a full run's would.
  if (m.fast_forward != nullptr && scenario_now(m) >= end) m.engine.run_until(m.engine.now());
  const auto loop_end = std::chrono::steady_clock::now();
  const sim::SimTime stopped = std::min(end, scenario_now(m));
  m.workload->finish(m.engine.now());
  m.phases.finish(scenario_now(m), node_cycles(m));

  RunResult result;
  result.scenario_id = spec.id;
  result.title = spec.title;
  result.seed = spec.run.seed;
  result.warmup_seconds = sim::to_seconds(warmup);
  result.measured_seconds = sim::to_seconds(stopped - warmup);
  if (m.fast_forward != nullptr) result.fast_forwarded = m.fast_forward->spans();
  result.simulated_seconds =
      result.measured_seconds - (m.fast_forward != nullptr ? sim::to_seconds(m.fast_forward->skipped_measured()) : 0);
  result.precision_reached = precision.reached();
  const Measurement& measurement = m.io();
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
  result.degraded_ios = m.product->counters().degraded_ios;
  result.redirected_ios = m.product->counters().redirected_ios;
  result.charges = m.product->counters().charges;
  result.csv_read_latency_s = m.vms.csv_latency_s(false);
  result.csv_write_latency_s = m.vms.csv_latency_s(true);
  result.host_cache_hits = m.product->counters().host_cache_hits;
  result.host_cache_misses = m.product->counters().host_cache_misses;
  result.read_stages = stage_means(measurement, false, measurement.reads());
  result.write_stages = stage_means(measurement, true, measurement.writes());
  const double interval_s = sim::to_seconds(measurement.interval());
  IntervalProbe previous = warmup_end.start;
  std::size_t index = 0;
  for (const IntervalSample& sample : measurement.timeline()) {
    TimelinePoint p;
    if (index < warmup_end.samples.size()) {
      const IntervalProbe& c = warmup_end.samples[index++];
      const std::uint64_t lookups = (c.hits - previous.hits) + (c.misses - previous.misses);
      p.cache_read_hit_ratio =
          lookups > 0 ? static_cast<double>(c.hits - previous.hits) / static_cast<double>(lookups) : 0;
      p.cache_dirty_bytes = static_cast<double>(c.dirty_bytes);
      for (int n = 0; n < m.cluster.node_count(); ++n) {
        const HostCpu& cpu = m.cluster.cpu(n);
        const double capacity = cpu.clock_hz() * cpu.capacity_threads() * interval_s;
        const auto i = static_cast<std::size_t>(n);
        p.node_cpu.push_back(capacity > 0 ? (c.node_cycles[i] - previous.node_cycles[i]) / capacity : 0);
      }
      p.repair_bytes_to_go = static_cast<double>(c.repair.bytes_to_repair);
      p.repair_bytes_per_s = static_cast<double>(c.repair.bytes_repaired - previous.repair.bytes_repaired) / interval_s;
      p.degraded_bytes = static_cast<double>(c.repair.degraded_bytes);
      p.repairing = c.repair.repairing;
      p.repair_hold = c.repair.hold;
      p.repair_hold_node = c.repair.hold_node;
      p.burst_seconds_left = c.burst_seconds_left;
      for (double& left : p.burst_seconds_left) left *= spec.cluster.cloud.time_scale;
      previous = c;
    }
    p.read_bytes_per_s = static_cast<double>(sample.read_bytes) / interval_s;
    p.write_bytes_per_s = static_cast<double>(sample.write_bytes) / interval_s;
    p.read_p50_s = sample.read_p50_ns * 1e-9;
    p.read_p99_s = sample.read_p99_ns * 1e-9;
    p.write_p50_s = sample.write_p50_ns * 1e-9;
    p.write_p99_s = sample.write_p99_ns * 1e-9;
    p.failed_iops = static_cast<double>(sample.failed) / interval_s;
    p.end_s = sim::to_seconds(sample.end);
    p.read_iops = static_cast<double>(sample.reads) / interval_s;
    p.write_iops = static_cast<double>(sample.writes) / interval_s;
    if (sample.reads > 0) p.read_latency_mean_s = sim::to_seconds(sample.read_latency_sum) / sample.reads;
    if (sample.writes > 0) p.write_latency_mean_s = sim::to_seconds(sample.write_latency_sum) / sample.writes;
    result.timeline.push_back(p);
  }
  for (TimelinePoint& p : result.timeline) {
    const double begin_s = p.end_s - interval_s;
    for (const FastForwardSpan& span : result.fast_forwarded)
      p.advanced = p.advanced || (span.begin_s < p.end_s && span.end_s > begin_s);
  }
  result.failed_ios = measurement.failed();
  for (const RunEvent& e : events.events()) result.events.push_back({sim::to_seconds(e.at), e.what});
  if (events.on_event) fill_phases(result, m.phases, m, measurement.interval());
  result.repaired_bytes = static_cast<double>(m.product->repair_status().bytes_repaired);
  fill_nodes(result, m);
  result.statistics.rows = m.engine.statistics().read({m.engine.now(), result.simulated_seconds});
  const ProductHotspot hotspot = m.product->hotspot(m.engine.now());
  result.hotspot = hotspot.what;
  result.hotspot_resource = hotspot.resource;
  result.hotspot_why = hotspot.why;
  result.hotspot_utilisation = hotspot.utilisation;
  if (m.cluster.cloud()) fill_cloud(result, m.cluster, spec);
  m.workload->fill(result, spec, m.engine.now());
  attribute_bottleneck(result, spec);
  if (events.on_event) summarise_repair(result, m.product->repair_status());
  result.references = compare_references(result, spec.references, spec.what_if.empty());

  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  RunPerformance& perf = result.performance;
  perf.wall_seconds = wall;
  perf.events = m.engine.events_processed();
  perf.events_cancelled = m.engine.events_cancelled();
  perf.simulated_ios = m.workload->simulated_ios(m.vms);
  perf.ios_per_wall_second = wall > 0 ? static_cast<double>(perf.simulated_ios) / wall : 0;
  perf.events_per_wall_second = wall > 0 ? static_cast<double>(perf.events) / wall : 0;
  perf.peak_pending_events = peak_pending;
  perf.setup_seconds = std::chrono::duration<double>(loop_start - wall_start).count();
  if (warmup_end.measuring) {
    perf.measured_wall_seconds = std::chrono::duration<double>(loop_end - warmup_end.wall_at_start).count();
    perf.measured_events = m.engine.events_processed() - warmup_end.events_at_start;
    perf.measured_ios = measurement.reads() + measurement.writes();
  }
  assess_steady_state(result, spec, measurement);
  return result;
}

}  // namespace hcisim::models
