#include "models/analytic/workload_classes.hpp"

#include <algorithm>
#include <cmath>
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
    // As place_vms (simulation.cpp): the VMs away from their volume's node (alignment) in turn on the others.
    const int aligned = compute_hosts > 0 ? count : static_cast<int>(std::lround(spec.vms.alignment * count));
    std::vector<int> others;
    for (int k = 1; k < spec.cluster.node_count; ++k) {
      const int other = (host + k) % spec.cluster.node_count;
      if (up[static_cast<std::size_t>(other)]) others.push_back(other);
    }
    for (int i = 0; i < count; ++i) {
      int at = host;
      if (compute_hosts > 0) at = spec.cluster.node_count + dealt++ % compute_hosts;
      if (i >= aligned && !others.empty()) at = others[static_cast<std::size_t>(i - aligned) % others.size()];
      add(at, owner < 0 ? at : owner);
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
  return t.throughput_bytes_per_ms > 0
             ? static_cast<double>(t.throughput_bytes_per_ms) * 1000.0 / static_cast<double>(t.block_bytes)
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
    hw.add_background(g.host, g.vcpu_station, g.vms, spec.vms.vcpus);
    // The VMs' storage channels (VmIoPath): the host's work, one I/O at a time each.
    int channel_station = -1;
    if (hyp.vcpus_per_channel > 0) {
      Station channels;
      channels.name = "VMs on " + host_label(spec, g.host) + " storage channels";
      channels.instances = g.vms * ((spec.vms.vcpus + hyp.vcpus_per_channel - 1) / hyp.vcpus_per_channel);
      channels.per_vm = true;
      channel_station = net.add_station(channels);
    }
    for (std::size_t ti = 0; ti < w.targets.size(); ++ti) {
      const DiskspdTarget& t = w.targets[ti];
      const int cls = static_cast<int>(net.classes.size());
      ClassSpec c;
      c.name = host_label(spec, g.host) + " target " + std::to_string(ti + 1);
      c.population = static_cast<double>(g.vms) * t.threads * t.outstanding;
      c.vm_instances = g.vms;
      c.write_fraction = t.write_fraction;
      if (limit > 0 && per_vm > limit) {
        c.storage_limit =
            static_cast<double>(g.vms) * limit * (static_cast<double>(t.threads * t.outstanding) / per_vm);
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
        const int burst = hw.guest_burst(cls, g.host, guest);
        const int hold = hw.vcpus(cls, g.vcpu_station, burst, spec.vms.vcpus);
        if (rate > 0)
          net.steps[static_cast<std::size_t>(hold)].batch = std::max(0.0, tick_batch - std::min(1.0, per_tick(t)));
        std::vector<int> steps = {net.leaf(hold), net.leaf(burst)};
        if (channel_station >= 0) {
          steps.push_back(net.leaf(hw.serial_burst(
              cls, channel_station, g.host, CpuWork::of(CpuLayer::Hypervisor, hyp.host.cycles(block)), IoStage::Host)));
        }
        steps.push_back(path(cls, g, t, write, pieces));
        if (hyp.io_latency_ns > 0) {
          Step delay;
          delay.cls = cls;
          delay.lone_s = static_cast<double>(hyp.io_latency_ns) * 1e-9;
          delay.scv = 0;
          delay.stage = IoStage::Guest;
          steps.push_back(net.leaf(net.add_step(delay)));
        }
        return net.seq(steps);
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
