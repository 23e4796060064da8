// The bundled scenarios, end to end: they load, the calibration case stays
// calibrated, runs are deterministic, and predictions match the golden files
// (so a change to any prediction shows up in review, on purpose).
#include <catch2/catch.hpp>

#include <cmath>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "models/run/simulation.hpp"
#include "tests/scenarios/cache_figure.hpp"
#include "tests/scenarios/sas_scenarios.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/report_fingerprint.hpp"
#include "tools/frontend/validation/measured_cases.hpp"
#include "tools/frontend/validation/s2d_calibration.hpp"
#include "tools/frontend/validation/validate.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kScenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios";
const std::filesystem::path kGolden = std::filesystem::path(HCISIM_SOURCE_DIR) / "tests/scenarios/golden";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

models::ScenarioSpec short_run(const std::string& file, std::int64_t warmup_ms, std::int64_t duration_ms) {
  models::ScenarioSpec spec = frontend::load_scenario(kScenarios / file, catalog());
  spec.run.warmup_ns = warmup_ms * 1'000'000;
  spec.run.duration_ns = duration_ms * 1'000'000;
  return spec;
}

}  // namespace

TEST_CASE("every bundled scenario loads and validates") {
  const auto files = frontend::find_scenarios(kScenarios);
  REQUIRE(files.size() >= 36);  // AX-7525: 4 Test 1 profiles + the 32-point Test 2 grid
  int with_references = 0;
  for (const auto& file : files) {
    INFO(file.string());
    const auto spec = frontend::load_scenario(file, catalog());
    CHECK(spec.run.duration_ns > 0);
    if (!spec.references.empty()) ++with_references;
  }
  CHECK(with_references == 11);  // AX-7525: 4 in Test 1, 3 in Test 2; R740xd: the 100 % read test;
                                 // VxRack: HCI and two-layer SQL; InfoScale on Azure: test 1
}

TEST_CASE("validate shows each run's warnings under the table, with the scenario they belong to") {
  // Test 2's 512K 20 % write cut to 250 ms, too short for its streams (the bundled one runs 47 s).
  const test::Scratch scratch("validate");
  std::ofstream(scratch.dir / "short-512k-20w.yaml")
      << "include: " << (kScenarios / "ax7525/test2-512k-seq-20w.yaml").string()
      << "\nrun: {warmup: 50ms, duration: 200ms}\n";
  const auto report = frontend::validate_scenarios({scratch.dir / "short-512k-20w.yaml"}, catalog());
  REQUIRE(report.rows.size() == 1);
  REQUIRE_FALSE(report.warnings.empty());
  // Named with its folder (two folders' "test1" stay apart).
  const std::string name = scratch.dir.filename().string() + "/short-512k-20w";
  CHECK(report.warnings[0].scenario == name);
  CHECK(report.warnings[0].text.find("sequential streams passed over only") != std::string::npos);
  const std::string table = frontend::format_validation_table(report);
  const auto under = table.find("outside tolerance\n\nWarnings\n  " + name + ": sequential streams");
  CHECK(under != std::string::npos);
}

TEST_CASE("AX-7525 4K read, a prediction: CPU-bound, with Little's law closing on the outstanding I/O") {
  // No constant is fitted on it (the S2D costs come from the GEOS clusters):
  // its limit is the nodes' CPU (the cores, and the 2-vCPU VMs' guest work on
  // them), as the AX-7525 report says of its small blocks, not a connection.
  const auto spec = short_run("ax7525/test1-4k-random-read.yaml", 20, 60);
  const auto result = models::simulate(spec);
  REQUIRE(result.references.size() == 2);
  CHECK_FALSE(result.references[0].reference.calibration);
  CHECK((result.bottleneck.resource == "host CPU" || result.bottleneck.resource == "VM vCPUs"));
  for (const auto& node : result.nodes) CHECK(node.cpu_utilisation > 0.8);
  // Little's law closes on the simulated system: 256 VMs x 2 threads x 32 outstanding.
  CHECK(result.read_iops * result.read_latency.mean_s == Approx(256 * 2 * 32).epsilon(0.02));
}

TEST_CASE("R740xd hybrid, a prediction: from a warm cache tier every read is local and cached, on busy CPUs") {
  const auto spec = short_run("r740xd/100-read.yaml", 20, 60);
  const auto result = models::simulate(spec);
  REQUIRE(result.references.size() == 2);
  for (const auto& node : result.nodes) {
    // Every read is local (two copies on two nodes) and found in the warmed cache.
    CHECK(node.has_cache_tier);
    CHECK(cache_figure(result, node, cache::kReadHitRatio) > 0.999);
    CHECK(node.nic_tx_utilisation < 0.01);
    // The 2 x 8 cores at about 80 %: busy, not saturated (no queue of its own sets the rate).
    CHECK(node.cpu_utilisation > 0.6);
    CHECK(node.cpu_utilisation < 0.95);
  }
  // 40 VMs x 4 outstanding: the IOPS are what the latency allows.
  CHECK(result.read_iops * result.read_latency.mean_s == Approx(40 * 4).epsilon(0.02));
}

TEST_CASE("R740xd what-if: a working set past the cache falls off the cliff the cache share predicts") {
  // 12 TB per node against 7.5 TB of cache, of which the warm-up fills 60 %:
  // a read finds its page cached with probability 0.6 x 7.5 / 12 = 0.38, and the
  // rest wait for 7.2K HDDs.
  const auto spec = short_run("r740xd/whatif-working-set-cliff.yaml", 50, 200);
  const auto result = models::simulate(spec);
  const double cache_bytes = 4 * (1.92e12 - 32.0 * (1ull << 30));
  const double data_bytes = 40 * 300e9;
  for (const auto& node : result.nodes) {
    CHECK(cache_figure(result, node, cache::kReadHitRatio) == Approx(0.6 * cache_bytes / data_bytes).margin(0.03));
    CHECK(cache_figure(result, node, cache::kCapacityDriveMean) > 0.95);
  }
  CHECK(result.bottleneck.resource == "drives");
  CHECK(result.total_iops() < 761000 / 50.0);
}

TEST_CASE("a run is a pure function of its inputs and seed") {
  auto spec = short_run("ax7525/test2-8k-random-30w.yaml", 5, 20);
  const auto a = models::simulate(spec);
  const auto b = models::simulate(spec);
  CHECK(frontend::deterministic_report_json(spec, a) == frontend::deterministic_report_json(spec, b));

  spec.run.seed = 2;
  const auto c = models::simulate(spec);
  CHECK(frontend::deterministic_report_json(spec, a) != frontend::deterministic_report_json(spec, c));
  CHECK(c.read_latency.mean_s != a.read_latency.mean_s);
  // Another seed lands inside the run's own confidence band (a few half-widths).
  REQUIRE(a.total_iops_ci_half_width > 0);
  CHECK(std::abs(c.total_iops() - a.total_iops()) < 4 * (a.total_iops_ci_half_width + c.total_iops_ci_half_width));
}

TEST_CASE("chained CPU bursts change nothing but speed") {
  // Chains join a 1-vCPU VM's guest burst and its storage channel's host burst
  // on one logical processor (VmIoPath::try_chain): VMFleet 2.0's A1v2 VMs.
  models::RunOptions unchained;
  unchained.chain_bursts = false;
  // At queue depth 1 nothing ever meets a chain but the guest OS's background
  // bursts (a burst that arrives during a chain splits it, and the runs' draws
  // then come in another order): without them, the same run to the last digit,
  // with fewer events.
  auto floor = short_run("ax7525/latency-floor-4k-qd1.yaml", 5, 20);
  floor.vms.vcpus = 1;
  floor.cluster.hypervisor.background_cycles_per_s = 0;
  const auto chained_floor = models::simulate(floor);
  const auto plain_floor = models::simulate(floor, unchained);
  CHECK(frontend::deterministic_report_json(floor, chained_floor) ==
        frontend::deterministic_report_json(floor, plain_floor));
  CHECK(chained_floor.performance.events < plain_floor.performance.events);
  // Under load the random draws come in another order, so the runs diverge: they
  // must still agree within their own confidence intervals. (With every core
  // busy, as at the AX-6515's peak, chains split and save no events.)
  for (const char* file : {"vmfleet2/general4k-w30.yaml", "geos/ax6515-2node.yaml"}) {
    const bool saturated = std::string(file).find("geos") != std::string::npos;
    INFO(file);
    const auto spec = short_run(file, 10, 40);
    REQUIRE(spec.vms.vcpus == 1);
    const auto a = models::simulate(spec);
    const auto b = models::simulate(spec, unchained);
    REQUIRE(a.total_iops_ci_half_width > 0);
    REQUIRE(b.latency_ci_half_width_s > 0);
    CHECK(std::abs(a.total_iops() - b.total_iops()) <
          3 * std::hypot(a.total_iops_ci_half_width, b.total_iops_ci_half_width));
    CHECK(std::abs(a.all_latency.mean_s - b.all_latency.mean_s) <
          3 * std::hypot(a.latency_ci_half_width_s, b.latency_ci_half_width_s));
    if (!saturated) CHECK(a.performance.events < b.performance.events);
  }
}

TEST_CASE("memory stays flat as simulated time grows") {
  const auto short_result = models::simulate(short_run("ax7525/test1-4k-random-read.yaml", 5, 10));
  const auto long_result = models::simulate(short_run("ax7525/test1-4k-random-read.yaml", 5, 80));
  // Pending events are the only state that could grow with time (requests, pools
  // and histograms are sized at build time or by the peak in flight).
  CHECK(long_result.performance.peak_pending_events <= short_result.performance.peak_pending_events * 11 / 10);
  CHECK(long_result.performance.simulated_ios >
        4 * short_result.performance.simulated_ios);  // 85 ms vs 15 ms simulated
}

TEST_CASE("predictions match the golden files") {
  struct Case {
    const char* scenario;
    const char* golden;
  };
  for (const Case& c : {Case{"ax7525/test1-4k-random-read.yaml", "ax7525-test1-4k-random-read.json"},
                        Case{"ax7525/test1-512k-seq-write.yaml", "ax7525-test1-512k-seq-write.json"},
                        Case{"ax7525/test2-32k-random-50w.yaml", "ax7525-test2-32k-random-50w.json"}}) {
    INFO(c.scenario);
    const auto spec = short_run(c.scenario, 5, 10);
    const std::string actual = frontend::deterministic_report_json(spec, models::simulate(spec)) + "\n";
    const auto path = kGolden / c.golden;
    if (std::getenv("HCISIM_UPDATE_GOLDEN") != nullptr) {
      std::ofstream(path) << actual;
      WARN("rewrote " << path.string());
      continue;
    }
    std::ifstream in(path);
    REQUIRE(in.good());
    std::stringstream expected;
    expected << in.rdbuf();
    CHECK(actual == expected.str());
  }
}

TEST_CASE("the VxRack OLTP scenarios match their golden files (a short run)") {
  // Seconds, not milliseconds: the users think for 4.7 s between transactions.
  for (const char* name : {"hci-sql", "two-layer-sql"}) {
    INFO(name);
    auto spec = frontend::load_scenario(kScenarios / "vxrack" / (std::string(name) + ".yaml"), catalog());
    spec.run.warmup_ns = 1'000'000'000;
    spec.run.duration_ns = 1'000'000'000;
    const auto result = models::simulate(spec);
    REQUIRE(result.oltp.present);
    const std::string actual = frontend::deterministic_report_json(spec, result) + "\n";
    const auto path = kGolden / ("vxrack-" + std::string(name) + ".json");
    if (std::getenv("HCISIM_UPDATE_GOLDEN") != nullptr) {
      std::ofstream(path) << actual;
      WARN("rewrote " << path.string());
      continue;
    }
    std::ifstream in(path);
    REQUIRE(in.good());
    std::stringstream expected;
    expected << in.rdbuf();
    CHECK(actual == expected.str());
  }
}

TEST_CASE("the bundled S2D costs are the utilisation law's fit of the measured runs", "[heavy]") {
  // hcisim calibrate scenarios/geos fitted them; step A from the catalog's own
  // values must give them back (within the short runs' noise): the costs per
  // I/O, per write and per message, and the guest OS's background rate.
  std::vector<frontend::MeasuredCase> cases;
  for (const char* file : {"geos/ax6515-2node.yaml", "geos/ax6515-4node.yaml", "geos/r640-2node.yaml"}) {
    for (auto& c : frontend::measured_cases_of(frontend::load_scenario(kScenarios / file, catalog()))) {
      cases.push_back(std::move(c));
    }
  }
  REQUIRE(cases.size() == 419);
  const auto catalog_k = frontend::S2dConstants::of(cases.front().spec.cluster);
  frontend::CalibrationOptions options;
  options.jobs = 2;
  double rms = 0;
  const auto fit = frontend::utilisation_law_fit(cases, options, &rms);
  CHECK(fit.guest_cycles + fit.host_cycles + fit.stack_cycles ==
        Approx(catalog_k.guest_cycles + catalog_k.host_cycles + catalog_k.stack_cycles).epsilon(0.03));
  CHECK(fit.mirror_write_cycles + fit.volume_write_cycles ==
        Approx(catalog_k.mirror_write_cycles + catalog_k.volume_write_cycles).epsilon(0.03));
  CHECK(fit.message_cycles == Approx(catalog_k.message_cycles).epsilon(0.03));
  CHECK(fit.background_cycles_per_s == Approx(catalog_k.background_cycles_per_s).epsilon(0.03));
  // The law holds across the three clusters to about a tenth (each run's CPU against its IOPS).
  CHECK(rms < 0.12);
}
