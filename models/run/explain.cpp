#include "models/run/explain.hpp"
#include "models/cache/cache_statistics.hpp"
#include "models/run/percent_text.hpp"
#include "models/run/synthetic_failure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

#include "models/failure/durability.hpp"
#include "models/run/simulation.hpp"
#include "models/run/steady_state.hpp"
#include "models/storage/product_registry.hpp"

namespace hcisim::models {

namespace {

std::string number(double value, const char* format = "%.0f") {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

int vm_count(const ScenarioSpec& spec) {
  return std::accumulate(spec.vms.per_node.begin(), spec.vms.per_node.end(), 0);
}

// The index of the first capacity drive group (the catalog's nodes have one).
std::size_t capacity_group(const ClusterSpec& c) {
  for (std::size_t g = 0; g < c.node.drives.size(); ++g) {
    if (c.node.drives[g].role == DriveRole::Capacity) return g;
  }
  throw std::invalid_argument("node '" + c.node.id + "' has no capacity drives");
}

int capacity_drives_per_node(const ClusterSpec& c) {
  int drives = 0;
  for (const NodeDriveGroup& g : c.node.drives) drives += g.role == DriveRole::Capacity ? g.count : 0;
  return drives;
}

// Sequential rates of a drive; a hard disk has its media rates instead (the outer zone, the fastest: a bound).
double sequential_write(const DriveSpec& d) {
  return d.seq_write_bytes_per_s > 0 ? d.seq_write_bytes_per_s : d.outer_media_bytes_per_s;
}
double sequential_read(const DriveSpec& d) {
  return d.seq_read_bytes_per_s > 0 ? d.seq_read_bytes_per_s : d.outer_media_bytes_per_s;
}

double port_bytes_per_s(const NicSpec& nic, const SwitchSpec& sw) {
  const double bits = sw.port_bits_per_s > 0 ? std::min(nic.port_bits_per_s, sw.port_bits_per_s) : nic.port_bits_per_s;
  return bits / 8.0;
}

double clock_hz(const CpuSpec& cpu) { return cpu.all_core_hz > 0 ? cpu.all_core_hz : cpu.base_hz; }

// Stages in path order that took any time, with their share of the mean latency.
std::vector<StageShare> shares(const StageBreakdown& stages) {
  std::vector<StageShare> out;
  const double total = stages.total_s();
  if (total <= 0) return out;
  for (int s = 0; s < kIoStageCount; ++s) {
    const double mean = stages.mean_s[static_cast<std::size_t>(s)];
    if (mean > 0) out.push_back({static_cast<IoStage>(s), mean, mean / total});
  }
  return out;
}

// The hypervisor's outstanding I/Os per virtual disk (one data disk per VM on
// one adapter: the tighter of the disk's and the adapter's limit), 0 = none.
int queue_limit_of(const HypervisorSpec& h) {
  int limit = h.disk_queue_depth;
  if (h.adapter_queue_depth > 0 && (limit == 0 || h.adapter_queue_depth < limit)) limit = h.adapter_queue_depth;
  return limit;
}

// Mean time an I/O holds a controller slot: everything after the guest and the wait for the slot.
double time_past_queue_s(const RunResult& run) {
  const double reads = static_cast<double>(run.read_latency.count);
  const double writes = static_cast<double>(run.write_latency.count);
  if (reads + writes <= 0) return 0;
  auto past = [](const StageBreakdown& s) { return s.total_s() - s[IoStage::Guest] - s[IoStage::VmQueue]; };
  return (reads * past(run.read_stages) + writes * past(run.write_stages)) / (reads + writes);
}

double vm_queue_wait_s(const RunResult& run) {
  const double reads = static_cast<double>(run.read_latency.count);
  const double writes = static_cast<double>(run.write_latency.count);
  if (reads + writes <= 0) return 0;
  return (reads * run.read_stages[IoStage::VmQueue] + writes * run.write_stages[IoStage::VmQueue]) / (reads + writes);
}

std::optional<Limit> vm_queue_limit(const ScenarioSpec& spec, const RunResult& run, int limit) {
  const int vms = vm_count(spec);
  if (limit <= 0 || vms == 0) return std::nullopt;
  // Little's law at the controller: slots held = I/Os per second per disk x time past the queue.
  const double held = run.total_iops() / vms * time_past_queue_s(run);
  const double wait = vm_queue_wait_s(run);
  const double latency = run.all_latency.mean_s;
  return Limit{"VM queue", held / limit,
               "each virtual disk takes at most " + std::to_string(limit) + " I/Os at once; on average " +
                   number(held, "%.1f") + " hold a slot (IOPS per VM x time past the queue), and an I/O waits " +
                   number(wait * 1e6, "%.1f") + " us for one (" + percent(latency > 0 ? wait / latency : 0) +
                   " of its latency)"};
}

// Every target paced by -g: the rate the pacing allows, in I/Os per second over all VMs.
double paced_iops(const ScenarioSpec& spec) {
  double per_vm = 0;
  for (const DiskspdTarget& t : spec.vms.workload.targets) {
    if (t.throughput_bytes_per_ms == 0) return 0;
    per_vm += t.threads * static_cast<double>(t.throughput_bytes_per_ms) * 1000.0 / static_cast<double>(t.block_bytes);
  }
  return per_vm * vm_count(spec);
}

bool has_timeline(const ScenarioSpec& spec) { return !spec.timeline.events.empty() || spec.timeline.random_failures; }

LittleCheck little_of(const ScenarioSpec& spec, const RunResult& run) {
  LittleCheck l;
  if (run.oltp.present) {
    l.oltp = true;
    l.rate = run.oltp.tps;
    l.time_s = run.oltp.think_time_s + run.oltp.latency.mean_s;
    l.configured = run.oltp.users;
    // Every user is either thinking or in a transaction (the response time law).
    l.must_close = true;
  } else {
    l.rate = run.total_iops();
    l.time_s = run.all_latency.mean_s;
    l.configured = static_cast<double>(vm_count(spec)) * spec.vms.workload.outstanding_per_vm();
    bool paced = false;
    for (const DiskspdTarget& t : spec.vms.workload.targets) paced = paced || t.throughput_bytes_per_ms > 0;
    l.must_close = !paced && !has_timeline(spec);
  }
  l.in_flight = l.rate * l.time_s;
  return l;
}

std::array<double, kCpuLayerCount> cycles_per_io(const ScenarioSpec& spec, const RunResult& run) {
  std::array<double, kCpuLayerCount> cycles{};
  const double ios = run.total_iops() * run.measured_seconds;
  if (ios <= 0) return cycles;
  for (const NodeResult& n : run.nodes) {
    const double hz = clock_hz(n.compute_host ? spec.cluster.compute_hosts.cpu : spec.cluster.cpu);
    const double capacity_cycles = hz * n.capacity_threads * run.measured_seconds;
    for (int l = 0; l < kCpuLayerCount; ++l) {
      cycles[static_cast<std::size_t>(l)] += n.cpu_by_layer[static_cast<std::size_t>(l)] * capacity_cycles / ios;
    }
  }
  return cycles;
}

// Hybrid nodes: the "drives" entry is the cache tier's front, which is no
// device; name the cache drives and the capacity drives behind it instead.
void split_hybrid_drives(const RunResult& run, std::vector<Limit>& chain) {
  namespace s = cache_statistics;
  const auto tier = [&run](int node, const s::Declared& d) { return run.statistics.value(s::name(node, d)); };
  int cache = -1, capacity = -1;
  for (const NodeResult& n : run.nodes) {
    if (!n.up || !n.has_cache_tier) continue;
    if (cache < 0 || tier(n.node, s::kCacheDriveMax) > tier(cache, s::kCacheDriveMax)) cache = n.node;
    if (capacity < 0 || tier(n.node, s::kCapacityDriveMax) > tier(capacity, s::kCapacityDriveMax)) capacity = n.node;
  }
  if (cache < 0) return;
  chain.erase(std::remove_if(chain.begin(), chain.end(), [](const Limit& l) { return l.resource == "drives"; }),
              chain.end());
  chain.push_back({"cache drives", tier(cache, s::kCacheDriveMax),
                   "busiest cache drive on node " + std::to_string(cache + 1) + " at " +
                       percent(tier(cache, s::kCacheDriveMax)) + " (node mean " +
                       percent(tier(cache, s::kCacheDriveMean)) + "); " + percent(tier(cache, s::kReadHitRatio)) +
                       " of the reads it could serve hit"});
  chain.push_back({"capacity drives", tier(capacity, s::kCapacityDriveMax),
                   "busiest capacity drive (behind the cache) on node " + std::to_string(capacity + 1) + " at " +
                       percent(tier(capacity, s::kCapacityDriveMax)) + " (node mean " +
                       percent(tier(capacity, s::kCapacityDriveMean)) + ")"});
}

}  // namespace

CapacityFigures usable_capacity(const ScenarioSpec& spec) {
  const ClusterSpec& c = spec.cluster;
  CapacityFigures f;
  double largest = 0;
  for (std::size_t g = 0; g < c.node.drives.size(); ++g) {
    if (c.node.drives[g].role != DriveRole::Capacity) continue;
    const double bytes = static_cast<double>(c.drives[g].capacity_bytes);
    f.raw_bytes += c.node.drives[g].count * bytes * c.node_count;
    largest = std::max(largest, bytes);
  }
  // The product keeps at most all but one drive of a node in reserve (s2d_product.cpp does the same).
  if (c.stack.failure.defined) {
    const int reserve =
        std::clamp(c.stack.failure.reserve_drives_per_node, 0, std::max(0, capacity_drives_per_node(c) - 1));
    f.reserve_bytes = reserve * largest * c.node_count;
  }
  f.copies = copies(c.resiliency);
  f.usable_bytes = (f.raw_bytes - f.reserve_bytes) / f.copies;
  return f;
}

RepairRateBound repair_rate_bound(const ScenarioSpec& spec) {
  const ClusterSpec& c = spec.cluster;
  const DriveSpec& drive = c.drives[capacity_group(c)];
  const FailureHandlingSpec& f = c.stack.failure;
  RepairRateBound best{std::max(1, capacity_drives_per_node(c) - 1) * sequential_write(drive), "drive writes"};
  auto tighter = [&](double rate, const char* limit) {
    if (rate > 0 && rate < best.bytes_per_s) best = {rate, limit};
  };
  const double port = port_bytes_per_s(c.nic, c.network_switch);
  tighter(port * c.nic.ports * c.node.nic_count, "NIC ingress");
  tighter(c.hba.max_bytes_per_s, "HBA");
  if (f.repair_io_bytes > 0 && f.repair_outstanding > 0 && port > 0) {
    const double io = static_cast<double>(f.repair_io_bytes);
    const double one_io_s = io / sequential_read(drive) + io / port + io / sequential_write(drive) +
                            2e-9 * static_cast<double>(c.nic.message_latency_ns + c.network_switch.latency_ns);
    const auto volumes = std::count_if(spec.vms.per_node.begin(), spec.vms.per_node.end(), [](int n) { return n > 0; });
    tighter(static_cast<double>(volumes) * f.repair_outstanding * io / one_io_s, "repair I/Os in flight");
  }
  return best;
}

namespace {

// The repair times an MTTDL figure rests on, as observed (or estimated) in `seen`.
void take_repair_times(MttdlFigure& m, const RepairObservation& seen) {
  m.repair_bytes_per_s = seen.repair_bytes_per_s;
  m.drive_rebuild_s = seen.drive_rebuild_s;
  m.node_resync_s = seen.node_resync_s;
  m.node_downtime_s = seen.node_downtime_s;
  m.rebuild_estimated = seen.rebuild_estimated;
  m.resync_estimated = seen.resync_estimated;
}

}  // namespace

MttdlFigure mttdl_of(const ScenarioSpec& spec, const RunResult& run) {
  MttdlFigure m;
  const ClusterSpec& c = spec.cluster;
  if (const std::string why = parts_cannot_fail(spec); !why.empty()) {
    m.why_not = why;
    return m;
  }
  RepairObservation seen = observe_repair(spec, run);
  m.repair_simulated = seen.repair_bytes_per_s > 0;
  if (!m.repair_simulated) {
    const RepairRateBound bound = repair_rate_bound(spec);
    seen.repair_bytes_per_s = bound.bytes_per_s;
    m.rate_bound = bound.limit;
  }
  if (std::isnan(seen.node_downtime_s) && c.node.mtbf_hours > 0) {
    seen.node_downtime_s = kAssumedNodeDowntimeS;
    m.downtime_assumed = true;
  }
  try {
    const DurabilityInputs in = durability_inputs(spec, seen);
    if (!in.not_computable.empty()) {
      m.why_not = in.not_computable;
      return m;
    }
    m.mttdl_s = mean_time_to_data_loss_s(in);
    if (std::isinf(m.mttdl_s)) m.unbounded_because = unbounded_mttdl_reason(in);
  } catch (const std::invalid_argument& e) {
    m.why_not = e.what();
    return m;
  }
  m.available = true;
  take_repair_times(m, seen);
  return m;
}

MttdlFigure mttdl_of(const DurabilityStudy& study) {
  MttdlFigure m;
  if (!study.not_computable.empty() || study.repairs.empty()) {
    m.why_not = study.not_computable.empty() ? "no repair speed was simulated" : study.not_computable;
    return m;
  }
  const RepairObservation& r = study.repairs[study.reference];
  const RepairDurability& d = study.by_repair_speed[study.reference];
  if (!d.not_computable.empty()) {
    m.why_not = d.not_computable;
    return m;
  }
  m.available = true;
  m.from_study = true;
  m.mttdl_s = d.mttdl_s;
  m.unbounded_because = d.unbounded_because;
  m.repair_simulated = true;
  take_repair_times(m, r);
  m.downtime_assumed = r.downtime_assumed;
  return m;
}

void adopt_repair_study(RunExplanation& why, const WhatIfs& what_ifs) {
  if (what_ifs.repair && what_ifs.repair->not_computable.empty()) why.mttdl = what_ifs.baseline.mttdl;
}

RunExplanation explain_run(const ScenarioSpec& spec, const RunResult& run) {
  RunExplanation e;
  e.bottleneck = run.bottleneck;
  for (const RankedResource& r : rank_resources(run, spec)) {
    e.chain.push_back({r.what.resource, r.what.utilisation, r.what.reason, r.can_limit});
  }
  split_hybrid_drives(run, e.chain);
  e.queue_limit = queue_limit_of(spec.cluster.hypervisor);
  if (auto queue = vm_queue_limit(spec, run, e.queue_limit)) e.chain.push_back(*queue);
  if (run.oltp.present && run.oltp.users > 0 && run.oltp.think_time_s > 0) {
    const double asked = run.oltp.users / run.oltp.think_time_s;
    e.chain.push_back({"users' think time", run.oltp.tps / asked,
                       std::to_string(run.oltp.users) + " users thinking " + number(run.oltp.think_time_s, "%.3g") +
                           " s between transactions ask for at most " + number(asked) + " TPS (users / think time); " +
                           "the run gives " + number(run.oltp.tps)});
  } else if (const double paced = paced_iops(spec); paced > 0) {
    e.chain.push_back({"DISKSPD -g limit", run.total_iops() / paced,
                       "every thread is paced by -g: together they may issue " + number(paced) +
                           " I/Os per second; the run gives " + number(run.total_iops())});
  }
  // Busiest first; what is busy only because something else is goes last.
  std::stable_sort(e.chain.begin(), e.chain.end(), [](const Limit& a, const Limit& b) {
    if (a.can_limit != b.can_limit) return a.can_limit;
    return a.utilisation > b.utilisation;
  });
  e.little = little_of(spec, run);
  e.read_stages = shares(run.read_stages);
  e.write_stages = shares(run.write_stages);
  e.cycles_per_io = cycles_per_io(spec, run);
  e.capacity = usable_capacity(spec);
  e.mttdl = mttdl_of(spec, run);
  return e;
}

VariantSpec transport_variant(const ScenarioSpec& spec) {
  VariantSpec v;
  const NicSpec& nic = spec.cluster.nic;
  if (!product(spec.cluster.stack.product).offers.rdma) {
    v.name = "RDMA against TCP";
    v.why_not = "stack '" + spec.cluster.stack.id + "' runs over TCP/IP only; there is no RDMA transport to try";
    return v;
  }
  ScenarioSpec s = spec;
  if (nic.rdma != RdmaKind::None) {
    v.name = "TCP instead of RDMA";
    v.change = "SMB over TCP on the same NIC: every message end adds the stack's TCP work";
    s.cluster.nic.rdma = RdmaKind::None;
  } else {
    v.name = "RDMA instead of TCP";
    v.change = "SMB Direct over RoCE v2 on the same NIC (its message latency unchanged)";
    s.cluster.nic.rdma = RdmaKind::RoCEv2;
  }
  s.title += " [" + v.name + "]";
  v.spec = std::move(s);
  return v;
}

VariantSpec faster_nic_variant(const ScenarioSpec& spec) {
  VariantSpec v;
  v.name = "NIC at twice the port speed";
  ScenarioSpec s = spec;
  const double speed = 2 * spec.cluster.nic.port_bits_per_s;
  s.cluster.nic.port_bits_per_s = speed;
  std::string change = spec.cluster.nic.id + " ports at " + number(speed / 1e9) + " Gb/s";
  if (s.cluster.compute_hosts.count > 0) s.cluster.compute_hosts.nic.port_bits_per_s *= 2;
  SwitchSpec& sw = s.cluster.network_switch;
  const double hosts_speed = s.cluster.compute_hosts.count > 0 ? s.cluster.compute_hosts.nic.port_bits_per_s : 0;
  if (sw.port_bits_per_s > 0 && sw.port_bits_per_s < std::max(speed, hosts_speed)) {
    sw.port_bits_per_s = std::max(speed, hosts_speed);
    change += ", and the switch ports with them (a link runs at the slower end)";
  }
  if (s.cluster.compute_hosts.count > 0) change += "; the compute hosts' NICs doubled too";
  v.change = change;
  s.title += " [" + v.name + "]";
  v.spec = std::move(s);
  return v;
}

Outcome outcome_of(const ScenarioSpec& spec, const RunResult& run) {
  Outcome o;
  o.iops = run.total_iops();
  o.read_iops = run.read_iops;
  o.write_iops = run.write_iops;
  o.iops_ci_half_width = run.total_iops_ci_half_width;
  o.read_p99_s = run.read_latency.p99_s;
  o.write_p99_s = run.write_latency.p99_s;
  o.usable_bytes = usable_capacity(spec).usable_bytes;
  o.mttdl = mttdl_of(spec, run);
  o.limit = run.bottleneck;
  o.warnings = run.warnings;
  return o;
}

WhatIfs run_what_ifs(const ScenarioSpec& spec, const RunResult& run, const std::vector<VariantSpec>& variants,
                     const WhatIfOptions& options) {
  WhatIfs w;
  RunControl control = spec.run;
  w.quick = options.quick && !has_timeline(spec);
  if (w.quick) {
    control.duration_ns = std::max<std::int64_t>(1, spec.run.duration_ns / kQuickDivisor);
    control.interval_ns = spec.run.interval_ns / kQuickDivisor;
  }
  w.measured_s = sim::to_seconds(control.duration_ns);
  const std::string cannot = parts_cannot_fail(spec);
  const bool repairs = options.repair_speeds && cannot.empty();
  if (!options.repair_speeds) {
    w.repair_skipped = "not asked for";
  } else if (!repairs) {
    w.repair_skipped = "cannot be computed: " + cannot;
  }
  // --quick: the scenario's own speed only (the headline MTTDL), not the other four.
  const std::vector<int> speeds =
      w.quick ? std::vector<int>{spec.cluster.stack.failure.repair_outstanding} : std::vector<int>{1, 2, 4, 8, 16};
  int count = (w.quick ? 1 : 0) + (repairs ? static_cast<int>(speeds.size()) : 0);
  for (const VariantSpec& v : variants) count += v.spec ? 1 : 0;
  int index = 0;
  auto announce = [&](const std::string& what) {
    if (options.on_run) options.on_run(what, index, count);
    ++index;
  };

  if (w.quick) {
    ScenarioSpec shorter = spec;
    shorter.run = control;
    announce("the scenario as is");
    w.baseline = outcome_of(shorter, simulate(shorter));
  } else {
    w.baseline = outcome_of(spec, run);
  }
  for (const VariantSpec& v : variants) {
    Counterfactual row;
    row.name = v.name;
    row.change = v.change;
    if (!v.spec) {
      row.why_not = v.why_not;
      w.rows.push_back(row);
      continue;
    }
    ScenarioSpec trial = *v.spec;
    trial.run = control;
    announce(v.name);
    try {
      row.outcome = outcome_of(trial, simulate(trial));
      row.ran = true;
      row.iops_change = w.baseline.iops > 0 ? (row.outcome.iops - w.baseline.iops) / w.baseline.iops : 0;
      row.within_noise = std::fabs(row.outcome.iops - w.baseline.iops) <
                         std::hypot(row.outcome.iops_ci_half_width, w.baseline.iops_ci_half_width);
    } catch (const std::invalid_argument& e) {
      row.why_not = e.what();
    } catch (const NoCompletedIo& e) {
      row.why_not = e.what();
    }
    w.rows.push_back(row);
  }
  if (repairs) {
    try {
      w.repair = study_durability(spec, speeds, options.mission_s,
                                  [&](int speed, int, int) { announce("repair speed " + std::to_string(speed)); });
      w.baseline.mttdl = mttdl_of(*w.repair);
    } catch (const std::invalid_argument& e) {
      w.repair_skipped = e.what();  // e.g. the run's failures repaired nothing and no part could fail
    }
  }
  return w;
}

}  // namespace hcisim::models
