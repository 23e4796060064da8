#include "models/analytic/fast_path.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "models/analytic/cache_checks.hpp"
#include "models/analytic/drive_load.hpp"
#include "models/analytic/product_paths.hpp"
#include "models/run/bottleneck.hpp"
#include "models/run/reference_check.hpp"
#include "models/storage/product_registry.hpp"
#include "models/workload/stream_coverage.hpp"

namespace hcisim::models {

namespace {

// Keeps the per-pair network small enough to answer in milliseconds.
constexpr int kMaxNodes = 64;

// An answer whose throughput still moves by more than this between iterations
// is not given (the simulator agrees within 10 % where the analysis settles).
constexpr double kMostSwing = 0.01;

// A serial queue (a volume's stage) and a CPU both saturated, or nearly (the
// analysis spreads a CPU's wait evenly where the simulator's whole-core guests
// queue; within kCpuNearlyFull of full the two differ by a third on latency):
// which one the I/Os line up at decides how the latency splits between reads and
// writes, and the mean value analysis cannot tell (it may put them at either).
constexpr double kCpuNearlyFull = 0.95;
void refuse_double_saturation(const RunResult& result, const ScenarioSpec& spec) {
  if (result.hotspot_utilisation < kSerialSaturated) return;
  for (const NodeResult& n : result.nodes) {
    if (!n.up || cores_needed(n, spec) < kCpuNearlyFull) continue;
    throw BeyondFastPath("a host CPU (node " + std::to_string(n.node + 1) + ") and " + result.hotspot +
                         " are both saturated: where the I/Os line up decides how latency splits between reads "
                         "and writes, which the mean value analysis cannot tell");
  }
}

}  // namespace

std::string fast_path_limit(const ScenarioSpec& spec) {
  std::vector<std::string> beyond;
  if (spec.vms.oltp) {
    beyond.push_back("the OLTP application (users' think time, buffer pool, group commit, checkpoints)");
  }
  if (spec.cluster.cloud.defined() || spec.vms.sas) {
    // The rest (drives, cache) describes servers: nothing more to name.
    return "cloud clusters (Azure VM and disk caps, burst credits, InfoScale, SAS iotest streams)";
  }
  const ProductEntry& stack_product = product(spec.cluster.stack.product);
  if (!stack_product.offers.fast_path) {
    beyond.push_back(std::string(stack_product.full_name) + " (the fast path has no model of its I/O path)");
  }
  if (!spec.timeline.events.empty() || spec.timeline.random_failures) {
    beyond.push_back("failures over time (the timeline: detection, failover, resync and rebuild)");
  }
  bool cache = false;
  bool hdd = false;
  bool cloud_disk = false;
  std::string capacity_model;
  bool mixed = false;
  std::string cache_model;
  bool mixed_cache = false;
  for (std::size_t g = 0; g < spec.cluster.node.drives.size(); ++g) {
    const DriveSpec& d = spec.cluster.drives[g];
    if (spec.cluster.node.drives[g].role == DriveRole::Cache) {
      cache = true;
      if (!cache_model.empty() && cache_model != d.id) mixed_cache = true;
      cache_model = d.id;
      continue;
    }
    hdd = hdd || d.kind == DriveKind::Hdd;
    cloud_disk = cloud_disk || d.kind == DriveKind::CloudDisk;
    if (!capacity_model.empty() && capacity_model != d.id) mixed = true;
    capacity_model = d.id;
  }
  // Hard disks only behind a cache tier that serves every I/O (cache_checks.hpp).
  if (hdd && !cache)
    beyond.push_back("hard disk capacity drives (seeks and rotation: the fast path models flash drives)");
  if (cloud_disk) beyond.push_back("cloud managed disks in a server node");
  if (mixed) beyond.push_back("capacity drives of more than one model in a node");
  if (mixed_cache) beyond.push_back("cache drives of more than one model in a node");
  for (const std::string& c : analytic::cache_limits(spec)) beyond.push_back(c);
  if (spec.cluster.node_count + spec.cluster.compute_hosts.count > kMaxNodes) {
    beyond.push_back("clusters of more than " + std::to_string(kMaxNodes) +
                     " hosts (the fast path models every node pair's connections)");
  }
  std::string text;
  for (const std::string& b : beyond) text += (text.empty() ? "" : "; ") + b;
  return text;
}

namespace {

using analytic::ClassInfo;
using analytic::ClusterStations;
using analytic::Network;

// What the simulator's products refuse, refused the same way.
void check_product(const ScenarioSpec& spec) {
  const ClusterSpec& c = spec.cluster;
  if (const std::string why = product(c.stack.product).refusal(c); !why.empty()) throw std::invalid_argument(why);
  if (copies(c.resiliency) > c.node_count) {
    throw std::invalid_argument(std::to_string(copies(c.resiliency)) +
                                " copies need at least as many nodes; the cluster has " + std::to_string(c.node_count));
  }
}

// Latency of one direction over the classes: weights (rates), means, variances.
struct Mixture {
  std::vector<double> weight, mean, variance;
  void add(double w, double m, double v) {
    if (w <= 0) return;
    weight.push_back(w);
    mean.push_back(m);
    variance.push_back(v);
  }
  double total() const { return std::accumulate(weight.begin(), weight.end(), 0.0); }
  double average() const {
    double s = 0;
    for (std::size_t i = 0; i < weight.size(); ++i) s += weight[i] * mean[i];
    return total() > 0 ? s / total() : 0;
  }
  // P(latency <= t), each part a gamma of its mean and variance.
  double cdf(double t) const {
    double p = 0;
    for (std::size_t i = 0; i < weight.size(); ++i) {
      double part = 0;
      if (variance[i] <= 1e-6 * mean[i] * mean[i]) {
        part = t >= mean[i] ? 1.0 : 0.0;
      } else {
        // Wilson-Hilferty: the cube root of a gamma variable is nearly normal.
        const double shape = mean[i] * mean[i] / variance[i];
        const double z = (std::cbrt(t / mean[i]) - (1 - 1 / (9 * shape))) / std::sqrt(1 / (9 * shape));
        part = 0.5 * std::erfc(-z / std::sqrt(2.0));
      }
      p += weight[i] * part;
    }
    return p / total();
  }
  double quantile(double q) const {
    double hi = 0;
    for (std::size_t i = 0; i < mean.size(); ++i) hi = std::max(hi, mean[i] + 20 * std::sqrt(variance[i]));
    double lo = 0;
    for (int k = 0; k < 40; ++k) {
      const double mid = 0.5 * (lo + hi);
      (cdf(mid) < q ? lo : hi) = mid;
    }
    return hi;
  }
  LatencySummary summary(double seconds) const {
    LatencySummary s;
    s.observed = false;
    if (weight.empty()) return s;
    s.count = static_cast<std::uint64_t>(std::llround(total() * seconds));
    s.mean_s = average();
    s.p50_s = quantile(0.50);
    s.p90_s = quantile(0.90);
    s.p99_s = quantile(0.99);
    s.p999_s = quantile(0.999);
    return s;
  }
};

void merge(Mixture& into, const Mixture& from) {
  for (std::size_t i = 0; i < from.weight.size(); ++i) into.add(from.weight[i], from.mean[i], from.variance[i]);
}

void fill_nodes(RunResult& result, const ScenarioSpec& spec, const Network& net, const ClusterStations& hw,
                const std::vector<analytic::VmGroup>& groups, const std::vector<analytic::NodeDriveLoad>& load) {
  const int hosts = hw.hosts();
  std::vector<std::array<double, kCpuLayerCount>> cycles(static_cast<std::size_t>(hosts));
  for (const analytic::CpuCharge& c : hw.charges()) {
    // Step -1: work a second (background), not a step's per visit.
    const double rate = c.step < 0 ? 1.0 : net.rate(net.steps[static_cast<std::size_t>(c.step)]);
    for (int l = 0; l < kCpuLayerCount; ++l) cycles[static_cast<std::size_t>(c.host)][l] += rate * c.work.cycles[l];
  }
  std::vector<bool> up(static_cast<std::size_t>(hosts), true);
  for (const int f : spec.cluster.failed_nodes) up[static_cast<std::size_t>(f)] = false;
  double vmfleet_sum = 0;
  int running = 0;
  for (int h = 0; h < hosts; ++h) {
    const bool compute = h >= spec.cluster.node_count;
    const CpuSpec& cpu = compute ? spec.cluster.compute_hosts.cpu : spec.cluster.cpu;
    const int sockets = compute ? spec.cluster.compute_hosts.node.sockets : spec.cluster.node.sockets;
    const analytic::Station& st = net.stations[static_cast<std::size_t>(hw.cpu_station(h))];
    NodeResult r;
    r.node = h;
    r.compute_host = compute;
    r.up = up[static_cast<std::size_t>(h)];
    r.cores = cpu.cores * sockets;
    r.logical_processors = cpu.threads * sockets;
    r.capacity_threads = hw.capacity_threads(h);
    const double capacity_cycles = hw.clock_hz(h) * hw.capacity_threads(h);
    for (int l = 0; l < kCpuLayerCount; ++l) {
      r.cpu_by_layer[static_cast<std::size_t>(l)] = cycles[static_cast<std::size_t>(h)][l] / capacity_cycles;
      r.cpu_utilisation += r.cpu_by_layer[static_cast<std::size_t>(l)];
    }
    r.lp_busy = analytic::smt_busy_lps(st, st.utilisation, st.whole_core) / r.logical_processors;
    r.vmfleet_cpu = r.lp_busy * hw.clock_hz(h) / cpu.base_hz;
    double vcpu = 0;
    for (const analytic::VmGroup& g : groups) {
      if (g.host != h) continue;
      r.vms += g.vms;
      vcpu += g.vms * net.stations[static_cast<std::size_t>(g.vcpu_station)].utilisation;
    }
    r.vcpu_utilisation = r.vms > 0 ? vcpu / r.vms : 0;
    if (!compute) {
      // A hybrid node's capacity drives are idle while the cache serves every I/O; its
      // cache drives join these figures in fill_cache_results (cache_checks.hpp).
      const double d = hw.cache_serves() ? 0.0 : hw.drive_utilisation(h);
      r.drive_utilisation_mean = d;
      r.drive_utilisation_max = d;
      const analytic::NodeDriveLoad& at = load[static_cast<std::size_t>(h)];
      r.hba = analytic::hba_result(spec.cluster.hba, net, hw, h, at);
      if (hw.device_queue_depth() > 0) {
        // The I/O spreads evenly over the node's serving drives: each holds the pool's mean.
        r.device_queue_depth = hw.device_queue_depth();
        r.device_queue_occupancy_max =
            std::min(1.0, net.stations[static_cast<std::size_t>(hw.device_slot_station(h))].utilisation);
      }
    }
    r.nic_tx_utilisation = net.stations[static_cast<std::size_t>(hw.egress(h))].utilisation;
    r.nic_rx_utilisation = net.stations[static_cast<std::size_t>(hw.ingress(h))].utilisation;
    if (r.up) {
      vmfleet_sum += r.vmfleet_cpu;
      ++running;
    }
    result.nodes.push_back(r);
  }
  result.vmfleet_cpu = running > 0 ? vmfleet_sum / running : 0;
}

// The fast path spreads each VM's I/O over every slab of its file in
// proportion to the bytes there: the average a long run measures. A sequential
// stream that does not cover its region in the run visits a few slabs only,
// whose copies may lie otherwise than the average (stream_coverage.hpp): beyond
// the fast path when such streams carry more than a tenth of the I/O (random
// access, and long enough runs, are within it).
void check_coverage(const ScenarioSpec& spec, const Network& net, const std::vector<ClassInfo>& info) {
  const double run_s = sim::to_seconds(spec.run.warmup_ns + spec.run.duration_ns);
  std::vector<TargetTraffic> traffic;
  for (std::size_t c = 0; c < net.classes.size(); ++c) {
    const analytic::ClassSpec& k = net.classes[c];
    traffic.push_back(
        {static_cast<std::size_t>(info[c].target), k.throughput * run_s, static_cast<double>(k.vm_instances)});
  }
  const StreamCoverage coverage = stream_coverage(spec.vms.workload, traffic, run_s);
  if (coverage.short_share > kShortStreamShare) {
    char text[400];
    std::snprintf(text, sizeof text,
                  "sequential streams that visit only part of their region in the run (%.0f %% of the I/O; the "
                  "simulator measures the slabs they pass over, the fast path every slab of the file alike): a run "
                  "(warm-up + duration) of at least %.3g s would cover it",
                  100 * coverage.short_share, coverage.needed_s);
    throw BeyondFastPath(text);
  }
}

// A buffered write is acknowledged from the drive's buffer and its media work
// drains behind it, so nothing in the network holds the writes back when the
// media saturates; the simulator's drive then fills its buffer and makes them
// wait for room (back-pressure). Beyond the fast path: it would answer more
// than the media can do.
void check_write_buffers(const Network& net, const ClusterStations& hw) {
  if (!hw.write_buffer()) return;
  for (int n = 0; n < hw.nodes(); ++n) {
    const double busy = net.stations[static_cast<std::size_t>(hw.drive_station(n))].utilisation;
    if (busy > 1.0) {
      char text[300];
      std::snprintf(text, sizeof text,
                    "drives saturated by buffered writes (node %d's media would be %.0f %% busy): their write "
                    "buffers fill and writes wait for room (back-pressure)",
                    n + 1, 100 * busy);
      throw BeyondFastPath(text);
    }
  }
}

}  // namespace

RunResult analyse(const ScenarioSpec& spec) {
  const auto wall_start = std::chrono::steady_clock::now();
  const std::string limit = fast_path_limit(spec);
  if (!limit.empty()) throw BeyondFastPath(limit);
  if (static_cast<int>(spec.vms.per_node.size()) != spec.cluster.node_count) {
    throw std::invalid_argument("VM placement must list one count per node");
  }
  check_product(spec);

  Network net;
  ClusterStations hw(net, spec.cluster);
  std::vector<analytic::VmGroup> groups;
  const std::vector<ClassInfo> info =
      analytic::paths_of(product(spec.cluster.stack.product).name)(net, hw, spec, groups);
  if (net.classes.empty()) throw std::invalid_argument("the scenario has no VM issuing I/O");
  const analytic::SolveReport solved = analytic::solve(net);
  if (!solved.converged && solved.swing > kMostSwing) {
    char text[320];
    std::snprintf(text, sizeof text,
                  "the mean value analysis does not settle on this scenario (after %d iterations its throughput "
                  "still swings by %.1f %%: queues near saturation feed back on each other)",
                  solved.iterations, 100 * solved.swing);
    throw BeyondFastPath(text);
  }
  check_coverage(spec, net, info);
  check_write_buffers(net, hw);
  const std::vector<analytic::NodeDriveLoad> load = analytic::drive_load(net, hw);
  analytic::check_cache_run(spec, net, hw, info);

  RunResult result;
  result.analytic = true;
  result.scenario_id = spec.id;
  result.title = spec.title;
  result.seed = spec.run.seed;
  result.warmup_seconds = sim::to_seconds(spec.run.warmup_ns);
  result.measured_seconds = sim::to_seconds(spec.run.duration_ns);
  const double seconds = result.measured_seconds;
  Mixture reads, writes;
  StageBreakdown read_stages, write_stages;
  double read_rate = 0, write_rate = 0;
  for (std::size_t c = 0; c < net.classes.size(); ++c) {
    const analytic::ClassSpec& k = net.classes[c];
    const DiskspdTarget& t = spec.vms.workload.targets[static_cast<std::size_t>(info[c].target)];
    const double block = static_cast<double>(t.block_bytes);
    const double r = k.throughput * (1 - k.write_fraction);
    const double w = k.throughput * k.write_fraction;
    result.read_iops += r;
    result.write_iops += w;
    result.read_bytes_per_s += r * block;
    result.write_bytes_per_s += w * block;
    if (info[c].redirected) result.redirected_ios += static_cast<std::uint64_t>(std::llround(k.throughput * seconds));
    result.degraded_ios += static_cast<std::uint64_t>(std::llround(w * info[c].degraded_writes * seconds));
    auto direction = [&](int root, double rate, Mixture& mix, StageBreakdown& stages) {
      if (root < 0 || rate <= 0) return;
      const analytic::Node& n = net.nodes[static_cast<std::size_t>(root)];
      mix.add(rate, n.mean + k.vm_queue_s, n.variance);
      for (int s = 0; s < kIoStageCount; ++s) stages.mean_s[static_cast<std::size_t>(s)] += rate * n.stages[s];
      stages.mean_s[static_cast<std::size_t>(IoStage::VmQueue)] += rate * k.vm_queue_s;
    };
    direction(k.read_root, r, reads, read_stages);
    direction(k.write_root, w, writes, write_stages);
    read_rate += r;
    write_rate += w;
  }
  for (double& s : read_stages.mean_s) s = read_rate > 0 ? s / read_rate : 0;
  for (double& s : write_stages.mean_s) s = write_rate > 0 ? s / write_rate : 0;
  result.read_stages = read_stages;
  result.write_stages = write_stages;
  result.read_latency = reads.summary(seconds);
  result.write_latency = writes.summary(seconds);
  Mixture all = reads;
  merge(all, writes);
  result.all_latency = all.summary(seconds);
  fill_nodes(result, spec, net, hw, groups, load);
  analytic::fill_cache_results(result, spec, net, hw);
  for (const analytic::ClusterStations::Hotspot& h : hw.hotspots()) {
    const analytic::Station& s = net.stations[static_cast<std::size_t>(h.station)];
    if (s.utilisation > result.hotspot_utilisation) {
      result.hotspot_utilisation = std::min(1.0, s.utilisation);
      result.hotspot = s.name;
      result.hotspot_resource = h.kind.resource;
      result.hotspot_why = h.kind.why;
    }
  }
  refuse_double_saturation(result, spec);
  attribute_bottleneck(result, spec);
  result.references = compare_references(result, spec.references);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  result.performance.wall_seconds = wall;
  return result;
}

}  // namespace hcisim::models
