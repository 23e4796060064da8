// Measurement: warm-up discard, per-interval IOPS batches, counts, bytes and
// latency histograms.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "models/workload/measurement.hpp"
#include "sim/time.hpp"

using hcisim::models::Measurement;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kMillisecond;
using hcisim::sim::SimTime;

TEST_CASE("measurement: nothing is recorded before begin (warm-up) or after finish", "[measurement]") {
  Measurement m;
  CHECK_FALSE(m.active());
  m.record(false, 4096, 100 * kMicrosecond, 0);
  m.record(true, 8192, 100 * kMicrosecond, 500 * kMicrosecond);
  CHECK(m.reads() == 0);
  CHECK(m.writes() == 0);
  CHECK(m.read_latency().count() == 0);
  CHECK(m.iops_batches().count() == 0);

  m.begin(kMillisecond, 4 * kMillisecond, 4);
  CHECK(m.active());
  m.record(false, 4096, 50 * kMicrosecond, kMillisecond + 10);
  m.finish(5 * kMillisecond);
  CHECK_FALSE(m.active());
  m.record(false, 4096, 50 * kMicrosecond, 6 * kMillisecond);
  CHECK(m.reads() == 1);
  CHECK(m.iops_batches().count() == 4);
}

TEST_CASE("measurement: the I/Os of an interval still open at the end count in the latency totals", "[measurement]") {
  // Intervals of 3 ms over 10 ms: three close at 3, 6 and 9 ms; the last (9-10 ms) is still
  // open when the run finishes at 10 ms, and its I/Os are measured like any other.
  Measurement m;
  m.begin_every(0, 10 * kMillisecond, 3 * kMillisecond);
  m.record(false, 4096, 100 * kMicrosecond, 1 * kMillisecond);
  m.record(false, 4096, 300 * kMicrosecond, 9 * kMillisecond + 500 * kMicrosecond);
  m.record(true, 4096, 700 * kMicrosecond, 9 * kMillisecond + 600 * kMicrosecond);
  m.finish(10 * kMillisecond);
  CHECK(m.timeline().size() == 3);
  CHECK(m.read_latency().count() == 2);
  CHECK(m.read_latency().mean_ns() == 200'000.0);
  CHECK(m.read_latency().max_ns() == 300 * kMicrosecond);
  CHECK(m.write_latency().count() == 1);
  CHECK(m.write_latency().min_ns() == 700 * kMicrosecond);
}

TEST_CASE("measurement: counts, bytes and latencies of reads and writes", "[measurement]") {
  Measurement m;
  m.begin(0, 10 * kMillisecond, 10);
  for (int i = 0; i < 30; ++i) m.record(false, 4096, 100 * kMicrosecond, i * 100 * kMicrosecond);
  for (int i = 0; i < 10; ++i) m.record(true, 65536, (200 + 10 * i) * kMicrosecond, 5 * kMillisecond + i);
  m.finish(10 * kMillisecond);
  CHECK(m.reads() == 30);
  CHECK(m.writes() == 10);
  CHECK(m.read_bytes() == 30u * 4096u);
  CHECK(m.write_bytes() == 10u * 65536u);
  CHECK(m.read_latency().count() == 30);
  CHECK(m.read_latency().mean_ns() == 100'000.0);
  CHECK(m.write_latency().count() == 10);
  CHECK(m.write_latency().mean_ns() == 245'000.0);  // 200..290 us
  CHECK(m.write_latency().max_ns() == 290 * kMicrosecond);
}

TEST_CASE("measurement: IOPS per interval feed the batch means", "[measurement]") {
  Measurement m;
  const SimTime start = 3 * kMillisecond;  // after a warm-up
  m.begin(start, 10 * kMillisecond, 10);   // ten 1 ms intervals
  // k + 1 I/Os in interval k: 1000, 2000, ... 10000 IOPS.
  for (int k = 0; k < 10; ++k) {
    for (int i = 0; i <= k; ++i) m.record(false, 4096, kMicrosecond, start + k * kMillisecond + i * 50 * kMicrosecond);
  }
  m.finish(start + 10 * kMillisecond);
  const auto& batches = m.iops_batches();
  REQUIRE(batches.count() == 10);
  CHECK(batches.mean() == Approx(5500.0));
  CHECK(batches.mean() == Approx(static_cast<double>(m.reads()) / 10e-3));
  // Ten one-interval batches: mean 5500, sample sd 3027.65, t(9, 0.975) = 2.2622.
  const auto ci = batches.interval(0.95);
  CHECK(ci.batches == 10);
  CHECK(ci.mean == Approx(5500.0));
  CHECK(ci.half_width == Approx(2.2622 * 3027.650354 / std::sqrt(10.0)).epsilon(1e-4));
}

TEST_CASE("measurement: intervals without I/O count as zero IOPS", "[measurement]") {
  Measurement m;
  m.begin(0, 8 * kMillisecond, 8);
  m.record(false, 4096, kMicrosecond, 100);                     // interval 0
  m.record(false, 4096, kMicrosecond, 6 * kMillisecond + 100);  // interval 6: closes 0..5
  CHECK(m.iops_batches().count() == 6);
  CHECK(m.iops_batches().mean() == Approx(1000.0 / 6));
  m.finish(8 * kMillisecond);
  CHECK(m.iops_batches().count() == 8);
  CHECK(m.iops_batches().mean() == Approx(2000.0 / 8));
}

TEST_CASE("the timeline splits the measured I/Os into equal intervals") {
  hcisim::models::Measurement m;
  m.begin(1000, 400, 4);  // intervals end at 1100, 1200, 1300, 1400
  for (hcisim::sim::SimTime t = 1000; t < 1400; t += 10) {
    m.record(/*write=*/t % 20 == 0, 4096, /*latency=*/t < 1200 ? 50 : 150, t);
  }
  m.finish(1400);
  const auto& timeline = m.timeline();
  REQUIRE(timeline.size() == 4);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < timeline.size(); ++i) {
    CHECK(timeline[i].end == 1100 + 100 * static_cast<hcisim::sim::SimTime>(i));
    CHECK(timeline[i].reads == 5);
    CHECK(timeline[i].writes == 5);
    CHECK(timeline[i].read_latency_sum == 5 * (i < 2 ? 50 : 150));
    total += timeline[i].reads + timeline[i].writes;
  }
  CHECK(total == m.reads() + m.writes());
}

TEST_CASE("measurement: a skipped span holds its window's I/O, scaled, spread over the intervals it covers",
          "[measurement][fast-forward]") {
  Measurement m;
  m.begin_every(0, 10 * kMillisecond, kMillisecond);
  m.open_window();
  // The window: 0.5 ms with 100 reads of 100 us and 50 writes of 300 us.
  for (int i = 0; i < 100; ++i) m.record(false, 4096, 100 * kMicrosecond, 500 * kMicrosecond + i);
  for (int i = 0; i < 50; ++i) m.record(true, 8192, 300 * kMicrosecond, 500 * kMicrosecond + i);
  const SimTime now = kMillisecond;
  // From 1 ms to 3.5 ms of the scenario's clock: five windows' worth.
  m.add_span(now, 2'500 * kMicrosecond, m.window(), 500 * kMicrosecond);
  CHECK(m.skipped() == 2'500 * kMicrosecond);
  CHECK(m.reads() == 100 + 500);
  CHECK(m.writes() == 50 + 250);
  CHECK(m.read_bytes() == 600u * 4096);
  // An I/O completing at 1.6 ms of the simulator's clock is at 4.1 ms of the scenario's.
  m.record(false, 4096, 100 * kMicrosecond, 1'600 * kMicrosecond);
  m.finish(2 * kMillisecond);  // 4.5 ms of the scenario's clock
  const auto& t = m.timeline();
  REQUIRE(t.size() == 4);
  CHECK(t[0].reads == 100);  // 0..1 ms, simulated
  CHECK(t[1].reads == 200);  // 1..2 ms, skipped: two windows' worth
  CHECK(t[2].reads == 200);
  CHECK(t[3].reads == 100);  // 3..3.5 ms skipped, 3.5..4 ms simulated (nothing)
  CHECK(t[3].end == 4 * kMillisecond);
  CHECK(m.read_latency().count() == 601);  // with the I/O at 4.1 ms: its interval folds in at finish
  CHECK(m.read_latency().mean_ns() == Approx(100'000));
  CHECK(m.write_latency().percentile_ns(99) == Approx(300'000).epsilon(0.005));
}
