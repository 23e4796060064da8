// OltpWorkload against a stand-in storage that completes every I/O after a
// fixed delay (per kind of I/O, told apart by where it lands on the disk), on
// a host CPU with a VM's vCPUs. Checked against queueing theory: the
// interactive response time law, Little's law, the latency of a transaction
// as its parts, M/G/1 queueing for the vCPU, the group-commit formula for one
// log write in flight, the distinct-page formula for dirty pages, and the
// mechanisms' bounds and conservation laws.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "model_specs.hpp"
#include "models/hardware/host_cpu.hpp"
#include "models/hardware/vcpu_set.hpp"
#include "models/workload/oltp_measurement.hpp"
#include "models/workload/oltp_workload.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kMillisecond;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;

namespace {

constexpr std::uint64_t kDatabase = 1 * GiB;
constexpr std::uint64_t kDisk = 2 * GiB;
constexpr std::uint64_t kLogRegion = 64 * MiB;

enum Kind { Read, Log, Flush };

// Completes each I/O after the delay of its kind: reads anywhere, writes in
// the log region (the end of the disk), writes in the data file.
class DelayTarget final : public IoTarget, public hcisim::sim::EventHandler {
 public:
  DelayTarget(Engine& engine, RequestTable& requests) : engine_(engine), requests_(requests) {}
  void connect(OltpWorkload& workload) { workload_ = &workload; }

  static Kind kind_of(const IoRequest& r) {
    if (!r.write) return Read;
    return r.offset >= kDisk - kLogRegion ? Log : Flush;
  }

  void submit(std::uint32_t request) override {
    const IoRequest& r = requests_[request];
    const Kind k = kind_of(r);
    ++submitted[k];
    ++in_flight[k];
    max_in_flight[k] = std::max(max_in_flight[k], in_flight[k]);
    if (k == Log) {
      log_bytes.push_back(r.bytes);
      log_offsets.push_back(r.offset);
    } else {
      // Page I/O: whole pages inside the data file; a read is one page, a
      // flush write at most 64 KiB.
      const bool whole_pages = r.offset % 8192 == 0 && r.bytes % 8192 == 0 && r.bytes > 0;
      const bool sized = k == Read ? r.bytes == 8192 : r.bytes <= 64 * KiB;
      if (!whole_pages || !sized || r.offset + r.bytes > kDatabase) ++misplaced;
      if (k == Flush) flush_bytes += r.bytes;
    }
    engine_.schedule_in(delay[k], *this, request);
  }
  void on_event(std::uint64_t request) override {
    --in_flight[kind_of(requests_[request])];
    workload_->on_event(request);
  }

  SimTime delay[3] = {100 * kMicrosecond, 100 * kMicrosecond, 100 * kMicrosecond};
  std::int64_t submitted[3] = {0, 0, 0};
  std::int64_t in_flight[3] = {0, 0, 0};
  std::int64_t max_in_flight[3] = {0, 0, 0};
  std::vector<std::uint32_t> log_bytes;
  std::vector<std::uint64_t> log_offsets;
  std::uint64_t flush_bytes = 0;
  std::uint64_t misplaced = 0;  // page I/Os outside the rules above

 private:
  Engine& engine_;
  RequestTable& requests_;
  OltpWorkload* workload_ = nullptr;
};

// A 2.5 GHz host with `cores` cores and no SMT (so a burst takes cycles / 2.5 GHz).
CpuSpec test_cpu(int cores) {
  CpuSpec c;
  c.id = "test-cpu";
  c.cores = cores;
  c.threads = cores;
  c.base_hz = 2.5e9;
  c.boost_hz = 2.5e9;
  return c;
}
constexpr double kClock = 2.5e9;

OltpSpec small_spec(int users, SimTime think) {
  OltpSpec s;
  s.users_per_vm = users;
  s.think_time_ns = think;
  s.buffer_pool.database_bytes = kDatabase;
  s.buffer_pool.buffer_bytes = 256 * MiB;
  s.log.region_bytes = kLogRegion;
  s.checkpoint.interval_ns = 5 * kSecond;
  return s;
}

// One or more database VMs, each on its own host, on the stand-in storage.
struct Rig {
  Rig(const OltpSpec& spec, int vms = 1, int vcpus = 32, int host_cores = 64, std::uint64_t seed = 1)
      : engine(seed), target(engine, requests) {
    workload = std::make_unique<OltpWorkload>(engine, spec, requests, measurement);
    for (int v = 0; v < vms; ++v) {
      hosts.push_back(std::make_unique<HostCpu>(engine, test_cpu(host_cores), 1));
      vcpu_sets.push_back(std::make_unique<VcpuSet>(engine, *hosts.back(), vcpus));
      workload->add_vm(static_cast<std::uint32_t>(10 + v), v, *vcpu_sets.back(), kDisk);
    }
    target.connect(*workload);
  }
  // Runs `warmup`, then measures for `duration`.
  void run(SimTime warmup, SimTime duration) {
    workload->start(target);
    engine.run_until(warmup);
    measurement.begin(engine.now(), duration, 16);
    for (auto& h : hosts) h->reset_stats(engine.now());
    for (auto& v : vcpu_sets) v->reset_stats(engine.now());
    engine.run_until(warmup + duration);
    measurement.finish(engine.now());
  }
  SimTime now() const { return engine.now(); }

  Engine engine;
  RequestTable requests;
  OltpMeasurement measurement;
  DelayTarget target;
  std::vector<std::unique_ptr<HostCpu>> hosts;
  std::vector<std::unique_ptr<VcpuSet>> vcpu_sets;
  std::unique_ptr<OltpWorkload> workload;
};

double mean_ms(const hcisim::sim::LatencyHistogram& h) { return h.mean_ns() * 1e-6; }

// The expected latency of a transaction of type k when nothing queues: its CPU
// time, one read delay per expected miss, and one log write if it logs.
double expected_latency_ms(const OltpSpec& s, int k, double hit_ratio, SimTime read_delay, SimTime log_delay) {
  const OltpTransactionSpec& t = s.transactions[static_cast<std::size_t>(k)];
  const double cpu = t.cpu_cycles * s.cpu_scale / kClock * 1e3;
  const double reads = t.page_reads * (1 - hit_ratio) * static_cast<double>(read_delay) * 1e-6;
  const double log = t.log_bytes > 0 ? static_cast<double>(log_delay) * 1e-6 : 0.0;
  return cpu + reads + log;
}

}  // namespace

TEST_CASE("oltp: TPS follows the interactive response time law; Little's law for both user states", "[oltp]") {
  const OltpSpec spec = small_spec(300, 100 * kMillisecond);
  Rig rig(spec, 2);
  rig.target.delay[Read] = 300 * kMicrosecond;
  rig.target.delay[Log] = 500 * kMicrosecond;
  rig.run(2 * kSecond, 40 * kSecond);
  const OltpMeasurement& m = rig.measurement;
  const double x = m.tps(rig.now());
  const double r = m.latency().mean_ns() * 1e-9;
  const double z = 0.1;
  const double n = 2 * 300;
  INFO("TPS " << x << ", R " << r * 1e3 << " ms");
  REQUIRE(m.transactions() > 200'000);
  REQUIRE(r > 0.002);  // a response time that matters next to the think time
  // X = N / (Z + R).
  CHECK(x == Approx(n / (z + r)).epsilon(0.01));
  // Little: users thinking = X Z, users inside a transaction = X R.
  CHECK(m.mean_thinking(rig.now()) == Approx(x * z).epsilon(0.01));
  CHECK(m.mean_in_transaction(rig.now()) == Approx(x * r).epsilon(0.02));
  // The mix is honoured (binomial 99.9 % interval on each type's share).
  for (int k = 0; k < kOltpTransactionTypes; ++k) {
    const double p = spec.transactions[static_cast<std::size_t>(k)].mix;
    const double share = static_cast<double>(m.transactions(k)) / static_cast<double>(m.transactions());
    CHECK(std::abs(share - p) < 3.29 * std::sqrt(p * (1 - p) / static_cast<double>(m.transactions())));
  }
}

TEST_CASE("oltp: transaction latency = CPU time + expected misses x read delay + log write", "[oltp]") {
  OltpSpec spec = small_spec(400, 200 * kMillisecond);
  spec.cpu_scale = 1.5;  // the calibration handle scales every type's CPU time
  Rig rig(spec, 1, 32, 64);
  const SimTime d_read = 200 * kMicrosecond, d_log = 350 * kMicrosecond;
  rig.target.delay[Read] = d_read;
  rig.target.delay[Log] = d_log;
  rig.run(1 * kSecond, 40 * kSecond);
  const OltpMeasurement& m = rig.measurement;
  const double h = rig.workload->hit_ratio();
  // 256 MiB of 1 GiB with 90 % of accesses on 10 % of the pages.
  CHECK(h == Approx(rig.workload->skew().lru_hit_ratio(32'768)).epsilon(1e-12));
  REQUIRE(h > 0.9);
  REQUIRE(h < 0.97);
  // Misses among logical reads: binomial with p = 1 - h.
  const auto& c = m.counters();
  const double miss = static_cast<double>(c.buffer_misses) / static_cast<double>(c.logical_reads);
  CHECK(std::abs(miss - (1 - h)) < 3.29 * std::sqrt(h * (1 - h) / static_cast<double>(c.logical_reads)) + 1e-4);
  // 32 vCPUs at ~2 busy and 32 log-write slots at ~0.3 busy: nothing queues,
  // so each type's mean latency is the sum of its parts.
  double expected_all = 0;
  for (int k = 0; k < kOltpTransactionTypes; ++k) {
    const double expected = expected_latency_ms(spec, k, h, d_read, d_log);
    INFO(oltp_transaction_name(k) << ": measured " << mean_ms(m.latency(k)) << " ms, expected " << expected);
    CHECK(mean_ms(m.latency(k)) == Approx(expected).epsilon(0.03));
    expected_all += spec.transactions[static_cast<std::size_t>(k)].mix * expected;
  }
  CHECK(mean_ms(m.latency()) == Approx(expected_all).epsilon(0.02));
  CHECK(rig.workload->log(0).max_commits_per_block() == 1u);
  CHECK(rig.target.misplaced == 0);  // a free slot always takes the commit
  // The storage saw one 8 KiB read per miss and one log write per logged commit.
  CHECK(m.io(OltpIo::PageRead).count == Approx(static_cast<double>(c.buffer_misses)).epsilon(0.001));
  CHECK(m.io(OltpIo::PageRead).mean_latency_ns() == Approx(static_cast<double>(d_read)).epsilon(1e-9));
  CHECK(m.io(OltpIo::LogWrite).count == Approx(static_cast<double>(c.logged_commits)).epsilon(0.01));
}

TEST_CASE("oltp: the guest CPU charged is TPS x cycles per transaction x cpu_scale", "[oltp][cpu]") {
  OltpSpec spec = small_spec(200, 100 * kMillisecond);
  spec.cpu_scale = 2.0;
  Rig rig(spec, 1);
  rig.run(1 * kSecond, 20 * kSecond);
  const OltpMeasurement& m = rig.measurement;
  double expected = 0;
  for (int k = 0; k < kOltpTransactionTypes; ++k) {
    expected +=
        static_cast<double>(m.transactions(k)) * spec.transactions[static_cast<std::size_t>(k)].cpu_cycles * 2.0;
  }
  // Cycles count as they execute; the window's edges differ by a few transactions.
  CHECK(rig.hosts[0]->cycles(CpuLayer::Guest, rig.now()) == Approx(expected).epsilon(0.01));
}

TEST_CASE("oltp: one CPU between the transactions queues them as in M/G/1", "[oltp][cpu]") {
  // No misses (hit ratio given as 1): a transaction is one CPU burst (its
  // type's cycles) and, if it logs, one log write. Poisson-like arrivals from
  // 2,000 users thinking 2 s; one FCFS server, so the wait is
  // Pollaczek-Khinchine: W = lambda E[S^2] / (2 (1 - rho)). The one server is
  // either the VM's single vCPU or the host's single core under 4 vCPUs
  // (contention on the host shows up in the transaction's latency).
  OltpSpec spec = small_spec(2'000, 2 * kSecond);
  spec.buffer_pool.hit_ratio = 1.0;
  const bool host_bound = GENERATE(false, true);
  Rig rig(spec, 1, host_bound ? 4 : 1, host_bound ? 1 : 4);
  const SimTime d_log = 100 * kMicrosecond;
  rig.target.delay[Log] = d_log;
  rig.run(2 * kSecond, 100 * kSecond);
  const OltpMeasurement& m = rig.measurement;
  const double lambda = m.tps(rig.now());
  double es = 0, es2 = 0, log_share = 0;
  for (const OltpTransactionSpec& t : spec.transactions) {
    const double s = t.cpu_cycles / kClock;
    es += t.mix * s;
    es2 += t.mix * s * s;
    log_share += t.log_bytes > 0 ? t.mix : 0.0;
  }
  const double rho = lambda * es;
  REQUIRE(rho > 0.4);
  REQUIRE(rho < 0.6);
  const double wait = lambda * es2 / (2 * (1 - rho));
  const double expected_ms = (wait + es + log_share * sim::to_seconds(d_log)) * 1e3;
  INFO("rho " << rho << ", wait " << wait * 1e3 << " ms");
  CHECK(mean_ms(m.latency()) == Approx(expected_ms).epsilon(0.05));
  CHECK(rig.hosts[0]->utilisation(rig.now()) * (host_bound ? 1 : 4) == Approx(rho).epsilon(0.02));
}

TEST_CASE("oltp: with one log write in flight, group commit follows 1 / (lambda d + exp(-lambda d))", "[oltp][log]") {
  // Commits arrive about as a Poisson stream of rate lambda; each log write
  // takes d. A busy period of back-to-back writes ends at the first write
  // during which no commit arrived (probability exp(-lambda d)), so a busy
  // period has exp(lambda d) writes and is followed by an idle time of mean
  // 1 / lambda: writes per commit = 1 / (lambda d + exp(-lambda d)).
  const SimTime d = 1 * kMillisecond;
  double previous = 2.0;
  for (int users : {250, 1'100, 3'300}) {
    OltpSpec spec = small_spec(users, 1 * kSecond);
    spec.log.max_outstanding_writes = 1;
    spec.log.max_write_bytes = 4 * MiB;  // no size cap in the way of the formula
    Rig rig(spec, 1);
    rig.target.delay[Log] = d;
    rig.run(1 * kSecond, 30 * kSecond);
    const OltpMeasurement& m = rig.measurement;
    const double commits = static_cast<double>(m.counters().logged_commits);
    const double lambda = commits / m.seconds(rig.now());
    const double ld = lambda * sim::to_seconds(d);
    const double writes_per_commit = static_cast<double>(m.io(OltpIo::LogWrite).count) / commits;
    INFO(users << " users: lambda d = " << ld << ", writes per commit " << writes_per_commit);
    CHECK(writes_per_commit == Approx(1 / (ld + std::exp(-ld))).epsilon(0.03));
    CHECK(writes_per_commit < previous);  // more concurrency, fewer writes per commit
    previous = writes_per_commit;
  }
  CHECK(previous < 0.35);
}

TEST_CASE("oltp: log writes are sequential in the log region, sector-rounded, at most 60 KiB", "[oltp][log]") {
  OltpSpec spec = small_spec(2'000, 100 * kMillisecond);
  spec.log.max_outstanding_writes = 2;  // busy log: group commit gathers several commits
  spec.log.region_bytes = 4 * MiB;      // small, so the log wraps during the run
  // (the stand-in storage still tells log writes by the 64 MiB region)
  Rig rig(spec, 1);
  rig.target.delay[Log] = 2 * kMillisecond;
  rig.run(0, 5 * kSecond);
  const auto& offs = rig.target.log_offsets;
  const auto& bytes = rig.target.log_bytes;
  REQUIRE(offs.size() > 1'000);
  int wraps = 0, bad = 0;
  for (std::size_t i = 0; i < offs.size(); ++i) {
    if (bytes[i] % 512 != 0 || bytes[i] > 60 * KiB || offs[i] < kDisk - 4 * MiB || offs[i] + bytes[i] > kDisk) ++bad;
    if (i > 0 && offs[i] != offs[i - 1] + bytes[i - 1]) {
      if (offs[i] != kDisk - 4 * MiB) ++bad;  // the only jump is back to the start
      ++wraps;
    }
  }
  CHECK(bad == 0);
  CHECK(wraps >= 1);
  CHECK(rig.target.max_in_flight[Log] == 2);
  CHECK(*std::max_element(bytes.begin(), bytes.end()) > 40 * KiB);  // blocks filled toward the limit
  CHECK(rig.workload->log(0).max_commits_per_block() > 5);
}

TEST_CASE("oltp: dirty pages = distinct pages among the page writes (no flush yet)", "[oltp][checkpoint]") {
  OltpSpec spec = small_spec(500, 100 * kMillisecond);
  spec.checkpoint.interval_ns = 1'000'000 * kSecond;  // the first checkpoint is far beyond the run
  spec.buffer_pool.flush_start_fraction = 1.0;
  spec.buffer_pool.buffer_bytes = 512 * MiB;
  Rig rig(spec, 1);
  rig.run(0, 10 * kSecond);
  const auto& c = rig.measurement.counters();
  REQUIRE(c.checkpoints + c.early_flushes == 0);
  const double w = static_cast<double>(c.page_modifications);
  REQUIRE(w > 200'000);
  // E[distinct] = sum_k N_k (1 - (1 - p_k)^W); standard deviation is < 0.2 % here.
  CHECK(static_cast<double>(rig.workload->dirty_pages(0)) ==
        Approx(rig.workload->skew().expected_distinct(w)).epsilon(0.01));
  CHECK(rig.workload->dirty_pages(0) == c.pages_dirtied);
}

TEST_CASE("oltp: checkpoints write every dirtied page once, in bounded writes", "[oltp][checkpoint]") {
  OltpSpec spec = small_spec(500, 100 * kMillisecond);
  spec.checkpoint.interval_ns = 2 * kSecond;
  spec.checkpoint.max_outstanding_writes = 4;
  spec.buffer_pool.flush_start_fraction = 1.0;  // only the timer starts passes
  Rig rig(spec, 1);
  rig.target.delay[Flush] = 100 * kMicrosecond;
  rig.run(0, 21 * kSecond);
  const auto& c = rig.measurement.counters();
  CHECK(c.checkpoints >= 10);
  CHECK(c.checkpoints <= 11);
  REQUIRE(c.pages_flushed > 100'000);
  // Conservation: every clean -> dirty transition is written once, is being
  // written, or is still dirty.
  CHECK(c.pages_flushed + rig.workload->pages_being_written(0) + rig.workload->dirty_pages(0) == c.pages_dirtied);
  CHECK(rig.target.flush_bytes == (c.pages_flushed + rig.workload->pages_being_written(0)) * 8192);
  CHECK(rig.measurement.io(OltpIo::FlushWrite).bytes == c.pages_flushed * 8192);
  CHECK(rig.target.max_in_flight[Flush] == 4);
  CHECK(rig.target.misplaced == 0);
  // Flush writes never hold up a transaction here: latency is the same as
  // with a flush that takes no time (compared over the same seed's run).
  Rig instant(spec, 1);
  instant.target.delay[Flush] = 1;
  instant.run(0, 21 * kSecond);
  CHECK(mean_ms(rig.measurement.latency()) == Approx(mean_ms(instant.measurement.latency())).epsilon(1e-9));
}

TEST_CASE("oltp: dirty pages never exceed the buffer pool; the threshold starts early flushes", "[oltp][checkpoint]") {
  OltpSpec spec = small_spec(2'000, 100 * kMillisecond);
  spec.buffer_pool.buffer_bytes = 32 * MiB;  // 4,096 pages
  spec.buffer_pool.flush_start_fraction = 0.5;
  spec.checkpoint.interval_ns = 1'000 * kSecond;
  spec.checkpoint.max_outstanding_writes = 2;
  Rig rig(spec, 1);
  rig.target.delay[Flush] = 2 * kMillisecond;  // a slow flush: ~1,000 writes/s, far below the pages dirtied
  rig.workload->start(rig.target);
  rig.measurement.begin(0, 10 * kSecond, 16);
  std::uint64_t peak = 0;
  for (SimTime t = 0; t < 10 * kSecond; t += 10 * kMillisecond) {
    rig.engine.run_until(t);
    peak = std::max(peak, rig.workload->dirty_pages(0) + rig.workload->pages_being_written(0));
  }
  rig.measurement.finish(rig.now());
  const auto& c = rig.measurement.counters();
  CHECK(peak <= 4'096);
  CHECK(peak > 4'000);        // the bound is reached ...
  CHECK(c.buffer_waits > 0);  // ... and transactions wait at it
  CHECK(c.early_flushes > 0);
  CHECK(c.checkpoints == 0);
  CHECK(c.pages_flushed + rig.workload->pages_being_written(0) + rig.workload->dirty_pages(0) == c.pages_dirtied);
  // Nobody is stuck: transactions keep completing at the flush's pace.
  CHECK(rig.measurement.transactions() > 1'000);
}

TEST_CASE("oltp: page reads in flight are bounded per VM; transactions wait for a request", "[oltp]") {
  OltpSpec spec = small_spec(1'000, 50 * kMillisecond);
  spec.max_outstanding_reads = 3;
  Rig rig(spec, 2);
  rig.target.delay[Read] = 1 * kMillisecond;
  rig.run(0, 3 * kSecond);
  CHECK(rig.target.max_in_flight[Read] <= 2 * 3);
  CHECK(rig.target.max_in_flight[Read] == 6);
  CHECK(rig.measurement.counters().read_slot_waits > 0);
  CHECK(rig.requests.size() == 2u * rig.workload->requests_per_vm());
  CHECK(rig.workload->requests_per_vm() == 3 + 32 + 32);
  for (std::size_t i = 0; i < rig.requests.size(); ++i) {
    CHECK(rig.requests[i].vm == 10 + i / rig.workload->requests_per_vm());
    CHECK(rig.requests[i].node == i / rig.workload->requests_per_vm());
  }
}

TEST_CASE("oltp: a given hit ratio replaces the skew's", "[oltp]") {
  OltpSpec spec = small_spec(300, 100 * kMillisecond);
  spec.buffer_pool.hit_ratio = 0.75;
  Rig rig(spec, 1);
  rig.run(0, 5 * kSecond);
  const auto& c = rig.measurement.counters();
  const double miss = static_cast<double>(c.buffer_misses) / static_cast<double>(c.logical_reads);
  CHECK(rig.workload->hit_ratio() == 0.75);
  CHECK(std::abs(miss - 0.25) < 3.29 * std::sqrt(0.25 * 0.75 / static_cast<double>(c.logical_reads)));
}

TEST_CASE("oltp: same seed, same run; another seed, another run", "[oltp]") {
  auto run = [](std::uint64_t seed) {
    OltpSpec spec = small_spec(300, 100 * kMillisecond);
    spec.checkpoint.interval_ns = 1 * kSecond;
    auto rig = std::make_unique<Rig>(spec, 2, 4, 4, seed);
    rig->run(500 * kMillisecond, 3 * kSecond);
    const OltpMeasurement& m = rig->measurement;
    return std::vector<double>{static_cast<double>(m.transactions()),
                               m.latency().mean_ns(),
                               m.latency().percentile_ns(99),
                               static_cast<double>(m.counters().buffer_misses),
                               static_cast<double>(m.counters().pages_flushed),
                               static_cast<double>(m.io(OltpIo::LogWrite).count),
                               static_cast<double>(rig->engine.events_processed())};
  };
  const auto a = run(42), b = run(42), c = run(43);
  CHECK(a == b);
  CHECK(a != c);
}

TEST_CASE("oltp: bad settings are refused with the field's name", "[oltp]") {
  Engine engine;
  RequestTable requests;
  OltpMeasurement m;
  auto refuses = [&](OltpSpec s, const char* field) {
    try {
      OltpWorkload w(engine, s, requests, m);
      FAIL("accepted a bad " << field);
    } catch (const std::invalid_argument& e) {
      CHECK_THAT(e.what(), Catch::Contains(field));
    }
  };
  const OltpSpec good = small_spec(10, kSecond);
  OltpSpec s = good;
  s.users_per_vm = 0;
  refuses(s, "users_per_vm");
  s = good;
  s.transactions[0].mix = 0.5;
  refuses(s, "mix");
  s = good;
  s.transactions[3].log_bytes = 70'000;
  refuses(s, "delivery.log_bytes");
  s = good;
  s.buffer_pool.hit_ratio = 1.5;
  refuses(s, "hit_ratio");
  s = good;
  s.buffer_pool.hot_data_fraction = 0;
  refuses(s, "hot_data_fraction");
  s = good;
  s.buffer_pool.database_bytes = 0;
  refuses(s, "database_size");
  s = good;
  s.checkpoint.max_write_bytes = 12'000;
  refuses(s, "checkpoint.max_write_size");
  s = good;
  s.cpu_scale = 0;
  refuses(s, "cpu_scale");
  // Values the model cannot represent (the loader's ranges are far tighter).
  s = good;
  s.transactions[0].page_reads = 1e15;  // drawn into a 32-bit count
  refuses(s, "new_order.page_reads");
  s = good;
  s.think_time_ns = 3'600'000'000'000'000'000;  // 1e6 hours: exponential draws overflow SimTime
  refuses(s, "think_time");
  // A disk that cannot hold the database and the log.
  OltpWorkload w(engine, good, requests, m);
  HostCpu host(engine, test_cpu(4), 1);
  VcpuSet vcpus(engine, host, 2);
  CHECK_THROWS_AS(w.add_vm(0, 0, vcpus, kDatabase), std::invalid_argument);
}

TEST_CASE("oltp: the default transaction profile is TPC-C's mix, with CPU matching its anchor", "[oltp]") {
  const OltpSpec spec;
  // TPC-C clause 5.2.3: payment 43 %, order-status, delivery, stock-level 4 % each; new-order the rest.
  const double mix[kOltpTransactionTypes] = {0.45, 0.43, 0.04, 0.04, 0.04};
  double cycles = 0;
  for (int k = 0; k < kOltpTransactionTypes; ++k) {
    CHECK(spec.transactions[static_cast<std::size_t>(k)].mix == mix[k]);
    cycles += mix[k] * spec.transactions[static_cast<std::size_t>(k)].cpu_cycles;
  }
  // The catalog's anchor: ~1.19 M tpmC on 24 cores at 2.3 GHz ->
  // 24 x 2.3e9 / (1.19e6 / 60 / 0.45) cycles per transaction of any type.
  const double anchor = 24 * 2.3e9 / (1.19e6 / 60 / 0.45);
  CHECK(cycles == Approx(anchor).epsilon(0.05));
  // Read-only types write no log and dirty no page.
  for (int k : {2, 4}) {
    CHECK(spec.transactions[static_cast<std::size_t>(k)].log_bytes == 0);
    CHECK(spec.transactions[static_cast<std::size_t>(k)].page_writes == 0);
  }
}
