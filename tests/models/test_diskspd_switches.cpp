// The DISKSPD switches VMFleet uses, checked against what DISKSPD does
// (mechanisms.md 2.1, 2.2 and DISKSPD's usage text), on a stand-in storage:
// -g paced by DISKSPD's issue rule on a 15.625 ms tick, -rs run lengths, the
// -rdpct / -rdabs shares, -B / -f regions, -Zr's guest work, and several
// targets per VM.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "diskspd_rig.hpp"
#include "model_specs.hpp"
#include "models/workload/diskspd_regions.hpp"
#include "models/workload/diskspd_workload.hpp"
#include "models/workload/skewed_positions.hpp"

using namespace mtest;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kMillisecond;
using hcisim::sim::kSecond;

namespace {

constexpr SimTime kTick = DiskspdWorkload::kTick;

DiskspdSpec one_target(AccessPattern pattern, int threads, int outstanding, std::uint64_t block,
                       std::uint64_t file_bytes) {
  DiskspdSpec s;
  DiskspdTarget& t = s.targets[0];
  t.block_bytes = block;
  t.threads = threads;
  t.outstanding = outstanding;
  t.pattern = pattern;
  s.file_bytes = file_bytes;
  return s;
}

// GetTickCount64 at the k-th tick after the thread started, in ms: the clock
// moves 15.625 ms per tick and reads whole milliseconds.
std::uint64_t tick_ms(std::uint64_t k) { return k * 15625 / 1000; }

// DISKSPD's rule: an I/O may start while ms x rate >= bytes issued + one block,
// so by tick k a thread that is never short of slots has issued this many.
std::uint64_t budget(std::uint64_t k, std::uint64_t bytes_per_ms, std::uint64_t block) {
  return tick_ms(k) * bytes_per_ms / block;
}

// |share - p| within a 99.9 % binomial interval over n draws.
void check_share(double count, double n, double p) {
  INFO("share " << count / n << ", expected " << p << " over " << n);
  CHECK(std::abs(count / n - p) <= 3.29 * std::sqrt(p * (1 - p) / n) + 1e-12);
}

}  // namespace

TEST_CASE("-g: DISKSPD's issue rule, budget arriving one 15.625 ms tick at a time", "[diskspd][throttle]") {
  // 4096 bytes per ms with 4K blocks: one block per ms (1000 IOPS). 32 slots,
  // 100 us per I/O: a tick's 15 or 16 I/Os never run short of slots.
  DiskspdSpec spec = one_target(AccessPattern::Random, 1, 32, 4 * KiB, GiB);
  spec.targets[0].throughput_bytes_per_ms = 4096;
  Rig rig(spec, 1, 100 * kMicrosecond);
  CHECK(rig.workload.throttled());
  rig.engine.run_until(10 * kSecond);
  const auto& log = rig.target.log;
  REQUIRE(log.size() > 9000);

  // Nothing at start (0 ms of budget): the first I/Os wait for the first tick.
  const SimTime first = log.front().at;
  CHECK(first > 0);
  CHECK(first <= kTick);
  // Every I/O starts at a tick instant, and by tick k exactly the budget has gone out.
  std::map<std::uint64_t, std::uint64_t> per_tick;
  for (const auto& s : log) {
    REQUIRE((s.at - first) % kTick == 0);
    ++per_tick[static_cast<std::uint64_t>((s.at - first) / kTick) + 1];
  }
  std::uint64_t issued = 0;
  for (std::uint64_t k = 1; k <= 600; ++k) {
    issued += per_tick[k];
    INFO("tick " << k);
    REQUIRE(issued == budget(k, 4096, 4096));
    // I/Os go out in clumps of 15 or 16 per tick (15.625 ms x 1 per ms).
    CHECK((per_tick[k] == 15 || per_tick[k] == 16));
  }
  // Throughput = the rate: 1000 IOPS over 10 s, within one tick's worth.
  CHECK(static_cast<double>(log.size()) == Approx(10'000).margin(16));
  // 64 clumps per second.
  CHECK(per_tick.size() == Approx(640).margin(1));

  SECTION("-g<n>i rounds down: 6 IOPS of 32K is 196 bytes per ms, 5.98 IOPS") {
    DiskspdSpec vdi = one_target(AccessPattern::Random, 1, 8, 32 * KiB, 10 * GiB);
    vdi.targets[0].throughput_bytes_per_ms = 6 * 32768 / 1000;
    Rig slow(vdi, 1, 100 * kMicrosecond);
    slow.engine.run_until(100 * kSecond);
    // The first I/O waits for the first tick whose budget holds a whole 32K block.
    std::uint64_t k0 = 1;
    while (budget(k0, 196, 32768) < 1) ++k0;
    CHECK(k0 == 11);  // 171 ms x 196 = 33,516 bytes
    const SimTime t1 = slow.target.log.front().at;
    const auto ticks = static_cast<std::uint64_t>((100 * kSecond - t1) / kTick) + k0;
    CHECK(slow.target.log.size() == budget(ticks, 196, 32768));
    CHECK(static_cast<double>(slow.target.log.size()) / 100.0 == Approx(196000.0 / 32768).margin(0.02));
    CHECK(static_cast<double>(slow.target.log.size()) < 600);
  }
}

TEST_CASE("-g: a thread that fell behind catches up back-to-back, bounded by -o", "[diskspd][throttle]") {
  // 1000 IOPS allowed, 4 slots; the storage holds every I/O until 200 ms, then takes 100 us.
  DiskspdSpec spec = one_target(AccessPattern::Random, 1, 4, 4 * KiB, GiB);
  spec.targets[0].throughput_bytes_per_ms = 4096;
  Rig rig(spec, 1, 100 * kMicrosecond, 200 * kMillisecond);
  rig.engine.run_until(300 * kMillisecond);
  const auto& log = rig.target.log;
  CHECK(rig.target.max_in_flight == 4);  // -o bounds the catch-up
  std::size_t before = 0;
  for (const auto& s : log) before += s.at < 200 * kMillisecond;
  CHECK(before == 4);  // the slots were stuck; the budget kept growing

  // From 200 ms: each completion starts the next I/O at once, 4 every 100 us
  // (40 k IOPS), off the tick grid, until the budget is spent.
  const SimTime first_tick = log.front().at;
  const auto ticks_by_200 = static_cast<std::uint64_t>((200 * kMillisecond - first_tick) / kTick) + 1;
  const std::uint64_t owed = budget(ticks_by_200, 4096, 4096) - 4;
  REQUIRE(owed > 150);
  std::uint64_t in_first_ms = 0;
  for (const auto& s : log) in_first_ms += s.at >= 200 * kMillisecond && s.at < 201 * kMillisecond;
  CHECK(in_first_ms == 40);  // 4 slots x 10 round trips
  std::uint64_t off_grid = 0;
  for (const auto& s : log) off_grid += s.at > 200 * kMillisecond && (s.at - first_tick) % kTick != 0;
  CHECK(off_grid >= owed - 4);
  // By 300 ms it has caught up exactly: the budget accumulates, nothing is lost.
  const auto ticks_by_300 = static_cast<std::uint64_t>((300 * kMillisecond - first_tick) / kTick) + 1;
  CHECK(log.size() == budget(ticks_by_300, 4096, 4096));
}

TEST_CASE("-g: each VM's clock ticks on its own; threads and targets have their own budgets", "[diskspd][throttle]") {
  DiskspdSpec spec = one_target(AccessPattern::Random, 2, 8, 4 * KiB, GiB);
  spec.targets[0].throughput_bytes_per_ms = 8192;  // 2 blocks per ms per thread
  Rig rig(spec, 3, 100 * kMicrosecond);
  rig.engine.run_until(kSecond);
  std::map<std::uint32_t, std::uint64_t> per_thread;
  std::map<std::uint32_t, SimTime> first_of_vm;
  for (const auto& s : rig.target.log) {
    ++per_thread[s.thread];
    if (!first_of_vm.count(s.vm)) first_of_vm[s.vm] = s.at;
  }
  REQUIRE(per_thread.size() == 6);
  for (const auto& [thread, n] : per_thread) CHECK(static_cast<double>(n) == Approx(2000).margin(32));
  // The three VMs' first ticks differ (their clocks have independent phases).
  CHECK(std::set<SimTime>{first_of_vm[0], first_of_vm[1], first_of_vm[2]}.size() == 3);
}

TEST_CASE("-rs: random run starts, sequential runs of one type with geometric lengths", "[diskspd]") {
  // 30 % random, half writes, one thread (the order of its I/Os is the run order).
  DiskspdSpec spec = one_target(AccessPattern::Random, 1, 4, 4 * KiB, 64 * GiB);
  spec.targets[0].random_percent = 30;
  spec.targets[0].write_fraction = 0.5;
  Rig rig(spec, 1, 10 * kMicrosecond);
  rig.engine.run_until(600 * kMillisecond);  // 240 k I/Os
  const auto& log = rig.target.log;
  REQUIRE(log.size() > 200'000);

  // A run starts where an I/O does not continue the previous one (offset + block).
  std::vector<std::uint64_t> lengths;
  std::uint64_t length = 1, mixed_runs = 0, run_writes = 0, writes = 0;
  double squares = 0;  // sum of squared run lengths: the I/Os of a run share one type
  bool run_write = log[0].write;
  for (std::size_t i = 1; i <= log.size(); ++i) {
    if (i < log.size() && log[i].offset == log[i - 1].offset + 4 * KiB) {
      ++length;
      mixed_runs += log[i].write != run_write;
      continue;
    }
    lengths.push_back(length);
    run_writes += run_write;
    writes += run_write ? length : 0;
    squares += static_cast<double>(length * length);
    length = 1;
    if (i < log.size()) run_write = log[i].write;
  }
  CHECK(mixed_runs == 0);  // a sequential run keeps the I/O type it started with
  const double n = static_cast<double>(log.size());
  const double runs = static_cast<double>(lengths.size());
  check_share(runs - 1, n - 1, 0.30);  // share of random I/Os = -rs (the first I/O is always random)
  check_share(static_cast<double>(run_writes), runs, 0.5);  // runs are writes as often as -w says
  // So -w holds over all I/Os, within the interval of a sample drawn in runs.
  CHECK(std::abs(static_cast<double>(writes) / n - 0.5) <= 3.29 * std::sqrt(0.25 * squares) / n);

  // Geometric run lengths: P(L = k) = p (1 - p)^(k-1), mean 1 / p = 3.33.
  double mean = 0;
  for (const auto l : lengths) mean += static_cast<double>(l);
  mean /= runs;
  const double p = 0.30;
  CHECK(mean == Approx(1 / p).margin(3.29 * std::sqrt((1 - p) / (p * p) / runs)));
  std::vector<double> observed(11, 0);
  for (const auto l : lengths) ++observed[std::min<std::uint64_t>(l, 11) - 1];
  double chi2 = 0;
  for (int k = 1; k <= 11; ++k) {
    const double prob = k < 11 ? p * std::pow(1 - p, k - 1) : std::pow(1 - p, 10);
    const double expected = prob * runs;
    chi2 += (observed[k - 1] - expected) * (observed[k - 1] - expected) / expected;
  }
  CHECK(chi2 < 29.6);  // chi-square, 10 degrees of freedom, 99.9 %
}

TEST_CASE("-rdpct / -rdabs: the I/O shares of each range, gaps get none", "[diskspd]") {
  // Share of the random offsets that start in [bounds[i], bounds[i+1]).
  auto shares = [](const DiskspdSpec& spec, const std::vector<std::uint64_t>& bounds) {
    Rig rig(spec, 1, 10 * kMicrosecond);
    rig.engine.run_until(300 * kMillisecond);  // 8 slots / 10 us: 240 k I/Os
    std::vector<double> counts(bounds.size() - 1, 0);
    for (const auto& s : rig.target.log) {
      REQUIRE(s.offset >= bounds.front());
      REQUIRE(s.offset + s.bytes <= bounds.back());
      std::size_t i = 0;
      while (s.offset >= bounds[i + 1]) ++i;
      ++counts[i];
    }
    return std::make_pair(counts, static_cast<double>(rig.target.log.size()));
  };
  auto distributed = [](DistributionKind kind, std::vector<DistributionRange> ranges, std::uint64_t file) {
    DiskspdSpec spec = one_target(AccessPattern::Random, 1, 8, 4 * KiB, file);
    spec.targets[0].distribution = kind;
    spec.targets[0].ranges = std::move(ranges);
    return spec;
  };

  SECTION("VMFleet's Dist, -rdpct95/5:4/10: 95 % in the first 5 %, 4 % in the next 10 %, 1 % over the rest") {
    const std::uint64_t f = GiB;
    const auto [c, n] =
        shares(distributed(DistributionKind::Percent, {{95, 5}, {4, 10}}, f), {0, f / 20, f * 15 / 100, f});
    check_share(c[0], n, 0.95);
    check_share(c[1], n, 0.04);
    check_share(c[2], n, 0.01);
  }
  SECTION("DISKSPD's example -rdpct90/10:0/10:5/20: a gap, and the last 5 % over the last 60 %") {
    const std::uint64_t f = GiB;
    const auto [c, n] = shares(distributed(DistributionKind::Percent, {{90, 10}, {0, 10}, {5, 20}}, f),
                               {0, f / 10, f / 5, f * 2 / 5, f});
    check_share(c[0], n, 0.90);
    CHECK(c[1] == 0);
    check_share(c[2], n, 0.05);
    check_share(c[3], n, 0.05);
  }
  SECTION("-rdabs10/10G:75/1G: the remaining 15 % over the rest of the target") {
    const std::uint64_t f = 20 * GiB;
    const auto [c, n] =
        shares(distributed(DistributionKind::Absolute, {{10, 10 * GiB}, {75, GiB}}, f), {0, 10 * GiB, 11 * GiB, f});
    check_share(c[0], n, 0.10);
    check_share(c[1], n, 0.75);
    check_share(c[2], n, 0.15);
  }
  SECTION("-rdabs on a target smaller than the distribution: the ranges inside keep their relative IO%") {
    // 10/1G:75/1G:15/10G on 1.5 GiB: the second range is cut at 1.5 GiB, the third is outside.
    const std::uint64_t f = 3 * GiB / 2;
    const auto [c, n] =
        shares(distributed(DistributionKind::Absolute, {{10, GiB}, {75, GiB}, {15, 10 * GiB}}, f), {0, GiB, f});
    check_share(c[0], n, 10.0 / 85);
    check_share(c[1], n, 75.0 / 85);
  }
  SECTION("a distribution applies to the region: -B5G -f10G with Dist") {
    DiskspdSpec spec = distributed(DistributionKind::Percent, {{95, 5}, {4, 10}}, 12 * GiB);
    spec.targets[0].base_offset_bytes = 5 * GiB;
    spec.targets[0].max_offset_bytes = 10 * GiB;
    const std::uint64_t b = 5 * GiB, r = 5 * GiB;
    const auto [c, n] = shares(spec, {b, b + r / 20, b + r * 15 / 100, b + r});
    check_share(c[0], n, 0.95);
    check_share(c[1], n, 0.04);
    check_share(c[2], n, 0.01);
  }
  SECTION("distributions DISKSPD refuses") {
    auto bad = [&](DistributionKind kind, std::vector<DistributionRange> ranges, const char* why) {
      CHECK_THROWS_WITH(check_diskspd(distributed(kind, std::move(ranges), GiB)), Catch::Matchers::Contains(why));
    };
    bad(DistributionKind::Percent, {{60, 10}, {50, 10}}, "IO% add up to more than 100");
    bad(DistributionKind::Percent, {{10, 60}, {10, 50}}, "target% add up to more than 100");
    bad(DistributionKind::Percent, {{50, 50}, {40, 50}}, "other 10 % has nowhere to go");
    bad(DistributionKind::Absolute, {{0, GiB}, {100, GiB}}, "no range with I/O lies inside");
  }
}

TEST_CASE("-B / -f: every pattern stays inside its region and wraps to its start", "[diskspd]") {
  const std::uint64_t base = 1 * MiB + 512, end = base + 40 * KiB + 2 * KiB;  // 10.5 blocks
  auto region_spec = [&](AccessPattern p, int threads) {
    DiskspdSpec spec = one_target(p, threads, 2, 4 * KiB, 4 * MiB);
    spec.targets[0].base_offset_bytes = base;
    spec.targets[0].max_offset_bytes = end;
    return spec;
  };
  SECTION("random: inside, aligned to the block from -B, both ends reached") {
    Rig rig(region_spec(AccessPattern::Random, 1), 1, 10 * kMicrosecond);
    rig.engine.run_until(5 * kMillisecond);
    std::set<std::uint64_t> seen;
    for (const auto& s : rig.target.log) {
      CHECK(s.offset >= base);
      CHECK(s.offset + s.bytes <= end);
      CHECK((s.offset - base) % (4 * KiB) == 0);
      seen.insert(s.offset);
    }
    CHECK(seen.size() == 10);  // 10 whole blocks fit in 10.5
  }
  SECTION("-s with -T: thread k starts at -B + k x -T; streams wrap to -B") {
    DiskspdSpec spec = region_spec(AccessPattern::Sequential, 3);
    spec.targets[0].thread_stride_bytes = 8 * KiB;
    Rig rig(spec, 1, 10 * kMicrosecond);
    rig.engine.run_until(kMillisecond);
    for (std::uint32_t thread = 0; thread < 3; ++thread) {
      std::vector<std::uint64_t> offsets;
      for (const auto& s : rig.target.log)
        if (s.thread == thread) offsets.push_back(s.offset);
      REQUIRE(offsets.size() > 25);
      std::uint64_t expected = base + thread * 8 * KiB;
      for (std::size_t i = 0; i < offsets.size(); ++i) {
        INFO("thread " << thread << " I/O " << i);
        CHECK(offsets[i] == expected);
        expected = expected + 8 * KiB > end ? base : expected + 4 * KiB;
      }
    }
  }
  SECTION("-si: one stream from -B") {
    Rig rig(region_spec(AccessPattern::SequentialInterleaved, 2), 1, 10 * kMicrosecond);
    rig.engine.run_until(kMillisecond);
    for (std::size_t i = 0; i < rig.target.log.size(); ++i)
      CHECK(rig.target.log[i].offset == base + (i % 10) * 4 * KiB);
  }
  SECTION("-rs: the sequential steps stay inside and wrap too") {
    DiskspdSpec spec = region_spec(AccessPattern::Random, 1);
    spec.targets[0].random_percent = 10;
    Rig rig(spec, 1, 10 * kMicrosecond);
    rig.engine.run_until(5 * kMillisecond);
    for (const auto& s : rig.target.log) {
      CHECK(s.offset >= base);
      CHECK(s.offset + s.bytes <= end);
    }
  }
  SECTION("regions the model refuses") {
    DiskspdSpec past = region_spec(AccessPattern::Random, 1);
    past.targets[0].max_offset_bytes = 5 * MiB;
    CHECK_THROWS_WITH(check_diskspd(past), Catch::Matchers::Contains("past the end of the file"));
    DiskspdSpec tiny = region_spec(AccessPattern::Random, 1);
    tiny.targets[0].max_offset_bytes = base + 2 * KiB;
    CHECK_THROWS_WITH(check_diskspd(tiny), Catch::Matchers::Contains("holds no block"));
    DiskspdSpec stride = region_spec(AccessPattern::Sequential, 4);
    stride.targets[0].thread_stride_bytes = 16 * KiB;  // thread 4 starts at +48K, past the region
    CHECK_THROWS_WITH(check_diskspd(stride), Catch::Matchers::Contains("thread 4"));
    DiskspdSpec random_stride = region_spec(AccessPattern::Random, 2);
    random_stride.targets[0].thread_stride_bytes = 4 * KiB;
    CHECK_THROWS_WITH(check_diskspd(random_stride), Catch::Matchers::Contains("-T"));
  }
}

TEST_CASE("-Zr: each write carries the work of filling its buffer; the other -Z variants carry none", "[diskspd]") {
  for (const auto content : {WriteBufferContent::RandomPerIo, WriteBufferContent::Zeros,
                             WriteBufferContent::RandomBuffer, WriteBufferContent::RepeatingPattern}) {
    DiskspdSpec spec = one_target(AccessPattern::Random, 1, 4, 8 * KiB, GiB);
    spec.targets[0].write_fraction = 0.5;
    spec.targets[0].write_buffer = content;
    spec.targets[0].write_buffer_bytes = content == WriteBufferContent::RandomBuffer ? 10 * MiB : 0;
    Rig rig(spec, 1, 10 * kMicrosecond);
    rig.engine.run_until(kMillisecond);
    REQUIRE(rig.target.log.size() > 100);
    for (const auto& s : rig.target.log) {
      const bool fills = content == WriteBufferContent::RandomPerIo && s.write;
      CHECK(s.cycles == (fills ? 8 * KiB * DiskspdWorkload::kRandomFillCyclesPerByte : 0.0));
    }
  }
}

TEST_CASE("several targets: each has its own threads, slots, region and pacing on the VM's one file", "[diskspd]") {
  // VMFleet 2.0's Sql profile: 8K random 30 % writes, 4 threads x 32, 1,500 IOPS each,
  // from 5 GiB; log 32K sequential writes, 1 x 1, 300 IOPS, in the first 5 GiB.
  DiskspdSpec spec;
  spec.file_bytes = 10 * GiB;
  DiskspdTarget data;
  data.block_bytes = 8 * KiB;
  data.threads = 4;
  data.outstanding = 32;
  data.write_fraction = 0.3;
  data.pattern = AccessPattern::Random;
  data.base_offset_bytes = 5 * GiB;
  data.throughput_bytes_per_ms = 1500 * 8192 / 1000;
  DiskspdTarget log_target;
  log_target.block_bytes = 32 * KiB;
  log_target.threads = 1;
  log_target.outstanding = 1;
  log_target.write_fraction = 1.0;
  log_target.pattern = AccessPattern::Sequential;
  log_target.max_offset_bytes = 5 * GiB;
  log_target.throughput_bytes_per_ms = 300 * 32768 / 1000;
  spec.targets = {data, log_target};
  CHECK(spec.outstanding_per_vm() == 129);

  SECTION("unpaced: 129 I/Os in flight per VM; each target's offsets in its region") {
    DiskspdSpec free = spec;
    for (auto& t : free.targets) t.throughput_bytes_per_ms = 0;
    Rig rig(free, 2, 50 * kMicrosecond);
    CHECK(rig.requests.size() == 2u * 129u);
    CHECK(rig.target.in_flight == 258);
    CHECK(rig.workload.max_block_bytes() == 32 * KiB);
    CHECK(rig.workload.offset_granularity() == 8 * KiB);
    rig.engine.run_until(10 * kMillisecond);
    std::uint64_t data_ios = 0, data_writes = 0;
    std::map<std::uint32_t, std::uint64_t> log_next;  // per VM: where the log stream is
    for (const auto& s : rig.target.log) {
      const bool is_log = s.thread % 5 == 4;  // per VM: 4 data threads, then the log thread
      if (is_log) {
        CHECK(s.bytes == 32 * KiB);
        CHECK(s.write);
        CHECK(s.offset == log_next[s.vm]);
        log_next[s.vm] = s.offset + 32 * KiB;
      } else {
        CHECK(s.bytes == 8 * KiB);
        CHECK(s.offset >= 5 * GiB);
        CHECK(s.offset + s.bytes <= 10 * GiB);
        ++data_ios;
        data_writes += s.write;
      }
    }
    check_share(static_cast<double>(data_writes), static_cast<double>(data_ios), 0.3);
  }
  SECTION("paced: each thread at its own target's rate") {
    Rig rig(spec, 1, 100 * kMicrosecond);
    rig.engine.run_until(2 * kSecond);
    std::map<std::uint32_t, double> per_thread;
    for (const auto& s : rig.target.log) ++per_thread[s.thread];
    for (std::uint32_t t = 0; t < 4; ++t)
      CHECK(per_thread[t] / 2 == Approx(1500).margin(12));                // one tick: 23 I/Os / 2 s
    CHECK(per_thread[4] / 2 == Approx(9830.0 * 1000 / 32768).margin(3));  // 299.99 IOPS
  }
}

TEST_CASE("fio pareto:0.2 through the workload: 80 % of the I/Os on the hottest 20 % of the blocks",
          "[diskspd][skew]") {
  // 64 MiB region of 4 KiB blocks, offsets as the workload issues them to the storage.
  const std::uint64_t file = 64 * MiB;
  DiskspdSpec spec = one_target(AccessPattern::Random, 1, 8, 4 * KiB, file);
  spec.targets[0].skew = PopularitySkew::Pareto;
  spec.targets[0].skew_parameter = 0.2;
  Rig rig(spec, 1, 10 * kMicrosecond);
  rig.engine.run_until(300 * kMillisecond);
  // The hottest 20 % of the blocks: where ranks 0 .. n/5 - 1 are scattered.
  const std::uint64_t blocks = file / (4 * KiB);
  const SkewedPositions skew(PopularitySkew::Pareto, 0.2, blocks);
  std::vector<bool> hot_block(blocks, false);
  for (std::uint64_t r = 0; r < blocks / 5; ++r) hot_block[skew.scatter(r)] = true;
  std::uint64_t hot = 0;
  for (const auto& s : rig.target.log) {
    REQUIRE(s.offset % (4 * KiB) == 0);
    REQUIRE(s.offset + s.bytes <= file);
    hot += hot_block[s.offset / (4 * KiB)];
  }
  // x^(log(1-h)/log h) at x = 0.2, h = 0.2: 0.80 (fio 3.33 measured 0.801, test_skewed_positions.cpp).
  check_share(static_cast<double>(hot), static_cast<double>(rig.target.log.size()), 0.80);
}
