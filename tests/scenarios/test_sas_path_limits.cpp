// A node's SAS path (its drives' device queues, its HBA) as both paths report
// it: the HBA's figures obey the utilisation law and count every drive
// command, and where one of the path's limits binds (HBA command processing,
// HBA tags, device queues) it is named the bottleneck, at the rate that limit
// allows.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "models/run/simulation.hpp"
#include "tests/scenarios/sas_scenarios.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kCatalog = std::filesystem::path(HCISIM_SOURCE_DIR) / "hardware-catalog";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

double relative(double a, double b) { return b != 0 ? (a - b) / b : 0; }

// The SAS scenario at `profile` on the VxRack node with one of its parts
// edited (old_text -> new_text), as node `id` in the scratch folder's parts:
// `part` is "hbas/lsi-sas-3008" or "drives/vxrack-emlc-sas-ssd-800".
models::ScenarioSpec with_edited_part(const test::Scratch& scratch, const std::string& id, const std::string& part,
                                      const std::string& old_text, const std::string& new_text,
                                      const std::string& profile) {
  const auto parts = scratch.dir / "parts";
  const std::string folder = part.substr(0, part.find('/'));
  const std::string bundled = part.substr(part.find('/') + 1);
  const std::string edited = id + "-" + folder;
  test::copy_part_with(kCatalog / (part + ".yaml"), parts / folder / (edited + ".yaml"),
                       {{"id: " + bundled, "id: " + edited}, {old_text, new_text}});
  const std::string key = folder == "hbas" ? "hba: " : "drive: ";
  test::copy_part_with(kCatalog / "nodes/vxrack-node-pf100.yaml", parts / "nodes" / (id + ".yaml"),
                       {{"id: vxrack-node-pf100", "id: " + id}, {key + bundled, key + edited}});
  const frontend::Catalog with_parts = frontend::Catalog::load({parts});
  return frontend::load_scenario(test::write_sas_scenario(scratch.dir, id), with_parts,
                                 {"vms.workload.vmfleet=" + profile});
}

}  // namespace

TEST_CASE("an HBA counts every drive command, and its busy shares follow the utilisation law") {
  test::Scratch scratch("hba-law");
  const auto file = test::write_sas_scenario(scratch.dir, "vxrack-node-pf100");
  const auto spec = frontend::load_scenario(file, catalog());  // 8K, 30 % writes
  const models::HbaSpec& hba = spec.cluster.hba;
  REQUIRE(hba.max_iops == 1e6);
  REQUIRE(hba.queue_depth == 0);
  for (const bool fast : {false, true}) {
    INFO((fast ? "fast path" : "simulator"));
    const models::RunResult r = fast ? models::analyse(spec) : models::simulate(spec);
    double commands = 0, to_host = 0, from_host = 0;
    for (const models::NodeResult& n : r.nodes) {
      REQUIRE(n.hba.present);
      CHECK(n.hba.id == "lsi-sas-3008");
      CHECK(n.hba.processing_modelled);
      CHECK(n.hba.link_modelled);
      CHECK(n.hba.queue_depth == 0);
      CHECK(n.hba.tag_occupancy == 0);  // no queue depth published: no tags modelled
      // U = X S: one command processed in 1 / max_iops.
      CHECK(n.hba.processing == Approx(n.hba.commands_per_s / hba.max_iops).epsilon(0.02));
      CHECK(n.hba.busiest() == Approx(n.hba.processing));
      CHECK(n.hba.tightest() == models::HbaLimit::Processing);
      commands += n.hba.commands_per_s;
      to_host += n.hba.link_to_host * hba.max_bytes_per_s;
      from_host += n.hba.link_from_host * hba.max_bytes_per_s;
    }
    // ScaleIO's two copies: a read is one drive command, a write one at each copy's SDS,
    // and the data crosses the host link once per command.
    CAPTURE(commands, r.read_iops, r.write_iops);
    CHECK(commands == Approx(r.read_iops + 2 * r.write_iops).epsilon(0.02));
    CHECK(to_host == Approx(r.read_bytes_per_s).epsilon(0.02));
    CHECK(from_host == Approx(2 * r.write_bytes_per_s).epsilon(0.02));
  }
}

TEST_CASE("an HBA whose processing cannot keep up with its drives is the bottleneck, in both paths") {
  test::Scratch scratch("hba-slow");
  // 100 k commands a second in front of six SSDs of 150 k read IOPS each.
  const auto spec = with_edited_part(scratch, "node-slow-hba", "hbas/lsi-sas-3008", "max_iops: {value: 1M",
                                     "max_iops: {value: 100k", "B4-T1-O16-W0-PR");
  const auto sim = models::simulate(spec);
  const auto fast = models::analyse(spec);
  for (const models::RunResult* r : {&sim, &fast}) {
    CAPTURE(r->total_iops(), r->bottleneck.reason);
    CHECK(r->bottleneck.resource == "HBA");
    CHECK(r->bottleneck.utilisation > 0.97);
    CHECK_THAT(r->bottleneck.reason, Catch::Contains("command processing"));
    // Four nodes, each HBA at its 100 k commands a second; the drives are far from busy.
    CHECK(r->total_iops() == Approx(4 * 100e3).epsilon(0.03));
    for (const models::NodeResult& n : r->nodes) CHECK(n.drive_utilisation_max < 0.3);
  }
  CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
}

TEST_CASE("too few HBA tags hold drives back: both paths name the tags, at the rate they allow") {
  test::Scratch scratch("hba-tags");
  const auto spec =
      with_edited_part(scratch, "node-16-tags", "hbas/lsi-sas-3008",
                       "max_iops:", "queue_depth: {value: 16, source: \"test\"}\nmax_iops:", "B4-T1-O16-W0-PR");
  REQUIRE(spec.cluster.hba.queue_depth == 16);
  const auto sim = models::simulate(spec);
  CAPTURE(sim.total_iops(), sim.bottleneck.reason);
  CHECK(sim.bottleneck.resource == "HBA");
  CHECK_THAT(sim.bottleneck.reason, Catch::Contains("tags 100 % in use (16 of 16 on average)"));
  // 16 commands at a time per node, each the SSD's QD1 read time (150 us, media and link) plus
  // the HBA's 1 us and the host link's 0.5 us: at most 16 / 151.5 us per node.
  const double per_node_bound = 16 / 151.5e-6;
  CHECK(sim.total_iops() <= 4 * per_node_bound * 1.01);
  CHECK(sim.total_iops() == Approx(4 * per_node_bound).epsilon(0.05));
  for (const models::NodeResult& n : sim.nodes) {
    CHECK(n.hba.tag_occupancy > 0.99);
    CHECK(n.drive_utilisation_max < 0.3);  // the drives have room: the tags are the limit
  }
  // The fast path's tags are a pool of 16 held through the HBA and the drive: the same bound.
  const auto fast = models::analyse(spec);
  CAPTURE(fast.total_iops(), fast.bottleneck.reason);
  CHECK(fast.bottleneck.resource == "HBA");
  CHECK(fast.total_iops() <= 4 * per_node_bound * 1.01);
  CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
  CHECK(std::fabs(relative(fast.all_latency.mean_s, sim.all_latency.mean_s)) < 0.20);
  for (const models::NodeResult& n : fast.nodes) CHECK(n.hba.tag_occupancy > 0.95);
}

TEST_CASE("drives with a shallow device queue hold I/O back: both paths name the device queues") {
  test::Scratch scratch("device-queues");
  // Two commands at a time per SSD, of its 22 channels.
  const auto spec = with_edited_part(scratch, "node-qd2", "drives/vxrack-emlc-sas-ssd-800", "queue_depth: {value: 254",
                                     "queue_depth: {value: 2", "B4-T1-O32-W0-PR");
  const auto sim = models::simulate(spec);
  CAPTURE(sim.total_iops(), sim.bottleneck.reason);
  CHECK(sim.bottleneck.resource == "device queues");
  CHECK_THAT(sim.bottleneck.reason, Catch::Contains("holds 2.0 of its 2 device-queue slots"));
  // Six drives a node, each 2 commands at a time of 150 us (media and link) plus the HBA's
  // 1 us processing and 0.5 us on the host link: at most 12 / 151.5 us per node.
  const double per_node_bound = 6 * 2 / 151.5e-6;
  CHECK(sim.total_iops() <= 4 * per_node_bound * 1.01);
  CHECK(sim.total_iops() == Approx(4 * per_node_bound).epsilon(0.05));
  for (const models::NodeResult& n : sim.nodes) {
    CHECK(n.device_queue_depth == 2);
    CHECK(n.device_queue_occupancy_max > 0.99);
    CHECK(n.drive_utilisation_max < 0.2);  // 2 of 22 channels busy
  }
  const auto fast = models::analyse(spec);
  CAPTURE(fast.total_iops(), fast.bottleneck.reason);
  CHECK(fast.bottleneck.resource == "device queues");
  CHECK(fast.total_iops() <= 4 * per_node_bound * 1.01);
  CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
  CHECK(std::fabs(relative(fast.all_latency.mean_s, sim.all_latency.mean_s)) < 0.20);
  for (const models::NodeResult& n : fast.nodes) {
    CHECK(n.device_queue_depth == 2);
    CHECK(n.device_queue_occupancy_max > 0.95);
  }
}
