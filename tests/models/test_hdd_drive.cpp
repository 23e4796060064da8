// HddDrive against the formulas it is built from (hdd_drive.hpp, seek_curve.hpp,
// disk_geometry.hpp) and the HGST Ultrastar 7K6000 2 TB figures of the catalog:
// 7200 rpm (8.33 ms a revolution), 8.5 ms average seek, 0.8 ms track-to-track,
// 16 ms full stroke, 215 MB/s outer and 150 MB/s inner media rate.
//
// Expected IOPS of 4K random reads over the whole drive, closed loop at depth n:
//   n = 1: FCFS, so 1 / (E[seek] + E[rotation] + E[transfer])
//          = 1 / (8.5 ms + 30/7200 s + ~22 us) ~ 78.7 IOPS.
//   n > 1: the drive chooses, at each completion, the shortest positioning time
//          P = seek + rotational wait among the m = n - 1 commands it holds (the
//          host's next command arrives after the choice). For m candidates at
//          independent uniformly random LBAs, and the head at a random LBA x_h,
//            P(P_i <= p | x_h) = F(p | x_h) = E_x[ clamp((p - seek(|x - x_h|)) / T_rev, 0, 1) ]
//          (the rotational wait is uniform on [0, T_rev) whatever the seek), so
//            E[min P] = E_{x_h}[ integral_0^inf (1 - F(p | x_h))^m dp ]
//          and IOPS_iid(n) = 1 / (E[min P] + E[transfer]).
//          The commands left behind are not fresh random ones (SPTF leaves the
//          awkward ones), so the drive gets somewhat less than IOPS_iid: the test
//          asserts IOPS_iid as an upper bound and 0.85 IOPS_iid as a lower one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "drive_load.hpp"
#include "model_specs.hpp"
#include "models/hardware/disk_geometry.hpp"
#include "models/hardware/hdd_drive.hpp"
#include "models/hardware/seek_curve.hpp"
#include "sim/engine.hpp"
#include "sim/random.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMillisecond;
using hcisim::sim::kSecond;

namespace {

const DriveSpec kHdd = hgst_7k6000_2tb();
const double kRevolutionNs = 60e9 / kHdd.rpm;  // 8.333 ms

LoadPattern random_4k(const DriveSpec& d, bool write = false) {
  LoadPattern p;
  p.bytes = 4096;
  p.write = write;
  p.span_end = d.capacity_bytes;
  return p;
}

// LBA-uniform sample points (f = (i + 0.5) / M) mapped to radial positions.
std::vector<double> lba_grid(const DiskGeometry& g, int points) {
  std::vector<double> xs;
  for (int i = 0; i < points; ++i) {
    const double f = (i + 0.5) / points;
    xs.push_back(g.radius_fraction(static_cast<std::uint64_t>(f * static_cast<double>(g.capacity()))));
  }
  return xs;
}

// E[bytes / rate] over a uniformly random LBA.
double mean_transfer_ns(const DiskGeometry& g, double bytes) {
  double sum = 0;
  const std::vector<double> xs = lba_grid(g, 1000);
  for (double x : xs) sum += bytes / g.rate_at(x) * 1e9;
  return sum / static_cast<double>(xs.size());
}

// E[min P] over m iid random candidates (see the header comment), by quadrature.
double expected_min_positioning_ns(const DiskGeometry& g, const SeekCurve& seek, int m) {
  const std::vector<double> xs = lba_grid(g, 400);
  const std::vector<double> heads = lba_grid(g, 100);
  const double dp = kRevolutionNs / 200;
  const double p_max = static_cast<double>(kHdd.full_stroke_seek_ns) + kRevolutionNs;
  std::vector<double> seeks(xs.size());
  double total = 0;
  for (double head : heads) {
    for (std::size_t j = 0; j < xs.size(); ++j) seeks[j] = seek.seek_ns(std::fabs(xs[j] - head));
    double integral = 0;
    for (double p = dp / 2; p < p_max; p += dp) {
      double F = 0;
      for (double s : seeks) F += std::clamp((p - s) / kRevolutionNs, 0.0, 1.0);
      F /= static_cast<double>(seeks.size());
      integral += std::pow(1.0 - F, m) * dp;
    }
    total += integral;
  }
  return total / static_cast<double>(heads.size());
}

struct QdResult {
  double iops = 0;
  double mean_latency_ns = 0;
  HddDrive::MediaTime media;
};

QdResult run_random(const DriveSpec& spec, int depth, hcisim::sim::SimTime window, std::uint64_t seed = 1,
                    bool write = false) {
  Engine engine(seed);
  HddDrive drive(engine, spec);
  ClosedLoop load(engine, drive, depth, random_4k(spec, write));
  load.start();
  const double seconds = measure(engine, drive, {&load}, 2 * kSecond, window);
  return {static_cast<double>(load.completed()) / seconds, load.mean_latency_ns(), drive.media_time()};
}

}  // namespace

TEST_CASE("hdd geometry: LBA 0 at the outer edge, rate linear in radius, sqrt of the LBA fraction", "[hdd]") {
  const DiskGeometry g(kHdd.capacity_bytes, kHdd.rpm, kHdd.outer_media_bytes_per_s, kHdd.inner_media_bytes_per_s);
  const double k = 150.0 / 215.0;
  CHECK(g.inner_outer_ratio() == Approx(k));
  CHECK(g.radius_fraction(0) == 0.0);
  CHECK(g.radius_fraction(kHdd.capacity_bytes) == Approx(1.0));
  CHECK(g.rate_at(0.0) == Approx(215e6));
  CHECK(g.rate_at(1.0) == Approx(150e6));
  // Half the LBAs lie outside r = r_out sqrt(1 - (1 - k^2) / 2): x = (1 - that) / (1 - k).
  const double half_x = (1.0 - std::sqrt(1.0 - 0.5 * (1.0 - k * k))) / (1.0 - k);
  CHECK(g.radius_fraction(kHdd.capacity_bytes / 2) == Approx(half_x).epsilon(1e-9));
  CHECK(half_x < 0.5);  // outer tracks hold more
  // Tracks: capacity / mean track size (rate x revolution, mean of the edges).
  CHECK(g.tracks() == Approx(2e12 / ((215e6 + 150e6) / 2 * kRevolutionNs * 1e-9)));
  // The LBA density and the seek-distance density both integrate to 1; the
  // distance density's mean matches a Monte Carlo of random LBA pairs.
  double mass = 0, dmass = 0, dmean = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    const double x = (i + 0.5) / n;
    mass += g.lba_density(x) / n;
    dmass += g.seek_distance_density(x) / n;
    dmean += x * g.seek_distance_density(x) / n;
  }
  CHECK(mass == Approx(1.0).epsilon(1e-6));
  CHECK(dmass == Approx(1.0).epsilon(1e-6));
  hcisim::sim::RandomStream r(7, "pairs");
  double mc = 0;
  const int pairs = 200000;
  for (int i = 0; i < pairs; ++i) {
    const double a = g.radius_fraction(r.uniform_index(kHdd.capacity_bytes));
    const double b = g.radius_fraction(r.uniform_index(kHdd.capacity_bytes));
    mc += std::fabs(a - b) / pairs;
  }
  CHECK(dmean == Approx(mc).epsilon(0.01));
  CHECK(dmean < 1.0 / 3.0);  // cylinder-uniform pairs would give 1/3; LBAs crowd outwards
}

TEST_CASE("hdd seek curve: track-to-track minimum, sqrt then linear, full-stroke maximum, datasheet mean", "[hdd]") {
  const DiskGeometry g(kHdd.capacity_bytes, kHdd.rpm, kHdd.outer_media_bytes_per_s, kHdd.inner_media_bytes_per_s);
  const SeekCurve seek(g, kHdd.track_to_track_seek_ns, kHdd.avg_seek_ns, kHdd.full_stroke_seek_ns);
  const double one_track = 1.0 / g.tracks();
  const double s = seek.settle_ns(), T = seek.full_travel_ns(), dc = seek.coast_from();
  INFO("settle " << s << " ns, travel " << T << " ns, coasting from " << dc);

  // Minimum and maximum.
  CHECK(seek.seek_ns(0.0) == 0.0);
  CHECK(seek.seek_ns(0.5 * one_track) == 0.0);  // same track
  CHECK(seek.seek_ns(one_track) == Approx(0.8e6).epsilon(1e-4));
  CHECK(seek.seek_ns(1.0) == Approx(16e6).epsilon(1e-9));
  CHECK(s + T == Approx(16e6));
  REQUIRE(dc > 0.0);
  REQUIRE(dc < 1.0);
  // Square-root region: travel quadruples when the distance is 16 times longer.
  CHECK(seek.seek_ns(dc / 16) - s == Approx((seek.seek_ns(dc) - s) / 4).epsilon(1e-9));
  CHECK(seek.seek_ns(dc) - s == Approx(T * 2 * dc / (1 + dc)).epsilon(1e-9));
  // Linear region: constant slope T / (1 + d_c), the same slope the sqrt region has at d_c.
  const double slope = T / (1 + dc);
  CHECK((seek.seek_ns(0.9) - seek.seek_ns(0.6)) / 0.3 == Approx(slope).epsilon(1e-9));
  const double h = 1e-6;
  CHECK((seek.seek_ns(dc) - seek.seek_ns(dc - h)) / h == Approx(slope).epsilon(1e-3));
  CHECK((seek.seek_ns(dc + h) - seek.seek_ns(dc)) / h == Approx(slope).epsilon(1e-3));
  // Monotone.
  double last = 0;
  for (int i = 1; i <= 1000; ++i) {
    const double t = seek.seek_ns(i / 1000.0);
    CHECK(t > last);
    last = t;
  }
  // The mean over seeks between uniformly random LBAs is the datasheet average:
  // by quadrature, and by sampling random LBA pairs.
  CHECK(seek.mean_random_seek_ns() == Approx(8.5e6).epsilon(1e-6));
  hcisim::sim::RandomStream r(11, "seeks");
  double sum = 0;
  const int samples = 200000;
  for (int i = 0; i < samples; ++i) {
    const double a = g.radius_fraction(r.uniform_index(kHdd.capacity_bytes));
    const double b = g.radius_fraction(r.uniform_index(kHdd.capacity_bytes));
    sum += seek.seek_ns(std::fabs(a - b));
  }
  CHECK(sum / samples == Approx(8.5e6).epsilon(0.005));
}

TEST_CASE("hdd seek curve: figures no arm physics can give are refused", "[hdd]") {
  const DiskGeometry g(kHdd.capacity_bytes, kHdd.rpm, kHdd.outer_media_bytes_per_s, kHdd.inner_media_bytes_per_s);
  // Constant arm speed gives the lowest mean: 0.8 + 15.2 E[D] ~ 5.8 ms; no coasting the highest, ~8.9 ms.
  CHECK_THROWS_AS(SeekCurve(g, 800'000, 5'000'000, 16'000'000), std::invalid_argument);
  CHECK_THROWS_AS(SeekCurve(g, 800'000, 9'500'000, 16'000'000), std::invalid_argument);
  CHECK_THROWS_AS(SeekCurve(g, 800'000, 20'000'000, 16'000'000), std::invalid_argument);
  CHECK_THROWS_AS(SeekCurve(g, 0, 8'500'000, 16'000'000), std::invalid_argument);
  CHECK_THROWS_AS(DiskGeometry(kHdd.capacity_bytes, 7200, 150e6, 215e6), std::invalid_argument);
}

TEST_CASE("hdd QD1 4K random: mean seek = average seek, mean rotation = 30/rpm s, IOPS = 1/(sum)", "[hdd]") {
  Engine engine;
  HddDrive drive(engine, kHdd);
  const QdResult r = run_random(kHdd, 1, 120 * kSecond);
  const double ops = static_cast<double>(r.media.operations);
  REQUIRE(ops > 8000);
  const double transfer = mean_transfer_ns(drive.geometry(), 4096);
  CHECK(transfer == Approx(4096 / 180e6 * 1e9).epsilon(0.05));  // ~ 4K at the mean rate
  CHECK(r.media.seek_ns / ops == Approx(8.5e6).epsilon(0.02));
  CHECK(r.media.rotation_ns / ops == Approx(30.0 / kHdd.rpm * 1e9).epsilon(0.02));  // 4.17 ms
  CHECK(r.media.transfer_ns / ops == Approx(transfer).epsilon(0.01));
  const double expected = 1e9 / (8.5e6 + kRevolutionNs / 2 + transfer);  // 78.7
  CHECK(r.iops == Approx(expected).epsilon(0.02));
  CHECK(r.media.streamed == 0);
  CHECK(r.media.aged == 0);
}

TEST_CASE("hdd command queueing: 4K random IOPS rise with depth as SPTF order statistics say", "[hdd]") {
  Engine engine;
  HddDrive probe(engine, kHdd);
  const double transfer = mean_transfer_ns(probe.geometry(), 4096);
  double qd1 = 0;
  for (int depth : {1, 2, 4, 8, 16, 32}) {
    const QdResult r = run_random(kHdd, depth, 60 * kSecond);
    const int m = std::max(depth - 1, 1);
    const double theory = depth == 1
                              ? 1e9 / (8.5e6 + kRevolutionNs / 2 + transfer)
                              : 1e9 / (expected_min_positioning_ns(probe.geometry(), probe.seek_curve(), m) + transfer);
    INFO("QD" << depth << ": " << r.iops << " IOPS, iid-candidate bound " << theory << ", mean latency "
              << r.mean_latency_ns / 1e6 << " ms");
    CHECK(r.iops <= theory * 1.02);
    CHECK(r.iops >= theory * 0.85);
    // Little's law for the closed loop.
    CHECK(r.iops * r.mean_latency_ns * 1e-9 == Approx(depth).epsilon(0.01));
    if (depth == 1) qd1 = r.iops;
    if (depth == 32) {
      CHECK(r.iops > 150);
      CHECK(r.iops > 1.8 * qd1);
    }
  }
}

TEST_CASE("hdd aging bound: a command the position scheduler keeps skipping is served within the bound", "[hdd]") {
  // 31 slots read within the outer 1 GB; one slot reads at the inner edge. SPTF
  // alone would never leave the outer band for it.
  LoadPattern near = random_4k(kHdd);
  near.span_end = 1'000'000'000;
  LoadPattern far = random_4k(kHdd);
  far.span_begin = kHdd.capacity_bytes - 1'000'000'000;
  for (const std::int64_t limit : {std::int64_t{0}, kHdd.queue_age_limit_ns}) {
    DriveSpec spec = kHdd;
    spec.queue_age_limit_ns = limit;
    Engine engine;
    HddDrive drive(engine, spec);
    ClosedLoop load(engine, drive, 32, near);
    load.set_slot_pattern(31, far);
    load.start();
    measure(engine, drive, {&load}, 0, 20 * kSecond);
    INFO("age limit " << limit << " ns");
    if (limit == 0) {
      CHECK(load.slot_completed(31) == 0);  // starved
    } else {
      // Served about every limit + one service; never later than the limit plus
      // the command in progress (<= full stroke + a revolution + transfer).
      CHECK(load.slot_completed(31) >= static_cast<std::uint64_t>(20 * kSecond / (limit + 50 * kMillisecond)));
      CHECK(load.slot_max_latency(31) <= limit + 16 * kMillisecond + 9 * kMillisecond);
      CHECK(drive.media_time().aged >= load.slot_completed(31) - 1);
    }
  }
}

TEST_CASE("hdd sequential: a stream runs at the zone's media rate, outer and inner edge", "[hdd]") {
  for (const bool inner : {false, true}) {
    Engine engine;
    HddDrive drive(engine, kHdd);
    LoadPattern stream;
    stream.bytes = 1 * MiB;
    stream.sequential = true;
    stream.span_begin = inner ? kHdd.capacity_bytes - 4000 * MiB : 0;
    stream.span_end = stream.span_begin + 4000 * MiB;
    ClosedLoop load(engine, drive, 1, stream);
    load.start();
    const double seconds = measure(engine, drive, {&load}, kSecond, 10 * kSecond);
    const double rate = static_cast<double>(load.completed()) * MiB / seconds;
    INFO((inner ? "inner" : "outer") << " edge: " << rate / 1e6 << " MB/s");
    CHECK(rate == Approx(inner ? 150e6 : 215e6).epsilon(0.01));
    CHECK(drive.media_time().streamed == drive.media_time().operations);
    CHECK(drive.utilisation() == Approx(1.0).epsilon(0.001));
  }
}

TEST_CASE("hdd writes: write-through goes to the media; a write cache acks at link speed and reorders", "[hdd]") {
  SECTION("FUA writes at QD1 cost what reads cost") {
    const QdResult w = run_random(kHdd, 1, 120 * kSecond, 1, true);
    Engine engine;
    HddDrive probe(engine, kHdd);
    const double expected = 1e9 / (8.5e6 + kRevolutionNs / 2 + mean_transfer_ns(probe.geometry(), 4096));
    CHECK(w.iops == Approx(expected).epsilon(0.02));
  }
  SECTION("write cache on: writes without FUA are acknowledged after 4 KiB over the 1.2 GB/s link") {
    DriveSpec cached = kHdd;
    cached.write_cache_bytes = 128 * MiB;
    LoadPattern writes = random_4k(cached, true);
    writes.write_through = false;
    Engine engine;
    HddDrive drive(engine, cached);
    REQUIRE(drive.write_cache_enabled());
    ClosedLoop load(engine, drive, 1, writes);
    load.start();
    engine.run_until(100 * kMillisecond);
    // 128 MiB holds 32768 writes; the first ones all wait only for the link.
    const auto link_ns = static_cast<hcisim::sim::SimTime>(std::ceil(4096 / 1.2e9 * 1e9));
    CHECK(load.max_latency() == link_ns);
    CHECK(load.completed() > 10000);
    // Long run: the cache fills, writes then go through at the media's pace, and
    // the destage runs with queue_depth cached writes to choose from: more IOPS
    // than QD1 FUA writes, at most what QD33 (32 candidates) gets.
    engine.run_until(engine.now() + 400 * kSecond);
    load.reset();
    drive.reset_stats();
    engine.run_until(engine.now() + 60 * kSecond);
    const double iops = static_cast<double>(load.completed()) / 60.0;
    INFO("cached random writes, long run: " << iops << " IOPS");
    CHECK(iops > 1.5 * 78.7);
    CHECK(iops < 1e9 / (expected_min_positioning_ns(drive.geometry(), drive.seek_curve(), 32) + 20e3));
    CHECK(drive.utilisation() == Approx(1.0).epsilon(0.01));
  }
  SECTION("write cache on, FUA write: still to the media") {
    DriveSpec cached = kHdd;
    cached.write_cache_bytes = 128 * MiB;
    Engine engine;
    HddDrive drive(engine, cached);
    ClosedLoop load(engine, drive, 1, random_4k(cached, true));
    load.start();
    measure(engine, drive, {&load}, kSecond, 30 * kSecond);
    CHECK(load.mean_latency_ns() > 8.5e6);
  }
}

TEST_CASE("hdd device queue: commands beyond the queue depth wait in front, IOPS as at the depth", "[hdd]") {
  const QdResult at_depth = run_random(kHdd, 32, 60 * kSecond);
  Engine engine;
  HddDrive drive(engine, kHdd);
  ClosedLoop load(engine, drive, 64, random_4k(kHdd));
  load.start();
  const double seconds = measure(engine, drive, {&load}, 2 * kSecond, 60 * kSecond);
  const double iops = static_cast<double>(load.completed()) / seconds;
  CHECK(drive.device_queue().at_drive() == 32);
  CHECK(drive.device_queue().waiting() == 32);
  CHECK(iops == Approx(at_depth.iops).epsilon(0.05));
  CHECK(load.mean_latency_ns() == Approx(64 / iops * 1e9).epsilon(0.01));
}

TEST_CASE("hdd: same seed, same result; bad I/O refused", "[hdd]") {
  const QdResult a = run_random(kHdd, 8, 10 * kSecond, 42);
  const QdResult b = run_random(kHdd, 8, 10 * kSecond, 42);
  const QdResult c = run_random(kHdd, 8, 10 * kSecond, 43);
  CHECK(a.iops == b.iops);
  CHECK(a.mean_latency_ns == b.mean_latency_ns);
  CHECK(a.media.seek_ns == b.media.seek_ns);
  CHECK(a.mean_latency_ns != c.mean_latency_ns);

  Engine engine;
  HddDrive drive(engine, kHdd);
  ClosedLoop load(engine, drive, 1, random_4k(kHdd));
  CHECK_THROWS_AS(drive.read(kHdd.capacity_bytes - 2048, 4096, load, 0), std::invalid_argument);
  CHECK_THROWS_AS(drive.read(0, 0, load, 0), std::invalid_argument);
  DriveSpec bad = kHdd;
  bad.queue_depth = 0;
  CHECK_THROWS_AS(HddDrive(engine, bad), std::invalid_argument);
  bad = kHdd;
  bad.kind = DriveKind::SasSsd;
  CHECK_THROWS_AS(HddDrive(engine, bad), std::invalid_argument);
  // An aging bound under 32 x 12.7 ms would turn a full queue into FCFS.
  bad = kHdd;
  bad.queue_age_limit_ns = 400'000'000;
  CHECK_THROWS_AS(HddDrive(engine, bad), std::invalid_argument);
  bad.queue_age_limit_ns = 410'000'000;
  CHECK_NOTHROW(HddDrive(engine, bad));
}
