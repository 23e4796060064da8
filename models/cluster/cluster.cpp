#include "models/cluster/cluster.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "models/hardware/make_drive.hpp"

namespace hcisim::models {

ClusterNode::ClusterNode(sim::Engine& engine, const ClusterSpec& spec, int index, DriveFactory& factory)
    : cpu(engine, spec.cpu, spec.node.sockets, spec.stack.cpu_burst_scv,
          engine.stream("node" + std::to_string(index + 1) + "/cpu")) {
  if (!spec.hba.id.empty()) hba = std::make_unique<Hba>(engine, spec.hba);
  std::vector<std::unique_ptr<Drive>> cache_drives;
  std::vector<std::uint64_t> cache_bytes, capacity_bytes;
  bool hdd_capacity = false;
  for (std::size_t g = 0; g < spec.node.drives.size(); ++g) {
    const DriveSpec& d = spec.drives[g];
    for (int i = 0; i < spec.node.drives[g].count; ++i) {
      if (spec.node.drives[g].role == DriveRole::Cache) {
        cache_drives.push_back(factory.make(d, hba.get()));
        cache_bytes.push_back(d.capacity_bytes);
      } else {
        drives.push_back(factory.make(d, hba.get()));
        capacity_bytes.push_back(d.capacity_bytes);
        hdd_capacity = hdd_capacity || d.kind == DriveKind::Hdd;
      }
    }
  }
  if (drives.empty()) throw std::invalid_argument("node '" + spec.node.id + "' has no capacity drives");
  if (!cache_drives.empty()) {
    // HDD capacity gets read and write caching, SSD capacity write-only caching.
    cache = std::make_unique<CacheTier>(engine, spec.stack.cache, std::move(cache_drives), std::move(cache_bytes),
                                        std::move(drives), std::move(capacity_bytes), hdd_capacity,
                                        static_cast<std::uint64_t>(spec.stack.slab_bytes));
    drives = cache->fronts();
  }
}

ClusterNode::ClusterNode(sim::Engine& engine, const ComputeHostsSpec& host, double burst_scv, int index)
    : cpu(engine, host.cpu, host.node.sockets, burst_scv, engine.stream("host" + std::to_string(index + 1) + "/cpu")),
      compute_only(true) {}

namespace {

// A burst window on a coarse time scale (CloudClusterSpec::time_scale).
CloudVmSpec scaled(CloudVmSpec vm, double time_scale) {
  vm.burst_window_s /= time_scale;
  return vm;
}
ManagedDiskSpec scaled(ManagedDiskSpec disk, double time_scale) {
  disk.burst_window_s /= time_scale;
  return disk;
}

std::vector<std::unique_ptr<ClusterNode>> make_cloud_nodes(sim::Engine& engine, const ClusterSpec& spec) {
  const CloudClusterSpec& c = spec.cloud;
  if (!(c.time_scale >= 1)) throw std::invalid_argument("a cloud cluster's time scale must be at least 1");
  if (c.disks_per_vm <= 0) throw std::invalid_argument("a storage VM needs at least one data disk");
  if (c.clients < 0) throw std::invalid_argument("a cloud cluster cannot have a negative number of clients");
  const CloudVmSpec storage = scaled(c.storage_vm, c.time_scale);
  const CloudVmSpec client = scaled(c.client_vm, c.time_scale);
  const ManagedDiskSpec disk = scaled(c.disk, c.time_scale);
  std::vector<std::unique_ptr<ClusterNode>> nodes;
  for (int i = 0; i < c.storage_vms; ++i) {
    const std::string name = "node" + std::to_string(i + 1);
    const sim::Statistics::Scope scope(engine.statistics(), name);
    nodes.push_back(
        std::make_unique<ClusterNode>(engine, storage, disk, c.disks_per_vm, false, spec.stack.cpu_burst_scv, name));
  }
  for (int h = 0; h < c.clients; ++h) {
    const std::string name = "host" + std::to_string(h + 1);
    const sim::Statistics::Scope scope(engine.statistics(), name);
    nodes.push_back(std::make_unique<ClusterNode>(engine, client, disk, 0, true, spec.stack.cpu_burst_scv, name));
  }
  return nodes;
}

std::vector<std::unique_ptr<ClusterNode>> make_nodes(sim::Engine& engine, const ClusterSpec& spec) {
  if (spec.cloud.defined()) return make_cloud_nodes(engine, spec);
  if (spec.compute_hosts.count < 0)
    throw std::invalid_argument("a cluster cannot have a negative number of compute hosts");
  std::vector<std::unique_ptr<ClusterNode>> nodes;
  DriveFactory factory(engine);
  // A node's components enrol their statistics under its name (sim/statistics.hpp).
  for (int i = 0; i < spec.node_count; ++i) {
    const sim::Statistics::Scope scope(engine.statistics(), "node" + std::to_string(i + 1));
    nodes.push_back(std::make_unique<ClusterNode>(engine, spec, i, factory));
  }
  for (int h = 0; h < spec.compute_hosts.count; ++h) {
    const sim::Statistics::Scope scope(engine.statistics(), "host" + std::to_string(h + 1));
    nodes.push_back(std::make_unique<ClusterNode>(engine, spec.compute_hosts, spec.stack.cpu_burst_scv, h));
  }
  return nodes;
}

std::vector<FabricEndpoint> endpoints_of(const ClusterSpec& spec,
                                         const std::vector<std::unique_ptr<ClusterNode>>& nodes) {
  if (spec.cloud.defined()) {
    std::vector<FabricEndpoint> endpoints;
    for (const auto& node : nodes) {
      NicSpec latency_only;
      latency_only.message_latency_ns = node->cloud_vm->spec().message_latency_ns;
      endpoints.push_back(FabricEndpoint{latency_only, 1, node->cloud_vm.get()});
    }
    return endpoints;
  }
  std::vector<FabricEndpoint> endpoints(static_cast<std::size_t>(std::max(spec.node_count, 0)),
                                        FabricEndpoint{spec.nic, spec.node.nic_count});
  for (int h = 0; h < spec.compute_hosts.count; ++h) {
    endpoints.push_back(FabricEndpoint{spec.compute_hosts.nic, spec.compute_hosts.node.nic_count});
  }
  return endpoints;
}

int storage_count(const ClusterSpec& spec) { return spec.cloud.defined() ? spec.cloud.storage_vms : spec.node_count; }

}  // namespace

ClusterNode::ClusterNode(sim::Engine& engine, const CloudVmSpec& vm, const ManagedDiskSpec& disk, int disks,
                         bool client, double burst_scv, const std::string& name)
    : cpu(engine, vm_cpu_spec(vm), 1, burst_scv, engine.stream(name + "/cpu")),
      compute_only(client),
      cloud_vm(std::make_unique<AzureVm>(engine, vm)) {
  for (int d = 0; d < disks; ++d) {
    managed_disks.push_back(std::make_unique<ManagedDisk>(engine, disk));
    drives.push_back(cloud_vm->attach(*managed_disks.back()));
  }
}

Cluster::Cluster(sim::Engine& engine, const ClusterSpec& spec)
    : engine_(&engine),
      storage_nodes_(storage_count(spec)),
      nodes_(make_nodes(engine, spec)),
      fabric_(engine, endpoints_of(spec, nodes_), spec.network_switch) {
  for (const int failed : spec.failed_nodes) nodes_.at(static_cast<std::size_t>(failed))->up = false;
  // VMs run on the storage nodes and compute hosts under the cluster's hypervisor (cloud VMs run no guests).
  const bool whole_core_guests = !spec.cloud.defined() && spec.hypervisor.scheduler == VpScheduler::Core;
  for (auto& node : nodes_) node->cpu.set_whole_core_guests(whole_core_guests);
}

std::vector<HostCpu*> Cluster::cpus() {
  std::vector<HostCpu*> all;
  for (auto& n : nodes_) all.push_back(&n->cpu);
  return all;
}

}  // namespace hcisim::models
