// The counterfactual scenarios of `hcisim explain` that change the cluster's
// shape: one more node, the other mirror. They go through the scenario loader
// (the file, the user's --set what-ifs, then the change as one more --set), so
// VM placement, volume owners, failover and every capacity and quorum check of
// a scenario hold for them too; a change the scenario cannot take comes back
// with the loader's message instead of a spec. The part-only changes (RDMA
// against TCP, a faster NIC) need no loader and come from models/run/explain.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "models/run/explain.hpp"
#include "tools/frontend/input/catalog.hpp"

namespace hcisim::frontend {

// One more node: with as many VMs as each of the others when they all have
// the same (the load per node stays), else with none (the same VMs in all,
// where they were). Volume owners, when the scenario has them, get the new
// node owning its own volume.
models::VariantSpec one_more_node_variant(const std::filesystem::path& file, const Catalog& catalog,
                                          const std::vector<std::string>& overrides,
                                          const models::ScenarioSpec& loaded);

// Two-way <-> three-way mirror (a simple space tries two-way).
models::VariantSpec other_mirror_variant(const std::filesystem::path& file, const Catalog& catalog,
                                         const std::vector<std::string>& overrides, const models::ScenarioSpec& loaded);

// Every counterfactual explain runs, in the order the report lists them.
std::vector<models::VariantSpec> explain_variants(const std::filesystem::path& file, const Catalog& catalog,
                                                  const std::vector<std::string>& overrides,
                                                  const models::ScenarioSpec& loaded);

}  // namespace hcisim::frontend
