// A simulated closed network against exact MVA: N customers cycle through think
// time, a fixed network delay, a CPU (processor sharing), a controller (one FCFS
// server) and a disk array (three FCFS servers). All of it is product form, so
// MVA gives the exact throughput and mean queue lengths that the simulation
// must reproduce within its confidence intervals.
#include <catch2/catch.hpp>

#include <vector>

#include "sim/engine.hpp"
#include "sim/fcfs_station.hpp"
#include "sim/mva.hpp"
#include "sim/ps_station.hpp"
#include "sim/time_weighted.hpp"
#include "tests/sim/queueing_harness.hpp"

using namespace hcisim::sim;
using qtest::check_interval;

namespace {
constexpr double kThinkMs = 5.0;       // exponential
constexpr double kNetworkMs = 0.5;     // deterministic (a delay station is insensitive)
constexpr double kCpuMs = 1.0;         // exponential work, PS on one core
constexpr double kControllerMs = 0.8;  // exponential, FCFS, 1 server
constexpr double kDiskMs = 4.0;        // exponential, FCFS, 3 servers
constexpr int kDisks = 3;

class ClosedNetwork final : public EventHandler {
  Engine& engine_;  // first: the stations below are built from it

 public:
  enum Stage : std::uint8_t { Thinking, Network, Cpu, Controller, Disk };

  ClosedNetwork(Engine& engine, int customers)
      : engine_(engine),
        cpu(engine, 1),
        controller(engine, 1),
        disks(engine, kDisks),
        rng_(engine.stream("customers")),
        stage_(static_cast<std::size_t>(customers), Thinking) {
    for (int c = 0; c < customers; ++c) think(static_cast<std::uint64_t>(c));
    in_network.set(engine.now(), 0);
  }

  // Each customer's step is done: move it to the next one.
  void on_event(std::uint64_t c) override {
    switch (stage_[c]) {
      case Thinking:
        stage_[c] = Network;
        in_network.add(engine_.now(), 1);
        engine_.schedule_in(from_ms(kNetworkMs), *this, c);
        break;
      case Network:
        stage_[c] = Cpu;
        in_network.add(engine_.now(), -1);
        cpu.submit(exponential_ns(kCpuMs), *this, c);
        break;
      case Cpu:
        stage_[c] = Controller;
        controller.submit(exponential_ns(kControllerMs), *this, c);
        break;
      case Controller:
        stage_[c] = Disk;
        disks.submit(exponential_ns(kDiskMs), *this, c);
        break;
      case Disk:
        ++cycles;
        think(c);
        break;
    }
  }

  void reset_stats() {
    cpu.reset_stats();
    controller.reset_stats();
    disks.reset_stats();
    in_network.reset(engine_.now());
    cycles = 0;
  }

  PsStation cpu;
  FcfsStation controller;
  FcfsStation disks;
  TimeWeighted in_network;
  std::uint64_t cycles = 0;

 private:
  static SimTime from_ms(double ms) { return static_cast<SimTime>(ms * 1e6); }
  SimTime exponential_ns(double mean_ms) { return static_cast<SimTime>(std::llround(rng_.exponential(mean_ms * 1e6))); }
  void think(std::uint64_t c) {
    stage_[c] = Thinking;
    engine_.schedule_in(exponential_ns(kThinkMs), *this, c);
  }

  RandomStream rng_;
  std::vector<Stage> stage_;
};
}  // namespace

TEST_CASE("closed network simulation matches exact MVA: throughput and per-station queue lengths",
          "[queueing][mva][network]") {
  const int customers = 12;
  using Kind = MvaStation::Kind;
  const std::vector<MvaStation> model{{Kind::Delay, kNetworkMs * 1e-3, 1},
                                      {Kind::Queueing, kCpuMs * 1e-3, 1},  // PS on one core: same as FCFS exp
                                      {Kind::Queueing, kControllerMs * 1e-3, 1},
                                      {Kind::MultiServer, kDiskMs * 1e-3, kDisks}};
  const MvaResult mva = solve_mva(model, customers, kThinkMs * 1e-3);
  // The disk array is the bottleneck but not saturated: every station matters.
  REQUIRE(mva.utilisation[3] > 0.7);
  REQUIRE(mva.utilisation[3] < 0.95);

  Engine engine(31);
  ClosedNetwork net(engine, customers);
  const SimTime warmup = 1000 * kMillisecond;
  engine.run_until(warmup);
  BatchMeans throughput(32), network_q(32), cpu_q(32), controller_q(32), disk_q(32), disk_util(32);
  const SimTime segment = 20'000 * kMillisecond;
  for (int s = 0; s < 64; ++s) {
    net.reset_stats();
    engine.run_until(warmup + (s + 1) * segment);
    throughput.add(static_cast<double>(net.cycles) / to_seconds(segment));
    network_q.add(net.in_network.average(engine.now()));
    cpu_q.add(net.cpu.mean_active());
    controller_q.add(net.controller.mean_in_system());
    disk_q.add(net.disks.mean_in_system());
    disk_util.add(net.disks.utilisation());
  }
  check_interval(throughput, mva.throughput_per_s, 0.01);
  check_interval(network_q, mva.queue_length[0], 0.02);
  check_interval(cpu_q, mva.queue_length[1], 0.02);
  check_interval(controller_q, mva.queue_length[2], 0.02);
  check_interval(disk_q, mva.queue_length[3], 0.02);
  check_interval(disk_util, mva.utilisation[3], 0.01);
}
