#include "models/capacity/capacity.hpp"

#include <algorithm>
#include <cmath>

namespace hcisim::models {

namespace {

constexpr int kReserveNodesAtMost = 4;  // "one capacity drive per server, up to 4 drives"

int logical_processors(const CpuSpec& cpu, int sockets) {
  return std::max(1, sockets) * (cpu.threads > 0 ? cpu.threads : cpu.cores);
}

}  // namespace

// A cloud cluster: the pool is the storage VMs' managed disks; the data are the
// workload's files (SAS iotest: one file per stream); the VMs are the provider's
// to place, so there are no hosts to fill.
CapacityReport assess_cloud_capacity(const ScenarioSpec& spec) {
  const CloudClusterSpec& cloud = spec.cluster.cloud;
  CapacityReport r;
  r.copies = copies(spec.cluster.resiliency);
  r.raw_bytes = static_cast<double>(cloud.disk.capacity_bytes) * cloud.disks_per_vm * cloud.storage_vms;
  r.usable_bytes = r.raw_bytes / r.copies;
  r.efficiency = 1.0 / r.copies;
  r.failures_tolerated = r.copies - 1;
  r.vm_count = cloud.clients;
  if (spec.vms.sas) {
    r.vm_disk_bytes = static_cast<double>(spec.vms.sas->file_bytes) * spec.vms.sas->streams_per_client * cloud.clients;
  }
  r.vm_footprint_bytes = r.vm_disk_bytes * r.copies;
  r.disks_fit = r.reserve_kept = r.vm_footprint_bytes <= r.raw_bytes;
  return r;
}

CapacityReport assess_capacity(const ScenarioSpec& spec) {
  const ClusterSpec& c = spec.cluster;
  if (c.cloud.defined()) return assess_cloud_capacity(spec);
  CapacityReport r;
  r.copies = copies(c.resiliency);
  double largest_drive = 0;
  double per_node = 0;
  for (std::size_t g = 0; g < c.node.drives.size() && g < c.drives.size(); ++g) {
    if (c.node.drives[g].role != DriveRole::Capacity) continue;
    const double bytes = static_cast<double>(c.drives[g].capacity_bytes);
    per_node += bytes * c.node.drives[g].count;
    largest_drive = std::max(largest_drive, bytes);
  }
  r.raw_bytes = per_node * c.node_count;
  if (c.stack.failure.spare_fraction > 0) {
    r.reserve_bytes = r.raw_bytes * c.stack.failure.spare_fraction;  // every device's spare share (ScaleIO)
  } else if (c.stack.failure.defined) {
    const int nodes = std::min(c.node_count, kReserveNodesAtMost);
    r.reserve_bytes = std::min(r.raw_bytes, largest_drive * c.stack.failure.reserve_drives_per_node * nodes);
  }
  r.usable_bytes = (r.raw_bytes - r.reserve_bytes) / r.copies;
  r.efficiency = 1.0 / r.copies;
  r.nodes_down = static_cast<int>(c.failed_nodes.size());
  r.failures_tolerated = std::max(0, r.copies - 1 - r.nodes_down);

  for (const int n : spec.vms.per_node) r.vm_count += n;
  const std::uint64_t disk = spec.vms.oltp ? spec.vms.data_disk_bytes : spec.vms.workload.file_bytes;
  const double slab = c.stack.slab_bytes > 0 ? static_cast<double>(c.stack.slab_bytes) : 1.0;
  r.vm_disk_bytes = std::ceil(static_cast<double>(disk) / slab) * slab * r.vm_count;
  r.vm_footprint_bytes = r.vm_disk_bytes * r.copies;
  r.disks_fit = r.vm_footprint_bytes <= r.raw_bytes;
  r.reserve_kept = r.vm_footprint_bytes <= r.raw_bytes - r.reserve_bytes;
  if (r.disks_fit && !r.reserve_kept) {
    Finding f;  // a failed drive could not be rebuilt in place
    f.kind = FindingKind::ReserveNotKept;
    f.footprint_bytes = r.vm_footprint_bytes;
    f.copies = r.copies;
    f.room_bytes = r.raw_bytes - r.reserve_bytes;
    f.reserve_bytes = r.reserve_bytes;
    r.warnings.push_back(f);
  }

  // Hosts, and where each VM runs (as the simulator places them).
  const int compute = c.compute_hosts.count;
  for (int n = 0; n < c.node_count; ++n) {
    HostCapacity h;
    h.host = n;
    h.up = std::find(c.failed_nodes.begin(), c.failed_nodes.end(), n) == c.failed_nodes.end();
    h.logical_processors = logical_processors(c.cpu, c.node.sockets);
    h.memory_bytes = c.node.memory_bytes;
    r.hosts.push_back(h);
  }
  for (int k = 0; k < compute; ++k) {
    HostCapacity h;
    h.host = c.node_count + k;
    h.compute_host = true;
    h.logical_processors = logical_processors(c.compute_hosts.cpu, c.compute_hosts.node.sockets);
    h.memory_bytes = c.compute_hosts.node.memory_bytes;
    r.hosts.push_back(h);
  }
  int dealt = 0;
  for (int n = 0; n < c.node_count && n < static_cast<int>(spec.vms.per_node.size()); ++n) {
    const int count = spec.vms.per_node[static_cast<std::size_t>(n)];
    for (int i = 0; i < count; ++i) {
      int host = n;
      if (compute > 0) {
        host = c.node_count + dealt++ % compute;
      } else if (!r.hosts[static_cast<std::size_t>(n)].up) {
        host = spec.vms.failover.empty() ? -1 : spec.vms.failover[static_cast<std::size_t>(n)];
        if (host < 0) continue;  // the loader refuses this
      }
      HostCapacity& h = r.hosts[static_cast<std::size_t>(host)];
      ++h.vms;
      h.vcpus += spec.vms.vcpus;
      h.vm_memory_bytes += spec.vms.memory_bytes;
    }
  }
  for (HostCapacity& h : r.hosts) {
    h.vcpu_ratio = static_cast<double>(h.vcpus) / h.logical_processors;
    if (h.vcpu_ratio > 1.0) {
      Finding f;  // the VMs' vCPUs wait for each other
      f.kind = FindingKind::VcpuOvercommit;
      f.compute_host = h.compute_host;
      f.host = h.compute_host ? h.host - c.node_count : h.host;
      f.vcpus = h.vcpus;
      f.logical_processors = h.logical_processors;
      f.vcpu_ratio = h.vcpu_ratio;
      r.warnings.push_back(f);
    }
  }
  return r;
}

}  // namespace hcisim::models
