// Chained bursts (HostCpu::start_chain, VcpuSet::start_chain) against the same
// work run the ordinary way: a guest burst on a vCPU whose completion submits
// the host's burst on the same CPU. A chain must give the same completion times,
// vCPU and LP utilisation and per-layer cycles as the pair, with one event fewer
// while nothing disturbs it, and split back into the pair's behaviour when
// something would make its second part start differently: a burst that has to
// wait for an LP, the core's other thread starting, a guest burst waiting for
// the vCPU the chain holds.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
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

constexpr double kGuest = 30'000;  // 10 us at 3 GHz
constexpr double kHost = 15'000;   // 5 us

// One I/O's guest burst then its host burst, either chained or as the pair
// (the guest's completion submits the host burst).
struct Io final : hcisim::sim::EventHandler {
  Io(HostCpu& h, VcpuSet& v, CompletionLog& l) : host(&h), vcpus(&v), log(&l) {}
  void start(std::uint64_t id, bool chained) {
    if (chained) {
      const SimTime boundary = vcpus->start_chain(kGuest, *this, id);
      REQUIRE(boundary >= 0);
      vcpus->finish_chain(CpuWork::of(CpuLayer::StorageStack, kHost), *log, id);
      return;
    }
    vcpus->run(kGuest, *this, id);
  }
  // The end of the guest burst: the pair's submits the host burst; a split chain's has nothing left to do.
  void on_event(std::uint64_t id) override {
    boundaries.push_back(id);
    if (!chained_mode) host->run(CpuLayer::StorageStack, kHost, *log, id);
  }
  HostCpu* host;
  VcpuSet* vcpus;
  CompletionLog* log;
  bool chained_mode = false;
  std::vector<std::uint64_t> boundaries;
};

struct Outcome {
  std::vector<CompletionLog::Entry> done;
  std::uint64_t events = 0;
  double vcpu_utilisation = 0;
  double lp_busy = 0;
  double guest_cycles = 0, stack_cycles = 0;
};

// Runs one I/O (chained or not) on `cpu`, with `disturb` scheduled at 3 us
// (other work arriving while the guest burst runs); statistics from
// `window_start` to the end at 100 us (or at `probe` when it is earlier than
// the end, while bursts still run).
Outcome run_one(const CpuSpec& cpu, int vcpus, bool chained,
                const std::function<void(HostCpu&, VcpuSet&, CompletionLog&)>& disturb, SimTime window_start = 0,
                SimTime probe = 100 * kMicrosecond) {
  Engine engine;
  HostCpu host(engine, cpu, 1);
  VcpuSet vm(engine, host, vcpus);
  CompletionLog log(engine);
  Io io(host, vm, log);
  io.chained_mode = chained;
  io.start(1, chained);
  struct Later final : hcisim::sim::EventHandler {
    std::function<void()> fn;
    void on_event(std::uint64_t) override { fn(); }
  } later, reset;
  later.fn = [&] { disturb(host, vm, log); };
  engine.schedule_at(3 * kMicrosecond, later);
  reset.fn = [&] {
    host.reset_stats(engine.now());
    vm.reset_stats(engine.now());
  };
  if (window_start > 0) engine.schedule_at(window_start, reset);
  engine.run_until(probe);
  Outcome o;
  o.vcpu_utilisation = vm.utilisation(engine.now());
  o.lp_busy = host.logical_busy_fraction(engine.now());
  o.guest_cycles = host.cycles(CpuLayer::Guest, engine.now());
  o.stack_cycles = host.cycles(CpuLayer::StorageStack, engine.now());
  engine.run_until(kMillisecond);
  o.done = log.done;
  o.events = engine.events_processed();
  return o;
}

CpuSpec cores(int n, bool smt) {
  CpuSpec c = epyc_7742();
  c.cores = n;
  c.threads = smt ? 2 * n : n;
  return c;
}

void check_same(const Outcome& pair, const Outcome& chain) {
  REQUIRE(chain.done.size() == pair.done.size());
  for (std::size_t i = 0; i < pair.done.size(); ++i) {
    INFO("completion " << i);
    CHECK(chain.done[i].arg == pair.done[i].arg);
    CHECK(chain.done[i].at == pair.done[i].at);
  }
  CHECK(chain.vcpu_utilisation == Approx(pair.vcpu_utilisation).margin(1e-12));
  CHECK(chain.lp_busy == Approx(pair.lp_busy).margin(1e-12));
  CHECK(chain.guest_cycles == Approx(pair.guest_cycles).epsilon(1e-9));
  CHECK(chain.stack_cycles == Approx(pair.stack_cycles).epsilon(1e-9));
}

// The chain's outcome, once it is known to be the pair's.
Outcome chain_against_pair(const CpuSpec& cpu, int vcpus,
                           const std::function<void(HostCpu&, VcpuSet&, CompletionLog&)>& disturb) {
  const Outcome chain = run_one(cpu, vcpus, true, disturb);
  check_same(run_one(cpu, vcpus, false, disturb), chain);
  return chain;
}

const auto nothing = [](HostCpu&, VcpuSet&, CompletionLog&) {};
// Another 10 us burst on the host at 3 us, while the guest part runs.
const auto host_burst = [](HostCpu& host, VcpuSet&, CompletionLog& log) {
  host.run(CpuLayer::Network, 30'000, log, 7);
};

}  // namespace

TEST_CASE("cpu chains: undisturbed, a chain ends when the pair would, with one event fewer", "[cpu][chain]") {
  const Outcome chain = chain_against_pair(cores(2, true), 2, nothing);
  REQUIRE(chain.done.size() == 1);
  CHECK(chain.done[0].at == 15 * kMicrosecond);  // 10 us guest + 5 us host at 3 GHz
  CHECK(chain.events + 1 == run_one(cores(2, true), 2, false, nothing).events);
}

TEST_CASE("cpu chains: statistics inside a window that starts or ends in either part", "[cpu][chain]") {
  for (const SimTime window : {SimTime{0}, 4 * kMicrosecond, 12 * kMicrosecond}) {
    for (const SimTime probe : {7 * kMicrosecond, 13 * kMicrosecond, 40 * kMicrosecond}) {
      if (probe <= window) continue;
      INFO("window from " << window << " ns, probed at " << probe << " ns");
      check_same(run_one(cores(2, false), 2, false, nothing, window, probe),
                 run_one(cores(2, false), 2, true, nothing, window, probe));
    }
  }
  // And the vCPU is free from the boundary on, before anything looks at it.
  const Outcome chain = run_one(cores(2, false), 2, true, nothing, 0, 40 * kMicrosecond);
  CHECK(chain.vcpu_utilisation == Approx(10.0 / 40.0 / 2.0).epsilon(1e-12));
}

TEST_CASE("cpu chains: a burst that has to wait for an LP splits the chain", "[cpu][chain]") {
  // One core without SMT: the other burst waits; at the boundary it takes the
  // core and the host part waits behind it, as in the pair.
  const Outcome chain = chain_against_pair(cores(1, false), 2, host_burst);
  REQUIRE(chain.done.size() == 2);
  CHECK(chain.done[0].arg == 7);
  CHECK(chain.done[0].at == 20 * kMicrosecond);
  CHECK(chain.done[1].at == 25 * kMicrosecond);
}

TEST_CASE("cpu chains: the core's other thread starting splits the chain", "[cpu][chain]") {
  // One SMT core (each of two busy threads at 0.625): the guest part's last 7 us
  // of work take 11.2 us (boundary 14.2 us); the other burst, 3 us short then,
  // pairs with the host part until 19 us; the host part's last 2 us run alone.
  const Outcome chain = chain_against_pair(cores(1, true), 2, host_burst);
  REQUIRE(chain.done.size() == 2);
  CHECK(chain.done[0].arg == 7);
  CHECK(chain.done[0].at == 19 * kMicrosecond);
  CHECK(chain.done[1].at == 21 * kMicrosecond);
}

TEST_CASE("cpu chains: a guest burst waiting for the chain's vCPU splits it and starts at the boundary",
          "[cpu][chain]") {
  const auto guest = [](HostCpu&, VcpuSet& vm, CompletionLog& log) { vm.run(30'000, log, 9); };
  const Outcome chain = chain_against_pair(cores(4, false), 1, guest);
  REQUIRE(chain.done.size() == 2);
  CHECK(chain.done[0].at == 15 * kMicrosecond);  // the host part on its own core
  CHECK(chain.done[1].arg == 9);
  CHECK(chain.done[1].at == 20 * kMicrosecond);  // 10 us from the boundary
}

TEST_CASE("cpu chains: a chain starts only on an idle core with nothing waiting", "[cpu][chain]") {
  Engine engine;
  HostCpu host(engine, cores(1, true), 1);
  VcpuSet vm(engine, host, 2);
  CompletionLog log(engine);
  Io io(host, vm, log);
  CHECK(host.can_chain());
  host.run(CpuLayer::Network, 30'000, log, 7);  // the only core is busy (its second thread is free)
  CHECK_FALSE(host.can_chain());
  CHECK(vm.start_chain(kGuest, io, 1) == -1);  // nothing started
  engine.run_until(kMillisecond);
  REQUIRE(log.done.size() == 1);
  CHECK(host.can_chain());
}
