// Every storage product, registered by name: what it is called, how it is
// made, what it accepts of a cluster and a run, and what it offers (issue 43).
// The loader, the fast path, the durability study, explain and the reports
// ask here; no code outside this file and its .cpp switches on ProductKind.
// A new product is one folder under models/storage/, one entry in
// product_registry.cpp and one catalog file (docs/architecture.md, "How to
// add a storage product").
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "models/cluster/cluster.hpp"
#include "models/io/io_request.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/spec/stack_spec.hpp"
#include "models/storage/storage_product.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

// What a product models of a cluster and of its failures; what it does not is
// refused by name (the loader at the scenario's key, the model when it is built).
struct ProductAccepts {
  bool servers = true;               // runs on server nodes (false: on cloud VMs, cluster.cloud)
  bool compute_hosts = false;        // VMs on hosts without storage (a two-layer cluster)
  bool any_hypervisor = false;       // false: Hyper-V hosts only
  bool two_way_only = false;         // exactly two copies (its resiliency is fixed)
  bool failed_nodes = false;         // nodes down from the start (cluster.failed_nodes)
  bool node_failures = false;        // a node fails, returns or is drained during a run
  bool drive_failures = false;       // a drive fails during a run
  bool drive_failure_modes = false;  // a drive that stops answering or returns errors (timeline `mode:`)
  bool cache_tier = false;           // cache drives bound to capacity drives
  bool csv_cache = false;            // a CSV block cache in each node's memory
  bool repair_speed = false;         // a repair pace to set (cluster.repair_speed)
  bool volume_owners = false;        // volumes owned by one node each (VMs aligned with them or not)
  bool sas_streams = false;          // SAS iotest streams on a VxFS cluster file system
};

// What a product offers beyond the simulation.
struct ProductOffers {
  bool fast_path = false;  // the analytic estimate (models/analytic/)
  bool rdma = false;       // an RDMA transport, and so explain's RDMA-against-TCP what-if
  // A drive failing with errors is known failed at once (S2D); otherwise after
  // the stack's device detection time.
  bool drive_errors_known_at_once = false;
};

struct ProductEntry {
  ProductKind kind = ProductKind::S2d;
  std::string_view name;       // the catalog's `product:` value and the validation record's id
  std::string_view title;      // as reports print it ("S2D")
  std::string_view full_name;  // as messages say it ("Storage Spaces Direct")
  // The stack's catalog section that describes its failure handling.
  std::string_view failure_section;
  // What a node is to the product, where its failure is not modelled ("" when it is).
  std::string_view node_role;
  // The hypervisor profile taken when the scenario names none; "" when it must
  // name one, the product running under any of `runs_under`.
  std::string_view default_hypervisor;
  std::string_view runs_under;
  // What the durability study's repair speed sets in it ("" when it has no repair).
  std::string_view repair_knob;
  // The values that knob takes (none without one): S2D's repair speeds are
  // powers of two from 1 to 16; ScaleIO's rebuild I/Os per device any count
  // from 1 to 64 (the stack's declared bounds, stack_parameters.cpp).
  struct RepairPace {
    int lowest = 0, highest = 0;
    bool powers_of_two = false;
    bool allows(int value) const {
      return value >= lowest && value <= highest && (!powers_of_two || (value & (value - 1)) == 0);
    }
    std::string text() const;  // "1, 2, 4, 8 or 16", "1 to 64"
  } repair_pace;
  ProductAccepts accepts;
  ProductOffers offers;
  std::unique_ptr<StorageProduct> (*make)(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster,
                                          RequestTable& requests) = nullptr;
  // What the product refuses of a cluster it is built on ("" when it models it):
  // the constructor and the fast path refuse the same, in the same words.
  std::string (*refusal)(const ClusterSpec& spec) = nullptr;
};

// Every product, in a fixed order.
const std::vector<ProductEntry>& products();
const ProductEntry& product(ProductKind kind);
// The product named `name` (the catalog's `product:`), or null.
const ProductEntry* find_product(std::string_view name);
// The names of every product, for messages ("s2d, scaleio or infoscale").
std::string product_names();

}  // namespace hcisim::models
