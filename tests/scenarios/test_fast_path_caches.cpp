// The fast path on SAS SSDs and on a hybrid node's cache tier, against the
// simulator: where it answers (a warmed cache tier that holds the data, SAS
// SSDs below saturation) within the fast path's tolerances and with the
// simulator agreeing that the regime held (every read a hit, nothing destaged);
// where it defers, for the reason the simulator shows.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "models/analytic/fast_path.hpp"
#include "models/run/simulation.hpp"
#include "tests/scenarios/cache_figure.hpp"
#include "tests/scenarios/sas_scenarios.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;
using test::Scratch;
using test::write_sas_scenario;

namespace {

const std::filesystem::path kScenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios";
const std::filesystem::path kCatalog = std::filesystem::path(HCISIM_SOURCE_DIR) / "hardware-catalog";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

double relative(double a, double b) { return b != 0 ? (a - b) / b : 0; }

void check_agreement(const models::RunResult& fast, const models::RunResult& sim) {
  CAPTURE(fast.total_iops(), sim.total_iops(), fast.all_latency.mean_s, sim.all_latency.mean_s);
  CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
  CHECK(std::fabs(relative(fast.all_latency.mean_s, sim.all_latency.mean_s)) < 0.20);
  if (sim.read_iops > 0) CHECK(std::fabs(relative(fast.read_latency.mean_s, sim.read_latency.mean_s)) < 0.20);
  if (sim.write_iops > 0) CHECK(std::fabs(relative(fast.write_latency.mean_s, sim.write_latency.mean_s)) < 0.20);
  CHECK(fast.bottleneck.resource == sim.bottleneck.resource);
}

}  // namespace

TEST_CASE("the fast path answers a warmed cache tier that holds the data as the simulator runs it") {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"r740xd/100-read.yaml", {}},
      {"r740xd/70-30.yaml", {}},
      // Half writes on 10 VMs a node: CPU-bound, the write logs below saturation (20 VMs saturate both: refused below).
      {"r740xd/70-30.yaml", {"vms.workload.vmfleet=B16-T1-O8-W50-PR", "vms.per_node=10"}},
      {"r740xd/100-read.yaml", {"vms.per_node=8"}},
      // 64K reads: each SAS cache drive's 12 Gb/s link binds, and both say it is a cache drive.
      {"r740xd/100-read.yaml", {"vms.workload.vmfleet=B64-T1-O4-W0-PR"}},
  };
  for (const auto& [file, overrides] : cases) {
    INFO(file << (overrides.empty() ? "" : " " + overrides[0]) << (overrides.size() > 1 ? " " + overrides[1] : ""));
    const auto spec = frontend::load_scenario(kScenarios / file, catalog(), overrides);
    const auto fast = models::analyse(spec);
    const auto sim = models::simulate(spec);
    check_agreement(fast, sim);
    if (sim.bottleneck.resource == "drives") {
      CHECK_THAT(sim.bottleneck.reason, Catch::StartsWith("busiest cache drive"));
      CHECK_THAT(fast.bottleneck.reason, Catch::StartsWith("busiest cache drive"));
      CHECK(sim.bottleneck.utilisation > 0.9);
    }
    for (std::size_t n = 0; n < sim.nodes.size(); ++n) {
      const models::NodeResult& f = fast.nodes[n];
      const models::NodeResult& s = sim.nodes[n];
      REQUIRE(f.has_cache_tier);
      REQUIRE(s.has_cache_tier);
      // The simulator stayed in the fast path's regime: every read a hit, every write cached, no destage.
      CHECK(cache_figure(sim, s, cache::kReadMisses) == 0);
      CHECK(cache_figure(sim, s, cache::kReadBypasses) == 0);
      CHECK(cache_figure(sim, s, cache::kWritesBypassed) == 0);
      CHECK(cache_figure(sim, s, cache::kDestage) == 0);
      CHECK(cache_figure(sim, s, cache::kCapacityDriveMax) == 0);
      CHECK(cache_figure(fast, f, cache::kReadHitRatio) == cache_figure(sim, s, cache::kReadHitRatio));
      CHECK(std::fabs(relative(cache_figure(fast, f, cache::kReadHits), cache_figure(sim, s, cache::kReadHits))) <
            0.10);
      CHECK(std::fabs(relative(cache_figure(fast, f, cache::kWritesCached),
                               cache_figure(sim, s, cache::kWritesCached))) < 0.10);
      CHECK(std::fabs(relative(cache_figure(fast, f, cache::kFill), cache_figure(sim, s, cache::kFill))) < 0.05);
      CHECK(std::fabs(relative(cache_figure(fast, f, cache::kCacheDriveMax),
                               cache_figure(sim, s, cache::kCacheDriveMax))) < 0.15);
      CHECK(cache_figure(fast, f, cache::kCapacityDriveMax) == 0);  // the hard disks
      CHECK(f.drive_utilisation_max ==
            cache_figure(fast, f, cache::kCacheDriveMax));  // every drive: the cache drives the busiest
      // The PERC in front of the cache drives: every cache I/O one command, its tags by Little's law.
      REQUIRE(s.hba.present);
      REQUIRE(f.hba.present);
      CHECK(std::fabs(relative(f.hba.commands_per_s, s.hba.commands_per_s)) < 0.10);
      CHECK(std::fabs(relative(f.hba.link_to_host, s.hba.link_to_host)) < 0.10);
      if (s.hba.link_from_host > 0.01) CHECK(std::fabs(relative(f.hba.link_from_host, s.hba.link_from_host)) < 0.10);
      CHECK(std::fabs(relative(f.hba.tag_occupancy, s.hba.tag_occupancy)) < 0.20);
    }
    // The CSV block cache (8 GB per host) starts empty: it served less than the 1 % the fast path leaves out.
    CHECK(sim.host_cache_hits < 0.01 * static_cast<double>(sim.host_cache_misses));
    CHECK(fast.host_cache_hits == 0);
    CHECK(std::fabs(relative(static_cast<double>(fast.host_cache_misses), static_cast<double>(sim.host_cache_misses))) <
          0.10);
  }
}

TEST_CASE("the fast path defers on a cache tier outside that regime, naming why") {
  const auto at = [](const std::string& file, const std::vector<std::string>& overrides) {
    return frontend::load_scenario(kScenarios / file, catalog(), overrides);
  };
  CHECK_THAT(models::fast_path_limit(at("r740xd/whatif-cold-cache.yaml", {})), Catch::Contains("cold cache tier"));
  CHECK_THAT(models::fast_path_limit(at("r740xd/whatif-working-set-cliff.yaml", {})),
             Catch::Contains("does not hold the VMs' data"));
  // 60 GB per VM fits the warm cache (600 GB per cache drive) but is more than destage_start
  // of it: a 100 ms run is answered, an hour of 30 % writes would start destaging.
  const auto big = at("r740xd/70-30.yaml", {"vms.workload.file_size=60GB"});
  CHECK(models::fast_path_limit(big).empty());
  CHECK(test::fast_path_refusal(big).empty());
  CHECK_THAT(test::fast_path_refusal(at("r740xd/70-30.yaml", {"vms.workload.file_size=60GB", "run.duration=3600s"})),
             Catch::Contains("destage within the run"));
  // With 10 GB per VM destage can never start (the data is below destage_start): an hour is answered.
  CHECK(test::fast_path_refusal(at("r740xd/70-30.yaml", {"run.duration=3600s", "vms.workload.file_size=10GiB"}))
            .find("destage") == std::string::npos);
  // The CSV block cache: five seconds of reads cover more than 1 % of each VM's file.
  CHECK_THAT(test::fast_path_refusal(at("r740xd/100-read.yaml", {"run.duration=5s"})),
             Catch::Contains("CSV in-memory block cache"));
  CHECK_THAT(models::fast_path_limit(
                 at("r740xd/100-read.yaml", {"vms.workload.diskspd=\"-b4K -t1 -o4 -r -w0 -Sh -rdpct90/10\""})),
             Catch::Contains("hot-spot"));
  CHECK_THAT(models::fast_path_limit(at("r740xd/100-read.yaml", {"vms.workload.vmfleet=B64-T1-O4-W0-PSI"})),
             Catch::Contains("sequential reads larger"));
  // Half 8K writes on 20 VMs a node: CPUs and volume stages saturated together (a refusal after solving).
  CHECK_THAT(test::fast_path_refusal(at("r740xd/70-30.yaml", {"vms.workload.vmfleet=B8-T1-O8-W50-PR"})),
             Catch::Contains("are both saturated"));
}

TEST_CASE("the fast path follows SAS SSDs behind their links, HBA and device queues") {
  Scratch scratch("fast-caches");
  const auto file = write_sas_scenario(scratch.dir, "vxrack-node-pf100");
  for (const std::string profile : {"B8-T2-O8-W30-PR", "B4-T1-O4-W50-PR", "B64-T1-O8-W0-PR"}) {
    INFO(profile);
    const auto spec = frontend::load_scenario(file, catalog(), {"vms.workload.vmfleet=" + profile});
    const auto fast = models::analyse(spec);
    const auto sim = models::simulate(spec);
    CAPTURE(fast.total_iops(), sim.total_iops());
    CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
    CHECK(std::fabs(relative(fast.all_latency.mean_s, sim.all_latency.mean_s)) < 0.20);
    CHECK(std::fabs(relative(fast.nodes[0].drive_utilisation_max, sim.nodes[0].drive_utilisation_max)) < 0.15);
    CHECK(std::fabs(relative(fast.nodes[0].hba.processing, sim.nodes[0].hba.processing)) < 0.10);
    CHECK(std::fabs(relative(fast.nodes[0].hba.link_to_host, sim.nodes[0].hba.link_to_host)) < 0.10);
    // Commands in flight per drive by Little's law; the simulator's fullest drive holds a few more.
    CHECK(fast.nodes[0].device_queue_depth == 254);
    CHECK(sim.nodes[0].device_queue_depth == 254);
    CHECK(fast.nodes[0].device_queue_occupancy_max <= sim.nodes[0].device_queue_occupancy_max * 1.05);
    CHECK(fast.nodes[0].device_queue_occupancy_max >= sim.nodes[0].device_queue_occupancy_max * 0.6);
  }
  // 70 % writes at 16K: more than the SSDs' 45 K write IOPS can drain, so their write buffers
  // fill; the fast path would overrun the media, and the simulator is drive-bound there.
  const auto saturated = frontend::load_scenario(file, catalog(), {"vms.workload.vmfleet=B16-T1-O8-W70-PR"});
  CHECK_THAT(test::fast_path_refusal(saturated), Catch::Contains("back-pressure"));
  const auto sim = models::simulate(saturated);
  CHECK(sim.bottleneck.resource == "drives");
  CHECK(sim.bottleneck.utilisation > 0.9);

  // The same SSD with a device queue of 2 commands: 32 I/Os in flight per VM pile up at the drives.
  const auto parts = scratch.dir / "parts";
  test::copy_part_with(
      kCatalog / "drives/vxrack-emlc-sas-ssd-800.yaml", parts / "drives/ssd-qd2.yaml",
      {{"id: vxrack-emlc-sas-ssd-800", "id: ssd-qd2"}, {"queue_depth: {value: 254", "queue_depth: {value: 2"}});
  test::copy_part_with(
      kCatalog / "nodes/vxrack-node-pf100.yaml", parts / "nodes/node-qd2.yaml",
      {{"id: vxrack-node-pf100", "id: node-qd2"}, {"drive: vxrack-emlc-sas-ssd-800", "drive: ssd-qd2"}});
  const frontend::Catalog with_parts = frontend::Catalog::load({parts});
  // At 2 to 64 I/Os per VM (8 to 256 per drive): from below the slots' knee to well past it.
  for (const std::string profile : {"B4-T1-O2-W0-PR", "B4-T1-O4-W0-PR", "B4-T1-O8-W30-PR", "B4-T1-O64-W0-PR"}) {
    INFO(profile);
    const auto shallow = frontend::load_scenario(write_sas_scenario(scratch.dir, "node-qd2"), with_parts,
                                                 {"vms.workload.vmfleet=" + profile});
    const auto fast = models::analyse(shallow);
    const auto sim = models::simulate(shallow);
    CAPTURE(fast.total_iops(), sim.total_iops(), fast.all_latency.mean_s, sim.all_latency.mean_s,
            fast.nodes[0].device_queue_occupancy_max, sim.nodes[0].device_queue_occupancy_max);
    CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
    CHECK(std::fabs(relative(fast.all_latency.mean_s, sim.all_latency.mean_s)) < 0.20);
    CHECK(std::fabs(fast.nodes[0].device_queue_occupancy_max - sim.nodes[0].device_queue_occupancy_max) < 0.1);
  }
}
