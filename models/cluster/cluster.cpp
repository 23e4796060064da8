#include "models/cluster/cluster.hpp"

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

Cluster::Cluster(sim::Engine& engine, const ClusterSpec& spec)
    : engine_(&engine), fabric_(engine, spec.node_count, spec.nic, spec.node.nic_count, spec.network_switch) {
  for (int i = 0; i < spec.node_count; ++i) nodes_.push_back(std::make_unique<ClusterNode>(engine, spec, i));
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
