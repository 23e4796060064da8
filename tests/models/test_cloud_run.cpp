// Whole runs on a cloud cluster (simulate()): each Azure cap binding where the
// documented numbers say it must, the VM burst window over time, and the SAS
// iotest's phases and per-core figures. Azure MB/s = 10^6 B/s.
//   P60: 16,000 IOPS / 500 MB/s; D64s_v3: 80,000 IOPS / 1,200 MB/s uncached,
//   2,000 MB/s for 30 min from full credits; 30,000 Mb/s egress (3,750 MB/s).
#include <catch2/catch.hpp>

#include <cstdint>

#include "cloud_specs.hpp"
#include "models/cluster/cluster.hpp"
#include "models/run/simulation.hpp"
#include "sim/engine.hpp"

using namespace ctest;

namespace {

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * KiB;

const CloudVmResult& vm_at(const RunResult& r, int host) { return r.cloud.vms.at(static_cast<std::size_t>(host)); }

}  // namespace

TEST_CASE("cloud cluster: VMs are hosts with their active vCPUs, their disks behind the VM, egress-only network",
          "[cloud]") {
  hcisim::sim::Engine engine;
  const ClusterSpec spec = cloud_cluster(2, 3, e64ds_v4(16), 2, 16 * KiB);
  Cluster cluster(engine, spec);
  REQUIRE(cluster.node_count() == 2);
  REQUIRE(cluster.host_count() == 4);
  CHECK(cluster.cloud());
  // D64s_v3: 64 vCPUs on 32 cores; E64-16ds_v4: 16 active vCPUs on 8 cores (not its parent's 64).
  CHECK(cluster.cpu(0).cores() == 32);
  CHECK(cluster.cpu(0).logical_processors() == 64);
  CHECK(cluster.cpu(2).cores() == 8);
  CHECK(cluster.cpu(2).logical_processors() == 16);
  CHECK(cluster.cpu(2).clock_hz() == 2.6e9);
  CHECK(cluster.node(0).drives.size() == 3);
  CHECK(cluster.node(2).drives.empty());
  CHECK(cluster.node(2).compute_only);
  // Two VMs' one-way latencies (40 us each) split over the two ends.
  CHECK(cluster.fabric().latency(2, 0) == 40'000);
  CHECK(cluster.fabric().node_bytes_per_s(2) == Approx(30e9 / 8));
}

TEST_CASE("cloud run: with 16 KiB disk I/Os the P60s' IOPS caps bind, at 16,000 x 16 KiB per disk", "[cloud]") {
  // 1 client (8 streams), 2 storage VMs with one P60 each: 2 x 262 MB/s.
  const ScenarioSpec spec = sas_scenario(cloud_cluster(2, 1, e64ds_v4(16), 1, 16 * KiB), 128 * MiB, 100'000'000);
  const RunResult r = simulate(spec);
  REQUIRE(r.sas.present);
  REQUIRE(r.sas.complete);
  CHECK(r.sas.cores == 8);                     // one stream per physical core of the E64-16ds_v4
  const double cap = 2 * 16'000.0 * 16 * KiB;  // 524 MB/s
  // A write phase ends when the last write() returns, with up to two flush
  // batches per stream still in the page cache: at most 3 MiB of 128 MiB.
  CHECK(r.sas.write_bytes_per_s == Approx(cap).epsilon(0.03));
  CHECK(r.sas.read_bytes_per_s == Approx(cap).epsilon(0.01));
  CHECK(r.sas.read_bytes_per_s_per_core == Approx(cap / 8).epsilon(0.01));
  REQUIRE(r.sas.clients.size() == 1);
  CHECK(r.sas.clients[0].read_bytes_per_s_per_core == Approx(r.sas.read_bytes_per_s_per_core).epsilon(1e-9));
  CHECK(r.bottleneck.resource == "disk cap");
  CHECK(vm_at(r, 0).throttled_disk_iops);
  CHECK(vm_at(r, 0).throttled_disk_cap.utilisation == Approx(1.0).epsilon(0.02));
  CHECK(vm_at(r, 0).throttled_disk_cap.throttled > 0.9);
  CHECK(vm_at(r, 0).disk_bytes.throttled == 0);  // the VM's caps (1,200 MB/s) are far away
  // Nothing fails at a cap: every byte written was read back.
  CHECK(r.failed_ios == 0);
}

TEST_CASE("cloud run: the write phase comes first, then the reads; nothing overlaps", "[cloud]") {
  const ScenarioSpec spec = sas_scenario(cloud_cluster(2, 1, e64ds_v4(16), 1, 16 * KiB), 64 * MiB, 50'000'000);
  const RunResult r = simulate(spec);
  REQUIRE(r.sas.complete);
  // The interval the reads begin in may end the writes; no interval after it has any.
  int read_intervals = 0;
  for (const TimelinePoint& p : r.timeline) {
    if (read_intervals > 0) CHECK(p.write_iops == 0);
    if (p.read_iops > 0) ++read_intervals;
  }
  CHECK(read_intervals > 3);
  // Each stream wrote its 64 MiB once and read it once: 8 x 64 MiB each way.
  CHECK(r.write_bytes_per_s * r.measured_seconds == Approx(8.0 * 64 * MiB).epsilon(1e-9));
  CHECK(r.read_bytes_per_s * r.measured_seconds == Approx(8.0 * 64 * MiB).epsilon(1e-9));
  CHECK(r.sas.write_phase_s + r.sas.flush_s + r.sas.read_phase_s == Approx(r.measured_seconds).epsilon(1e-6));
}

TEST_CASE("cloud run: a D64s_v3 bursts to 2,000 MB/s for 30 minutes of credits, then 1,200, and the reads start "
          "without credits",
          "[cloud]") {
  // 16 streams, one storage VM with 5 x P60 (2,500 MB/s of disk at 64 KiB):
  // the VM's MB/s cap binds. Time scale 1:1800: the 30-minute window is 1 s.
  ClusterSpec cluster = cloud_cluster(1, 5, e64ds_v4(32), 1, 64 * KiB);
  cluster.cloud.time_scale = 1800;
  const ScenarioSpec spec = sas_scenario(cluster, 256 * MiB * 1800, 100'000'000);
  const RunResult r = simulate(spec);
  REQUIRE(r.sas.complete);
  REQUIRE(r.cloud.bursting_matters);
  // Write MB/s per interval: 2,000 while the credits last (1 s), then 1,200.
  double early = 0, late = 0;
  int early_n = 0, late_n = 0;
  double credits_gone_at = -1;
  for (const TimelinePoint& p : r.timeline) {
    REQUIRE(p.burst_seconds_left.size() == 1);
    if (credits_gone_at < 0 && p.burst_seconds_left[0] < 1) credits_gone_at = p.end_s;
    if (p.write_bytes_per_s == 0) continue;
    if (p.end_s > 0.15 && p.end_s <= 0.95) early += p.write_bytes_per_s, ++early_n;
    if (p.end_s > 1.15 && p.end_s <= r.sas.write_phase_s / 1800 - 0.05) late += p.write_bytes_per_s, ++late_n;
  }
  REQUIRE(early_n >= 5);
  REQUIRE(late_n >= 5);
  CHECK(early / early_n == Approx(2'000e6).epsilon(0.01));
  CHECK(late / late_n == Approx(1'200e6).epsilon(0.01));
  CHECK(credits_gone_at == Approx(1.0).margin(0.11));  // 30 min of real time, in 0.1 s intervals
  // The reads find the credits spent (the short flush earns a few back): 1,200 MB/s, 75 per core.
  CHECK(r.sas.read_bytes_per_s_per_core == Approx(1'200e6 / 16).epsilon(0.02));
  CHECK(vm_at(r, 0).disk_bytes.throttled > 0.9);
  CHECK(r.bottleneck.resource == "VM uncached disk cap");
  CHECK(r.sas.write_phase_s > 1800);  // reported in real time: longer than the burst window
}

TEST_CASE("cloud run: a client's egress cap holds its writes at 3,750 MB/s; its ingress is free", "[cloud]") {
  // 1 client (8 streams) against 3 storage VMs with 4 x P60 at 64 KiB: 6,000 MB/s of storage while bursting.
  const ScenarioSpec spec = sas_scenario(cloud_cluster(3, 4, e64ds_v4(16), 1, 64 * KiB), 1024 * MiB, 50'000'000);
  const RunResult r = simulate(spec);
  REQUIRE(r.sas.complete);
  const double payload = 64.0 * KiB / (64.0 * KiB + 256);  // each 64 KiB piece carries a 256 B header
  // (a phase ends with up to two flush batches per stream still in the client's page cache)
  CHECK(r.sas.write_bytes_per_s == Approx(30e9 / 8 * payload).epsilon(0.025));
  // Reads arrive at 6,000 MB/s, above the client's own 3,750 MB/s egress cap.
  CHECK(r.sas.read_bytes_per_s == Approx(3 * 2'000e6).epsilon(0.02));
  const CloudVmResult& client = vm_at(r, 3);
  REQUIRE(client.client);
  CHECK(client.egress.throttled > 0.3);  // the write phase: a third of the run
  for (int n = 0; n < 3; ++n) CHECK(vm_at(r, n).egress.throttled == 0);
}
