#include "tools/frontend/report/explain_variants.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "tools/frontend/input/scenario_loader.hpp"

namespace hcisim::frontend {

namespace {

std::string yaml_list(const std::vector<int>& values) {
  std::string text = "[";
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

// Loads the scenario with `change` appended to the user's what-ifs; the loader's
// message when the scenario cannot take the change.
models::VariantSpec load_variant(models::VariantSpec v, const std::filesystem::path& file, const Catalog& catalog,
                                 std::vector<std::string> overrides, const std::vector<std::string>& change) {
  overrides.insert(overrides.end(), change.begin(), change.end());
  try {
    v.spec = load_scenario(file, catalog, overrides);
  } catch (const LoadError& e) {
    v.why_not = e.what();
  }
  return v;
}

const char* mirror_name(models::Resiliency r) {
  switch (r) {
    case models::Resiliency::Simple: return "simple";
    case models::Resiliency::TwoWayMirror: return "two-way-mirror";
    case models::Resiliency::ThreeWayMirror: return "three-way-mirror";
  }
  return "?";
}

}  // namespace

models::VariantSpec one_more_node_variant(const std::filesystem::path& file, const Catalog& catalog,
                                          const std::vector<std::string>& overrides,
                                          const models::ScenarioSpec& loaded) {
  // Every node with the same VMs: the new one gets as many (the load per node
  // stays). Otherwise the VMs stay where they are and the new node adds
  // storage only (a per-node count would be a guess).
  const std::vector<int>& per_node = loaded.vms.per_node;
  const int total = std::accumulate(per_node.begin(), per_node.end(), 0);
  const bool equal = std::adjacent_find(per_node.begin(), per_node.end(), std::not_equal_to<>()) == per_node.end();
  const int added = equal && !per_node.empty() ? per_node.front() : 0;
  const int nodes = loaded.cluster.node_count + 1;
  std::vector<int> counts = per_node;
  counts.push_back(added);
  models::VariantSpec v;
  v.name = "one more node";
  v.change = equal ? std::to_string(nodes) + " nodes, the new one with " + std::to_string(added) +
                         " VMs like each of the others: the same VMs per node, " + std::to_string(total + added) +
                         " in all"
                   : std::to_string(nodes) +
                         " nodes, the new one without VMs (the others hold different counts): " + "the same " +
                         std::to_string(total) + " VMs in all, where they were";
  std::vector<std::string> change = {"cluster.nodes=" + std::to_string(nodes), "vms.per_node=" + yaml_list(counts)};
  if (!loaded.cluster.volume_owners.empty()) {
    std::vector<int> owners;
    for (const int o : loaded.cluster.volume_owners) owners.push_back(o + 1);
    owners.push_back(nodes);
    change.push_back("cluster.volume_owners=" + yaml_list(owners));
  }
  return load_variant(v, file, catalog, overrides, change);
}

models::VariantSpec other_mirror_variant(const std::filesystem::path& file, const Catalog& catalog,
                                         const std::vector<std::string>& overrides,
                                         const models::ScenarioSpec& loaded) {
  const models::Resiliency other = loaded.cluster.resiliency == models::Resiliency::TwoWayMirror
                                       ? models::Resiliency::ThreeWayMirror
                                       : models::Resiliency::TwoWayMirror;
  models::VariantSpec v;
  v.name = other == models::Resiliency::ThreeWayMirror ? "three-way mirror" : "two-way mirror";
  v.change = std::string(mirror_name(other)) + " instead of " + mirror_name(loaded.cluster.resiliency) + ": " +
             std::to_string(models::copies(other)) + " copies of every slab";
  return load_variant(v, file, catalog, overrides, {std::string("cluster.resiliency=") + mirror_name(other)});
}

std::vector<models::VariantSpec> explain_variants(const std::filesystem::path& file, const Catalog& catalog,
                                                  const std::vector<std::string>& overrides,
                                                  const models::ScenarioSpec& loaded) {
  return {one_more_node_variant(file, catalog, overrides, loaded),
          other_mirror_variant(file, catalog, overrides, loaded), models::transport_variant(loaded),
          models::faster_nic_variant(loaded)};
}

}  // namespace hcisim::frontend
