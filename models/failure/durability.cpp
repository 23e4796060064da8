#include "models/failure/durability.hpp"

#include <cmath>
#include <stdexcept>

#include "models/failure/ctmc.hpp"
#include "models/failure/pool_quorum.hpp"
#include "models/failure/redundancy_chain.hpp"

namespace hcisim::models {

namespace {

bool volume_online(const DurabilityInputs& in, const NodeConditions& c, const std::vector<int>& nodes_in) {
  const int drives = in.capacity_drives_per_node;
  int full = 0, nodes_up = 0, drives_up = 0;
  for (int k = 0; k < c.count(); ++k) {
    const int n = nodes_in[static_cast<std::size_t>(k)];
    if (c.full(k)) full += n;
    if (k == c.down() || k == c.down_current()) continue;
    nodes_up += n;
    drives_up += n * (k <= c.m ? drives - k : drives);  // healthy and resyncing nodes: every drive votes
  }
  return full < in.layout.nodes_per_slab && pool_has_quorum(drives_up, in.nodes * drives) &&
         cluster_has_quorum(nodes_up, in.nodes, in.witness);
}

}  // namespace

double mean_time_to_data_loss_s(const DurabilityInputs& inputs) {
  const RedundancyChain c = build_data_loss_chain(inputs);
  return mean_time_to_absorption(c.chain)(0);
}

double data_loss_probability(const DurabilityInputs& inputs, double mission_s) {
  if (!(mission_s >= 0) || !std::isfinite(mission_s))
    throw std::invalid_argument("durability: the mission time must be finite and >= 0");
  const RedundancyChain c = build_data_loss_chain(inputs);
  return absorption_probability_by(c.chain, 0, mission_s);
}

double volume_unavailability(const DurabilityInputs& inputs) {
  validate(inputs);
  if (inputs.drive_afr > 0 && std::isinf(inputs.drive_rebuild_s))
    throw std::invalid_argument(
        "durability: availability needs a finite drive rebuild time (failed drives never come back)");
  const RedundancyChain c = build_outage_chain(inputs);
  const Eigen::VectorXd pi = stationary_distribution(c.chain);
  double offline = 0;
  for (std::size_t s = 0; s < c.states.size(); ++s)
    if (!volume_online(inputs, c.conditions, c.states[s])) offline += pi(static_cast<Eigen::Index>(s));
  return offline;
}

double volume_availability(const DurabilityInputs& inputs) { return 1.0 - volume_unavailability(inputs); }

std::vector<LayoutDurability> compare_mirror_layouts(const DurabilityInputs& cluster, double mission_s) {
  std::vector<LayoutDurability> out;
  for (const CopyLayout& layout : {two_way_mirror(), three_way_mirror(), nested_two_way_mirror()}) {
    LayoutDurability d;
    d.layout = layout;
    d.usable_fraction = 1.0 / layout.copies();
    DurabilityInputs in = cluster;
    in.layout = layout;
    if (in.nodes < layout.nodes_per_slab) {
      d.why_not =
          "needs " + std::to_string(layout.nodes_per_slab) + " nodes, the cluster has " + std::to_string(in.nodes);
    } else if (in.capacity_drives_per_node < layout.copies_per_node) {
      d.why_not = "needs " + std::to_string(layout.copies_per_node) + " capacity drives per node, the nodes have " +
                  std::to_string(in.capacity_drives_per_node);
    } else if (!in.not_computable.empty()) {
      d.fits = true;
      d.not_computable = in.not_computable;
    } else {
      d.fits = true;
      d.mttdl_s = mean_time_to_data_loss_s(in);
      if (std::isinf(d.mttdl_s)) d.unbounded_because = unbounded_mttdl_reason(in);
      d.unavailability = volume_unavailability(in);
      d.availability = 1.0 - d.unavailability;
      d.loss_probability = data_loss_probability(in, mission_s);
    }
    out.push_back(d);
  }
  return out;
}

std::vector<RepairDurability> durability_by_repair_time(const DurabilityInputs& base,
                                                        const std::vector<RepairTimes>& repairs, double mission_s) {
  std::vector<RepairDurability> out;
  for (const RepairTimes& repair : repairs) {
    DurabilityInputs in = base;
    in.drive_rebuild_s = repair.drive_rebuild_s;
    in.node_resync_s = repair.node_resync_s;
    RepairDurability d;
    d.repair = repair;
    if (!in.not_computable.empty()) {
      d.not_computable = in.not_computable;
      out.push_back(d);
      continue;
    }
    d.mttdl_s = mean_time_to_data_loss_s(in);
    if (std::isinf(d.mttdl_s)) d.unbounded_because = unbounded_mttdl_reason(in);
    d.unavailability = volume_unavailability(in);
    d.availability = 1.0 - d.unavailability;
    d.loss_probability = data_loss_probability(in, mission_s);
    out.push_back(d);
  }
  return out;
}

}  // namespace hcisim::models
