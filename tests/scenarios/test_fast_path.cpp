// The analytic fast path against the simulator on every bundled scenario:
// within 10 % on IOPS and throughput and 20 % on mean latency where it
// answers, and a refusal naming the mechanism where it does not.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <unistd.h>

#include "models/analytic/fast_path.hpp"
#include "models/run/simulation.hpp"
#include "models/workload/stream_coverage.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/finding_text.hpp"
#include "tools/frontend/report/report_json.hpp"
#include "tools/frontend/report/report_text.hpp"
#include "tools/frontend/validation/validate.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kScenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

bool paced(const models::ScenarioSpec& spec) {
  for (const auto& t : spec.vms.workload.targets) {
    if (t.throughput_bytes_per_ms > 0) return true;
  }
  return false;
}

bool sequential(const models::ScenarioSpec& spec) {
  for (const auto& t : spec.vms.workload.targets) {
    if (t.pattern != models::AccessPattern::Random) return true;
  }
  return false;
}

bool has_cache_drives(const models::ScenarioSpec& spec) {
  for (const auto& g : spec.cluster.node.drives) {
    if (g.role == models::DriveRole::Cache) return true;
  }
  return false;
}

double relative(double a, double b) { return b != 0 ? (a - b) / b : 0; }

}  // namespace

TEST_CASE("the fast path agrees with the simulator on every bundled scenario it answers, and names what it defers",
          "[heavy]") {
  int answered = 0, refused = 0, unsettled = 0, sequential_unsimulated = 0;
  for (const auto& file : frontend::find_scenarios(kScenarios)) {
    INFO(file.string());
    models::ScenarioSpec spec = frontend::load_scenario(file, catalog());
    const std::string limit = models::fast_path_limit(spec);
    if (!limit.empty()) {
      ++refused;
      // The refusal names the mechanism the scenario uses.
      CHECK_THROWS_AS(models::analyse(spec), models::BeyondFastPath);
      if (spec.vms.oltp) CHECK(limit.find("OLTP") != std::string::npos);
      // A hybrid node's cache tier is answered only warmed and holding the data (cache_checks.hpp).
      if (has_cache_drives(spec) && !spec.vms.oltp) CHECK(limit.find("cache tier") != std::string::npos);
      continue;
    }
    models::RunResult fast;
    try {
      fast = models::analyse(spec);
    } catch (const models::BeyondFastPath& e) {
      // Decided after solving: an analysis that does not settle (CPU and vCPUs saturated together, two
      // GEOS clusters), or a CPU and a volume stage saturated together (AX-7525 Test 3 at 20 % writes).
      // Not sequential streams that the run does not carry over their region: every bundled scenario
      // runs long enough for its streams at its own settings (the simulator would warn).
      ++refused;
      const std::string why = e.what();
      if (why.find("does not settle") != std::string::npos || why.find("are both saturated") != std::string::npos) {
        ++unsettled;
        continue;
      }
      FAIL_CHECK("refused after solving: " << why);
      continue;
    }
    ++answered;
    CHECK(fast.analytic);
    CHECK_FALSE(fast.all_latency.observed);
    // The sequential points of the Test 2-4 grids run a minute or more of simulated time each, to
    // carry their streams over the files (no warning at their own settings): the fast path answers
    // them, and those with published figures (Test 1's 512K runs, Test 2's 512K at 20 % writes) stand
    // for them in the simulation, which would otherwise take an hour here.
    if (sequential(spec) && spec.references.empty() && file.parent_path().filename() == "ax7525") {
      ++sequential_unsimulated;
      continue;
    }
    // A short simulation, long enough for its latencies (the fast path's estimate)
    // to repeat many times and for a few thousand I/Os (a mean of a few writes at
    // queue depth 1 would not say much); paced workloads keep their run (pacing needs clock
    // ticks), and so do sequential ones (the fast path answered because the run
    // carries every stream over its region; a shorter one measures a few slabs).
    if (!paced(spec) && !sequential(spec)) {
      // The slower direction sets the time to settle (writes queued at a saturated write log fill it slowly).
      const double latency = std::max({fast.all_latency.mean_s, fast.read_latency.mean_s, fast.write_latency.mean_s});
      spec.run.warmup_ns = static_cast<std::int64_t>(std::max(2e-3, 4 * latency) * 1e9);
      spec.run.duration_ns = static_cast<std::int64_t>(std::max({10e-3, 12 * latency, 3000 / fast.total_iops()}) * 1e9);
    }
    const models::RunResult sim = models::simulate(spec);
    CHECK(sim.all_latency.observed);
    // Where the fast path finds the streams covered, so does the simulator.
    for (const models::Finding& w : sim.warnings) CHECK(w.kind != models::FindingKind::ShortStreams);
    CAPTURE(fast.total_iops(), sim.total_iops(), fast.all_latency.mean_s, sim.all_latency.mean_s);
    CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
    CHECK(std::fabs(relative(fast.total_bytes_per_s(), sim.total_bytes_per_s())) < 0.10);
    CHECK(std::fabs(relative(fast.all_latency.mean_s, sim.all_latency.mean_s)) < 0.20);
    if (sim.read_iops > 0) CHECK(std::fabs(relative(fast.read_latency.mean_s, sim.read_latency.mean_s)) < 0.20);
    if (sim.write_iops > 0) CHECK(std::fabs(relative(fast.write_latency.mean_s, sim.write_latency.mean_s)) < 0.20);
    // Both name the same limiting resource.
    CHECK(fast.bottleneck.resource == sim.bottleneck.resource);
  }
  CHECK(answered >= 50);
  CHECK(answered - sequential_unsimulated >= 40);
  CHECK(unsettled <= 8);  // a refusal, not a way out
  CHECK(refused >= 5);    // the R740xd's cold-cache and working-set what-ifs and VxRack (OLTP) at least
}

TEST_CASE("a run too short for its sequential streams warns, and measures the slabs they sit on") {
  // The 512K read at 250 ms instead of the bundled 28 s: each VM's stream passes over
  // about 1 % of its 10 GiB file, the one or two slabs it starts on. Where the NICs
  // limit (here without the volume stage, which limits the bundled case wherever
  // the slabs lie), streams whose slab has a local copy run faster in the closed
  // loop, so a short run reports more than the average over every slab that the
  // fast path (and a run covering the files) gives.
  models::ScenarioSpec spec = frontend::load_scenario(kScenarios / "ax7525/test1-512k-seq-read.yaml", catalog());
  spec.cluster.stack.volume_read = {};
  const models::RunResult fast = models::analyse(spec);
  spec.run.warmup_ns = 50'000'000;
  spec.run.duration_ns = 200'000'000;
  const models::RunResult sim = models::simulate(spec);
  const auto warning = std::find_if(sim.warnings.begin(), sim.warnings.end(), [](const models::Finding& w) {
    return w.kind == models::FindingKind::ShortStreams;
  });
  REQUIRE(warning != sim.warnings.end());
  // A few percent of each region passed, on all of the I/O; the run that would carry the streams over theirs.
  CHECK(warning->least_covered > 0);
  CHECK(warning->least_covered < 0.1);
  CHECK(warning->short_share > models::kShortStreamShare);
  CHECK(warning->suggested_run_s == Approx(0.25 / warning->least_covered));
  CHECK_THAT(frontend::finding_text(*warning), Catch::Matchers::Contains("try a warm-up + duration of at least"));
  CHECK(sim.total_bytes_per_s() > 1.2 * fast.total_bytes_per_s());
  CHECK_THROWS_AS(models::analyse(spec), models::BeyondFastPath);
}

TEST_CASE("the fast path follows ScaleIO's path too: hyperconverged and two-layer, reads and mirrored writes") {
  // No bundled ScaleIO scenario runs DISKSPD on NVMe drives (VxRack runs OLTP on SAS SSDs):
  // ScaleIO on the AX-7525's parts, as a user could write it.
  const auto dir = std::filesystem::temp_directory_path() / ("hcisim-fast-sio-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "sio.yaml";
  std::ofstream(file) << "schema_version: 1\ntitle: ScaleIO on NVMe\n"
                         "cluster: {node: dell-ax-7525, nodes: 4, switch: generic-100gbe, stack: scaleio,\n"
                         "          hypervisor: hyper-v, resiliency: two-way-mirror}\n"
                         "vms: {per_node: 8, vcpus: 2, workload: {vmfleet: B4-T2-O8-W30-PR, file_size: 10GiB}}\n"
                         "run: {warmup: 10ms, duration: 40ms}\n";
  const std::vector<std::vector<std::string>> cases = {
      {}, {"vms.workload.vmfleet=B64-T1-O4-W50-PR"}, {"cluster.compute_hosts={node: vxrack-compute-host, count: 2}"}};
  for (const auto& overrides : cases) {
    INFO((overrides.empty() ? std::string("4K 30 % writes, HCI") : overrides[0]));
    const auto spec = frontend::load_scenario(file, catalog(), overrides);
    const auto fast = models::analyse(spec);
    const auto sim = models::simulate(spec);
    CHECK(std::fabs(relative(fast.total_iops(), sim.total_iops())) < 0.10);
    CHECK(std::fabs(relative(fast.read_latency.mean_s, sim.read_latency.mean_s)) < 0.20);
    CHECK(std::fabs(relative(fast.write_latency.mean_s, sim.write_latency.mean_s)) < 0.20);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("the fast path's report shows no maximum latency: '-' in the table, null in JSON") {
  const auto spec = frontend::load_scenario(kScenarios / "ax7525/test2-8k-random-30w.yaml", catalog());
  const auto fast = models::analyse(spec);
  const std::string text = frontend::format_run_report(spec, fast);
  const auto row = text.find("\n  read ", text.find("Latency (ms)"));
  REQUIRE(row != std::string::npos);
  const std::string line = text.substr(row + 1, text.find('\n', row + 1) - row - 1);
  CHECK(line.substr(line.find_last_not_of(' ')) == "-");
  const auto json = frontend::run_report_json(spec, fast);
  CHECK(json["read"]["lat_ns"]["max"].is_null());
  CHECK(json["read"]["lat_ns"]["percentile"]["99.000000"].get<double>() > 0);
}
