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
    if (e.kind() == RunEventKind::Return) back = e.at_s;
    if (e.kind() == RunEventKind::RepairDone) done = e.at_s;
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

TEST_CASE("durability study: a timeline that repairs nothing gets hcisim's own failures", "[durability][failures]") {
  ScenarioSpec s = failing_cluster();
  s.vms.failover = {-1, -1, 1, -1};
  s.cluster.volume_failover = s.vms.failover;
  s.timeline.events = {node_event(20, true, 2)};  // fails, never returns
  s.run.duration_ns = 20 * kMillisecond;
  CHECK_FALSE(timeline_repairs(s));
  const DurabilityStudy study = study_durability(s, {4}, kSecondsPerYear);
  CHECK(study.synthetic);
  CHECK(study.synthetic_reason == "the timeline fails no drive and returns no node");
  REQUIRE(study.repairs.size() == 1);
  CHECK(study.repairs[0].drive_rebuild_s > 0);
  s.timeline.events.push_back(node_event(40, false, 2));
  CHECK(timeline_repairs(s));
}

TEST_CASE("durability study: without a timeline, hcisim fails a drive and a node, and a faster repair is shorter",
          "[durability][failures]") {
  ScenarioSpec s = failing_cluster(Resiliency::TwoWayMirror);
  s.cluster.drives[0].afr = 0.02;
  s.cluster.node.mtbf_hours = 5000;
  s.run.duration_ns = 50 * kMillisecond;
  const DurabilityStudy study = study_durability(s, {1, 16}, 5 * kSecondsPerYear);
  REQUIRE(study.not_computable.empty());
  CHECK(study.synthetic);
  CHECK(study.synthetic_reason == "no failure in the scenario");
  const SyntheticFailure& f = study.failure;
  REQUIRE(f.rebuild.possible);
  REQUIRE(f.resync.possible);
  CHECK(f.rebuild.node == 0);
  CHECK(f.rebuild.drive == 0);
  CHECK(f.resync.node == 3);
  // Warm-up, the scenario's measured time healthy, then the failure; the drive
  // fails with errors, so S2D knows at once and the rebuild starts then.
  CHECK(f.rebuild.fail_at == s.run.warmup_ns + 50 * kMillisecond);
  CHECK(f.rebuild.repair_from == f.rebuild.fail_at);
  CHECK(f.resync.return_at == f.resync.fail_at + 50 * kMillisecond);
  CHECK_FALSE(f.rebuild.capped);
  REQUIRE(study.repairs.size() == 2);
  for (const RepairObservation& r : study.repairs) {
    CHECK(r.drive_rebuild_s > 0);
    CHECK(r.rebuild_source == RepairSource::Simulated);  // done within its run
    CHECK(r.resync_simulated_s > 0);
    CHECK(r.node_resync_s >= r.resync_simulated_s);  // the model's hour away leaves at least as much stale
    CHECK(r.downtime_assumed);
    CHECK(r.node_downtime_s == kAssumedNodeDowntimeS);
    CHECK(r.repair_bytes_per_s > 0);
  }
  // 16 repair I/Os in flight per volume against 1: both repairs are shorter, and data safer.
  CHECK(study.repairs[1].drive_rebuild_s < study.repairs[0].drive_rebuild_s);
  CHECK(study.repairs[1].node_resync_s < study.repairs[0].node_resync_s);
  REQUIRE(study.by_repair_speed[0].not_computable.empty());
  CHECK(std::isfinite(study.by_repair_speed[0].mttdl_s));
  CHECK(study.by_repair_speed[1].mttdl_s > study.by_repair_speed[0].mttdl_s);
}

TEST_CASE("durability study: a repair the cap cuts short is extrapolated from its rate, and says so",
          "[durability][failures]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.drives[0].afr = 0.02;
  s.cluster.node.mtbf_hours = 5000;
  s.vms.workload.file_bytes = 4 * GiB;  // a drive's share: 4 x 4 GiB x 3 / 16 = 3 GiB, far more than 50 ms copy
  s.run.duration_ns = 20 * kMillisecond;
  const DurabilityStudy study = study_durability(s, {4}, kSecondsPerYear, {}, 0.05);
  REQUIRE(study.repairs.size() == 1);
  CHECK(study.failure.rebuild.capped);
  const RepairObservation& r = study.repairs[0];
  CHECK(r.rebuild_source == RepairSource::Extrapolated);
  CHECK(r.rebuild_estimated);
  // Longer than the run gave it, and no faster than the hardware's bound allows.
  CHECK(r.drive_rebuild_s > 0.05);
  CHECK(r.drive_rebuild_s >= study.failure.rebuild.expected_s);
}

TEST_CASE("durability: a part without a failure rate cannot be computed, and the reason names it", "[durability]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.drives[0].id = "drive-without-afr";
  s.cluster.node.mtbf_hours = 5000;
  RepairObservation seen;
  seen.repair_bytes_per_s = 1e9;
  seen.node_downtime_s = 60;
  DurabilityInputs in = durability_inputs(s, seen);
  CHECK(in.not_computable == "capacity drive 'drive-without-afr' has no failure rate (no afr in the catalog)");
  const auto rows = durability_by_repair_time(in, {{"speed 4", 10, 20}}, kSecondsPerYear);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].not_computable == in.not_computable);
  CHECK(rows[0].mttdl_s == 0);  // no figure, not +infinity
  for (const LayoutDurability& l : compare_mirror_layouts(in, kSecondsPerYear)) {
    if (l.fits) CHECK(l.not_computable == in.not_computable);
  }
  s.cluster.drives[0].afr = 0.01;
  s.cluster.node.mtbf_hours = 0;
  s.cluster.node.id = "node-without-mtbf";
  RepairObservation again;
  again.repair_bytes_per_s = 1e9;
  in = durability_inputs(s, again);
  CHECK(in.not_computable == "node 'node-without-mtbf' has no failure rate (no mtbf in the catalog)");
  s.cluster.node.mtbf_hours = 5000;
  RepairObservation both;
  both.repair_bytes_per_s = 1e9;
  in = durability_inputs(s, both);
  CHECK(in.not_computable.empty());
  CHECK(both.downtime_assumed);  // no node returns: an hour, assumed
  CHECK(std::isfinite(mean_time_to_data_loss_s(in)));
}

TEST_CASE("durability study: a product whose parts cannot fail gets a reason, not a run", "[durability]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.stack.product = ProductKind::InfoScale;
  const DurabilityStudy infoscale = study_durability(s, {4}, kSecondsPerYear);
  CHECK(infoscale.not_computable == "InfoScale failures are not modelled");
  CHECK(infoscale.repairs.empty());
  s = failing_cluster();
  s.cluster.stack.failure.defined = false;
  s.cluster.stack.id = "bare";
  CHECK(study_durability(s, {4}, kSecondsPerYear).not_computable ==
        "stack 'bare' describes no failure handling (failure:)");
}
