// The switch's port speed and latency change what the fabric does: each NIC
// port is cabled to a switch port and runs at the slower of the two; the
// switch's forwarding latency is on every node-to-node route.
#include <catch2/catch.hpp>

#include <cstdint>

#include "model_specs.hpp"
#include "models/network/fabric.hpp"
#include "models/run/simulation.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMillisecond;
using hcisim::sim::SimTime;

namespace {

struct Arrival final : hcisim::sim::EventHandler {
  explicit Arrival(Engine& e) : engine(&e) {}
  void on_event(std::uint64_t) override { at = engine->now(); }
  Engine* engine;
  SimTime at = -1;
};

SimTime lone_transfer_ns(const SwitchSpec& sw, std::uint64_t bytes) {
  Engine engine(1);
  Fabric fabric(engine, 2, connectx6_dx(), 1, sw);
  Arrival arrival(engine);
  fabric.send(0, 1, bytes, arrival, 0);
  engine.run_until(10'000'000'000);
  return arrival.at;
}

}  // namespace

TEST_CASE("switch: a 10 Gb/s switch port limits a 100 Gb/s NIC port to 10 Gb/s", "[fabric]") {
  SwitchSpec slow = switch_100g();
  slow.port_bits_per_s = 10e9;
  constexpr std::uint64_t kBytes = 10'000'000;  // 8 ms at 10 Gb/s, 0.8 ms at 100 Gb/s
  CHECK(lone_transfer_ns(switch_100g(), kBytes) == pipe_ns(kBytes, 100e9 / 8) + 1'500 + 800);
  CHECK(lone_transfer_ns(slow, kBytes) == pipe_ns(kBytes, 10e9 / 8) + 1'500 + 800);
  // A switch faster than the NIC changes nothing: the NIC port is the slower end.
  SwitchSpec fast = switch_100g();
  fast.port_bits_per_s = 400e9;
  CHECK(lone_transfer_ns(fast, kBytes) == lone_transfer_ns(switch_100g(), kBytes));
}

TEST_CASE("switch: the node's bonded capacity is its ports at the link speed", "[fabric]") {
  Engine engine(1);
  SwitchSpec slow = switch_100g();
  slow.port_bits_per_s = 25e9;
  Fabric fabric(engine, 2, connectx6_dx(), 1, slow);
  CHECK(fabric.node_bytes_per_s() == Approx(2 * 25e9 / 8));   // 2 ports x 25 Gb/s
  Fabric direct(engine, 2, connectx6_dx(), 1, SwitchSpec{});  // no switch: the NIC decides
  CHECK(direct.node_bytes_per_s() == Approx(2 * 100e9 / 8));
}

TEST_CASE("switch: port speed and latency change a simulated run", "[fabric][simulate]") {
  // 512K sequential reads on 4 nodes, two-way mirror: half the reads are remote.
  ScenarioSpec s;
  s.id = "unit-switch";
  s.cluster = ax7525_cluster(4, 4, Resiliency::TwoWayMirror);
  s.vms.vcpus = 2;
  s.vms.per_node = {2, 2, 2, 2};
  s.vms.workload.targets[0].block_bytes = 512 * KiB;
  s.vms.workload.targets[0].threads = 1;
  s.vms.workload.targets[0].outstanding = 4;
  s.vms.workload.targets[0].pattern = AccessPattern::SequentialInterleaved;
  s.vms.workload.file_bytes = 2 * GiB;
  s.run.warmup_ns = 2 * kMillisecond;
  s.run.duration_ns = 20 * kMillisecond;
  const RunResult base = simulate(s);

  ScenarioSpec slow = s;
  slow.cluster.network_switch.port_bits_per_s = 1e9;  // 1 Gb/s ports: remote reads crawl
  const RunResult slow_result = simulate(slow);
  CHECK(slow_result.total_bytes_per_s() < 0.8 * base.total_bytes_per_s());
  double nic = 0;
  for (const auto& n : slow_result.nodes) nic = std::max(nic, std::max(n.nic_tx_utilisation, n.nic_rx_utilisation));
  CHECK(nic > 0.9);  // the slow links are what limits it

  ScenarioSpec far = s;
  far.cluster.network_switch.latency_ns = 2'000'000;  // 2 ms per hop: every remote read waits
  const RunResult far_result = simulate(far);
  CHECK(far_result.read_latency.mean_s > base.read_latency.mean_s + 0.5e-3);
}
