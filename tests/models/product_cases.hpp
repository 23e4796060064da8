// The storage products the conformance suite (test_product_conformance.cpp)
// runs over, one case each: a small healthy cluster of the product with a
// DISKSPD workload, built from the hand-built specs of model_specs.hpp and
// cloud_specs.hpp, and what the product's documentation says it does with
// the two failures the suite plays.
//
// The products are the registry's (models/storage/product_registry.hpp):
// product_cases() has one for each entry, and make_product() is the entry's
// factory. case_for() switches on the kind without a default, so the build's
// -Wall names a new ProductKind that has no case here; what a case expects of
// failures is the product's documentation, checked against its entry.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cloud_specs.hpp"
#include "failure_specs.hpp"
#include "model_specs.hpp"
#include "models/cluster/cluster.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/product_registry.hpp"
#include "sim/engine.hpp"
#include "sim/time.hpp"

namespace mtest {

// What a product does with a failure it is given during a run: models it (the
// run goes on, on the surviving copies) or refuses it by name (throws
// std::invalid_argument saying what is not modelled).
enum class FailureHandling { Survived, Refused };

struct ProductCase {
  std::string name;   // the product's name in the catalog (stacks/*.yaml `product:`)
  std::string title;  // how the product names itself in its messages
  ProductKind kind;
  ScenarioSpec scenario;  // healthy, DISKSPD 4K random, a failure profile; no timeline
  int copies = 1;         // copies a write makes (its resiliency)
  // A request is cut at multiples of this (S2D: the interleave; ScaleIO: the
  // chunk; InfoScale: the stripe unit); a piece's copies land on `copies` nodes.
  std::uint64_t stripe_unit = 0;
  FailureHandling node_failure = FailureHandling::Refused;
  FailureHandling drive_failure = FailureHandling::Refused;
  std::string node_noun = "node";    // how its refusal names a failed node ("node 3", "storage VM 3")
  std::string drive_noun = "drive";  // ... and a failed drive
  int failover_node = -1;            // where a failed node's VMs and volume go (S2D)
};

// Run times for the suite's simulate() runs are set by the suite.
inline ProductCase case_for(ProductKind kind) {
  ProductCase c;
  c.kind = kind;
  switch (kind) {
    case ProductKind::S2d: {
      // 4 AX-7525-like nodes, 4 CM6-V each, three-way mirror, 8 MiB slabs; one
      // VM per node, 4K random 70/30 T1 O4; short detection and restart times.
      c.name = "s2d";
      c.title = "Storage Spaces Direct";
      c.scenario = failing_cluster(Resiliency::ThreeWayMirror);
      c.copies = 3;
      c.stripe_unit = static_cast<std::uint64_t>(c.scenario.cluster.stack.interleave_bytes);
      // architecture.md, Failures over time: a failed node's I/O waits for the
      // detection and completes on the surviving copies; a lost drive's extents
      // are rebuilt into the node's reserve.
      c.node_failure = FailureHandling::Survived;
      c.drive_failure = FailureHandling::Survived;
      c.failover_node = 1;
      break;
    }
    case ProductKind::ScaleIo: {
      // 4 VxRack-like nodes, 2 eMLC SSDs each, two-way mesh mirror, ESXi; the
      // same VMs and workload; the stack's rebuild: section as the failure tests have it.
      c.name = "scaleio";
      c.title = "ScaleIO";
      c.scenario = failing_cluster(Resiliency::TwoWayMirror);
      c.scenario.cluster = vxrack_cluster(4, 2);
      FailureHandlingSpec& f = c.scenario.cluster.stack.failure;
      f.defined = true;
      f.drive_detection_ns = 5 * kMillisecond;
      f.repair_io_bytes = 1 * MiB;
      f.repair_outstanding = 1;
      f.spare_fraction = 0.1;
      f.reserve_drives_per_node = 0;
      c.copies = 2;
      c.stripe_unit = static_cast<std::uint64_t>(c.scenario.cluster.stack.slab_bytes);  // the 1 MiB chunk
      // scaleio_product.hpp: a failed device's chunks are re-mirrored; failed
      // nodes are not modelled (the product throws).
      c.node_failure = FailureHandling::Refused;
      c.drive_failure = FailureHandling::Survived;
      break;
    }
    case ProductKind::InfoScale: {
      // 4 D64s_v3 storage VMs with 2 P60s each, two E64-16ds_v4 clients,
      // 64 KiB stripe unit, striped (Simple): the VMs run on the clients.
      c.name = "infoscale";
      c.title = "InfoScale";
      const ClusterSpec cloud = ctest::cloud_cluster(4, 2, ctest::e64ds_v4(16), 2, 64 * KiB);
      c.scenario = failing_cluster(Resiliency::Simple);
      c.scenario.cluster = cloud;
      c.copies = 1;
      c.stripe_unit = cloud.stack.infoscale.stripe_unit_bytes;
      // infoscale_product.hpp: "Not modelled: failures (the product throws)".
      c.node_failure = FailureHandling::Refused;
      c.drive_failure = FailureHandling::Refused;
      c.node_noun = "storage VM";
      c.drive_noun = "disk";
      break;
    }
  }
  c.scenario.id = "conformance-" + c.name;
  return c;
}

// Every registered product, once.
inline std::vector<ProductCase> product_cases() {
  std::vector<ProductCase> cases;
  for (const ProductEntry& entry : products()) cases.push_back(case_for(entry.kind));
  return cases;
}

// The product as models::simulate() builds it: its registry entry's factory.
inline std::unique_ptr<StorageProduct> make_product(ProductKind kind, hcisim::sim::Engine& engine,
                                                    const ClusterSpec& spec, Cluster& cluster, RequestTable& requests) {
  return product(kind).make(engine, spec, cluster, requests);
}

}  // namespace mtest
