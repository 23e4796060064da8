// The counterfactuals `hcisim explain` builds through the loader, on the
// bundled scenarios: one more node keeps the VMs per node and a valid
// placement; the other mirror is refused where the cluster cannot hold it;
// usable capacity of the bundled clusters against the datasheet arithmetic.
#include <catch2/catch.hpp>

#include <filesystem>

#include "models/run/explain.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/explain_variants.hpp"

using namespace hcisim;

namespace {

std::filesystem::path scenario(const char* name) {
  return std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios" / name;
}

}  // namespace

TEST_CASE("explain variants: one more node keeps the VMs per node", "[explain]") {
  const auto catalog = frontend::Catalog::load();
  const auto file = scenario("ax7525/test1-4k-random-read.yaml");
  const models::ScenarioSpec base = frontend::load_scenario(file, catalog);
  const models::VariantSpec v = frontend::one_more_node_variant(file, catalog, {}, base);
  INFO(v.why_not);
  REQUIRE(v.spec);
  CHECK(v.spec->cluster.node_count == 5);
  CHECK(v.spec->vms.per_node == std::vector<int>(5, 64));
  CHECK(v.change.find("320 in all") != std::string::npos);
  CHECK(v.spec->cluster.resiliency == base.cluster.resiliency);
}

TEST_CASE("explain variants: one more node on a failed-node scenario keeps the failover and owners", "[explain]") {
  const auto catalog = frontend::Catalog::load();
  // Test 3: node 4 down, its 32 VMs on node 2, its volume owned by node 2.
  const auto file = scenario("ax7525/test3-4k-random-read.yaml");
  const models::ScenarioSpec base = frontend::load_scenario(file, catalog);
  REQUIRE(base.cluster.volume_owners == std::vector<int>{0, 1, 2, 1});
  const models::VariantSpec v = frontend::one_more_node_variant(file, catalog, {}, base);
  INFO(v.why_not);
  REQUIRE(v.spec);
  CHECK(v.spec->cluster.node_count == 5);
  CHECK(v.spec->cluster.failed_nodes == std::vector<int>{3});
  CHECK(v.spec->vms.failover[3] == 1);
  CHECK(v.spec->cluster.volume_owners == std::vector<int>{0, 1, 2, 1, 4});
  CHECK(v.spec->vms.per_node.back() == base.vms.per_node.front());
}

TEST_CASE("explain variants: the other mirror, or why the cluster cannot hold it", "[explain]") {
  const auto catalog = frontend::Catalog::load();
  const auto ax = scenario("ax7525/test1-4k-random-read.yaml");
  const models::ScenarioSpec three = frontend::load_scenario(ax, catalog);
  const models::VariantSpec two = frontend::other_mirror_variant(ax, catalog, {}, three);
  REQUIRE(two.spec);
  CHECK(two.spec->cluster.resiliency == models::Resiliency::TwoWayMirror);
  // The R740xd has 2 nodes: three copies on distinct nodes do not fit, and the loader says so.
  const auto r740 = scenario("r740xd/70-30.yaml");
  const models::VariantSpec refused =
      frontend::other_mirror_variant(r740, catalog, {}, frontend::load_scenario(r740, catalog));
  CHECK_FALSE(refused.spec);
  CHECK(refused.why_not.find("expected at least that many nodes, got 2") != std::string::npos);
  // The user's own what-ifs come first: on 3 nodes the R740xd takes a three-way mirror.
  const models::VariantSpec fits = frontend::other_mirror_variant(
      r740, catalog, {"cluster.nodes=3"}, frontend::load_scenario(r740, catalog, {"cluster.nodes=3"}));
  INFO(fits.why_not);
  CHECK(fits.spec);
}

TEST_CASE("explain: usable capacity of the bundled clusters, by hand", "[explain]") {
  const auto catalog = frontend::Catalog::load();
  // AX-7525: 4 nodes x 24 KIOXIA CM6-V 3.2 TB (DS), one drive per node in reserve, three copies.
  const models::CapacityFigures ax =
      models::usable_capacity(frontend::load_scenario(scenario("ax7525/test1-4k-random-read.yaml"), catalog));
  CHECK(ax.raw_bytes == Approx(4 * 24 * 3.2e12));
  CHECK(ax.reserve_bytes == Approx(4 * 3.2e12));
  CHECK(ax.usable_bytes == Approx((307.2e12 - 12.8e12) / 3));
  // R740xd: 2 nodes x 8 HGST 7K6000 2 TB (the 4 cache SSDs hold no capacity), two copies.
  const models::CapacityFigures r740 =
      models::usable_capacity(frontend::load_scenario(scenario("r740xd/70-30.yaml"), catalog));
  CHECK(r740.raw_bytes == Approx(2 * 8 * 2e12));
  CHECK(r740.usable_bytes == Approx((32e12 - 4e12) / 2));
}
