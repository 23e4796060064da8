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
    : cpu(engine, host.cpu, host.node.sockets, burst_scv,
          engine.stream("host" + std::to_string(index + 1) + "/cpu")),
      compute_only(true) {}

namespace {

std::vector<FabricEndpoint> endpoints_of(const ClusterSpec& spec) {
  std::vector<FabricEndpoint> endpoints(static_cast<std::size_t>(std::max(spec.node_count, 0)),
                                        FabricEndpoint{spec.nic, spec.node.nic_count});
  for (int h = 0; h < spec.compute_hosts.count; ++h) {
    endpoints.push_back(FabricEndpoint{spec.compute_hosts.nic, spec.compute_hosts.node.nic_count});
  }
  return endpoints;
}

}  // namespace

Cluster::Cluster(sim::Engine& engine, const ClusterSpec& spec)
    : engine_(&engine), storage_nodes_(spec.node_count), fabric_(engine, endpoints_of(spec), spec.network_switch) {
  if (spec.compute_hosts.count < 0) throw std::invalid_argument("a cluster cannot have a negative number of compute hosts");
  DriveFactory factory(engine);
  for (int i = 0; i < spec.node_count; ++i) nodes_.push_back(std::make_unique<ClusterNode>(engine, spec, i, factory));
  for (int h = 0; h < spec.compute_hosts.count; ++h) {
    nodes_.push_back(std::make_unique<ClusterNode>(engine, spec.compute_hosts, spec.stack.cpu_burst_scv, h));
  }
  for (const int failed : spec.failed_nodes) nodes_.at(static_cast<std::size_t>(failed))->up = false;
}

std::vector<HostCpu*> Cluster::cpus() {
  std::vector<HostCpu*> all;
  for (auto& n : nodes_) all.push_back(&n->cpu);
  return all;
}

void Cluster::reset_stats() {
  for (auto& node : nodes_) {
    node->cpu.reset_stats(engine_->now());
    for (auto& d : node->drives) d->reset_stats();
    if (node->cache) node->cache->reset_stats();
  }
  fabric_.reset_stats();
}

}  // namespace hcisim::models
