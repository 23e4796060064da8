// Explaining a run: the chain of limits names the resource a case was built to
// hit; the counterfactuals move the way queueing theory and the cost model say
// they must; capacity, repair-rate bound and Little's law against hand sums.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "failure_specs.hpp"
#include "model_specs.hpp"
#include "models/run/explain.hpp"
#include "models/run/simulation.hpp"
#include "sim/time.hpp"

using namespace mtest;
using hcisim::sim::kMillisecond;

namespace {

// `nodes` AX-7525-like nodes (4 CM6-V each), one VM per node, DISKSPD 4K random.
ScenarioSpec cluster_of(int nodes, Resiliency resiliency, double writes, int threads, int outstanding) {
  ScenarioSpec s;
  s.id = "unit-explain";
  s.title = "explain";
  s.cluster = ax7525_cluster(nodes, 4, resiliency);
  s.vms.vcpus = 2;
  s.vms.per_node.assign(static_cast<std::size_t>(nodes), 1);
  s.vms.workload.file_bytes = 10 * GiB;
  DiskspdTarget& w = s.vms.workload.targets[0];
  w.block_bytes = 4 * KiB;
  w.threads = threads;
  w.outstanding = outstanding;
  w.write_fraction = writes;
  w.pattern = AccessPattern::Random;
  s.run.warmup_ns = 5 * kMillisecond;
  s.run.duration_ns = 30 * kMillisecond;
  s.run.seed = 3;
  return s;
}

// 4-core hosts (1 socket, no SMT) under 64 reads in flight per node: host CPU bound.
ScenarioSpec cpu_bound(int nodes) {
  ScenarioSpec s = cluster_of(nodes, Resiliency::ThreeWayMirror, 0.0, 4, 16);
  s.cluster.cpu.cores = 4;
  s.cluster.cpu.threads = 4;
  s.cluster.node.sockets = 1;
  s.vms.vcpus = 8;
  return s;
}

// One 20 k / 10 k IOPS drive per node and a cheap stack: the drives are the limit.
ScenarioSpec drive_bound(int nodes, Resiliency resiliency, double writes) {
  ScenarioSpec s = cluster_of(nodes, resiliency, writes, 2, 16);
  DriveSpec& d = s.cluster.drives[0];
  d.random_read_iops = 20'000;
  d.read_latency_ns = 100'000;
  d.random_write_iops = 10'000;
  d.seq_read_bytes_per_s = 500e6;
  d.seq_write_bytes_per_s = 400e6;
  s.cluster.node.drives[0].count = 1;
  for (LayerCost* l : {&s.cluster.hypervisor.guest, &s.cluster.hypervisor.host, &s.cluster.stack.storage_stack,
                       &s.cluster.stack.drive_io, &s.cluster.stack.network_message}) {
    *l = LayerCost{1'000, 0};
  }
  s.run.duration_ns = 200 * kMillisecond;
  return s;
}

const Limit& top_limit(const RunExplanation& e) {
  REQUIRE_FALSE(e.chain.empty());
  return e.chain.front();
}

double network_cycles(const RunExplanation& e) { return e.cycles_per_io[static_cast<std::size_t>(CpuLayer::Network)]; }

}  // namespace

TEST_CASE("explain: the chain of limits starts with the resource the case was built to hit", "[explain]") {
  SECTION("host CPU") {
    const ScenarioSpec s = cpu_bound(3);
    const RunResult r = simulate(s);
    const RunExplanation e = explain_run(s, r);
    INFO(top_limit(e).resource << " " << top_limit(e).reason);
    CHECK(top_limit(e).resource == "host CPU");
    CHECK(top_limit(e).utilisation > 0.95);
    // The bottleneck is the first ranked resource that can limit, as attribute_bottleneck says.
    CHECK(e.bottleneck.resource == "host CPU");
    const std::vector<RankedResource> ranked = rank_resources(r, s);
    const auto first = std::find_if(ranked.begin(), ranked.end(), [](const RankedResource& x) { return x.can_limit; });
    REQUIRE(first != ranked.end());
    CHECK(first->what.resource == r.bottleneck.resource);
    CHECK(first->what.reason == r.bottleneck.reason);
    for (std::size_t i = 1; i < ranked.size(); ++i) {
      CHECK(ranked[i - 1].what.utilisation >= ranked[i].what.utilisation);
    }
    // The 8-vCPU VMs wait for the 4 host cores: busy, but not a limit of their own.
    const auto vcpus =
        std::find_if(e.chain.begin(), e.chain.end(), [](const Limit& l) { return l.resource == "VM vCPUs"; });
    REQUIRE(vcpus != e.chain.end());
    CHECK_FALSE(vcpus->can_limit);
  }
  SECTION("drives") {
    const ScenarioSpec s = drive_bound(3, Resiliency::ThreeWayMirror, 0.0);
    const RunExplanation e = explain_run(s, simulate(s));
    CHECK(top_limit(e).resource == "drives");
    CHECK(top_limit(e).utilisation > 0.95);
  }
  SECTION("the VM queue: 32 I/Os per VM, 4 slots per virtual disk") {
    ScenarioSpec s = cluster_of(3, Resiliency::ThreeWayMirror, 0.0, 1, 32);
    s.cluster.hypervisor.disk_queue_depth = 4;
    const RunResult r = simulate(s);
    const RunExplanation e = explain_run(s, r);
    // 28 I/Os always wait for a slot, so all 4 slots are always held: by
    // Little's law at the controller, IOPS per VM x time past the queue = 4.
    INFO(top_limit(e).reason);
    CHECK(top_limit(e).resource == "VM queue");
    CHECK(top_limit(e).utilisation == Approx(1.0).epsilon(0.02));
    CHECK(e.queue_limit == 4);
  }
  SECTION("DISKSPD -g pacing: 3 VMs x 1 thread x 2,000 IOPS") {
    ScenarioSpec s = cluster_of(3, Resiliency::ThreeWayMirror, 0.3, 1, 8);
    s.vms.workload.targets[0].throughput_bytes_per_ms = 2000 * 4096 / 1000;  // -g2000i
    s.run.duration_ns = 1000 * kMillisecond;
    const RunResult r = simulate(s);
    const RunExplanation e = explain_run(s, r);
    // Paced at 8,192 bytes/ms = 2,000 IOPS per thread: 6,000 IOPS in all. The
    // rule issues on 15.625 ms ticks, so over 1 s the count is within one tick
    // per thread (1.6 %) of the rate.
    CHECK(top_limit(e).resource == "DISKSPD -g limit");
    CHECK(top_limit(e).utilisation == Approx(1.0).epsilon(0.03));
    CHECK(r.bottleneck.resource == "DISKSPD -g limit");
    CHECK_FALSE(e.little.must_close);
    CHECK(e.little.in_flight < 0.1 * e.little.configured);  // paced threads wait with nothing in flight
  }
}

TEST_CASE("explain: stage shares add up to the mean latency, and Little's law closes", "[explain]") {
  const ScenarioSpec s = cluster_of(3, Resiliency::ThreeWayMirror, 0.3, 2, 8);
  const RunResult r = simulate(s);
  const RunExplanation e = explain_run(s, r);
  for (const auto* stages : {&e.read_stages, &e.write_stages}) {
    double share = 0, mean = 0;
    for (const StageShare& x : *stages) {
      share += x.share;
      mean += x.mean_s;
    }
    CHECK(share == Approx(1.0));
    CHECK(mean == Approx(stages == &e.read_stages ? r.read_latency.mean_s : r.write_latency.mean_s).epsilon(1e-6));
  }
  // A write travels to the two other nodes' copies; a read of a local copy never does.
  auto has = [](const std::vector<StageShare>& v, IoStage st) {
    return std::any_of(v.begin(), v.end(), [&](const StageShare& x) { return x.stage == st; });
  };
  CHECK(has(e.write_stages, IoStage::Network));
  CHECK_FALSE(has(e.read_stages, IoStage::Network));
  // 3 VMs x 2 threads x 8 outstanding, a closed loop.
  CHECK(e.little.must_close);
  CHECK(e.little.configured == 48);
  CHECK(e.little.in_flight == Approx(48).epsilon(0.03));
}

TEST_CASE("explain: usable capacity is raw less the reserve over the copies", "[explain]") {
  ScenarioSpec s = failing_cluster();  // 4 nodes x 4 CM6-V 3.2 TB, three-way, 1 reserve drive per node
  CapacityFigures c = usable_capacity(s);
  CHECK(c.raw_bytes == Approx(4 * 4 * 3.2e12));
  CHECK(c.reserve_bytes == Approx(4 * 3.2e12));
  CHECK(c.copies == 3);
  CHECK(c.usable_bytes == Approx((51.2e12 - 12.8e12) / 3));  // 12.8 TB
  s.cluster.resiliency = Resiliency::TwoWayMirror;
  CHECK(usable_capacity(s).usable_bytes == Approx(38.4e12 / 2));
  // A node with one capacity drive cannot keep one in reserve (the product keeps all but one at most).
  s.cluster.node.drives[0].count = 1;
  CHECK(usable_capacity(s).reserve_bytes == 0);
  CHECK(usable_capacity(s).usable_bytes == Approx(4 * 3.2e12 / 2));
  // Cache drives hold no capacity.
  s = failing_cluster();
  s.cluster.node.drives.insert(s.cluster.node.drives.begin(), NodeDriveGroup{"cache", 2, DriveRole::Cache});
  s.cluster.drives.insert(s.cluster.drives.begin(), r740xd_cache_ssd());
  CHECK(usable_capacity(s).raw_bytes == Approx(51.2e12));
}

TEST_CASE("explain: the repair-rate bound is the tightest of drives, NIC, and repair I/Os in flight", "[explain]") {
  ScenarioSpec s = failing_cluster();
  // (a) 3 other CM6-V writing at 4.2 GB/s: 12.6 GB/s. (b) 2 ports x 100 Gb/s: 25 GB/s.
  // (d) 4 volumes x 4 repair I/Os of 1 MiB over 1 MiB/6.9 GB/s + 1 MiB/12.5 GB/s +
  //     1 MiB/4.2 GB/s + 2 x (1.5 + 0.8) us = 490.1 us: 34.2 GB/s.
  RepairRateBound b = repair_rate_bound(s);
  CHECK(b.limit == "drive writes");
  CHECK(b.bytes_per_s == Approx(12.6e9));
  const double one_io = MiB / 6.9e9 + MiB / 12.5e9 + MiB / 4.2e9 + 2 * 2.3e-6;
  s.vms.per_node = {1, 0, 0, 0};  // one volume holds data: 4 x 1 MiB in flight
  b = repair_rate_bound(s);
  CHECK(b.limit == "repair I/Os in flight");
  CHECK(b.bytes_per_s == Approx(4 * MiB / one_io));
  s = failing_cluster();
  s.cluster.nic.port_bits_per_s = 25e9;  // 2 x 25 Gb/s = 6.25 GB/s
  b = repair_rate_bound(s);
  CHECK(b.limit == "NIC ingress");
  CHECK(b.bytes_per_s == Approx(6.25e9));
}

TEST_CASE("explain: MTTDL without a simulated repair is an estimate at the bound, and says so", "[explain]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.drives[0].afr = 0.02;
  s.cluster.node.mtbf_hours = 5000;
  s.run.duration_ns = 20 * kMillisecond;
  const RunResult r = simulate(s);
  const MttdlFigure three = mttdl_of(s, r);
  REQUIRE(three.available);
  CHECK_FALSE(three.repair_simulated);
  CHECK(three.rate_bound == "drive writes");
  CHECK(three.downtime_assumed);
  CHECK(three.node_downtime_s == kAssumedNodeDowntimeS);
  // One drive's share of the stored copies (4 VMs x 256 MiB x 3 copies over 16 drives) at 12.6 GB/s.
  CHECK(three.drive_rebuild_s == Approx(4.0 * 256 * MiB * 3 / 16 / 12.6e9));
  CHECK(three.rebuild_estimated);
  s.cluster.resiliency = Resiliency::TwoWayMirror;
  const MttdlFigure two = mttdl_of(s, r);
  REQUIRE(two.available);
  // Two copies store 2/3 of the bytes, so rebuild faster, but lose data on the
  // second overlapping failure instead of the third: far sooner.
  CHECK(two.drive_rebuild_s == Approx(three.drive_rebuild_s * 2 / 3));
  CHECK(two.mttdl_s < three.mttdl_s / 100);
}

TEST_CASE("explain: one more node, with the VMs per node kept, scales a CPU-bound cluster", "[explain][what-if]") {
  // Host CPU bound: IOPS = nodes x cycles a node has / cycles per read. A read
  // is local when the volume's owner holds one of the 3 copies (3/N of slabs);
  // a remote one adds 2 x message(256 B) + 2 x message(4 KiB + 256 B) of SMB
  // Direct work. So IOPS(5) / IOPS(4) = 5/4 x C(4) / C(5), not 5/4.
  const StackSpec st = s2d_stack();
  const HypervisorSpec hv = hyper_v();
  const double b = 4 * KiB;
  const double local = hv.guest.cycles(b) + hv.host.cycles(b) + st.storage_stack.cycles(b) + st.drive_io.cycles(b);
  const double remote_extra = 2 * st.network_message.cycles(256) + 2 * st.network_message.cycles(b + 256);
  auto cycles = [&](int nodes) { return local + (1 - 3.0 / nodes) * remote_extra; };

  const ScenarioSpec four = cpu_bound(4);
  const RunResult r = simulate(four);
  REQUIRE(r.bottleneck.resource == "host CPU");
  VariantSpec more{"one more node", "5 nodes, 1 VM each", cpu_bound(5), ""};
  const WhatIfs w = run_what_ifs(four, r, {more});
  REQUIRE(w.rows.size() == 1);
  REQUIRE(w.rows[0].ran);
  CHECK(w.rows[0].outcome.limit.resource == "host CPU");
  CHECK(w.baseline.iops == r.total_iops());  // not --quick: the run itself is the baseline
  // 4 % tolerance: the local share is 3/N only on average over the slabs the
  // placement dealt (40 per VM), and the CPU bursts vary (exponential).
  const double expected = 5.0 / 4 * cycles(4) / cycles(5);  // 1.195
  CHECK(1 + w.rows[0].iops_change == Approx(expected).epsilon(0.04));
  CHECK(usable_capacity(cpu_bound(5)).raw_bytes == Approx(5.0 / 4 * usable_capacity(four).raw_bytes));
}

TEST_CASE("explain: the other mirror changes a drive-bound write workload by the copies it writes",
          "[explain][what-if]") {
  // Every write lands on every copy's drive: with the drives the limit, write
  // IOPS x copies is the drives' write capacity, so a two-way mirror gives
  // 3/2 the IOPS of a three-way one (4 nodes, both fit).
  const ScenarioSpec three = drive_bound(4, Resiliency::ThreeWayMirror, 1.0);
  const RunResult r = simulate(three);
  REQUIRE(r.bottleneck.resource == "drives");
  ScenarioSpec two = three;
  two.cluster.resiliency = Resiliency::TwoWayMirror;
  const WhatIfs w = run_what_ifs(three, r, {VariantSpec{"two-way mirror", "", two, ""}});
  REQUIRE(w.rows[0].ran);
  CHECK(w.rows[0].outcome.limit.resource == "drives");
  // 3 % tolerance: each drive serves its share of a random placement of slabs.
  CHECK(1 + w.rows[0].iops_change == Approx(1.5).epsilon(0.03));
  CHECK(w.rows[0].outcome.usable_bytes == Approx(1.5 * w.baseline.usable_bytes));
}

TEST_CASE("explain: TCP costs network_tcp_extra at each end of every message", "[explain][what-if]") {
  // 3 nodes, three-way: every node holds a copy of every slab, so a write is
  // local on its owner and remote on 2 nodes; each remote copy is a request
  // (4 KiB + 256 B) and an ack (256 B), each worked on at both ends.
  ScenarioSpec rdma = cluster_of(3, Resiliency::ThreeWayMirror, 1.0, 1, 4);
  rdma.run.duration_ns = 120 * kMillisecond;  // the window's edges: a burst counted there, its I/O not
  const VariantSpec tcp = transport_variant(rdma);
  REQUIRE(tcp.spec);
  CHECK(tcp.name == "TCP instead of RDMA");
  CHECK(tcp.spec->cluster.nic.rdma == RdmaKind::None);
  const StackSpec st = s2d_stack();
  const double request = 4 * KiB + 256, ack = 256;
  const double rdma_cycles = 2 * (2 * st.network_message.cycles(request) + 2 * st.network_message.cycles(ack));
  const double tcp_extra = 2 * (2 * st.network_tcp_extra.cycles(request) + 2 * st.network_tcp_extra.cycles(ack));
  const RunExplanation a = explain_run(rdma, simulate(rdma));
  const RunExplanation b = explain_run(*tcp.spec, simulate(*tcp.spec));
  // 1 %: cycles are counted as bursts run, I/Os as they complete, over the window.
  CHECK(network_cycles(a) == Approx(rdma_cycles).epsilon(0.01));
  CHECK(network_cycles(b) - network_cycles(a) == Approx(tcp_extra).epsilon(0.01));
  // The other layers do not change.
  CHECK(a.cycles_per_io[static_cast<std::size_t>(CpuLayer::StorageStack)] ==
        Approx(b.cycles_per_io[static_cast<std::size_t>(CpuLayer::StorageStack)]).epsilon(0.01));
  // Back again: a TCP NIC gets an RDMA variant.
  CHECK(transport_variant(*tcp.spec).name == "RDMA instead of TCP");
  ScenarioSpec scaleio;
  scaleio.cluster = vxrack_cluster(3, 2);
  CHECK_FALSE(transport_variant(scaleio).spec);
}

TEST_CASE("explain: a NIC twice as fast doubles a network-bound workload", "[explain][what-if]") {
  // 512 KiB writes, three-way on 3 nodes, 2 x 10 Gb/s per node: each owner
  // sends 2 copies of every write, so the owners' egress is the limit and write
  // IOPS follow the port speed (the drives, 4 x 4.2 GB/s, stay far from it).
  ScenarioSpec s = cluster_of(3, Resiliency::ThreeWayMirror, 1.0, 1, 16);
  s.vms.workload.targets[0].block_bytes = 512 * KiB;
  s.vms.workload.targets[0].pattern = AccessPattern::Sequential;
  s.cluster.nic.port_bits_per_s = 10e9;
  s.run.duration_ns = 100 * kMillisecond;
  const RunResult r = simulate(s);
  REQUIRE(r.bottleneck.resource == "network");
  const VariantSpec faster = faster_nic_variant(s);
  REQUIRE(faster.spec);
  CHECK(faster.spec->cluster.nic.port_bits_per_s == 20e9);
  CHECK(faster.spec->cluster.network_switch.port_bits_per_s == 100e9);  // already faster than the NIC
  const WhatIfs w = run_what_ifs(s, r, {faster});
  REQUIRE(w.rows[0].ran);
  // 5 %: at twice the rate other costs (latency, CPU per byte) weigh a little more.
  CHECK(1 + w.rows[0].iops_change == Approx(2.0).epsilon(0.05));
  // A switch as fast as the NIC is doubled with it (a link runs at the slower end).
  CHECK(faster_nic_variant(failing_cluster()).spec->cluster.network_switch.port_bits_per_s == 200e9);
}

TEST_CASE("explain: --quick runs the baseline again at the shorter length; repair speeds need a repair",
          "[explain][what-if]") {
  const ScenarioSpec s = cluster_of(3, Resiliency::ThreeWayMirror, 0.3, 1, 4);
  const RunResult r = simulate(s);
  WhatIfOptions quick;
  quick.quick = true;
  int runs = 0;
  quick.on_run = [&](const std::string&, int, int count) {
    ++runs;
    CHECK(count == 2);  // the baseline again, and the one variant
  };
  const WhatIfs w =
      run_what_ifs(s, r, {transport_variant(s), VariantSpec{"impossible", "", std::nullopt, "no"}}, quick);
  CHECK(runs == 2);
  CHECK(w.quick);
  CHECK(w.measured_s == Approx(sim::to_seconds(s.run.duration_ns) / kQuickDivisor));
  CHECK(w.baseline.iops != r.total_iops());
  REQUIRE(w.rows.size() == 2);
  CHECK_FALSE(w.rows[1].ran);
  CHECK(w.rows[1].why_not == "no");
  // The unit stack describes no failure handling: no part can fail, and it says so.
  CHECK_FALSE(w.repair);
  CHECK(w.repair_skipped.find("cannot be computed: stack") != std::string::npos);
}

TEST_CASE("explain: each repair speed is simulated when the timeline repairs", "[explain][what-if][failures]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.drives[0].afr = 0.02;
  s.cluster.node.mtbf_hours = 5000;
  s.vms.failover = {-1, -1, 1, -1};
  s.cluster.volume_failover = s.vms.failover;
  s.timeline.events = {node_event(20, true, 2), node_event(120, false, 2)};
  s.run.duration_ns = 600 * kMillisecond;
  const RunResult r = simulate(s);
  const RunExplanation e = explain_run(s, r);
  REQUIRE(e.mttdl.available);
  CHECK(e.mttdl.repair_simulated);
  CHECK_FALSE(e.mttdl.resync_estimated);
  const WhatIfs w = run_what_ifs(s, r, {});
  REQUIRE(w.repair);
  REQUIRE(w.repair->repairs.size() == 5);
  // 1 repair I/O in flight per volume against 16: the resync cannot be faster at 1.
  CHECK(w.repair->repairs.front().repair_speed == 1);
  CHECK(w.repair->repairs.back().repair_speed == 16);
  CHECK(w.repair->repairs.front().node_resync_s > w.repair->repairs.back().node_resync_s);
  CHECK_FALSE(w.repair->synthetic);
}

TEST_CASE("explain: without a timeline, the MTTDL comes from hcisim's own simulated repairs",
          "[explain][what-if][failures]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.drives[0].afr = 0.02;
  s.cluster.node.mtbf_hours = 5000;
  s.run.duration_ns = 20 * kMillisecond;
  const RunResult r = simulate(s);
  RunExplanation e = explain_run(s, r);
  REQUIRE(e.mttdl.available);
  CHECK_FALSE(e.mttdl.repair_simulated);  // the run itself repaired nothing: an estimate at the bound
  WhatIfOptions quick;
  quick.quick = true;
  const WhatIfs w = run_what_ifs(s, r, {}, quick);
  REQUIRE(w.repair);
  CHECK(w.repair->synthetic);
  REQUIRE(w.repair->repairs.size() == 1);  // --quick: the scenario's own speed only
  CHECK(w.repair->repairs[0].repair_speed == s.cluster.stack.failure.repair_outstanding);
  adopt_repair_study(e, w);
  REQUIRE(e.mttdl.available);
  CHECK(e.mttdl.from_study);
  CHECK(e.mttdl.repair_simulated);
  CHECK(e.mttdl.drive_rebuild_s == w.repair->repairs[0].drive_rebuild_s);
  CHECK(e.mttdl.drive_rebuild_s > 0);
  CHECK(e.mttdl.mttdl_s == w.repair->by_repair_speed[0].mttdl_s);
}

TEST_CASE("explain: a drive without a failure rate makes MTTDL not computable, naming it", "[explain]") {
  ScenarioSpec s = failing_cluster();
  s.cluster.drives[0].id = "no-afr-drive";
  s.cluster.node.mtbf_hours = 5000;
  s.run.duration_ns = 20 * kMillisecond;
  const MttdlFigure m = mttdl_of(s, simulate(s));
  CHECK_FALSE(m.available);
  CHECK(m.why_not == "capacity drive 'no-afr-drive' has no failure rate (no afr in the catalog)");
}
