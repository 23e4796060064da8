// DiskspdWorkload against a stand-in storage that completes every I/O after a
// fixed delay: closed-loop population, the write mix, offsets of the three
// access patterns. The DISKSPD switches (-g pacing, -rs, -rd, -B/-f, -Zr,
// several targets) are in test_diskspd_switches.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "diskspd_rig.hpp"
#include "model_specs.hpp"
#include "models/workload/diskspd_workload.hpp"
#include "models/workload/measurement.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kMillisecond;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;

namespace {

DiskspdSpec spec_of(AccessPattern pattern, int threads, int outstanding, std::uint64_t file_bytes) {
  DiskspdSpec s;
  DiskspdTarget& t = s.targets[0];
  t.block_bytes = 4 * KiB;
  t.threads = threads;
  t.outstanding = outstanding;
  t.pattern = pattern;
  s.file_bytes = file_bytes;
  return s;
}

}  // namespace

TEST_CASE("diskspd: VMs x threads x outstanding requests stay in flight", "[diskspd]") {
  Rig rig(spec_of(AccessPattern::Random, 2, 8, 1 * GiB), 3, 100 * kMicrosecond);
  CHECK(rig.requests.size() == 3u * 2u * 8u);
  CHECK(rig.target.in_flight == 48);
  for (int step = 1; step <= 20; ++step) {
    rig.engine.run_until(step * 37 * kMicrosecond);  // between and at completions
    CHECK(rig.target.in_flight == 48);
  }
  CHECK(rig.target.max_in_flight == 48);
  // Each slot completes every 100 us: 48 / 100 us over 740 us (plus the first 48).
  CHECK(rig.workload.issued() == 48u * 8u);
  // Requests know their VM, thread and host node.
  for (std::size_t i = 0; i < rig.requests.size(); ++i) {
    const IoRequest& r = rig.requests[i];
    CHECK(r.vm == i / 16);
    CHECK(r.thread == i / 8);
    CHECK(r.node == r.vm % 3);
    CHECK(r.bytes == 4 * KiB);
  }
}

TEST_CASE("diskspd: the write fraction is honoured (-w30)", "[diskspd]") {
  DiskspdSpec spec = spec_of(AccessPattern::Random, 2, 16, 1 * GiB);
  spec.targets[0].write_fraction = 0.3;
  Rig rig(spec, 4, 10 * kMicrosecond);
  rig.engine.run_until(15 * kMillisecond);  // 128 / 10 us x 15 ms = 192 k I/Os
  const double n = static_cast<double>(rig.target.log.size());
  REQUIRE(n > 150'000);
  double writes = 0;
  for (const auto& s : rig.target.log) writes += s.write;
  const double p = writes / n;
  const double half_width = 3.29 * std::sqrt(p * (1 - p) / n);  // 99.9 % binomial interval
  CHECK(std::abs(p - 0.3) <= half_width);
  CHECK(half_width < 0.005);

  SECTION("-w0 and -w100 are exact") {
    for (const double w : {0.0, 1.0}) {
      DiskspdSpec pure = spec_of(AccessPattern::Random, 1, 4, 1 * GiB);
      pure.targets[0].write_fraction = w;
      Rig one(pure, 1, 10 * kMicrosecond);
      one.engine.run_until(kMillisecond);
      for (const auto& s : one.target.log) CHECK(s.write == (w == 1.0));
    }
  }
}

TEST_CASE("diskspd: random offsets are aligned, inside the file and cover it evenly", "[diskspd]") {
  SECTION("aligned to the block size by default") {
    // A small file of 64 blocks, so the coverage can be counted.
    Rig rig(spec_of(AccessPattern::Random, 2, 8, 64 * 4 * KiB), 2, 10 * kMicrosecond);
    rig.engine.run_until(10 * kMillisecond);  // 32 k I/Os, ~500 per block
    std::vector<double> hits(64, 0);
    for (const auto& s : rig.target.log) {
      CHECK(s.offset % (4 * KiB) == 0);
      REQUIRE(s.offset + s.bytes <= 64 * 4 * KiB);
      ++hits[s.offset / (4 * KiB)];
    }
    // Chi-square with 63 degrees of freedom: 99.9 % quantile 103.4.
    const double expected = static_cast<double>(rig.target.log.size()) / 64;
    double chi2 = 0;
    for (const double h : hits) chi2 += (h - expected) * (h - expected) / expected;
    CHECK(chi2 < 103.4);
    CHECK(*std::min_element(hits.begin(), hits.end()) > 0);
  }
  SECTION("-r512: 512-byte alignment, the last block still inside the file") {
    DiskspdSpec spec = spec_of(AccessPattern::Random, 1, 8, 64 * KiB + 512);
    spec.targets[0].random_align_bytes = 512;
    Rig rig(spec, 1, 10 * kMicrosecond);
    rig.engine.run_until(10 * kMillisecond);
    std::uint64_t largest = 0;
    bool unaligned_to_block = false;
    for (const auto& s : rig.target.log) {
      CHECK(s.offset % 512 == 0);
      REQUIRE(s.offset + 4 * KiB <= 64 * KiB + 512);
      largest = std::max(largest, s.offset);
      unaligned_to_block |= s.offset % (4 * KiB) != 0;
    }
    CHECK(unaligned_to_block);
    CHECK(largest == 64 * KiB + 512 - 4 * KiB);  // (122 positions, 8 k draws: all hit)
  }
}

TEST_CASE("diskspd: sequential offsets advance by the block size and wrap", "[diskspd]") {
  // A file of 10.5 blocks: the last whole block starts at 9 x 4K, then back to 0.
  const std::uint64_t file = 10 * 4 * KiB + 2 * KiB;
  auto expect_stream = [](const std::vector<std::uint64_t>& offsets) {
    REQUIRE(offsets.size() > 25);
    for (std::size_t i = 0; i < offsets.size(); ++i) {
      INFO("I/O " << i);
      CHECK(offsets[i] == (i % 10) * 4 * KiB);
    }
  };
  SECTION("-s: each thread walks its own stream") {
    Rig rig(spec_of(AccessPattern::Sequential, 3, 4, file), 2, 10 * kMicrosecond);
    rig.engine.run_until(kMillisecond);
    for (std::uint32_t thread = 0; thread < 6; ++thread) {
      std::vector<std::uint64_t> offsets;
      for (const auto& s : rig.target.log)
        if (s.thread == thread) offsets.push_back(s.offset);
      expect_stream(offsets);
    }
  }
  SECTION("-si: the threads of a VM share one stream; VMs have their own") {
    Rig rig(spec_of(AccessPattern::SequentialInterleaved, 3, 4, file), 2, 10 * kMicrosecond);
    rig.engine.run_until(kMillisecond);
    for (std::uint32_t vm = 0; vm < 2; ++vm) {
      std::vector<std::uint64_t> offsets;
      std::vector<std::uint32_t> threads;
      for (const auto& s : rig.target.log) {
        if (s.vm != vm) continue;
        offsets.push_back(s.offset);
        threads.push_back(s.thread);
      }
      expect_stream(offsets);
      // Interleaved: consecutive blocks come from different threads of the VM.
      CHECK(std::count(threads.begin(), threads.begin() + 12, threads[0]) == 4);
    }
  }
}

TEST_CASE("diskspd: rejects a file smaller than one block and empty thread counts", "[diskspd]") {
  Engine engine;
  RequestTable requests;
  Measurement measurement;
  CHECK_THROWS_AS(DiskspdWorkload(engine, spec_of(AccessPattern::Random, 1, 1, 2 * KiB), requests, measurement),
                  std::invalid_argument);
  CHECK_THROWS_AS(DiskspdWorkload(engine, spec_of(AccessPattern::Random, 0, 1, GiB), requests, measurement),
                  std::invalid_argument);
}
