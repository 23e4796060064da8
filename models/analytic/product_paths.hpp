// The storage products' I/O paths as trees of the fast path's network, step
// for step as S2dProduct and ScaleIoProduct run them (their headers describe
// the paths), with the same stack costs. Where the simulator draws a copy's
// node from the slab map, the fast path takes the expectation of a balanced
// map: each extent's copies on `copies` distinct nodes, every set of nodes
// equally likely, so a node holds copies / nodes of every volume.
#pragma once

#include <string_view>
#include <vector>

#include "models/analytic/cluster_stations.hpp"
#include "models/analytic/workload_classes.hpp"

namespace hcisim::models::analytic {

// Connection sets of ClusterStations' keys.
enum ConnectionSet { kScaleIoSdc = 2, kScaleIoSds = 3 };

// Each fills `groups` with the VM groups its classes refer to.
std::vector<ClassInfo> build_s2d(Network& net, ClusterStations& hw, const ScenarioSpec& spec,
                                 std::vector<VmGroup>& groups);
std::vector<ClassInfo> build_scaleio(Network& net, ClusterStations& hw, const ScenarioSpec& spec,
                                     std::vector<VmGroup>& groups);

// The paths of the product named `product` (the registry's name,
// models/storage/product_registry.hpp), or null: every product whose entry
// offers the fast path has a builder here (a test holds them equal).
using BuildPaths = std::vector<ClassInfo> (*)(Network& net, ClusterStations& hw, const ScenarioSpec& spec,
                                              std::vector<VmGroup>& groups);
BuildPaths paths_of(std::string_view product);

// P(K = k) for K hypergeometric: `draws` from `population` of which `marked` are marked.
double hypergeometric(int population, int marked, int draws, int k);

}  // namespace hcisim::models::analytic
