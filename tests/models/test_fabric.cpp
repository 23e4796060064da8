// Fabric: routed latency over the Boost.Graph, one port's rate for a single
// transfer, the node's bonded capacity for many, and incast at the receiver.
// ConnectX-6 Dx: 2 ports x 100 Gb/s (12.5 GB/s each, 25 GB/s per node), 1.5 us
// message latency; switch 0.8 us.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "model_specs.hpp"
#include "models/network/fabric.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;

namespace {

struct Arrivals final : hcisim::sim::EventHandler {
  explicit Arrivals(Engine& e, std::size_t n) : engine(&e), at(n, -1) {}
  void on_event(std::uint64_t arg) override { at[arg] = engine->now(); }
  Engine* engine;
  std::vector<SimTime> at;
};

const NicSpec kNic = connectx6_dx();
const SwitchSpec kSwitch = switch_100g();
const double kPort = kNic.port_bits_per_s / 8.0;  // 12.5 GB/s
constexpr std::uint64_t kBig = 10'000'000;        // 10 MB: 800 us on one port

}  // namespace

TEST_CASE("fabric: routed latency is the NIC latency plus the switch, between any two nodes", "[fabric]") {
  Engine engine;
  Fabric fabric(engine, 4, kNic, 1, kSwitch);
  CHECK(routed_latency_ns(kNic, kSwitch) == 2'300);
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      INFO(a << " -> " << b);
      CHECK(fabric.latency(a, b) == (a == b ? 0 : 2'300));
    }
  }
  CHECK(fabric.node_bytes_per_s() == 2 * kPort);
  // Two NICs per node double the bonded capacity.
  Fabric two_nics(engine, 2, kNic, 2, kSwitch);
  CHECK(two_nics.node_bytes_per_s() == 4 * kPort);
  NicSpec dead = kNic;
  dead.port_bits_per_s = 0;
  CHECK_THROWS_AS(Fabric(engine, 2, dead, 1, kSwitch), std::invalid_argument);
}

TEST_CASE("fabric: a small message alone arrives after its serialisation and the routed latency", "[fabric]") {
  Engine engine;
  Fabric fabric(engine, 4, kNic, 1, kSwitch);
  Arrivals arrivals(engine, 1);
  fabric.send(0, 2, 256, arrivals, 0);
  engine.run_until(kSecond);
  // 256 B at 12.5 GB/s = 20.48 ns (21 on the ns grid), plus 2.3 us.
  CHECK(arrivals.at[0] == 21 + 2'300);
  CHECK(arrivals.at[0] == message_ns(256, kNic, kSwitch));
  CHECK(fabric.messages() == 1);
}

TEST_CASE("fabric: a large transfer alone runs at one port's rate, not the node's two", "[fabric]") {
  Engine engine;
  Fabric fabric(engine, 4, kNic, 1, kSwitch);
  Arrivals arrivals(engine, 1);
  fabric.send(1, 3, kBig, arrivals, 0);
  engine.run_until(kSecond);
  CHECK(arrivals.at[0] == 800 * kMicrosecond + 2'300);
  const double rate = static_cast<double>(kBig) / ((arrivals.at[0] - 2'300) * 1e-9);
  CHECK(rate == Approx(kPort).epsilon(1e-6));
}

TEST_CASE("fabric: two transfers leaving a two-port node at once each run at one port's rate, a third shares",
          "[fabric]") {
  struct Late final : hcisim::sim::EventHandler {
    Fabric* fabric;
    Arrivals* arrivals;
    void on_event(std::uint64_t) override { fabric->send(0, 3, kBig, *arrivals, 2); }
  };
  // Catch runs the case once per section: each starts from these two transfers.
  Engine engine;
  Fabric fabric(engine, 4, kNic, 1, kSwitch);
  Arrivals arrivals(engine, 3);
  fabric.send(0, 1, kBig, arrivals, 0);
  fabric.send(0, 2, kBig, arrivals, 1);
  SECTION("two: nothing slows either, and each costs one event (its delivery)") {
    engine.run_until(kSecond);
    CHECK(arrivals.at[0] == 800 * kMicrosecond + 2'300);
    CHECK(arrivals.at[1] == 800 * kMicrosecond + 2'300);
    CHECK(engine.events_processed() == 2);
    CHECK(fabric.egress_utilisation(0) == Approx(0.8e-3));  // both ports for 0.8 ms of 1 s
  }
  SECTION("a third at 400 us: the three share 25 GB/s, then the last runs at one port's rate") {
    Late late;
    late.fabric = &fabric;
    late.arrivals = &arrivals;
    engine.schedule_at(400 * kMicrosecond, late);
    engine.run_until(kSecond);
    // At 400 us the first two have 5 MB left; at 25/3 GB/s each they end at 1,000 us. The
    // third has 5 MB left then, at one port's 12.5 GB/s: 400 us more.
    CHECK(arrivals.at[0] == Approx(1'000 * kMicrosecond + 2'300).margin(2));
    CHECK(arrivals.at[1] == Approx(1'000 * kMicrosecond + 2'300).margin(2));
    CHECK(arrivals.at[2] == Approx(1'400 * kMicrosecond + 2'300).margin(2));
    CHECK(fabric.egress_utilisation(0) ==
          Approx(1.0e-3 + 0.5 * 0.4e-3).epsilon(1e-6));  // full for 1 ms, one port for 0.4
  }
}

TEST_CASE("fabric: concurrent transfers from one node share the node's bonded capacity", "[fabric]") {
  Engine engine;
  Fabric fabric(engine, 4, kNic, 1, kSwitch);
  Arrivals arrivals(engine, 6);
  // Six transfers from node 0, two to each other node: 60 MB through 25 GB/s of egress
  // (each receiver takes two at up to a port each, so its ingress never limits).
  for (std::uint64_t i = 0; i < 6; ++i) fabric.send(0, 1 + static_cast<int>(i % 3), kBig, arrivals, i);
  engine.run_until(kSecond);
  const SimTime expected = pipe_ns(6 * kBig, fabric.node_bytes_per_s()) + 2'300;  // 2.4 ms
  for (std::size_t i = 0; i < 6; ++i) CHECK(arrivals.at[i] == Approx(static_cast<double>(expected)).margin(2));
  const double aggregate = 6.0 * kBig / ((arrivals.at[5] - 2'300) * 1e-9);
  CHECK(aggregate == Approx(fabric.node_bytes_per_s()).epsilon(1e-6));
  CHECK(fabric.messages() == 6);
}

TEST_CASE("fabric: incast is limited by the receiver's ingress", "[fabric]") {
  Engine engine;
  Fabric fabric(engine, 4, kNic, 1, kSwitch);
  Arrivals arrivals(engine, 3);
  // Three senders could push 3 x 12.5 GB/s; node 0 takes 25 GB/s: 30 MB in 1.2 ms.
  for (std::uint64_t i = 0; i < 3; ++i) fabric.send(1 + static_cast<int>(i), 0, kBig, arrivals, i);
  engine.run_until(1'200 * kMicrosecond);
  CHECK(fabric.ingress_utilisation(0) == Approx(1.0).epsilon(1e-6));
  // Each sender's egress: one port of its two, for the part of the time it was sending.
  CHECK(fabric.egress_utilisation(1) <= 0.5 + 1e-9);
  engine.run_until(kSecond);
  const SimTime expected = pipe_ns(3 * kBig, fabric.node_bytes_per_s()) + 2'300;
  for (std::size_t i = 0; i < 3; ++i) CHECK(arrivals.at[i] == Approx(static_cast<double>(expected)).margin(2));
  const double aggregate = 3.0 * kBig / ((arrivals.at[2] - 2'300) * 1e-9);
  CHECK(aggregate == Approx(fabric.node_bytes_per_s()).epsilon(1e-6));
  CHECK(aggregate < 3 * kPort);
  fabric.reset_stats();
  CHECK(fabric.messages() == 0);
}

TEST_CASE("fabric: endpoints with different NICs (a two-layer cluster's hosts)", "[fabric]") {
  // Two 100 GbE nodes and one 4 x 10 GbE host: latency is half of each end's
  // NIC latency plus the switch; a transfer runs at the slower end's port rate.
  Engine engine;
  const NicSpec slow = vxrack_4x10gbe();
  Fabric fabric(engine, {FabricEndpoint{kNic, 1}, FabricEndpoint{kNic, 1}, FabricEndpoint{slow, 1}}, kSwitch);
  CHECK(fabric.latency(0, 1) == 2'300);
  const SimTime mixed = (kNic.message_latency_ns + slow.message_latency_ns) / 2 + kSwitch.latency_ns;
  CHECK(fabric.latency(0, 2) == mixed);
  CHECK(fabric.latency(2, 0) == mixed);
  CHECK(fabric.node_bytes_per_s(2) == 4 * slow.port_bits_per_s / 8.0);
  Arrivals arrivals(engine, 1);
  fabric.send(0, 2, kBig, arrivals, 0);
  engine.run_until(kSecond);
  CHECK(arrivals.at[0] == pipe_ns(kBig, slow.port_bits_per_s / 8.0) + mixed);
}
