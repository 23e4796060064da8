// The OLTP application wired into simulate(): a full run on a small
// VxRack-like ScaleIO cluster, checked against the interactive response time
// law (TPS = users / (think + response)), conservation (page reads from
// storage = buffer misses), the published-figure comparison on TPS and
// transaction latency, and the two-layer topology's extra network crossings.
#include <catch2/catch.hpp>

#include <cmath>

#include "model_specs.hpp"
#include "models/run/simulation.hpp"

using namespace mtest;
using hcisim::sim::kMillisecond;
using hcisim::sim::kSecond;

namespace {

ScenarioSpec oltp_scenario(const ClusterSpec& cluster) {
  ScenarioSpec s;
  s.id = "oltp-test";
  s.title = "OLTP on ScaleIO";
  s.cluster = cluster;
  s.vms.per_node = {1, 1, 0, 0};
  s.vms.vcpus = 4;
  OltpSpec o;
  o.users_per_vm = 300;
  o.think_time_ns = 60 * kMillisecond;
  o.buffer_pool.database_bytes = 1 * GiB;
  o.buffer_pool.buffer_bytes = 256 * MiB;
  o.log.region_bytes = 64 * MiB;
  o.checkpoint.interval_ns = 4 * kSecond;
  s.vms.oltp = o;
  s.vms.data_disk_bytes = 2 * GiB;
  s.run.warmup_ns = 1 * kSecond;
  s.run.duration_ns = 8 * kSecond;
  s.run.seed = 3;
  return s;
}

}  // namespace

TEST_CASE("oltp run: TPS = users / (think + response) in a full ScaleIO run", "[oltp][run]") {
  ScenarioSpec spec = oltp_scenario(vxrack_cluster(4, 6));
  spec.references = {ReferenceFigure{Figure::Tps, 9000, 0.25, Comparison::Approximately, false, ""},
                     ReferenceFigure{Figure::TransactionLatencyAvg, 0.002, 10.0, Comparison::Approximately, false, ""}};
  const RunResult r = simulate(spec);
  REQUIRE(r.oltp.present);
  const double z = 0.060, n = 2 * 300;
  const double response = r.oltp.latency.mean_s;
  INFO("TPS " << r.oltp.tps << ", response " << response * 1e3 << " ms");
  REQUIRE(r.oltp.latency.count > 50'000);
  REQUIRE(response > 0.001);  // large enough to matter next to the think time
  CHECK(r.oltp.tps == Approx(n / (z + response)).epsilon(0.015));
  // Little's law on the users inside a transaction.
  CHECK(r.oltp.users_in_transaction == Approx(r.oltp.tps * response).epsilon(0.03));
  // Every buffer miss is one 8 KiB page read from storage.
  CHECK(r.read_iops == Approx(r.oltp.buffer_misses_per_transaction * r.oltp.tps).epsilon(0.01));
  CHECK(r.read_bytes_per_s == Approx(r.read_iops * 8192).epsilon(1e-9));
  // The storage writes are the log and the flushes.
  CHECK(r.write_iops == Approx(r.oltp.io[1].per_s + r.oltp.io[2].per_s).epsilon(1e-9));
  // The per-type counts add up to all transactions.
  std::uint64_t by_type = 0;
  for (const auto& t : r.oltp.by_type) by_type += t.count;
  CHECK(by_type == r.oltp.latency.count);
  // Reference figures read the application's numbers.
  REQUIRE(r.references.size() == 2);
  CHECK(r.references[0].predicted == r.oltp.tps);
  CHECK(r.references[1].predicted == r.oltp.latency.mean_s);
  CHECK(r.bottleneck.resource == "users' think time");
}

TEST_CASE("oltp run: two-layer page reads pay the wire crossings the HCI case saves on local primaries",
          "[oltp][run]") {
  // The same CPUs on both sides, so the topology is the only difference.
  const RunResult hci = simulate(oltp_scenario(vxrack_cluster(4, 6)));
  const RunResult two = simulate(oltp_scenario(vxrack_two_layer(4, 6, 2, xeon_e5_2680_v3())));
  REQUIRE(hci.oltp.present);
  REQUIRE(two.oltp.present);
  // In the HCI case about a quarter of the reads find their primary on the VM's
  // node (4 nodes, primaries spread evenly) and skip two wire crossings.
  const double crossings_s = 1e-9 * static_cast<double>(message_ns(256, vxrack_4x10gbe(), nexus_3164q()) +
                                                        message_ns(8192 + 256, vxrack_4x10gbe(), nexus_3164q()));
  const double extra = two.oltp.io[0].mean_latency_s - hci.oltp.io[0].mean_latency_s;
  INFO("page read " << hci.oltp.io[0].mean_latency_s * 1e6 << " us HCI, " << two.oltp.io[0].mean_latency_s * 1e6
                    << " us two-layer; two crossings " << crossings_s * 1e6 << " us");
  CHECK(extra > 0.15 * crossings_s);
  CHECK(extra < 0.40 * crossings_s);
  CHECK(two.oltp.latency.mean_s > hci.oltp.latency.mean_s);
  // Compute hosts are reported as hosts: no drives, the VMs' vCPUs, no SDS work.
  REQUIRE(two.nodes.size() == 6);
  CHECK(two.nodes[4].compute_host);
  CHECK(two.nodes[4].vms == 1);
  CHECK(two.nodes[4].drive_utilisation_max == 0);
  CHECK(two.nodes[0].vms == 0);
}
