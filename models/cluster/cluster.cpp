#include "models/cluster/cluster.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "models/hardware/make_drive.hpp"

namespace hcisim::models {

ClusterNode::ClusterNode(sim::Engine& engine, const ClusterSpec& spec, int index)
    : cpu(engine, spec.cpu, spec.node.sockets, spec.stack.cpu_burst_scv,
          engine.stream("node" + std::to_string(index + 1) + "/cpu")) {
  if (!spec.hba.id.empty()) hba = std::make_unique<Hba>(engine, spec.hba);
  for (std::size_t g = 0; g < spec.node.drives.size(); ++g) {
    if (spec.node.drives[g].role != DriveRole::Capacity) {
      throw std::invalid_argument("node '" + spec.node.id + "' has cache drives: the S2D cache tier is not modelled yet");
    }
    for (int i = 0; i < spec.node.drives[g].count; ++i) {
      drives.push_back(make_drive(engine, spec.drives[g], hba.get()));
    }
  }
  if (drives.empty()) throw std::invalid_argument("node '" + spec.node.id + "' has no capacity drives");
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
  for (int i = 0; i < spec.node_count; ++i) nodes_.push_back(std::make_unique<ClusterNode>(engine, spec, i));
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
  }
  fabric_.reset_stats();
}

}  // namespace hcisim::models
