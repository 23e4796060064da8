// The bundled failure what-ifs, scaled down to one VM a node so they run to the
// end of their repair in a test: detection as the stack profile says, a rebuild
// that finishes, the repair speed moving repair time and the foreground's p99
// the way S2D documents (mechanisms.md 1.8: a higher VirtualDiskRepairQueueDepth
// repairs faster and slows active workloads more), and a run cut short saying
// what is left and how long it would take.
#include <catch2/catch.hpp>

#include <algorithm>
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

models::RunResult run(const std::string& file, std::vector<std::string> sets) {
  sets.push_back("vms.per_node=1");
  return models::simulate(frontend::load_scenario(kScenarios / file, catalog(), sets));
}

const models::TimelineMark* first(const models::RunResult& r, RunEventKind kind) {
  const auto it = std::find_if(r.events.begin(), r.events.end(), [&](const auto& m) { return m.kind() == kind; });
  return it == r.events.end() ? nullptr : &*it;
}

const models::PhaseResult* phase(const models::RunResult& r, RunPhase p) {
  const auto it = std::find_if(r.phases.begin(), r.phases.end(), [&](const auto& x) { return x.phase == p; });
  return it == r.phases.end() ? nullptr : &*it;
}

}  // namespace

TEST_CASE("the drive-failure what-if runs to the end of its rebuild, at each repair speed", "[failures][heavy]") {
  const auto spec = frontend::load_scenario(kScenarios / "ax7525/whatif-drive-failure.yaml", catalog());
  const double detection_s = static_cast<double>(spec.cluster.stack.failure.drive_detection_ns) * 1e-9;
  auto rebuild = [](int speed) {
    return run("ax7525/whatif-drive-failure.yaml",
               {"run.duration=11s", "cluster.repair_speed=" + std::to_string(speed)});
  };
  const models::RunResult slow = rebuild(1), fast = rebuild(16);
  for (const models::RunResult* r : {&slow, &fast}) {
    const auto* failed = first(*r, RunEventKind::Failure);
    const auto* detected = first(*r, RunEventKind::Detection);
    const auto* done = first(*r, RunEventKind::RepairDone);
    REQUIRE(failed != nullptr);
    REQUIRE(detected != nullptr);
    REQUIRE(done != nullptr);
    // The drive stops answering: the cluster knows after the stack's timeout.
    CHECK(detected->at_s - failed->at_s == Approx(detection_s).margin(1e-9));
    CHECK(phase(*r, RunPhase::Detecting)->seconds == Approx(detection_s).margin(1e-9));
    // An I/O counts in the phase it was issued in: those that waited out the
    // timeout are the detecting phase's, not the repair's that follows.
    const auto* detecting = phase(*r, RunPhase::Detecting);
    const auto* repairing = phase(*r, RunPhase::Repairing);
    CHECK(std::max(detecting->read_latency.max_s, detecting->write_latency.max_s) > 0.9 * detection_s);
    CHECK(std::max(repairing->read_latency.max_s, repairing->write_latency.max_s) < 0.1 * detection_s);
    // Repair ran from detection to done, then the cluster is whole again.
    CHECK(phase(*r, RunPhase::Repairing)->seconds == Approx(done->at_s - detected->at_s).margin(1e-9));
    REQUIRE(phase(*r, RunPhase::Repaired) != nullptr);
    CHECK(r->timeline.back().degraded_bytes == 0);
    CHECK_FALSE(r->repair_left.unfinished);
    // Everything the lost drive held was rebuilt: what was degraded at the failure.
    CHECK(r->repaired_bytes == r->timeline.front().degraded_bytes);
    CHECK(r->failed_ios == 0);
    // The only stretch without repair progress is the wait for detection, and it says so.
    REQUIRE(r->repair_stalls.size() == 1);
    CHECK(r->repair_stalls[0].hold == models::RepairHold::Detection);
    CHECK(r->repair_stalls[0].to_s == Approx(detected->at_s).margin(1.0));
  }
  auto took = [](const models::RunResult& r) {
    return first(r, RunEventKind::RepairDone)->at_s - first(r, RunEventKind::Detection)->at_s;
  };
  // Sixteen repair I/Os in flight per volume rebuild faster than one, and less
  // than sixteen times as fast (they share the node's drives and NICs)...
  CHECK(took(fast) < took(slow));
  CHECK(took(fast) > took(slow) / 16);
  // ...and cost the foreground's writes more while they run.
  CHECK(phase(fast, RunPhase::Repairing)->write_latency.p99_s > phase(slow, RunPhase::Repairing)->write_latency.p99_s);
}

TEST_CASE("a drive that fails with errors stalls nothing: reads go to another copy at once", "[failures]") {
  const models::RunResult r = run("ax7525/whatif-drive-errors.yaml", {"run.duration=4s"});
  const auto* failed = first(r, RunEventKind::Failure);
  const auto* detected = first(r, RunEventKind::Detection);
  REQUIRE(failed != nullptr);
  REQUIRE(detected != nullptr);
  CHECK(detected->at_s == failed->at_s);
  CHECK(phase(r, RunPhase::Detecting) == nullptr);
  REQUIRE(first(r, RunEventKind::RepairDone) != nullptr);
  // Nothing waited anywhere near the 6 s timeout of a drive that stops answering.
  CHECK(std::max(r.read_latency.max_s, r.write_latency.max_s) < 0.05);
  CHECK(r.repair_stalls.empty());
  CHECK(r.failed_ios == 0);
}

TEST_CASE("a rebuild cut short by the end of the run says what is left and how long it would take", "[failures]") {
  // The full run finishes the rebuild at `done`; cut it about half-way.
  const models::RunResult full =
      run("ax7525/whatif-drive-errors.yaml", {"run.duration=4s", "run.interval=20ms", "cluster.repair_speed=1"});
  const auto* done = first(full, RunEventKind::RepairDone);
  REQUIRE(done != nullptr);
  const double took = done->at_s - first(full, RunEventKind::Detection)->at_s;
  REQUIRE(took > 0.1);                   // at least five 20 ms intervals, so the cut lands inside it
  const double cut_at = 2.0 + took / 2;  // the failure is at 2 s; the warm-up is 1 s
  const std::string duration = std::to_string(static_cast<int>((cut_at - 1.0) * 50) * 20) + "ms";
  const models::RunResult cut = run("ax7525/whatif-drive-errors.yaml",
                                    {"run.duration=" + duration, "run.interval=20ms", "cluster.repair_speed=1"});
  CHECK(first(cut, RunEventKind::RepairDone) == nullptr);
  const models::RepairLeft& left = cut.repair_left;
  REQUIRE(left.unfinished);
  CHECK(left.degraded_bytes > 0);
  CHECK(left.bytes_per_s > 0);
  // At the last interval's rate, what is left takes about what the full run
  // still needed (the rate is steady through a rebuild).
  const double still_needed = done->at_s - (1.0 + cut.measured_seconds);
  CHECK(left.eta_s == Approx(still_needed).epsilon(0.35));
  const auto unfinished = std::find_if(cut.warnings.begin(), cut.warnings.end(), [](const models::Finding& w) {
    return w.kind == models::FindingKind::RepairUnfinished;
  });
  REQUIRE(unfinished != cut.warnings.end());
  CHECK(unfinished->degraded_bytes == left.degraded_bytes);
  CHECK(unfinished->eta_s == left.eta_s);
}
