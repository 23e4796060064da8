// Failures during a run on small S2D clusters: what stalls and for how long,
// when VMs and volumes move, what a returning node resyncs, what a lost drive
// rebuilds, and when the pool's quorum takes the volumes offline. Expected
// values come from the stack's failure profile (detection, failover, restart
// times), the layout's balance (copies spread evenly over nodes and drives)
// and the documented quorum rules, not from earlier runs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "failure_specs.hpp"
#include "model_specs.hpp"
#include "models/failure/durability_inputs.hpp"
#include "models/run/failure_driver.hpp"
#include "models/run/simulation.hpp"
#include "sim/random.hpp"
#include "sim/time.hpp"

using namespace mtest;
using hcisim::sim::kMillisecond;

namespace {

const TimelineMark* first(const RunResult& r, RunEventKind kind) {
  const auto it =
      std::find_if(r.events.begin(), r.events.end(), [&](const TimelineMark& m) { return m.kind() == kind; });
  return it == r.events.end() ? nullptr : &*it;
}

const PhaseResult* phase(const RunResult& r, RunPhase p) {
  const auto it = std::find_if(r.phases.begin(), r.phases.end(), [&](const PhaseResult& x) { return x.phase == p; });
  return it == r.phases.end() ? nullptr : &*it;
}

// Each node's share of the extent copies: the layout keeps node counts within one.
double copies_per_node(const ScenarioSpec& s) {
  const double slabs = static_cast<double>(kFile / kSlab) * 4;
  return slabs * copies(s.cluster.resiliency) / s.cluster.node_count;
}

}  // namespace

TEST_CASE("failures: I/O to a failed node waits for detection, then completes on the surviving copies", "[failures]") {
  ScenarioSpec s = failing_cluster();
  s.vms.failover = {-1, -1, 1, -1};  // node 3's VM to node 2, as Test 3 names them
  s.cluster.volume_failover = s.vms.failover;
  s.timeline.events = {node_event(20, true, 2)};
  const RunResult r = simulate(s);

  CHECK(r.failed_ios == 0);  // a copy survives for every slab: nothing fails
  CHECK(r.degraded_ios > 0);
  // The stalled I/Os waited out the detection time (10 ms), no longer: the
  // node's own volume moved 3 ms later, but its only VM had stopped with it.
  CHECK(r.write_latency.max_s >= 9.0e-3);
  CHECK(r.write_latency.max_s <= 11.0e-3);
  CHECK(r.read_latency.max_s <= 11.0e-3);

  const TimelineMark* failure = first(r, RunEventKind::Failure);
  const TimelineMark* detected = first(r, RunEventKind::Detection);
  const TimelineMark* moved = first(r, RunEventKind::Failover);
  const TimelineMark* stopped = first(r, RunEventKind::VmStop);
  const TimelineMark* restarted = first(r, RunEventKind::VmRestart);
  REQUIRE(failure != nullptr);
  REQUIRE(detected != nullptr);
  REQUIRE(moved != nullptr);
  REQUIRE(stopped != nullptr);
  REQUIRE(restarted != nullptr);
  CHECK(failure->at_s == Approx(0.020).margin(1e-9));
  CHECK(stopped->at_s == Approx(0.020).margin(1e-9));
  CHECK(detected->at_s == Approx(0.030).margin(1e-9));      // + node detection
  CHECK(moved->at_s == Approx(0.033).margin(1e-9));         // + volume failover
  CHECK(restarted->at_s == Approx(0.050).margin(1e-9));     // + VM boot
  CHECK(moved->what.what == RunEventWhat::VolumeFailover);  // volume 3 now owned by node 2
  CHECK(moved->what.volume == 2);
  CHECK(moved->what.to_node == 1);
  CHECK(restarted->what.what == RunEventWhat::VmsRestarted);  // 1 VM of node 3 restarted on node 2
  CHECK(restarted->what.count == 1);
  CHECK(restarted->what.node == 2);
  CHECK(restarted->what.to_node == 1);
  CHECK_FALSE(r.nodes[2].up);
  CHECK(r.nodes[1].vms == 2);
  CHECK(r.nodes[2].vms == 0);
  // The restarted VM is away from nothing: its volume moved to node 2 with it,
  // so no I/O is redirected.
  CHECK(r.redirected_ios == 0);
  // Healthy until 20 ms, detecting until 30 ms, degraded after: nothing
  // returns, nothing is repaired.
  REQUIRE(phase(r, RunPhase::Healthy) != nullptr);
  REQUIRE(phase(r, RunPhase::Detecting) != nullptr);
  REQUIRE(phase(r, RunPhase::Degraded) != nullptr);
  CHECK(phase(r, RunPhase::Repairing) == nullptr);
  CHECK(phase(r, RunPhase::Repaired) == nullptr);
  CHECK(phase(r, RunPhase::Healthy)->seconds == Approx(0.015).margin(1e-9));
  CHECK(phase(r, RunPhase::Detecting)->seconds == Approx(0.010).margin(1e-9));
  CHECK(phase(r, RunPhase::Degraded)->seconds == Approx(0.275).margin(1e-9));
  // The node's copies wait for its return: the run ends unfinished, and says why.
  CHECK(r.repair_left.unfinished);
  CHECK(r.repair_left.degraded_bytes > 0);
  CHECK(r.repair_left.eta_s == -1);
  CHECK(r.repair_left.hold == RepairHold::PartDown);
  CHECK(r.repair_left.hold_node == 2);
}

TEST_CASE("failures: a returning node resyncs only the extents written while it was away", "[failures]") {
  ScenarioSpec s = failing_cluster();
  s.vms.failover = {-1, -1, 1, -1};
  s.cluster.volume_failover = s.vms.failover;
  s.timeline.events = {node_event(20, true, 2), node_event(120, false, 2)};
  s.run.duration_ns = 1000 * kMillisecond;
  const RunResult r = simulate(s);

  // 100 ms of ~10^4 writes spread over 128 slabs touch every slab, so every
  // copy node 3 holds is stale: a third of 3 x 128 slabs / 4 nodes = 96 (+/- 1).
  const double per_node = copies_per_node(s);
  CHECK(per_node == 96);
  const double resynced = r.repaired_bytes / static_cast<double>(kSlab);
  CHECK(resynced >= per_node - 1);
  CHECK(resynced <= per_node + 1);
  CHECK(std::fmod(r.repaired_bytes, static_cast<double>(kSlab)) == 0);
  const TimelineMark* back = first(r, RunEventKind::Return);
  const TimelineMark* done = first(r, RunEventKind::RepairDone);
  REQUIRE(back != nullptr);
  REQUIRE(done != nullptr);
  CHECK(back->at_s == Approx(0.120).margin(1e-9));
  CHECK(done->at_s > back->at_s);
  CHECK(r.failed_ios == 0);
  REQUIRE_FALSE(r.timeline.empty());
  CHECK(r.timeline.back().degraded_bytes == 0);
  CHECK(r.timeline.back().repair_bytes_to_go == 0);
  // The repairing phase lasts from the return to the last copy landing.
  const PhaseResult* repairing = phase(r, RunPhase::Repairing);
  REQUIRE(repairing != nullptr);
  CHECK(repairing->seconds == Approx(done->at_s - back->at_s).margin(1e-9));
  // Repair rate bound: at most repair_outstanding copies in flight per volume,
  // each a drive read, a network transfer and a drive write of 1 MiB.
  const double resync_s = done->at_s - back->at_s;
  const double one_copy_s =
      1.0 * MiB / s.cluster.drives[0].seq_read_bytes_per_s + 1.0 * MiB / s.cluster.drives[0].seq_write_bytes_per_s;
  const double fastest_s = r.repaired_bytes / (4.0 * 4.0 * MiB / one_copy_s);
  CHECK(resync_s >= fastest_s);
}

TEST_CASE("failures: the repair speed sets the resync time and what it costs the foreground", "[failures]") {
  auto resync = [](int outstanding) {
    ScenarioSpec s = failing_cluster();
    s.vms.failover = {-1, -1, 1, -1};
    s.cluster.volume_failover = s.vms.failover;
    s.cluster.stack.failure.repair_outstanding = outstanding;
    s.timeline.events = {node_event(20, true, 2), node_event(120, false, 2)};
    s.run.duration_ns = 2000 * kMillisecond;
    return simulate(s);
  };
  const RunResult slow = resync(1);
  const RunResult fast = resync(4);
  auto took = [](const RunResult& r) {
    return first(r, RunEventKind::RepairDone)->at_s - first(r, RunEventKind::Return)->at_s;
  };
  REQUIRE(first(slow, RunEventKind::RepairDone) != nullptr);
  REQUIRE(first(fast, RunEventKind::RepairDone) != nullptr);
  CHECK(slow.repaired_bytes == fast.repaired_bytes);
  // One copy in flight per volume is latency-bound (drive read + network +
  // drive write of 1 MiB, one after the other). Four go faster, but less than
  // four times: they queue at the returning node's drives that hold stale
  // slabs, which every copy is written to (utilisation law: at most 4 x the
  // drive's sequential write rate), and at its NIC ingress. (Measured on this
  // cluster: x1.34; with the copies' CPU work serialised per node pair, as
  // hcisim once had it, one copy in flight was slower and four gained x1.5+.)
  const double slow_rate = slow.repaired_bytes / took(slow), fast_rate = fast.repaired_bytes / took(fast);
  const DriveSpec drive = failing_cluster().cluster.drives[0];
  CHECK(fast_rate > 1.25 * slow_rate);
  CHECK(fast_rate < 4.0 * slow_rate);
  CHECK(fast_rate < 4 * drive.seq_write_bytes_per_s);
  CHECK(fast_rate < connectx6_dx().ports * connectx6_dx().port_bits_per_s / 8);
  // More repair in flight means more for foreground writes to wait behind.
  CHECK(phase(fast, RunPhase::Repairing)->write_latency.mean_s >
        phase(slow, RunPhase::Repairing)->write_latency.mean_s);
}

TEST_CASE("failures: a lost drive's extents are rebuilt into the node's reserve capacity", "[failures]") {
  ScenarioSpec s = failing_cluster();
  s.timeline.events = {{20 * kMillisecond, true, FailurePart::Drive, 1, 0}};
  s.run.duration_ns = 1000 * kMillisecond;
  const RunResult r = simulate(s);
  // The node's 96 copies sit evenly on its 4 drives: 24 (+/- 1) on the lost one.
  const double per_drive = copies_per_node(s) / 4;
  const double rebuilt = r.repaired_bytes / static_cast<double>(kSlab);
  CHECK(rebuilt >= per_drive - 1);
  CHECK(rebuilt <= per_drive + 1);
  const TimelineMark* detected = first(r, RunEventKind::Detection);
  REQUIRE(detected != nullptr);
  CHECK(detected->at_s == Approx(0.025).margin(1e-9));  // + drive detection
  REQUIRE(first(r, RunEventKind::RepairDone) != nullptr);
  CHECK(r.timeline.back().degraded_bytes == 0);
  CHECK(r.failed_ios == 0);
  // I/O stalled on the drive waited out the drive detection time.
  CHECK(std::max(r.read_latency.max_s, r.write_latency.max_s) >= 4.5e-3);
  CHECK(std::max(r.read_latency.max_s, r.write_latency.max_s) <= 6.0e-3);
}

TEST_CASE("failures: pool and cluster quorum decide whether volumes stay online", "[failures]") {
  // VMs on nodes 3 and 4 only; nodes 1 and 2 fail (their volumes move to 3 and 4).
  auto two_down = [](bool witness, bool third_drive) {
    ScenarioSpec s = failing_cluster();
    s.vms.per_node = {0, 0, 1, 1};
    s.cluster.witness = witness;
    s.timeline.events = {node_event(20, true, 0), node_event(20, true, 1)};
    if (third_drive) s.timeline.events.push_back({40 * kMillisecond, true, FailurePart::Drive, 2, 0});
    return simulate(s);
  };
  SECTION("4 nodes + witness survive two node failures; 8 of 16 drives + the owner keep the pool") {
    const RunResult r = two_down(true, false);
    CHECK(first(r, RunEventKind::Quorum) == nullptr);
    CHECK(r.failed_ios == 0);  // three copies on three of four nodes: one always survives
    CHECK(r.total_iops() > 0);
  }
  SECTION("without a witness, 2 of 4 nodes is no majority: every volume fails its I/O, visibly") {
    const RunResult r = two_down(false, false);
    const TimelineMark* quorum = first(r, RunEventKind::Quorum);
    REQUIRE(quorum != nullptr);
    CHECK(quorum->at_s == Approx(0.030).margin(1e-9));  // at detection
    CHECK(r.failed_ios > 0);
    // After detection no I/O completes: the tail of the run serves nothing.
    CHECK(r.timeline.back().read_iops + r.timeline.back().write_iops == 0);
    CHECK(r.timeline.back().failed_iops > 0);
  }
  SECTION("one more drive on a survivor leaves 7 of 16: the pool goes offline") {
    const RunResult r = two_down(true, true);
    const TimelineMark* quorum = first(r, RunEventKind::Quorum);
    REQUIRE(quorum != nullptr);
    CHECK(quorum->at_s == Approx(0.045).margin(1e-9));  // the drive's detection
    CHECK(r.failed_ios > 0);
  }
}

TEST_CASE("failures: random failure times follow the catalog's AFR and MTBF", "[failures]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.node_count = 1000;
  s.cluster.node.mtbf_hours = 1.0;
  s.cluster.drives[0].afr = 0.5;
  s.timeline.random_failures = true;
  s.timeline.random_node_outage_ns = 0;
  SECTION("nodes: P(fail before t) = 1 - exp(-t / MTBF)") {
    s.cluster.drives[0].afr = 0;
    const auto events = random_failures(s, 3600LL * 1'000'000'000, hcisim::sim::RandomStream(11, "unit"));
    const auto failed = std::count_if(events.begin(), events.end(), [](const TimelineEvent& e) { return e.fail; });
    CHECK(static_cast<double>(failed) / 1000 == Approx(1 - std::exp(-1.0)).margin(0.045));  // 3 sigma
  }
  SECTION("drives: the share failing within a year is the AFR") {
    s.cluster.node.mtbf_hours = 0;
    const auto year = static_cast<hcisim::sim::SimTime>(hcisim::models::kSecondsPerYear * 1e9);
    const auto events = random_failures(s, year, hcisim::sim::RandomStream(12, "unit"));
    CHECK(static_cast<double>(events.size()) / 4000 == Approx(0.5).margin(0.024));  // 3 sigma
    CHECK(std::is_sorted(events.begin(), events.end(),
                         [](const TimelineEvent& a, const TimelineEvent& b) { return a.at < b.at; }));
  }
}

TEST_CASE("failures: a node drained for maintenance moves its VMs first and stalls nothing for detection",
          "[failures]") {
  ScenarioSpec s = failing_cluster();
  s.vms.failover = {-1, -1, 1, -1};
  s.cluster.volume_failover = s.vms.failover;
  TimelineEvent drain = node_event(20, true, 2);
  drain.planned = true;
  s.timeline.events = {drain, node_event(120, false, 2)};
  s.run.duration_ns = 1000 * kMillisecond;
  const RunResult r = simulate(s);
  const TimelineMark* moved_vms = first(r, RunEventKind::VmRestart);
  const TimelineMark* moved_volume = first(r, RunEventKind::Failover);
  REQUIRE(moved_vms != nullptr);
  REQUIRE(moved_volume != nullptr);
  CHECK(moved_vms->at_s == Approx(0.020).margin(1e-9));     // at once: live migration
  CHECK(moved_volume->at_s == Approx(0.023).margin(1e-9));  // + volume failover, no detection wait
  CHECK(first(r, RunEventKind::VmStop) == nullptr);
  // Only the moved VM's I/O to its own volume waits, for the volume's move (3 ms).
  CHECK(std::max(r.read_latency.max_s, r.write_latency.max_s) < 4.0e-3);
  CHECK(r.failed_ios == 0);
  CHECK(r.nodes[1].vms == 2);
  // It still resyncs what was written while it was down.
  CHECK(r.repaired_bytes > 0);
  REQUIRE(first(r, RunEventKind::RepairDone) != nullptr);
}

TEST_CASE("failures: a NIC port lost and regained takes away and gives back its share of the network", "[failures]") {
  // Two nodes, two-way mirror, 64K random writes: each write sends its second
  // copy to the other node, so both nodes' pipes carry the run. With 1 Gb/s
  // ports (2 per node) the network binds; one port of node 1 down halves what
  // node 1 can send and receive, and so the cluster's writes.
  ScenarioSpec s = failing_cluster(Resiliency::TwoWayMirror);
  s.cluster.node_count = 2;
  s.vms.per_node = {1, 1};
  s.cluster.nic.port_bits_per_s = 1e9;
  s.cluster.network_switch.port_bits_per_s = 0;  // directly connected
  DiskspdTarget& w = s.vms.workload.targets[0];
  w.block_bytes = 64 * KiB;
  w.write_fraction = 1.0;
  w.outstanding = 16;
  TimelineEvent down{100 * kMillisecond, true, FailurePart::NicPort, 0, -1, 1};
  TimelineEvent back{200 * kMillisecond, false, FailurePart::NicPort, 0, -1, 1};
  s.timeline.events = {down, back};
  s.run.warmup_ns = 0;
  s.run.duration_ns = 300 * kMillisecond;
  s.run.interval_ns = 20 * kMillisecond;
  const RunResult r = simulate(s);
  REQUIRE(r.timeline.size() == 15);
  auto writes = [&](int from, int to) {  // mean write MB/s over intervals [from, to)
    double sum = 0;
    for (int i = from; i < to; ++i) sum += r.timeline[static_cast<std::size_t>(i)].write_bytes_per_s;
    return sum / (to - from);
  };
  const double healthy = writes(1, 5), outage = writes(6, 10), after = writes(11, 15);
  // Network-bound: each node's two ports send its VM's second copies (one remote copy per write).
  CHECK(healthy == Approx(2 * 2 * 125e6).epsilon(0.1));
  CHECK(outage == Approx(healthy / 2).epsilon(0.1));
  // Node 1's one port sends VM 1's copies and receives VM 2's: 125 MB/s each way,
  // plus at most the I/O in flight at the window's edges (2 VMs x 16 x 64 KiB over 80 ms).
  CHECK(outage <= 2 * 125e6 + 2 * 16 * 64 * 1024 / 0.080);
  CHECK(after == Approx(healthy).epsilon(0.1));
  CHECK(r.failed_ios == 0);
  const TimelineMark* failed = first(r, RunEventKind::Failure);
  REQUIRE(failed != nullptr);
  CHECK(failed->at_s == Approx(0.1).margin(1e-9));
  // NIC port 2 of node 1 fails: 1 of 2 ports up
  CHECK(failed->what.what == RunEventWhat::NicPortFails);
  CHECK(failed->what.port == 1);
  CHECK(failed->what.node == 0);
  CHECK(failed->what.up == 1);
  CHECK(failed->what.of == 2);
  REQUIRE(first(r, RunEventKind::Return) != nullptr);
  // A port down is a part down: the degraded phase, with no copy missing and nothing to repair.
  REQUIRE(phase(r, RunPhase::Degraded) != nullptr);
  CHECK(phase(r, RunPhase::Degraded)->seconds == Approx(0.1).margin(1e-9));
  CHECK(r.repaired_bytes == 0);
}

namespace {

// 4 VxRack-like nodes with 2 SSDs each, ScaleIO under ESXi, one DISKSPD VM per
// node doing 4K random 70/30 over 256 MiB (256 chunks, 2,048 chunk copies:
// 256 per drive); drive 1 of node 1 fails at 20 ms and is detected 5 ms later.
ScenarioSpec scaleio_drive_failure(int concurrent_ios_per_device) {
  ScenarioSpec s = failing_cluster(Resiliency::TwoWayMirror);
  s.cluster = vxrack_cluster(4, 2);
  FailureHandlingSpec& f = s.cluster.stack.failure;
  f.defined = true;
  f.drive_detection_ns = 5 * kMillisecond;
  f.repair_io_bytes = 1 * MiB;
  f.repair_outstanding = concurrent_ios_per_device;
  f.spare_fraction = 0.1;
  f.reserve_drives_per_node = 0;
  s.timeline.events = {{20 * kMillisecond, true, FailurePart::Drive, 0, 0}};
  s.run.warmup_ns = 0;
  s.run.duration_ns = 3000 * kMillisecond;
  return s;
}

}  // namespace

TEST_CASE("failures: ScaleIO re-mirrors a lost drive's chunks onto the other nodes' drives (many-to-many)",
          "[failures][scaleio]") {
  const RunResult one = simulate(scaleio_drive_failure(1));
  // Every chunk copy the drive held is re-created from its other copy; nothing fails.
  const TimelineMark* rebuild = first(one, RunEventKind::Rebuild);
  REQUIRE(rebuild != nullptr);
  CHECK(rebuild->at_s == Approx(0.025).margin(1e-9));  // at detection
  const double chunks = one.repaired_bytes / static_cast<double>(MiB);
  CHECK(chunks == Approx(256).margin(2));  // the layout spreads 2,048 copies over 8 drives within one
  CHECK(one.failed_ios == 0);
  CHECK(one.degraded_ios > 0);  // writes to chunks with one copy left, until rebuilt
  const TimelineMark* done = first(one, RunEventKind::RepairDone);
  REQUIRE(done != nullptr);
  // Redundancy is back without the drive: the run ends healthy, with nothing degraded.
  REQUIRE_FALSE(one.timeline.empty());
  CHECK(one.timeline.back().degraded_bytes == 0);
  // The copies come from the 6 drives of the other nodes, one at a time each: at
  // least 256 / 6 copies in a row on the busiest source, each crossing one 10 GbE port.
  const double took = done->at_s - rebuild->at_s;
  const double per_copy_floor = static_cast<double>(MiB) / 1.25e9;
  CHECK(took > 256.0 / 6 * per_copy_floor);
  // Two rebuild I/Os per device: about twice as fast on an otherwise light load.
  const RunResult two = simulate(scaleio_drive_failure(2));
  const double took2 = first(two, RunEventKind::RepairDone)->at_s - first(two, RunEventKind::Rebuild)->at_s;
  CHECK(took2 < 0.75 * took);
  CHECK(took2 > 0.4 * took);
}
