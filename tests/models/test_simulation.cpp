// simulate() on small whole-cluster scenarios: determinism, Little's law for the
// closed loop, and the bottleneck it names for cases built to hit one resource.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>

#include "model_specs.hpp"
#include "models/run/simulation.hpp"
#include "sim/time.hpp"

using namespace mtest;
using hcisim::sim::kMillisecond;

namespace {

// 3 AX-7525-like nodes (4 CM6-V each, three-way mirror), 2 VMs per node running
// DISKSPD 4K random 70/30, T2 O8; 5 ms warm-up, 30 ms measured.
ScenarioSpec small_cluster(std::uint64_t seed) {
  ScenarioSpec s = ax7525_small_run(0.3);
  s.id = "unit-small-cluster";
  s.title = "3 nodes, 6 VMs, 4K random 70/30";
  s.run.warmup_ns = 5 * kMillisecond;
  s.run.duration_ns = 30 * kMillisecond;
  s.run.seed = seed;
  s.references = {ReferenceFigure{Figure::TotalIops, 100'000, 0.5, Comparison::Approximately, false, "unit"}};
  return s;
}

int in_flight(const ScenarioSpec& s) {
  int vms = 0;
  for (const int n : s.vms.per_node) vms += n;
  return vms * s.vms.workload.outstanding_per_vm();
}

void check_same(const LatencySummary& a, const LatencySummary& b) {
  CHECK(a.count == b.count);
  CHECK(a.mean_s == b.mean_s);
  CHECK(a.p50_s == b.p50_s);
  CHECK(a.p90_s == b.p90_s);
  CHECK(a.p99_s == b.p99_s);
  CHECK(a.p999_s == b.p999_s);
  CHECK(a.max_s == b.max_s);
}

// Every field of two results, except the wall-clock performance figures.
void check_same(const RunResult& a, const RunResult& b) {
  CHECK(a.scenario_id == b.scenario_id);
  CHECK(a.title == b.title);
  CHECK(a.measured_seconds == b.measured_seconds);
  CHECK(a.warmup_seconds == b.warmup_seconds);
  CHECK(a.seed == b.seed);
  CHECK(a.read_iops == b.read_iops);
  CHECK(a.write_iops == b.write_iops);
  CHECK(a.read_bytes_per_s == b.read_bytes_per_s);
  CHECK(a.write_bytes_per_s == b.write_bytes_per_s);
  CHECK(a.total_iops_ci_half_width == b.total_iops_ci_half_width);
  check_same(a.read_latency, b.read_latency);
  check_same(a.write_latency, b.write_latency);
  check_same(a.all_latency, b.all_latency);
  REQUIRE(a.nodes.size() == b.nodes.size());
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    const NodeResult &x = a.nodes[i], &y = b.nodes[i];
    INFO("node " << i);
    CHECK(x.node == y.node);
    CHECK(x.up == y.up);
    CHECK(x.vms == y.vms);
    CHECK(x.cores == y.cores);
    CHECK(x.capacity_threads == y.capacity_threads);
    CHECK(x.cpu_utilisation == y.cpu_utilisation);
    CHECK(x.lp_busy == y.lp_busy);
    CHECK(x.vmfleet_cpu == y.vmfleet_cpu);
    CHECK(x.cpu_by_layer == y.cpu_by_layer);
    CHECK(x.vcpu_utilisation == y.vcpu_utilisation);
    CHECK(x.drive_utilisation_mean == y.drive_utilisation_mean);
    CHECK(x.drive_utilisation_max == y.drive_utilisation_max);
    CHECK(x.nic_tx_utilisation == y.nic_tx_utilisation);
    CHECK(x.nic_rx_utilisation == y.nic_rx_utilisation);
  }
  CHECK(a.degraded_ios == b.degraded_ios);
  CHECK(a.bottleneck.resource == b.bottleneck.resource);
  CHECK(a.bottleneck.utilisation == b.bottleneck.utilisation);
  CHECK(a.bottleneck.reason == b.bottleneck.reason);
  REQUIRE(a.references.size() == b.references.size());
  for (std::size_t i = 0; i < a.references.size(); ++i) {
    CHECK(a.references[i].predicted == b.references[i].predicted);
    CHECK(a.references[i].error == b.references[i].error);
    CHECK(a.references[i].within == b.references[i].within);
    CHECK(a.references[i].reference.value == b.references[i].reference.value);
  }
}

}  // namespace

TEST_CASE("simulate: the same seed gives the same result, another seed a different sample", "[simulate]") {
  const RunResult a = simulate(small_cluster(1));
  const RunResult b = simulate(small_cluster(1));
  check_same(a, b);
  REQUIRE(a.total_iops() > 0);
  REQUIRE(a.write_iops > 0);
  REQUIRE(a.total_iops_ci_half_width > 0);
  // A confidence interval of a few percent, not a vague one.
  CHECK(a.total_iops_ci_half_width < 0.05 * a.total_iops());

  const RunResult c = simulate(small_cluster(2));
  CHECK(c.seed == 2);
  CHECK(c.all_latency.mean_s != a.all_latency.mean_s);
  CHECK(c.read_latency.mean_s != a.read_latency.mean_s);
  CHECK(c.write_latency.mean_s != a.write_latency.mean_s);
  const double band = 4 * std::max(a.total_iops_ci_half_width, c.total_iops_ci_half_width);
  INFO("seed 1: " << a.total_iops() << " +- " << a.total_iops_ci_half_width << ", seed 2: " << c.total_iops() << " +- "
                  << c.total_iops_ci_half_width);
  CHECK(std::abs(c.total_iops() - a.total_iops()) <= band);
}

TEST_CASE("simulate: the closed loop obeys Little's law, IOPS x latency = VMs x T x O", "[simulate]") {
  for (const double writes : {0.0, 0.3}) {
    ScenarioSpec spec = small_cluster(5);
    spec.vms.workload.targets[0].write_fraction = writes;
    const RunResult r = simulate(spec);
    INFO("write fraction " << writes << ": " << r.total_iops() << " IOPS x " << r.all_latency.mean_s << " s");
    CHECK(r.total_iops() * r.all_latency.mean_s == Approx(static_cast<double>(in_flight(spec))).epsilon(0.02));
    CHECK(r.all_latency.count == r.read_latency.count + r.write_latency.count);
    // Counts and rates agree: every completed I/O in the window is in the histogram.
    CHECK(static_cast<double>(r.all_latency.count) == Approx(r.total_iops() * r.measured_seconds));
    CHECK(r.read_bytes_per_s == Approx(r.read_iops * 4 * KiB));
  }
}

TEST_CASE("simulate: a run with a failed node counts degraded writes and reports the node down", "[simulate]") {
  ScenarioSpec spec = small_cluster(3);
  spec.cluster = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  spec.cluster.failed_nodes = {3};
  spec.cluster.volume_owners = {0, 1, 2, 0};
  spec.vms.per_node = {2, 2, 2, 0};
  const RunResult r = simulate(spec);
  REQUIRE(r.nodes.size() == 4);
  CHECK_FALSE(r.nodes[3].up);
  CHECK(r.nodes[3].drive_utilisation_max == 0);
  // About 3/4 of slabs have a copy on node 3 (three of four nodes hold each slab).
  const double degraded_share = static_cast<double>(r.degraded_ios) / (r.write_iops * r.measured_seconds);
  CHECK(degraded_share > 0.5);
  CHECK(degraded_share < 0.95);
  spec.vms.per_node = {2, 2, 2, 1};
  CHECK_THROWS_AS(simulate(spec), std::invalid_argument);
}

TEST_CASE("simulate: the bottleneck named is the one the case was built to hit", "[simulate]") {
  SECTION("a 4-core host under 64 outstanding I/Os per node: host CPU") {
    ScenarioSpec spec = small_cluster(1);
    spec.cluster.cpu.cores = 4;
    spec.cluster.cpu.threads = 4;
    spec.cluster.node.sockets = 1;
    spec.vms.vcpus = 8;
    spec.vms.per_node = {1, 1, 1};
    spec.vms.workload.targets[0].threads = 4;
    spec.vms.workload.targets[0].outstanding = 16;
    spec.vms.workload.targets[0].write_fraction = 0;
    const RunResult r = simulate(spec);
    INFO(r.bottleneck.resource << ": " << r.bottleneck.reason);
    CHECK(r.bottleneck.resource == "host CPU");
    CHECK(r.bottleneck.utilisation > 0.95);
    // Capacity: 4 cores x 3 GHz / 90 614 cycles per local 4K read = 132 k IOPS per node.
    const StackSpec st = s2d_stack();
    const HypervisorSpec hv = hyper_v();
    const double b = 4 * KiB;
    const double cycles = hv.guest.cycles(b) + hv.host.cycles(b) + st.storage_stack.cycles(b) + st.drive_io.cycles(b);
    CHECK(r.total_iops() == Approx(3 * 4 * 3.0e9 / cycles).epsilon(0.03));
  }
  SECTION("one 20 k IOPS drive per node and a cheap stack: drives") {
    ScenarioSpec spec = small_cluster(1);
    DriveSpec& d = spec.cluster.drives[0];
    d.random_read_iops = 20'000;  // 2 channels at 100 us
    d.read_latency_ns = 100'000;
    d.random_write_iops = 10'000;
    d.seq_read_bytes_per_s = 500e6;
    d.seq_write_bytes_per_s = 400e6;
    spec.cluster.node.drives[0].count = 1;
    for (LayerCost* l :
         {&spec.cluster.hypervisor.guest, &spec.cluster.hypervisor.host, &spec.cluster.stack.storage_stack,
          &spec.cluster.stack.drive_io, &spec.cluster.stack.network_message}) {
      *l = LayerCost{1'000, 0};
    }
    spec.vms.workload.targets[0].write_fraction = 0;
    // 32 equal reads share each drive and finish together every 1.6 ms: a long
    // window keeps the count of these waves from biasing the rate (< 1 %).
    spec.run.duration_ns = 200 * kMillisecond;
    const RunResult r = simulate(spec);
    INFO(r.bottleneck.resource << ": " << r.bottleneck.reason);
    CHECK(r.bottleneck.resource == "drives");
    CHECK(r.bottleneck.utilisation > 0.95);
    // Every read is local (three copies on three nodes): 3 drives x 20 k IOPS.
    CHECK(r.total_iops() == Approx(60'000).epsilon(0.03));
  }
  SECTION("2-vCPU VMs with 64 I/Os each on roomy hosts: VM vCPUs") {
    ScenarioSpec spec = small_cluster(1);
    spec.vms.workload.targets[0].write_fraction = 0;
    spec.vms.workload.targets[0].threads = 4;
    spec.vms.workload.targets[0].outstanding = 16;
    const RunResult r = simulate(spec);
    INFO(r.bottleneck.resource << ": " << r.bottleneck.reason);
    CHECK(r.bottleneck.resource == "VM vCPUs");
    // Each VM completes at most 2 guest bursts of 30 204.8 cycles (10.07 us at 3 GHz) at a time.
    const double burst_s = cpu_ns(hyper_v().guest.cycles(4 * KiB), 3.0e9) * 1e-9;
    CHECK(r.total_iops() == Approx(6 * 2 / burst_s).epsilon(0.02));
  }
  SECTION("one VM with one outstanding I/O: outstanding I/O") {
    ScenarioSpec spec = small_cluster(1);
    spec.vms.per_node = {1, 0, 0};
    spec.vms.workload.targets[0].threads = 1;
    spec.vms.workload.targets[0].outstanding = 1;
    spec.vms.workload.targets[0].write_fraction = 0;
    const RunResult r = simulate(spec);
    INFO(r.bottleneck.resource << ": " << r.bottleneck.reason);
    CHECK(r.bottleneck.resource == "outstanding I/O");
    CHECK(r.bottleneck.utilisation < 0.8);
    // QD1: IOPS = 1 / the uncontended local read latency (guest + host + drive).
    const StackSpec st = s2d_stack();
    const HypervisorSpec hv = hyper_v();
    const double b = 4 * KiB;
    const double latency_s =
        (cpu_ns(hv.guest.cycles(b), 3.0e9) +
         cpu_ns(hv.host.cycles(b) + st.storage_stack.cycles(b) + st.drive_io.cycles(b), 3.0e9) + 90'000) *
        1e-9;
    CHECK(r.read_latency.mean_s == Approx(latency_s).epsilon(0.001));
    CHECK(r.total_iops() == Approx(1 / latency_s).epsilon(0.01));
  }
}

TEST_CASE("simulate: rejects a placement list that does not match the nodes", "[simulate]") {
  ScenarioSpec spec = small_cluster(1);
  spec.vms.per_node = {2, 2};
  CHECK_THROWS_AS(simulate(spec), std::invalid_argument);
  spec = small_cluster(1);
  spec.run.duration_ns = 0;
  CHECK_THROWS_AS(simulate(spec), std::invalid_argument);
}

TEST_CASE("simulate: latency by stage adds up, and an idle path costs what its parts cost", "[simulate]") {
  ScenarioSpec spec = small_cluster(4);
  const RunResult loaded = simulate(spec);
  for (const auto& [latency, stages] :
       {std::pair{loaded.read_latency, loaded.read_stages}, std::pair{loaded.write_latency, loaded.write_stages}}) {
    // Every completed I/O's stages add up to its latency (the backend ones are
    // those of its last piece), so the means add up to the mean latency.
    CHECK(stages.total_s() == Approx(latency.mean_s).epsilon(1e-6));
  }

  // One VM, one I/O in flight, reads only: nothing queues, so the guest stage is
  // the guest burst and the host stage the hypervisor + storage stack (+ drive I/O
  // for a local copy, or the request message for a remote one) burst.
  spec.vms.per_node = {1, 0, 0};
  spec.vms.workload.targets[0].threads = 1;
  spec.vms.workload.targets[0].outstanding = 1;
  spec.vms.workload.targets[0].write_fraction = 0;
  const RunResult idle = simulate(spec);
  const auto& s2d = spec.cluster.stack;
  const auto& hv = spec.cluster.hypervisor;
  const double hz = spec.cluster.cpu.all_core_hz;
  CHECK(idle.read_stages[IoStage::Guest] == Approx(hv.guest.cycles(4096) / hz).epsilon(0.001));
  CHECK(idle.read_stages[IoStage::VmQueue] == 0);
  // With 3 copies on 3 nodes every slab has a local copy: a local read.
  const double host = hv.host.cycles(4096) + s2d.storage_stack.cycles(4096) + s2d.drive_io.cycles(4096);
  CHECK(idle.read_stages[IoStage::Host] == Approx(host / hz).epsilon(0.001));
  CHECK(idle.read_stages[IoStage::Drive] == Approx(spec.cluster.drives[0].read_latency_ns * 1e-9).epsilon(0.01));
  CHECK(idle.read_stages[IoStage::Network] == 0);
  CHECK(idle.read_stages[IoStage::RemoteCpu] == 0);
}
