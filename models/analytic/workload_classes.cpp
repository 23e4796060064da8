#include "models/analytic/workload_classes.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

#include "models/workload/diskspd_regions.hpp"
#include "models/workload/diskspd_workload.hpp"

namespace hcisim::models::analytic {

std::vector<PieceCount> piece_counts(double block, std::uint64_t granularity, std::uint64_t unit) {
  const auto b = static_cast<std::uint64_t>(block);
  if (unit == 0 || b == 0) return {{1, 1.0}};
  const std::uint64_t g = std::gcd(granularity == 0 ? b : granularity, unit);
  const std::uint64_t residues = unit / g;
  // At most 4096 evenly spaced residues (they repeat a pattern of piece counts).
  const std::uint64_t stride = std::max<std::uint64_t>(1, residues / 4096);
  std::map<int, double> counts;
  double total = 0;
  for (std::uint64_t i = 0; i < residues; i += stride) {
    const std::uint64_t r = i * g;
    counts[static_cast<int>((r + b + unit - 1) / unit)] += 1;
    total += 1;
  }
  std::vector<PieceCount> out;
  for (const auto& [pieces, n] : counts) out.push_back({pieces, n / total});
  return out;
}

std::vector<VmGroup> vm_groups(const ScenarioSpec& spec, const std::vector<int>& owner_of_volume) {
  std::vector<VmGroup> groups;
  auto add = [&](int host, int owner) {
    for (VmGroup& g : groups) {
      if (g.host == host && g.owner == owner) {
        ++g.vms;
        return;
      }
    }
    groups.push_back({host, owner, 1, -1});
  };
  const int compute_hosts = spec.cluster.compute_hosts.count;
  std::vector<bool> up(static_cast<std::size_t>(spec.cluster.node_count), true);
  for (const int f : spec.cluster.failed_nodes) up.at(static_cast<std::size_t>(f)) = false;
  int dealt = 0;
  for (int n = 0; n < spec.cluster.node_count; ++n) {
    const int count = spec.vms.per_node[static_cast<std::size_t>(n)];
    if (count == 0) continue;
    int host = n;
    if (compute_hosts == 0 && !up[static_cast<std::size_t>(n)]) {
      host = spec.vms.failover.empty() ? -1 : spec.vms.failover[static_cast<std::size_t>(n)];
      if (host < 0) {
        throw std::invalid_argument("node " + std::to_string(n + 1) + " is down and its VMs have no failover node");
      }
    }
    const int owner = compute_hosts > 0 ? -1 : owner_of_volume[static_cast<std::size_t>(n)];
    for (int i = 0; i < count; ++i) {
      if (compute_hosts > 0) host = spec.cluster.node_count + dealt++ % compute_hosts;
      add(host, owner < 0 ? host : owner);
    }
  }
  return groups;
}

namespace {

// The tightest of the virtual disk's and the adapter's queue limits (VmIoPath); 0 = none.
int queue_limit(const HypervisorSpec& h) {
  int limit = h.disk_queue_depth;
  if (h.adapter_queue_depth > 0 && (limit == 0 || h.adapter_queue_depth < limit)) limit = h.adapter_queue_depth;
  return limit;
}

// DISKSPD -g: I/Os per second of one thread (its bytes per ms budget over the block).
double paced_rate(const DiskspdTarget& t) {
  return t.throughput_bytes_per_ms > 0 ? static_cast<double>(t.throughput_bytes_per_ms) * 1000.0 /
                                             static_cast<double>(t.block_bytes)
                                       : 0.0;
}

// I/Os one thread of a paced target issues at one clock tick of its VM.
double per_tick(const DiskspdTarget& t) {
  const double tick_s = static_cast<double>(DiskspdWorkload::kTick) * 1e-9;
  return std::min(static_cast<double>(t.outstanding), paced_rate(t) * tick_s);
}

std::string host_label(const ScenarioSpec& spec, int host) {
  return host < spec.cluster.node_count ? "node " + std::to_string(host + 1)
                                        : "compute host " + std::to_string(host - spec.cluster.node_count + 1);
}

}  // namespace

std::vector<ClassInfo> add_classes(Network& net, ClusterStations& hw, const ScenarioSpec& spec,
                                   std::vector<VmGroup>& groups, std::uint64_t unit, const ProductPath& path) {
  const DiskspdSpec& w = spec.vms.workload;
  const HypervisorSpec& hyp = spec.cluster.hypervisor;
  const int limit = queue_limit(hyp);
  const int per_vm = w.outstanding_per_vm();
  double tick_batch = 0;  // I/Os of paced targets a VM issues at one tick
  for (const DiskspdTarget& t : w.targets) {
    if (t.throughput_bytes_per_ms > 0) tick_batch += t.threads * per_tick(t);
  }
  std::vector<ClassInfo> info;
  for (std::size_t gi = 0; gi < groups.size(); ++gi) {
    VmGroup& g = groups[gi];
    Station vcpus;
    vcpus.name = "VMs on " + host_label(spec, g.host) + " vCPUs";
    vcpus.instances = g.vms;
    vcpus.per_vm = true;
    g.vcpu_station = net.add_station(vcpus);
    for (std::size_t ti = 0; ti < w.targets.size(); ++ti) {
      const DiskspdTarget& t = w.targets[ti];
      const int cls = static_cast<int>(net.classes.size());
      ClassSpec c;
      c.name = host_label(spec, g.host) + " target " + std::to_string(ti + 1);
      c.population = static_cast<double>(g.vms) * t.threads * t.outstanding;
      c.vm_instances = g.vms;
      c.write_fraction = t.write_fraction;
      if (limit > 0 && per_vm > limit) {
        c.storage_limit = static_cast<double>(g.vms) * limit * (static_cast<double>(t.threads * t.outstanding) / per_vm);
      }
      const double rate = paced_rate(t);
      if (rate > 0) c.max_rate = static_cast<double>(g.vms) * t.threads * rate;
      const TargetRegion region = resolve_region(t, w.file_bytes);
      const std::vector<PieceCount> pieces = piece_counts(static_cast<double>(t.block_bytes), region.granularity, unit);
      const double block = static_cast<double>(t.block_bytes);
      auto direction = [&](bool write) {
        double guest = hyp.guest.cycles(block);
        if (write && t.write_buffer == WriteBufferContent::RandomPerIo) {
          guest += DiskspdWorkload::kRandomFillCyclesPerByte * block;
        }
        const int burst = hw.burst(cls, g.host, CpuWork::of(CpuLayer::Guest, guest), IoStage::Guest);
        const int hold = hw.vcpus(cls, g.vcpu_station, burst, spec.vms.vcpus);
        if (rate > 0) net.steps[static_cast<std::size_t>(hold)].batch = std::max(0.0, tick_batch - std::min(1.0, per_tick(t)));
        const int storage = path(cls, g, t, write, pieces);
        return net.seq({net.leaf(hold), net.leaf(burst), storage});
      };
      if (t.write_fraction < 1) c.read_root = direction(false);
      if (t.write_fraction > 0) c.write_root = direction(true);
      net.classes.push_back(c);
      info.push_back({static_cast<int>(gi), static_cast<int>(ti)});
    }
  }
  return info;
}

}  // namespace hcisim::models::analytic
