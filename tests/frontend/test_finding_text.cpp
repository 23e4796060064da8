// The sentences of the models' findings (finding_text), kind by kind, on
// findings made by hand: the figures each kind carries, rounded as the reports
// have always written them (durations two digits up, shares one decimal).
#include <catch2/catch.hpp>

#include <string>

#include "tools/frontend/report/finding_text.hpp"

using namespace hcisim;
using models::Finding;
using models::FindingKind;

namespace {

Finding of_kind(FindingKind kind) {
  Finding f;
  f.kind = kind;
  return f;
}

}  // namespace

TEST_CASE("finding text: the steady-state findings, with the run length that would do", "[report]") {
  Finding users = of_kind(FindingKind::UsersNotSteady);
  users.users_looping = 42'777;
  users.users = 60'000;
  users.measured_s = 20;
  users.warmup_s = 30;
  users.cycle_s = 4.753;
  users.suggested_warmup_s = 5 * 4.753;
  users.suggested_duration_s = 20 * 4.753;
  CHECK(frontend::finding_text(users) ==
        "not at steady state: 42777 users looping (TPS x (think + transaction latency)) against the 60000 that run; "
        "20 s measured after a 30 s warm-up is too short for their cycle of 4.8 s; try a warm-up of 24 s and a "
        "duration of 96 s");

  Finding little = of_kind(FindingKind::LatencyNotSteady);
  little.latency_s = 6e-3;
  little.little_s = 10e-3;
  little.in_flight = 2048;
  little.measured_s = 10e-3;
  little.warmup_s = 1e-3;
  little.suggested_warmup_s = 50e-3;
  little.suggested_duration_s = 200e-3;
  CHECK(frontend::finding_text(little) ==
        "not at steady state: mean latency 6 ms against Little's law 2048 I/Os in flight / IOPS = 10 ms; 10 ms "
        "measured after a 1 ms warm-up is too short for these latencies; try a warm-up of 50 ms and a duration of "
        "200 ms");

  Finding slowest = of_kind(FindingKind::SlowestIoCut);
  slowest.slowest_s = 3.5e-3;
  slowest.run_s = 6e-3;
  slowest.suggested_duration_s = 20 * 3.5e-3;
  CHECK(frontend::finding_text(slowest) ==
        "the slowest I/O took 3.5 ms of a 6 ms run: the latency distribution is cut off by the run length; try a "
        "duration of 70 ms");

  Finding iops = of_kind(FindingKind::WideIopsInterval);
  iops.relative = 0.1;
  iops.precision = 0.02;
  iops.suggested_duration_s = 2.5;
  CHECK(frontend::finding_text(iops) == "the 95% interval on IOPS is +/- 10.0%; for +/- 2% try a duration of 2.5 s");
  Finding latency = of_kind(FindingKind::WideLatencyInterval);
  latency.relative = 0.069;
  latency.precision = 0.02;
  latency.suggested_duration_s = 0.0605;
  CHECK(frontend::finding_text(latency) ==
        "the 95% interval on the mean latency is +/- 6.9%; for +/- 2% try a duration of 61 ms");

  Finding precision = of_kind(FindingKind::PrecisionNotReached);
  precision.precision = 0.0001;
  precision.iops_relative = 0.027;
  precision.latency_relative = 0;  // too few intervals
  precision.percentiles = {{{models::LatencyPercentile::Of::Read, 99}, std::nullopt},
                           {{models::LatencyPercentile::Of::All, 99.9}, 0.05}};
  precision.suggested_duration_s = 10'000;
  CHECK(frontend::finding_text(precision) ==
        "the run measured its whole duration without reaching its precision of +/- 0.01% (95% intervals: IOPS +/- "
        "2.7%, mean latency too few intervals, read.p99 too few samples beyond it, lat.p999 +/- 5.0%); try a "
        "duration of 10000 s");
  precision.suggested_duration_s = 0;  // no width to go by: no suggestion
  CHECK(frontend::finding_text(precision).find("; try") == std::string::npos);

  Finding tail = of_kind(FindingKind::MovingTail);
  tail.of = models::LatencyPercentile::Of::Write;
  tail.first_ns = 1.5e6;
  tail.second_ns = 2.25e6;
  tail.change = 0.5;
  tail.suggested_warmup_s = 0.3;
  CHECK(frontend::finding_text(tail) ==
        "the write p99 moved from 1.500 ms over the first half of the measured time to 2.250 ms over the second "
        "(+50.0%, beyond the 95% interval of the change): the tail had not settled, which its own interval cannot "
        "see; try a warm-up of 300 ms or more, and measure as long");
}

TEST_CASE("finding text: the workloads' findings", "[report]") {
  Finding streams = of_kind(FindingKind::ShortStreams);
  streams.least_covered = 0.00081;
  streams.short_share = 1;
  streams.suggested_run_s = 14;
  CHECK(frontend::finding_text(streams) ==
        "sequential streams passed over only 0.081% of their region in the run (100.0% of the I/O): the figures are "
        "those of the few slabs they passed, not the average over the file that a benchmark covering it measures; "
        "try a warm-up + duration of at least 14 s");

  Finding cut = of_kind(FindingKind::IotestCut);
  cut.phase = models::SasPhase::Flush;
  CHECK(frontend::finding_text(cut) ==
        "the run's time limit ended the iotest in its flush phase: the MB/s per core cover only what was done; give "
        "run.time_limit more time");
}

TEST_CASE("finding text: repair that stalled or did not finish, and what held it", "[report]") {
  Finding starved = of_kind(FindingKind::RepairStalled);
  starved.from_s = 12;
  starved.to_s = 150;
  starved.degraded_bytes = 2.68e9;
  starved.starved = true;
  starved.starved_by = "host CPU";
  starved.starved_by_utilisation = 0.97;
  CHECK(frontend::finding_text(starved) ==
        "no repair progress from 12.0 s to 150 s with 2.68 GB degraded: repair was queued but starved; the run's "
        "busiest resource is host CPU (97 % busy over the run)");
  Finding held = of_kind(FindingKind::RepairStalled);
  held.from_s = 0.2;
  held.to_s = 0.6;
  held.degraded_bytes = 64.42e9;
  held.hold = models::RepairHold::NoRoom;
  held.node = 1;
  CHECK(frontend::finding_text(held) ==
        "no repair progress from 0.2 s to 0.6 s with 64.42 GB degraded: node 2 has no reserve capacity left to "
        "rebuild into");

  Finding left = of_kind(FindingKind::RepairUnfinished);
  left.degraded_bytes = 1.5e9;
  left.bytes_to_repair = 0.5e9;
  left.repair_bytes_per_s = 40e6;
  left.eta_s = 60;
  CHECK(frontend::finding_text(left) ==
        "the run ended with repair unfinished: 1.50 GB degraded, 0.50 GB queued for repair; at the last interval's "
        "rate (0.04 GB/s) it would take 60.0 s more");
  left.eta_s = -1;
  left.hold = models::RepairHold::PartDown;
  left.node = 3;
  CHECK(frontend::finding_text(left) ==
        "the run ended with repair unfinished: 1.50 GB degraded, 0.50 GB queued for repair; no repair moved in the "
        "last interval: node 4 is down: the copies it holds are resynced when it returns (S2D repairs a node's "
        "copies in place)");
  CHECK(frontend::repair_hold_text(models::RepairHold::None, -1).empty());
  CHECK(frontend::starved_by_text("drives", 0.834) == "drives (83 % busy over the run)");
}

TEST_CASE("finding text: capacity", "[report][capacity]") {
  Finding reserve = of_kind(FindingKind::ReserveNotKept);
  reserve.footprint_bytes = 301e12;
  reserve.copies = 3;
  reserve.room_bytes = 294.4e12;
  reserve.reserve_bytes = 12.8e12;
  CHECK(frontend::finding_text(reserve) ==
        "capacity: the VMs' disks need 301.0 TB with 3 copies, more than the 294.4 TB left after the repair reserve "
        "(12.8 TB): a failed drive could not be rebuilt in place");

  Finding over = of_kind(FindingKind::VcpuOvercommit);
  over.compute_host = true;
  over.host = 1;
  over.vcpus = 512;
  over.logical_processors = 256;
  over.vcpu_ratio = 2;
  CHECK(frontend::finding_text(over) ==
        "capacity: host 2 runs 512 vCPUs on 256 logical processors (2.00:1 over-commit): the VMs' vCPUs wait for "
        "each other");
}
