// describe(): the scenario as understood, for `hcisim run --dry-run`.
#include <algorithm>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "models/run/precision_stop.hpp"
#include "models/storage/product_registry.hpp"
#include "models/workload/diskspd_regions.hpp"
#include "models/workload/diskspd_workload.hpp"

#include "tools/frontend/base/figure_names.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/base/workload_names.hpp"
#include "tools/frontend/input/scenario_cloud.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

namespace hcisim::frontend {
namespace {

std::string_view resiliency_name(models::Resiliency r) {
  switch (r) {
    case models::Resiliency::Simple: return "simple (1 copy)";
    case models::Resiliency::TwoWayMirror: return "two-way mirror";
    case models::Resiliency::ThreeWayMirror: return "three-way mirror";
  }
  return "?";
}

std::string_view drive_kind_name(models::DriveKind kind) {
  switch (kind) {
    case models::DriveKind::Nvme: return "NVMe";
    case models::DriveKind::SasSsd: return "SAS SSD";
    case models::DriveKind::SataSsd: return "SATA SSD";
    case models::DriveKind::Hdd: return "HDD";
    case models::DriveKind::CloudDisk: return "cloud disk";
  }
  return "?";
}

std::string_view rdma_name(models::RdmaKind kind) {
  switch (kind) {
    case models::RdmaKind::None: return "no RDMA (TCP)";
    case models::RdmaKind::RoCEv2: return "RDMA RoCE v2";
    case models::RdmaKind::IWarp: return "RDMA iWARP";
  }
  return "?";
}

std::string pattern_name(const models::DiskspdTarget& w) {
  switch (w.pattern) {
    case models::AccessPattern::Random: {
      std::string text = w.random_percent < 100 ? std::to_string(w.random_percent) +
                                                      "% random (the rest sequential runs continuing the previous I/O)"
                                                : std::string("random");
      if (w.random_align_bytes != 0) text += " (aligned to " + format_size(w.random_align_bytes) + ")";
      return text;
    }
    case models::AccessPattern::Sequential: return "sequential (a stream per thread)";
    case models::AccessPattern::SequentialInterleaved: return "sequential interleaved (threads share a stream)";
  }
  return "?";
}

std::string_view write_buffer_name(models::WriteBufferContent c) {
  switch (c) {
    case models::WriteBufferContent::RepeatingPattern: return "";
    case models::WriteBufferContent::Zeros: return ", zero-filled write buffers (-Z; no effect on the model)";
    case models::WriteBufferContent::RandomPerIo: return ", new random data for every write (-Zr: guest CPU per byte)";
    case models::WriteBufferContent::RandomBuffer:
      return ", a random write source buffer (-Z<size>; no effect on the model)";
    case models::WriteBufferContent::FileBuffer:
      return ", a write source buffer from a file (-Z<size>,<file>; no effect on the model)";
  }
  return "";
}

// Where the random I/Os go: "95% in [0 B, 512 MiB), 4% in ...".
std::string ranges_text(const models::TargetRegion& region, std::uint64_t block) {
  std::string text;
  double before = 0;
  for (const models::RandomRange& r : region.ranges) {
    const std::uint64_t end = r.first + (r.positions - 1) * region.align + block;
    text += (text.empty() ? "" : ", ") + format_percent(r.cumulative - before) + " in [" + format_size(r.first) + ", " +
            format_size(end) + ")";
    before = r.cumulative;
  }
  return text;
}

void describe_target(std::ostream& out, const models::DiskspdTarget& t, std::uint64_t file_bytes) {
  out << format_size(t.block_bytes) << ' ' << pattern_name(t) << ", " << format_percent(t.write_fraction) << " writes, "
      << t.threads << " thread(s) x " << t.outstanding << " outstanding";
  models::TargetRegion region;
  try {
    region = models::resolve_region(t, file_bytes);
  } catch (const std::invalid_argument& e) {
    out << " [" << e.what() << "]\n";  // the loader checked it; a spec built by hand may not be
    return;
  }
  out << ", region [" << format_size(region.start) << ", " << format_size(region.end) << ")";
  if (t.pattern == models::AccessPattern::Sequential && t.thread_stride_bytes > 0) {
    out << ", thread k starts at " << format_size(region.start) << " + k x " << format_size(t.thread_stride_bytes);
  }
  if (t.distribution != models::DistributionKind::Uniform) {
    out << ", random I/Os " << ranges_text(region, t.block_bytes);
  }
  if (t.skew != models::PopularitySkew::None) {
    out << ", random I/Os by popularity rank ("
        << (t.skew == models::PopularitySkew::Zipf ? "fio zipf, theta " : "fio pareto, h ")
        << format_number(t.skew_parameter) << ", hot blocks scattered over the region)";
  }
  if (t.throughput_bytes_per_ms > 0) {
    out << ", limited (-g) to " << t.throughput_bytes_per_ms << " bytes/ms per thread ("
        << format_number(static_cast<double>(t.throughput_bytes_per_ms) * 1000.0 / static_cast<double>(t.block_bytes))
        << " IOPS), paced in " << format_number(static_cast<double>(models::DiskspdWorkload::kTick) / 1e6)
        << " ms clock ticks";
  }
  out << write_buffer_name(t.write_buffer)
      << (t.software_cache_disabled ? ", software cache off" : ", software cache on") << "\n";
}

std::string per_node_text(const std::vector<int>& per_node) {
  std::string text;
  for (std::size_t i = 0; i < per_node.size(); ++i) text += (i ? ", " : "") + std::to_string(per_node[i]);
  return text;
}

// The clock the model runs a CPU's cores at (models/hardware/host_cpu.hpp): the
// all-core turbo when the catalog gives one, else the base clock.
std::string clock_text(const models::CpuSpec& cpu, const std::vector<models::PartOverride>& overrides) {
  if (cpu.all_core_hz <= 0) {
    return "simulated at the " + format_frequency(cpu.base_hz) + " base clock: no all_core_clock given";
  }
  const bool overridden = std::any_of(overrides.begin(), overrides.end(), [&](const models::PartOverride& o) {
    return o.kind == "cpu" && o.part == cpu.id && o.field == "all_core_clock";
  });
  return "simulated at " + format_frequency(cpu.all_core_hz) + " all-core (all_core_clock" +
         (overridden ? ", scenario override" : "") + ")";
}

// Each product's lines about its layout and its failure handling, by its
// registry name (models/storage/product_registry.hpp); a test holds every
// registered product to have them.
void striped_layout(std::ostream& out, const models::ClusterSpec& c) {
  out << "  layout: " << (c.stack.columns > 0 ? std::to_string(c.stack.columns) : std::string("auto")) << " columns x "
      << format_size(static_cast<std::uint64_t>(c.stack.interleave_bytes)) << " interleave, "
      << format_size(static_cast<std::uint64_t>(c.stack.slab_bytes)) << " slabs\n";
}

void chunk_layout(std::ostream& out, const models::ClusterSpec& c) {
  out << "  layout: " << format_size(static_cast<std::uint64_t>(c.stack.slab_bytes))
      << " chunks, each on two nodes (primary and secondary), spread over every SDS; TCP/IP on every message\n";
}

void s2d_handling(std::ostream& out, const models::ScenarioSpec& s) {
  const models::FailureHandlingSpec& f = s.cluster.stack.failure;
  out << "  handling: node detection " << format_duration(f.node_detection_ns) << ", drive detection "
      << format_duration(f.drive_detection_ns) << ", volume failover " << format_duration(f.volume_failover_ns)
      << ", VM restart " << format_duration(s.cluster.hypervisor.vm_restart_ns) << "; repair " << f.repair_outstanding
      << " x " << format_size(f.repair_io_bytes) << " in flight per volume, dirty regions of "
      << format_size(f.dirty_region_bytes) << "; witness " << (s.cluster.witness ? "yes" : "no") << "\n";
}

void rebuild_handling(std::ostream& out, const models::ScenarioSpec& s) {
  const models::FailureHandlingSpec& f = s.cluster.stack.failure;
  out << "  handling: device error after " << format_duration(f.drive_detection_ns) << "; rebuild of its chunks ("
      << format_size(f.repair_io_bytes) << " each) from their other copies onto the other nodes' spare ("
      << f.spare_fraction * 100 << " % of each device), " << f.repair_outstanding << " in flight per device\n";
}

struct ProductLines {
  std::string_view product;
  void (*layout)(std::ostream&, const models::ClusterSpec&);
  void (*handling)(std::ostream&, const models::ScenarioSpec&);
};
constexpr ProductLines kProductLines[] = {{"s2d", &striped_layout, &s2d_handling},
                                          {"scaleio", &chunk_layout, &rebuild_handling},
                                          {"infoscale", &striped_layout, &s2d_handling}};

const ProductLines& lines_of(models::ProductKind kind) {
  for (const ProductLines& l : kProductLines) {
    if (l.product == models::product(kind).name) return l;
  }
  throw std::logic_error("no --dry-run lines for storage product '" + std::string(models::product(kind).name) + "'");
}

void describe_cluster(std::ostream& out, const models::ClusterSpec& c,
                      const std::vector<models::PartOverride>& overrides) {
  out << "Cluster: " << c.node_count << " x " << c.node.id << " (" << printable(c.node.model) << ")\n";
  if (c.failed_nodes.empty()) {
    out << "  failed nodes: none\n";
  } else {
    out << "  failed nodes:";
    for (int node : c.failed_nodes) out << ' ' << node + 1;
    out << " (down for the whole run)\n";
  }
  out << "  per node: " << c.node.sockets << " x " << printable(c.cpu.model) << " (" << c.cpu.cores << " cores / "
      << c.cpu.threads << " threads, " << format_frequency(c.cpu.base_hz) << " base, "
      << format_frequency(c.cpu.boost_hz) << " boost, SMT yield " << format_number(c.cpu.smt_yield) << "), "
      << format_size(c.node.memory_bytes) << " memory\n";
  out << "    CPU clock: " << clock_text(c.cpu, overrides) << "\n";
  for (std::size_t i = 0; i < c.node.drives.size() && i < c.drives.size(); ++i) {
    const models::DriveSpec& d = c.drives[i];
    out << "    " << c.node.drives[i].count << " x " << printable(d.model) << " ["
        << (c.node.drives[i].role == models::DriveRole::Cache ? "cache" : "capacity") << ", " << drive_kind_name(d.kind)
        << ", " << format_size(d.capacity_bytes) << ", 4K read/write " << format_count(d.random_read_iops) << " / "
        << format_count(d.random_write_iops) << " IOPS, seq " << format_byte_rate(d.seq_read_bytes_per_s) << " / "
        << format_byte_rate(d.seq_write_bytes_per_s) << ", QD1 latency " << format_duration(d.read_latency_ns) << " / "
        << format_duration(d.write_latency_ns) << "]\n";
  }
  out << "    " << c.node.nic_count << " x " << printable(c.nic.model) << " [" << c.nic.ports << " x "
      << format_bit_rate(c.nic.port_bits_per_s) << ", " << rdma_name(c.nic.rdma) << ", message latency "
      << format_duration(c.nic.message_latency_ns) << "]\n";
  if (c.network_switch.id.empty()) {
    out << "  network: nodes connected directly (no switch)\n";
  } else {
    out << "  switch: " << printable(c.network_switch.model) << " ["
        << format_bit_rate(c.network_switch.port_bits_per_s) << " ports, "
        << format_duration(c.network_switch.latency_ns) << " port to port]\n";
  }
  out << "  storage: " << printable(c.stack.model) << " (" << c.stack.id << "), " << resiliency_name(c.resiliency);
  if (models::product(c.stack.product).accepts.csv_cache) {
    out << ", CSV cache "
        << (c.csv_cache_bytes == 0 ? std::string("off") : format_size(c.csv_cache_bytes) + " per node");
  }
  out << "\n";
  lines_of(c.stack.product).layout(out, c);
  if (c.compute_hosts.count > 0) {
    const models::ComputeHostsSpec& h = c.compute_hosts;
    out << "  two-layer: the VMs run on " << h.count << " x " << h.node.id << " (" << printable(h.node.model)
        << "): " << h.node.sockets << " x " << printable(h.cpu.model) << " (" << h.cpu.cores << " cores / "
        << h.cpu.threads << " threads, " << format_frequency(h.cpu.base_hz) << " base), " << h.node.nic_count << " x "
        << h.nic.model << " [" << h.nic.ports << " x " << format_bit_rate(h.nic.port_bits_per_s) << "]\n";
    out << "    compute host CPU clock: " << clock_text(h.cpu, overrides) << "\n";
  } else {
    out << "  hyperconverged: the VMs run on the storage nodes\n";
  }
  out << "  hypervisor: " << c.hypervisor.model << " (" << c.hypervisor.id << "), " << c.hypervisor.disk_queue_depth
      << " outstanding I/Os per virtual disk";
  if (c.hypervisor.adapter_queue_depth > 0) out << ", " << c.hypervisor.adapter_queue_depth << " per adapter";
  out << "\n";
  if (!c.volume_owners.empty()) {
    out << "  volume owners:";
    for (std::size_t v = 0; v < c.volume_owners.size(); ++v) {
      out << " volume " << v + 1 << " -> node " << c.volume_owners[v] + 1
          << (v + 1 < c.volume_owners.size() ? "," : "");
    }
    out << "\n";
  }
}

// The failures the run plays and how the stack handles them.
void describe_timeline(std::ostream& out, const models::ScenarioSpec& s) {
  const models::FailureTimeline& t = s.timeline;
  if (t.events.empty() && !t.random_failures) return;
  out << "Timeline:\n";
  for (const models::TimelineEvent& e : t.events) {
    out << "  at " << format_duration(e.at) << ": ";
    if (e.part == models::FailurePart::Node) {
      out << "node " << e.node + 1 << (e.fail ? (e.planned ? " drained for maintenance" : " fails") : " returns");
    } else if (e.part == models::FailurePart::NicPort) {
      out << "NIC port " << e.port + 1 << " of node " << e.node + 1 << (e.fail ? " fails" : " returns");
    } else {
      out << "drive " << e.drive + 1 << " of node " << e.node + 1 << " fails";
    }
    out << "\n";
  }
  if (t.random_failures) {
    out << "  random failures from the parts' rates (node MTBF " << s.cluster.node.mtbf_hours
        << " h; capacity drives' AFR), a failed node back after " << format_duration(t.random_node_outage_ns) << "\n";
  }
  lines_of(s.cluster.stack.product).handling(out, s);
}

void describe_vms(std::ostream& out, const models::VmSpec& vms) {
  const int total = std::accumulate(vms.per_node.begin(), vms.per_node.end(), 0);
  out << "VMs: " << total << " in all (created per node: " << per_node_text(vms.per_node) << "), " << vms.vcpus
      << " vCPU" << (vms.memory_bytes ? ", " + format_size(vms.memory_bytes) : std::string()) << " each\n";
  for (std::size_t n = 0; n < vms.failover.size(); ++n) {
    if (vms.failover[n] >= 0) out << "  node " << n + 1 << "'s VMs run on node " << vms.failover[n] + 1 << "\n";
  }
  if (vms.oltp) {
    const models::OltpSpec& o = *vms.oltp;
    out << "  workload: OLTP database, " << o.users_per_vm << " users per VM, think time "
        << format_duration(o.think_time_ns) << ", buffer pool " << format_size(o.buffer_pool.buffer_bytes) << " over a "
        << format_size(o.buffer_pool.database_bytes) << " database, " << format_size(vms.data_disk_bytes)
        << " data/log disk, CPU scale " << format_number(o.cpu_scale) << "\n";
    return;
  }
  const models::DiskspdSpec& w = vms.workload;
  out << "  workload: " << workload_name(w) << ", " << format_size(w.file_bytes) << " file per VM, "
      << w.outstanding_per_vm() << " I/Os in flight per VM\n";
  for (std::size_t i = 0; i < w.targets.size(); ++i) {
    out << "    target " << i + 1 << ": ";
    describe_target(out, w.targets[i], w.file_bytes);
  }
}

}  // namespace

std::string describe(const models::ScenarioSpec& s) {
  std::ostringstream out;
  out << "Scenario " << printable(s.id) << " (" << printable(s.file) << ")\n";
  out << "  " << printable(s.title) << "\n";
  if (!s.description.empty()) out << "  " << printable(s.description) << "\n";
  if (s.cluster.cloud.defined()) {
    out << describe_cloud(s);  // scenario_cloud.cpp
  } else {
    describe_cluster(out, s.cluster, s.part_overrides);
    describe_vms(out, s.vms);
    out << "Run: warm-up " << format_duration(s.run.warmup_ns) << ", measure " << format_duration(s.run.duration_ns)
        << " (simulated), seed " << s.run.seed;
    if (s.run.interval_ns > 0) out << ", timeline every " << format_duration(s.run.interval_ns);
    if (s.run.precision > 0) {
      out << ", stopping earlier once the 95 % intervals of IOPS, mean latency";
      for (const models::LatencyPercentile& p : s.run.precision_percentiles)
        out << ", " << models::latency_percentile_name(p);
      out << " are within +/- " << format_percent(s.run.precision);
    }
    out << "\n";
    describe_timeline(out, s);
  }
  if (!s.part_overrides.empty()) {
    out << "Catalog parts as this scenario changes them (cluster.parts):\n";
    for (const models::PartOverride& o : s.part_overrides) {
      out << "  " << o.kind << ' ' << printable(o.part) << ": " << printable(o.field) << " = " << printable(o.value)
          << "  [" << printable(o.source) << "]\n";
    }
  }
  if (s.references.empty()) {
    out << "Reference: none (the outcome is a prediction)\n";
  } else {
    out << "Reference:\n";
    for (const models::ReferenceFigure& f : s.references) {
      out << "  " << figure_name(f.figure) << (f.comparison == models::Comparison::AtMost ? " at most " : " about ")
          << format_figure_value(f.figure, f.value) << ", tolerance " << format_percent(f.tolerance)
          << (f.calibration ? ", calibration figure" : "");
      if (!f.note.empty()) out << "  [" << printable(f.note) << "]";
      out << "\n";
    }
  }
  return out.str();
}

}  // namespace hcisim::frontend
