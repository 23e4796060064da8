// HostCpu and VcpuSet: effective cores from the datasheet, burst times from the
// clock, the vCPU limit of a VM, and per-layer cycle accounting.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "model_specs.hpp"
#include "models/hardware/host_cpu.hpp"
#include "models/hardware/vcpu_set.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kMillisecond;
using hcisim::sim::SimTime;

namespace {

struct CompletionLog final : hcisim::sim::EventHandler {
  explicit CompletionLog(Engine& e) : engine(&e) {}
  void on_event(std::uint64_t arg) override { done.push_back({arg, engine->now()}); }
  struct Entry {
    std::uint64_t arg;
    SimTime at;
  };
  Engine* engine;
  std::vector<Entry> done;
};

// Keeps `outstanding` bursts of `cycles` queued on a VM's vCPUs; counts completions.
struct BurstLoop final : hcisim::sim::EventHandler {
  BurstLoop(VcpuSet& v, double c) : vcpus(&v), cycles(c) {}
  void on_event(std::uint64_t arg) override {
    ++completed;
    vcpus->run(cycles, *this, arg);
  }
  VcpuSet* vcpus;
  double cycles;
  std::uint64_t completed = 0;
};

}  // namespace

TEST_CASE("host cpu: effective cores = cores x sockets x SMT yield", "[cpu]") {
  Engine engine;
  const CpuSpec epyc = epyc_7742();
  // 64 cores x 2 sockets x 1.25 = 160.
  CHECK(HostCpu(engine, epyc, 2).effective_cores() == 160);
  CHECK(HostCpu(engine, epyc, 1).effective_cores() == 80);
  // No SMT (threads == cores): the yield does not apply.
  CpuSpec no_smt = epyc;
  no_smt.threads = no_smt.cores;
  CHECK(HostCpu(engine, no_smt, 2).effective_cores() == 128);
  // Intel Xeon Gold 6248: 20 cores, 40 threads, 2.5 GHz base; 2 sockets x 20 x 1.25 = 50.
  CpuSpec xeon;
  xeon.id = "intel-xeon-gold-6248";
  xeon.cores = 20;
  xeon.threads = 40;
  xeon.base_hz = 2.5e9;
  xeon.smt_yield = 1.25;
  HostCpu xeon_host(engine, xeon, 2);
  CHECK(xeon_host.effective_cores() == 50);
  CHECK(xeon_host.clock_hz() == 2.5e9);
  CpuSpec broken = epyc;
  broken.base_hz = 0;
  CHECK_THROWS_AS(HostCpu(engine, broken, 2), std::invalid_argument);
}

TEST_CASE("host cpu: a burst alone takes cycles / clock; bursts beyond the cores queue", "[cpu]") {
  Engine engine;
  CpuSpec two_cores = epyc_7742();
  two_cores.cores = 2;
  two_cores.threads = 2;
  HostCpu host(engine, two_cores, 1);
  REQUIRE(host.effective_cores() == 2);
  CompletionLog log(engine);
  // 72 000 cycles at 2.25 GHz = 32 us.
  host.run(72'000, log, 0);
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 1);
  CHECK(log.done[0].at == 32 * kMicrosecond);
  // Three at once on two cores: two finish after 32 us, the third 32 us later.
  log.done.clear();
  const SimTime t0 = engine.now();
  for (std::uint64_t i = 0; i < 3; ++i) host.run(72'000, log, i);
  engine.run_until(t0 + kMillisecond);
  REQUIRE(log.done.size() == 3);
  CHECK(log.done[0].at - t0 == 32 * kMicrosecond);
  CHECK(log.done[1].at - t0 == 32 * kMicrosecond);
  CHECK(log.done[2].at - t0 == 64 * kMicrosecond);
  CHECK(log.done[2].arg == 2);
}

TEST_CASE("vcpus: a 2-vCPU VM never runs more than 2 bursts at once", "[cpu]") {
  Engine engine;
  HostCpu host(engine, epyc_7742(), 2);  // 160 effective cores: the host is never the limit
  VcpuSet vm(engine, host, 2);
  const double cycles = 72'000;          // 32 us per burst
  const SimTime burst = cpu_ns(cycles, 2.25e9);
  REQUIRE(burst == 32 * kMicrosecond);

  SECTION("ten bursts at once complete two by two") {
    CompletionLog log(engine);
    for (std::uint64_t i = 0; i < 10; ++i) vm.run(cycles, log, i);
    engine.run_until(kMillisecond);
    REQUIRE(log.done.size() == 10);
    for (std::size_t i = 0; i < 10; ++i) {
      INFO("burst " << i);
      CHECK(log.done[i].arg == i);  // FIFO
      CHECK(log.done[i].at == static_cast<SimTime>(i / 2 + 1) * burst);
    }
  }
  SECTION("saturated: throughput = 2 / burst time, both vCPUs busy, host sees 2 busy threads") {
    BurstLoop loop(vm, cycles);
    for (std::uint64_t i = 0; i < 8; ++i) vm.run(cycles, loop, i);
    engine.run_until(kMillisecond);
    loop.completed = 0;
    host.reset_stats();
    vm.reset_stats(engine.now());
    engine.run_until(engine.now() + 10 * kMillisecond);
    // 10 ms / 32 us x 2 = 625 bursts (+-2 for the bursts straddling the window edges).
    CHECK(static_cast<double>(loop.completed) == Approx(2 * 10e-3 / 32e-6).margin(2));
    CHECK(vm.utilisation(engine.now()) == Approx(1.0).epsilon(1e-9));
    CHECK(host.utilisation() == Approx(2.0 / 160.0).epsilon(1e-9));
  }
}

TEST_CASE("vcpus: guest bursts compete with the host for cores", "[cpu]") {
  Engine engine;
  CpuSpec one_core = epyc_7742();
  one_core.cores = 1;
  one_core.threads = 1;
  HostCpu host(engine, one_core, 1);
  VcpuSet vm(engine, host, 4);
  CompletionLog log(engine);
  host.run(72'000, log, 100);  // host work holds the only core for 32 us
  vm.run(72'000, log, 1);      // the guest burst waits behind it
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 2);
  CHECK(log.done[1].arg == 1);
  CHECK(log.done[1].at == 64 * kMicrosecond);
}

TEST_CASE("host cpu: cycles are accounted per layer and reset with the statistics", "[cpu]") {
  Engine engine;
  HostCpu host(engine, epyc_7742(), 2);
  VcpuSet vm(engine, host, 2);
  CompletionLog log(engine);
  for (std::uint64_t i = 0; i < 5; ++i) vm.run(72'204.8, log, i);  // guest cycles are charged by the vCPUs
  host.account(CpuLayer::Hypervisor, 60'000);
  host.account(CpuLayer::StorageStack, 84'000);
  host.account(CpuLayer::StorageStack, 16'000);
  host.account(CpuLayer::Network, 14'400);
  engine.run_until(kMillisecond);
  CHECK(host.cycles(CpuLayer::Guest) == Approx(5 * 72'204.8));
  CHECK(host.cycles(CpuLayer::Hypervisor) == 60'000);
  CHECK(host.cycles(CpuLayer::StorageStack) == 100'000);
  CHECK(host.cycles(CpuLayer::DriveIo) == 0);
  CHECK(host.cycles(CpuLayer::Network) == 14'400);
  double total = 0;
  for (int l = 0; l < kCpuLayerCount; ++l) total += host.cycles(static_cast<CpuLayer>(l));
  CHECK(total == Approx(5 * 72'204.8 + 60'000 + 100'000 + 14'400));
  // The guest bursts' busy time is what the CPU utilisation saw: 5 x 32.09 us over 1 ms on 160 cores.
  CHECK(host.utilisation() == Approx(5 * cpu_ns(72'204.8, 2.25e9) / (1e6 * 160)).epsilon(1e-9));
  host.reset_stats();
  for (int l = 0; l < kCpuLayerCount; ++l) CHECK(host.cycles(static_cast<CpuLayer>(l)) == 0);
  CHECK(std::string(cpu_layer_name(CpuLayer::StorageStack)) == "storage_stack");
}

TEST_CASE("burst variability keeps the mean and sets the spread of burst times") {
  // One core, bursts one at a time: each completion time is exactly one burst.
  hcisim::models::CpuSpec one_core;
  one_core.id = "one";
  one_core.cores = 1;
  one_core.threads = 1;
  one_core.base_hz = 1e9;  // 1 cycle = 1 ns
  struct Serial final : hcisim::sim::EventHandler {
    hcisim::sim::Engine* engine;
    HostCpu* cpu;
    hcisim::sim::SimTime started = 0;
    double sum = 0, sum_sq = 0;
    int done = 0;
    void on_event(std::uint64_t) override {
      const double t = static_cast<double>(engine->now() - started);
      sum += t;
      sum_sq += t * t;
      if (++done < 100000) next();
    }
    void next() {
      started = engine->now();
      cpu->run(10000, *this, 0);
    }
  };
  for (const double scv : {0.0, 1.0}) {
    hcisim::sim::Engine engine;
    HostCpu cpu(engine, one_core, 1, scv, engine.stream("cpu"));
    Serial serial;
    serial.engine = &engine;
    serial.cpu = &cpu;
    serial.next();
    engine.run_until(hcisim::sim::kSecond * 100);
    REQUIRE(serial.done == 100000);
    const double mean = serial.sum / serial.done;
    const double scv_seen = (serial.sum_sq / serial.done - mean * mean) / (mean * mean);
    CHECK(mean == Approx(10000).epsilon(0.01));
    CHECK(scv_seen == Approx(scv).margin(0.03));
  }
}
