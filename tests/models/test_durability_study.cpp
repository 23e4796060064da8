// The durability study: repair times read off simulated runs, estimates for
// what a run did not show, and what the Markov model makes of them.
#include <catch2/catch.hpp>

#include <cmath>

#include "failure_specs.hpp"
#include "models/run/durability_study.hpp"
#include "models/run/simulation.hpp"

using namespace mtest;

TEST_CASE("durability study: resync time is the return to 'repair done', as the run's events say",
          "[durability][failures]") {
  ScenarioSpec s = failing_cluster();
  s.vms.failover = {-1, -1, 1, -1};
  s.cluster.volume_failover = s.vms.failover;
  s.timeline.events = {node_event(20, true, 2), node_event(120, false, 2)};
  s.run.duration_ns = 1000 * kMillisecond;
  const RunResult r = simulate(s);
  RepairObservation seen = observe_repair(s, r);
  CHECK(seen.node_downtime_s == Approx(0.100));
  double back = 0, done = 0;
  for (const auto& e : r.events) {
    if (e.kind == RunEventKind::Return) back = e.at_s;
    if (e.kind == RunEventKind::RepairDone) done = e.at_s;
  }
  CHECK(seen.node_resync_s == Approx(done - back));
  CHECK(seen.repair_bytes_per_s == Approx(r.repaired_bytes / (done - back)));
  CHECK(std::isnan(seen.drive_rebuild_s));

  // No drive failed: a rebuild is one drive's share of the stored copies at
  // the resync's rate. Stored: 4 VMs x 256 MiB x 3 copies; 16 drives.
  const DurabilityInputs in = durability_inputs(s, seen);
  CHECK(stored_copy_bytes(s) == 4.0 * 256 * MiB * 3);
  CHECK(seen.rebuild_estimated);
  CHECK_FALSE(seen.resync_estimated);
  CHECK(in.drive_rebuild_s == Approx(4.0 * 256 * MiB * 3 / 16 / seen.repair_bytes_per_s));
  CHECK(in.node_resync_s == seen.node_resync_s);
  CHECK(in.layout.copies() == 3);
  CHECK(in.nodes == 4);
  CHECK(in.capacity_drives_per_node == 4);
}

TEST_CASE("durability study: a faster repair buys durability, and costs the foreground", "[durability][failures]") {
  ScenarioSpec s = failing_cluster(Resiliency::TwoWayMirror);
  s.vms.failover = {-1, -1, 1, -1};
  s.cluster.volume_failover = s.vms.failover;
  s.cluster.drives[0].afr = 0.02;
  s.cluster.node.mtbf_hours = 5000;
  s.timeline.events = {node_event(20, true, 2), node_event(120, false, 2)};
  s.run.duration_ns = 2000 * kMillisecond;
  const DurabilityStudy study = study_durability(s, {1, 4}, 5 * kSecondsPerYear);
  REQUIRE(study.repairs.size() == 2);
  REQUIRE(study.by_repair_speed.size() == 2);
  CHECK(study.repairs[1].node_resync_s < study.repairs[0].node_resync_s);
  // MTTDL falls as repairs take longer (the window for a second failure grows).
  CHECK(study.by_repair_speed[1].mttdl_s > study.by_repair_speed[0].mttdl_s);
  CHECK(study.by_repair_speed[1].loss_probability < study.by_repair_speed[0].loss_probability);
  // The layouts: three copies outlast two at the same repair rate; usable 50 / 33 / 25 %.
  REQUIRE(study.layouts.size() == 3);
  CHECK(study.layouts[0].usable_fraction == Approx(0.5));
  CHECK(study.layouts[1].usable_fraction == Approx(1.0 / 3));
  CHECK(study.layouts[2].usable_fraction == Approx(0.25));
  CHECK(study.layouts[1].mttdl_s > study.layouts[0].mttdl_s);
}

TEST_CASE("durability study: a run without a repair says so", "[durability][failures]") {
  ScenarioSpec s = failing_cluster();
  s.vms.failover = {-1, -1, 1, -1};
  s.cluster.volume_failover = s.vms.failover;
  s.timeline.events = {node_event(20, true, 2)};
  CHECK_THROWS_WITH(study_durability(s, {4}, kSecondsPerYear),
                    Catch::Contains("completed no resync or rebuild"));
  ScenarioSpec healthy = failing_cluster();
  CHECK_THROWS_WITH(study_durability(healthy, {4}, kSecondsPerYear), Catch::Contains("no failure timeline"));
}
