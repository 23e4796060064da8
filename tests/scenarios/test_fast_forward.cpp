// Fast-forward (models/run/fast_forward.hpp) checked against the full
// simulation, on the bundled failure what-ifs scaled down so the full run fits
// a test: a node down and its resync, a drive's failure and its rebuild, a ScaleIO
// SSD's failure and its many-to-many rebuild.
// Issue 44's bounds: repair within 5 % of the full run's time, each phase's
// IOPS within 2 % and its p99 within 10 %. A phase simulated in detail after a
// skip (a failure's detection, say) follows another random path than the full
// run's: it is held to the same bounds or, where the full run itself moves more
// than that with its seed or the phase holds too few I/Os to tell, to twice
// that spread or three times its count's noise.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "models/run/simulation.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;
using models::RunEventKind;
using models::RunPhase;

namespace {

const std::filesystem::path kScenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

models::RunResult run(const std::string& file, std::vector<std::string> sets, bool fast_forward, int seed = 1) {
  if (!fast_forward) sets.push_back("run.fast_forward=off");
  sets.push_back("run.seed=" + std::to_string(seed));
  return models::simulate(frontend::load_scenario(kScenarios / file, catalog(), sets));
}

const models::PhaseResult* phase(const models::RunResult& r, RunPhase p) {
  const auto it = std::find_if(r.phases.begin(), r.phases.end(), [&](const auto& x) { return x.phase == p; });
  return it == r.phases.end() ? nullptr : &*it;
}

double at(const models::RunResult& r, RunEventKind kind) {
  for (const auto& e : r.events) {
    if (e.kind() == kind) return e.at_s;
  }
  return -1;
}

double relative(double a, double b) { return b != 0 ? std::fabs(a / b - 1) : std::fabs(a); }

bool skipped_in(const models::RunResult& r, RunPhase p) {
  return std::any_of(r.fast_forwarded.begin(), r.fast_forwarded.end(), [&](const auto& s) { return s.phase == p; });
}

// Every phase of `fast` against `full`, within the bounds (or twice the seed's spread, `other_seed`);
// its length within `time_margin` (the repair's 5 %: a phase ends at an event, the repair's end say).
void check_phases(const models::RunResult& fast, const models::RunResult& full, const models::RunResult& other_seed,
                  double time_margin) {
  REQUIRE(fast.phases.size() == full.phases.size());
  for (const models::PhaseResult& f : full.phases) {
    const models::PhaseResult* p = phase(fast, f.phase);
    const models::PhaseResult* s = phase(other_seed, f.phase);
    REQUIRE(p != nullptr);
    REQUIRE(s != nullptr);
    INFO("phase " << static_cast<int>(f.phase) << (skipped_in(fast, f.phase) ? " (fast-forwarded)" : ""));
    CHECK(p->seconds == Approx(f.seconds).margin(time_margin));
    const double full_iops = f.read_iops + f.write_iops;
    const double iops_spread = relative(s->read_iops + s->write_iops, full_iops);
    // A phase of N I/Os is known to 1/sqrt(N) at best (a count's own noise): three of those.
    const double counting = 3 / std::sqrt(std::max(1.0, full_iops * f.seconds));
    CHECK(relative(p->read_iops + p->write_iops, full_iops) <= std::max({0.02, 2 * iops_spread, counting}));
    for (const auto& [mine, theirs, spread] :
         {std::tuple{p->read_latency.p99_s, f.read_latency.p99_s, s->read_latency.p99_s},
          std::tuple{p->write_latency.p99_s, f.write_latency.p99_s, s->write_latency.p99_s}}) {
      CHECK(relative(mine, theirs) <= std::max(0.10, 2 * relative(spread, theirs)));
    }
  }
}

}  // namespace

TEST_CASE("fast-forward: a node's five-minute absence and resync, scaled down, as the full simulation has them",
          "[fast-forward][failures][heavy]") {
  // 60 GiB per VM: a resync of some 20 s, long enough for its pace to be measured over many extents and skipped.
  const std::vector<std::string> sets = {"vms.per_node=1", "vms.workload.file_size=60GiB", "cluster.repair_speed=1",
                                         "run.duration=45s",
                                         "timeline.events=[{at: 2s, fail: node 4}, {at: 20s, return: node 4}]"};
  const models::RunResult fast = run("ax7525/whatif-node-down-10min.yaml", sets, true);
  const models::RunResult full = run("ax7525/whatif-node-down-10min.yaml", sets, false);
  const models::RunResult other = run("ax7525/whatif-node-down-10min.yaml", sets, false, 2);
  // It skipped what it may: the degraded wait, most of the resync, the repaired end.
  REQUIRE(skipped_in(fast, RunPhase::Degraded));
  REQUIRE(skipped_in(fast, RunPhase::Repairing));
  REQUIRE(skipped_in(fast, RunPhase::Repaired));
  CHECK(full.fast_forwarded.empty());
  // The warm-up's rest was skipped once it was steady (nothing measured in it), up to its end.
  REQUIRE(fast.fast_forwarded.front().warmup);
  CHECK(fast.fast_forwarded.front().end_s == Approx(fast.warmup_seconds));
  CHECK(std::count_if(fast.fast_forwarded.begin(), fast.fast_forwarded.end(), [](const auto& s) { return s.warmup; }) ==
        1);
  CHECK(fast.measured_seconds - fast.simulated_seconds > 20);  // of 45 s measured
  CHECK(fast.measured_seconds == full.measured_seconds);
  // The resync takes as long.
  const double resync_fast = at(fast, RunEventKind::RepairDone) - at(fast, RunEventKind::Return);
  const double resync_full = at(full, RunEventKind::RepairDone) - at(full, RunEventKind::Return);
  REQUIRE(resync_full > 1);
  CHECK(resync_fast == Approx(resync_full).epsilon(0.05));
  // What it resynced: the extents written while the node was away.
  CHECK(fast.repaired_bytes == Approx(full.repaired_bytes).epsilon(0.05));
  check_phases(fast, full, other, 0.05 * resync_full);
  // The timeline has every interval, the skipped ones marked.
  CHECK(fast.timeline.size() == full.timeline.size());
  CHECK(std::any_of(fast.timeline.begin(), fast.timeline.end(), [](const auto& p) { return p.advanced; }));
}

TEST_CASE("fast-forward: a drive's failure and rebuild, scaled down, as the full simulation has them",
          "[fast-forward][failures][heavy]") {
  const std::vector<std::string> sets = {"vms.per_node=2", "cluster.repair_speed=1", "run.duration=14s"};
  const models::RunResult fast = run("ax7525/whatif-drive-failure.yaml", sets, true);
  const models::RunResult full = run("ax7525/whatif-drive-failure.yaml", sets, false);
  const models::RunResult other = run("ax7525/whatif-drive-failure.yaml", sets, false, 2);
  REQUIRE_FALSE(fast.fast_forwarded.empty());
  // Nothing is skipped while I/O waits on the drive's detection timeout.
  CHECK_FALSE(skipped_in(fast, RunPhase::Detecting));
  // The timers keep the scenario's clock: the failure, its detection and the
  // rebuild's end come when the full run has them.
  CHECK(at(fast, RunEventKind::Failure) == at(full, RunEventKind::Failure));
  CHECK(at(fast, RunEventKind::Detection) == at(full, RunEventKind::Detection));
  const double rebuild_fast = at(fast, RunEventKind::RepairDone) - at(fast, RunEventKind::Detection);
  const double rebuild_full = at(full, RunEventKind::RepairDone) - at(full, RunEventKind::Detection);
  CHECK(rebuild_fast == Approx(rebuild_full).epsilon(0.05));
  check_phases(fast, full, other, 0.05 * rebuild_full);
}

TEST_CASE(
    "fast-forward: a ScaleIO SSD's failure and many-to-many rebuild, scaled down, as the full simulation has them",
    "[fast-forward][failures][heavy]") {
  // 2 VMs of 8 GiB per node: some 5,500 chunks on the failed SSD, a rebuild of about 10 s.
  const std::vector<std::string> sets = {"vms.per_node=2", "vms.workload.file_size=8GiB", "run.duration=25s",
                                         "run.interval=1s"};
  const models::RunResult fast = run("vxrack/whatif-ssd-failure-vmfleet.yaml", sets, true);
  const models::RunResult full = run("vxrack/whatif-ssd-failure-vmfleet.yaml", sets, false);
  const models::RunResult other = run("vxrack/whatif-ssd-failure-vmfleet.yaml", sets, false, 2);
  REQUIRE(skipped_in(fast, RunPhase::Repairing));
  CHECK_FALSE(skipped_in(fast, RunPhase::Detecting));
  CHECK(at(fast, RunEventKind::Failure) == at(full, RunEventKind::Failure));
  CHECK(at(fast, RunEventKind::Detection) == at(full, RunEventKind::Detection));
  const double rebuild_fast = at(fast, RunEventKind::RepairDone) - at(fast, RunEventKind::Detection);
  const double rebuild_full = at(full, RunEventKind::RepairDone) - at(full, RunEventKind::Detection);
  REQUIRE(rebuild_full > 5);
  CHECK(rebuild_fast == Approx(rebuild_full).epsilon(0.05));
  // Every chunk the SSD held, rebuilt once: the same bytes.
  CHECK(fast.repaired_bytes == full.repaired_bytes);
  check_phases(fast, full, other, 0.05 * rebuild_full);
  // The last interval is sampled though the run ended in a skipped span.
  REQUIRE_FALSE(fast.timeline.empty());
  CHECK_FALSE(fast.timeline.back().node_cpu.empty());
}

TEST_CASE("fast-forward is refused where no timeline could use it", "[fast-forward]") {
  try {
    frontend::load_scenario(kScenarios / "ax7525/test2-8k-random-30w.yaml", catalog(), {"run.fast_forward=off"});
    FAIL("loaded");
  } catch (const std::exception& e) {
    CHECK_THAT(e.what(), Catch::Contains("run.fast_forward") && Catch::Contains("no timeline"));
  }
}
