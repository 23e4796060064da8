// HostCpu and VcpuSet against what a CPU does: bursts at the sustained clock,
// an SMT core with both threads busy doing smt_yield times one thread's work,
// an SMT-aware scheduler spreading bursts over idle cores first (so throughput
// against load has the shape of cores, then the SMT yield), logical-processor
// run time as Windows counts it, per-layer cycles as they execute, serial
// (pinned) queues, and the vCPU limit of a VM.
#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "completion_log.hpp"
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

// Keeps `outstanding` bursts of `cycles` in flight on a VM's vCPUs; counts completions.
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

// N bursts always in flight on the host (a burst resubmits itself at once).
struct HostLoop final : hcisim::sim::EventHandler {
  HostLoop(HostCpu& h, double c) : host(&h), cycles(c) {}
  void on_event(std::uint64_t arg) override {
    ++completed;
    host->run(CpuLayer::StorageStack, cycles, *this, arg);
  }
  HostCpu* host;
  double cycles;
  std::uint64_t completed = 0;
};

// A small EPYC-like CPU: `cores` cores with SMT (yield 1.25) at 3 GHz sustained, 2.25 GHz nominal.
CpuSpec smt_cpu(int cores) {
  CpuSpec c = epyc_7742();
  c.cores = cores;
  c.threads = 2 * cores;
  return c;
}

}  // namespace

TEST_CASE("host cpu: cores, logical processors and SMT capacity from the datasheet", "[cpu]") {
  Engine engine;
  HostCpu epyc(engine, epyc_7742(), 2);
  CHECK(epyc.cores() == 128);
  CHECK(epyc.logical_processors() == 256);
  CHECK(epyc.capacity_threads() == Approx(128 * 1.25));
  CHECK(epyc.clock_hz() == 3.0e9);     // the sustained all-core clock
  CHECK(epyc.nominal_hz() == 2.25e9);  // the base clock VMFleet normalises to
  CpuSpec no_smt = epyc_7742();
  no_smt.threads = no_smt.cores;
  HostCpu plain(engine, no_smt, 2);
  CHECK(plain.logical_processors() == 128);
  CHECK(plain.capacity_threads() == Approx(128));
  CpuSpec base_only = epyc_7742();
  base_only.all_core_hz = 0;
  CHECK(HostCpu(engine, base_only, 1).clock_hz() == 2.25e9);
  CpuSpec broken = epyc_7742();
  broken.base_hz = 0;
  CHECK_THROWS_AS(HostCpu(engine, broken, 2), std::invalid_argument);
  broken = epyc_7742();
  broken.smt_yield = 3;
  CHECK_THROWS_AS(HostCpu(engine, broken, 2), std::invalid_argument);
}

TEST_CASE("host cpu: a burst alone takes cycles / clock; bursts beyond the logical processors queue", "[cpu]") {
  Engine engine;
  CpuSpec two_cores = epyc_7742();
  two_cores.cores = 2;
  two_cores.threads = 2;  // no SMT
  HostCpu host(engine, two_cores, 1);
  CompletionLog log(engine);
  // 30 000 cycles at 3 GHz = 10 us.
  host.run(CpuLayer::Guest, 30'000, log, 0);
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 1);
  CHECK(log.done[0].at == 10 * kMicrosecond);
  log.done.clear();
  const SimTime t0 = engine.now();
  for (std::uint64_t i = 0; i < 3; ++i) host.run(CpuLayer::Guest, 30'000, log, i);
  engine.run_until(t0 + kMillisecond);
  REQUIRE(log.done.size() == 3);
  CHECK(log.done[0].at - t0 == 10 * kMicrosecond);
  CHECK(log.done[1].at - t0 == 10 * kMicrosecond);
  CHECK(log.done[2].at - t0 == 20 * kMicrosecond);
  CHECK(log.done[2].arg == 2);
}

TEST_CASE("host cpu: a burst too long for SimTime is an error, not an overflowed cast", "[cpu]") {
  Engine engine;
  HostCpu host(engine, epyc_7742(), 1);
  CompletionLog log(engine);
  // 1e15 x 1.45 M cycles (an OLTP cpu_scale of 1e15) at 3 GHz: ~15,000 years.
  CHECK_THROWS_WITH(host.run(CpuLayer::Guest, 1.45e21, log, 0), Catch::Matchers::Contains("longer than a year"));
  host.run(CpuLayer::Guest, 3e9, log, 1);  // a second at 3 GHz is fine
  engine.run_until(2 * hcisim::sim::kSecond);
  CHECK(log.done.size() == 1);
}

TEST_CASE("host cpu: two threads of one core share it, each at smt_yield / 2 of full speed", "[cpu]") {
  Engine engine;
  HostCpu host(engine, smt_cpu(1), 1);  // one core, two threads
  CompletionLog log(engine);
  SECTION("started together: both take 2 / 1.25 = 1.6 times as long") {
    host.run(CpuLayer::Guest, 30'000, log, 0);
    host.run(CpuLayer::Guest, 30'000, log, 1);
    engine.run_until(kMillisecond);
    REQUIRE(log.done.size() == 2);
    CHECK(log.done[0].at == 16 * kMicrosecond);
    CHECK(log.done[1].at == 16 * kMicrosecond);
  }
  SECTION("the second starts half way: the first slows, then the second speeds up when it is alone") {
    host.run(CpuLayer::Guest, 30'000, log, 0);  // 10 us alone
    engine.run_until(5 * kMicrosecond);         // half done
    host.run(CpuLayer::Guest, 30'000, log, 1);
    engine.run_until(kMillisecond);
    REQUIRE(log.done.size() == 2);
    // Burst 0: 5 us of work left at 0.625 speed = 8 us -> done at 13 us.
    CHECK(log.done[0].arg == 0);
    CHECK(log.done[0].at == 13 * kMicrosecond);
    // Burst 1: 8 us x 0.625 = 5 us of work done by then, 5 us left alone -> 18 us.
    CHECK(log.done[1].at == 18 * kMicrosecond);
  }
  SECTION("a third waits for a free thread") {
    for (std::uint64_t i = 0; i < 3; ++i) host.run(CpuLayer::Guest, 30'000, log, i);
    engine.run_until(kMillisecond);
    REQUIRE(log.done.size() == 3);
    // Bursts 0 and 1 paired (16 us); burst 2 then runs beside... nothing: alone, 10 us.
    CHECK(log.done[2].at == 26 * kMicrosecond);
  }
}

TEST_CASE("host cpu: bursts take idle cores before the second thread of a busy core", "[cpu]") {
  Engine engine;
  HostCpu host(engine, smt_cpu(2), 1);  // two cores, four threads
  CompletionLog log(engine);
  host.run(CpuLayer::Guest, 30'000, log, 0);
  host.run(CpuLayer::Guest, 30'000, log, 1);
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 2);
  // Each on its own core: full speed, not paired.
  CHECK(log.done[0].at == 10 * kMicrosecond);
  CHECK(log.done[1].at == 10 * kMicrosecond);
}

TEST_CASE("host cpu: throughput against load rises with cores, then with the SMT yield", "[cpu]") {
  // N bursts always present on C = 4 cores: N <= C run alone (X = N / S);
  // C < N <= 2C pair N - C cores (X = ((N - C) y + (2C - N)) / S); beyond, X = C y / S.
  // Windows' logical-processor run time is min(N, 2C) / 2C; VMFleet scales it by 3.0 / 2.25.
  const int cores = 4;
  const double y = 1.25, burst_s = 10e-6;
  for (int n = 1; n <= 2 * cores + 2; ++n) {
    Engine engine;
    HostCpu host(engine, smt_cpu(cores), 1);
    HostLoop loop(host, 30'000);
    for (int i = 0; i < n; ++i) host.run(CpuLayer::StorageStack, 30'000, loop, static_cast<std::uint64_t>(i));
    engine.run_until(kMillisecond);
    loop.completed = 0;
    host.reset_stats(engine.now());
    const SimTime window = 20 * kMillisecond;
    engine.run_until(engine.now() + window);
    const double speed = n <= cores ? n : n <= 2 * cores ? (n - cores) * y + (2 * cores - n) : cores * y;
    const double expected = speed / burst_s * 20e-3;
    INFO("N = " << n);
    CHECK(static_cast<double>(loop.completed) == Approx(expected).epsilon(0.01));
    const double lp = std::min(n, 2 * cores) / (2.0 * cores);
    CHECK(host.logical_busy_fraction(engine.now()) == Approx(lp).epsilon(1e-6));
    CHECK(host.vmfleet_cpu(engine.now()) == Approx(lp * 3.0 / 2.25).epsilon(1e-6));
    CHECK(host.utilisation(engine.now()) == Approx(speed / (cores * y)).epsilon(0.01));
  }
}

TEST_CASE("host cpu: cycles are accounted per layer as they execute, inside the window only", "[cpu]") {
  Engine engine;
  HostCpu host(engine, smt_cpu(2), 1);
  CompletionLog log(engine);
  CpuWork work;
  work.add(CpuLayer::Hypervisor, 600'000).add(CpuLayer::StorageStack, 300'000).add(CpuLayer::Network, 100'000);
  host.run(work, log, 0);  // 1 M cycles: 333.3 us alone
  engine.run_until(100 * kMicrosecond);
  host.reset_stats(engine.now());  // 300 k cycles already done belong to the warm-up
  engine.run_until(200 * kMicrosecond);
  // Half way through the window: 100 us x 3 GHz executed, split 60/30/10.
  CHECK(host.cycles(CpuLayer::Hypervisor, engine.now()) == Approx(0.6 * 300'000).epsilon(1e-6));
  CHECK(host.cycles(CpuLayer::Network, engine.now()) == Approx(0.1 * 300'000).epsilon(1e-6));
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 1);
  CHECK(host.cycles(CpuLayer::Hypervisor, engine.now()) == Approx(0.6 * 700'000).epsilon(1e-4));
  CHECK(host.cycles(CpuLayer::StorageStack, engine.now()) == Approx(0.3 * 700'000).epsilon(1e-4));
  CHECK(host.cycles(CpuLayer::Guest, engine.now()) == 0);
  // Work done never exceeds what the cores could do.
  CHECK(host.utilisation(engine.now()) <= 1.0);
  CHECK(host.utilisation(engine.now()) == Approx(700'000 / (3e9 * 2 * 1.25 * 900e-6)).epsilon(1e-4));
  CHECK(std::string(cpu_layer_name(CpuLayer::StorageStack)) == "storage_stack");
}

// `n` bursts of 10 us (30,000 cycles at 3 GHz) into a new serial queue of `host`, run for 1 ms;
// returns the queue.
int run_serial_bursts(Engine& engine, HostCpu& host, hcisim::sim::EventHandler& log, int n) {
  const int q = host.add_pinned_queue();
  for (int i = 0; i < n; ++i)
    host.run_pinned(q, CpuWork::of(CpuLayer::Network, 30'000), log, static_cast<std::uint64_t>(i));
  engine.run_until(kMillisecond);
  return q;
}

TEST_CASE("host cpu: a pinned queue runs its bursts one at a time, ahead of waiting ordinary bursts", "[cpu]") {
  Engine engine;
  SECTION("serial even with idle cores") {
    HostCpu host(engine, smt_cpu(4), 1);
    CompletionLog log(engine);
    const int q = run_serial_bursts(engine, host, log, 3);
    REQUIRE(log.done.size() == 3);
    CHECK(log.done[0].at == 10 * kMicrosecond);
    CHECK(log.done[1].at == 20 * kMicrosecond);
    CHECK(log.done[2].at == 30 * kMicrosecond);
    CHECK(host.pinned_busy(q, engine.now()) == Approx(30.0 / 1000).epsilon(1e-9));
  }
  SECTION("jumps the queue of ordinary bursts") {
    CpuSpec one = epyc_7742();
    one.cores = 1;
    one.threads = 1;
    HostCpu host(engine, one, 1);
    const int q = host.add_pinned_queue();
    CompletionLog log(engine);
    host.run(CpuLayer::Guest, 30'000, log, 0);  // holds the only core
    host.run(CpuLayer::Guest, 30'000, log, 1);  // waits
    host.run_pinned(q, CpuWork::of(CpuLayer::Network, 30'000), log, 2);
    engine.run_until(kMillisecond);
    REQUIRE(log.done.size() == 3);
    CHECK(log.done[1].arg == 2);
    CHECK(log.done[1].at == 20 * kMicrosecond);
    CHECK(log.done[2].at == 30 * kMicrosecond);
  }
}

// Logs each completion and each hint (EventHandler::prefetch) with its time.
struct HintLog final : hcisim::sim::EventHandler {
  explicit HintLog(Engine& e) : engine(&e) {}
  void on_event(std::uint64_t arg) override { done.push_back({arg, engine->now()}); }
  void prefetch(std::uint64_t arg) const override { hinted.push_back({arg, engine->now()}); }
  struct At {
    std::uint64_t arg;
    SimTime at;
  };
  Engine* engine;
  std::vector<At> done;
  mutable std::vector<At> hinted;
};

TEST_CASE("host cpu: a pinned queue hints each waiting burst one burst before its turn, and only then", "[cpu]") {
  Engine engine;
  HostCpu host(engine, smt_cpu(4), 1);
  HintLog log(engine);
  run_serial_bursts(engine, host, log, 4);
  // Bursts start at 0, 10, 20 and 30 us. Each start from the queue hints the
  // burst behind it: burst 2 at 10 us, burst 3 at 20 us; the last hints nothing
  // (bursts 0 and 1 were hinted by nobody: 0 started at once, 1 was just queued).
  REQUIRE(log.done.size() == 4);
  REQUIRE(log.hinted.size() == 2);
  CHECK(log.hinted[0].arg == 2);
  CHECK(log.hinted[0].at == 10 * kMicrosecond);
  CHECK(log.hinted[1].arg == 3);
  CHECK(log.hinted[1].at == 20 * kMicrosecond);
  // A hint changes nothing: the bursts end as without one.
  for (std::size_t i = 0; i < 4; ++i) CHECK(log.done[i].at == static_cast<SimTime>(i + 1) * 10 * kMicrosecond);
}

TEST_CASE("vcpus: a 2-vCPU VM never runs more than 2 bursts at once", "[cpu]") {
  Engine engine;
  HostCpu host(engine, epyc_7742(), 2);  // 128 cores: the host is never the limit
  VcpuSet vm(engine, host, 2);
  const double cycles = 30'000;  // 10 us per burst at 3 GHz
  const SimTime burst = cpu_ns(cycles, 3.0e9);
  REQUIRE(burst == 10 * kMicrosecond);

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
  SECTION("saturated: throughput = 2 / burst time, both vCPUs busy, the host sees 2 of 256 LPs busy") {
    BurstLoop loop(vm, cycles);
    for (std::uint64_t i = 0; i < 8; ++i) vm.run(cycles, loop, i);
    engine.run_until(kMillisecond);
    loop.completed = 0;
    host.reset_stats(engine.now());
    vm.reset_stats(engine.now());
    engine.run_until(engine.now() + 10 * kMillisecond);
    CHECK(static_cast<double>(loop.completed) == Approx(2 * 10e-3 / 10e-6).margin(2));
    CHECK(vm.utilisation(engine.now()) == Approx(1.0).epsilon(1e-9));
    CHECK(host.logical_busy_fraction(engine.now()) == Approx(2.0 / 256.0).epsilon(1e-9));
    CHECK(host.cycles(CpuLayer::Guest, engine.now()) == Approx(2 * 3e9 * 10e-3).epsilon(1e-3));
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
  host.run(CpuLayer::StorageStack, 30'000, log, 100);  // host work holds the only core for 10 us
  vm.run(30'000, log, 1);                              // the guest burst waits behind it
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 2);
  CHECK(log.done[1].arg == 1);
  CHECK(log.done[1].at == 20 * kMicrosecond);
}

TEST_CASE("burst variability keeps the mean and sets the spread of burst times") {
  // One core, bursts one at a time: each completion time is exactly one burst.
  CpuSpec one_core;
  one_core.id = "one";
  one_core.cores = 1;
  one_core.threads = 1;
  one_core.base_hz = 1e9;  // 1 cycle = 1 ns
  struct Serial final : hcisim::sim::EventHandler {
    Engine* engine;
    HostCpu* cpu;
    SimTime started = 0;
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
      cpu->run(CpuLayer::Guest, 10000, *this, 0);
    }
  };
  for (const double scv : {0.0, 1.0}) {
    Engine engine;
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

TEST_CASE("host cpu: a waiting host burst takes a free LP before a waiting guest burst", "[cpu]") {
  // One core, no SMT: the host's work preempts virtual processors (their wait is above the CSV layer).
  Engine engine;
  CpuSpec one_core = epyc_7742();
  one_core.cores = 1;
  one_core.threads = 1;
  HostCpu host(engine, one_core, 1);
  CompletionLog log(engine);
  host.run(CpuLayer::StorageStack, 30'000, log, 1);  // holds the core for 10 us
  host.run_guest(30'000, log, 2);                    // waits
  host.run(CpuLayer::StorageStack, 30'000, log, 3);  // waits, arrived later, goes first
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 3);
  CHECK(log.done[1].arg == 3);
  CHECK(log.done[1].at == 20 * kMicrosecond);
  CHECK(log.done[2].arg == 2);
  CHECK(log.done[2].at == 30 * kMicrosecond);
}

TEST_CASE("host cpu: under the core scheduler a guest burst holds a whole core", "[cpu]") {
  // Two cores with SMT (4 LPs), 3 GHz; 30 k cycles = 10 us alone on a core.
  Engine engine;
  HostCpu host(engine, smt_cpu(2), 1);
  host.set_whole_core_guests(true);
  CompletionLog log(engine);

  SECTION("its core's other thread stays idle: host work pairs on the other core only") {
    host.run_guest(30'000, log, 1);                    // core 0, whole
    host.run(CpuLayer::StorageStack, 30'000, log, 2);  // core 1
    host.run(CpuLayer::StorageStack, 30'000, log, 3);  // pairs with 2 on core 1: both at 1.25 / 2 speed
    engine.run_until(kMillisecond);
    REQUIRE(log.done.size() == 3);
    CHECK(log.done[0].arg == 1);
    CHECK(log.done[0].at == 10 * kMicrosecond);  // at full speed: nothing shares its core
    CHECK(log.done[1].at == 16 * kMicrosecond);  // 10 us / 0.625
  }
  SECTION("it waits for an idle core, not a free thread; the LPs it leaves idle are not busy") {
    host.run(CpuLayer::StorageStack, 30'000, log, 1);  // core 0
    host.run(CpuLayer::StorageStack, 60'000, log, 2);  // core 1
    host.run_guest(30'000, log, 3);                    // both cores have a free thread, no idle core
    engine.run_until(kMillisecond);
    REQUIRE(log.done.size() == 3);
    CHECK(log.done[2].arg == 3);
    CHECK(log.done[2].at == 20 * kMicrosecond);  // core 0 frees at 10 us
    host.reset_stats(engine.now());
    host.run_guest(3'000'000, log, 4);  // 1 ms alone
    engine.run_until(engine.now() + kMillisecond);
    CHECK(host.logical_busy_fraction(engine.now()) == Approx(0.25).epsilon(1e-9));  // 1 of 4 LPs
  }
  SECTION("saturated with guests: one LP of each core busy, VMFleet's CPU at half") {
    std::vector<std::unique_ptr<VcpuSet>> vms;
    std::vector<std::unique_ptr<BurstLoop>> loops;
    for (int v = 0; v < 4; ++v) {
      vms.push_back(std::make_unique<VcpuSet>(engine, host, 1));
      loops.push_back(std::make_unique<BurstLoop>(*vms.back(), 30'000));
      vms.back()->run(30'000, *loops.back(), 0);
    }
    engine.run_until(kMillisecond);
    host.reset_stats(engine.now());
    engine.run_until(engine.now() + 10 * kMillisecond);
    CHECK(host.logical_busy_fraction(engine.now()) == Approx(0.5).epsilon(1e-3));
    // Two cores at full speed: 2 bursts a 10 us, whatever the SMT yield.
    std::uint64_t done = 0;
    for (const auto& l : loops) done += l->completed;
    CHECK(static_cast<double>(done) == Approx(2 * (11e-3 / 10e-6)).epsilon(0.01));
  }
}
