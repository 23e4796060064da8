// SerialSsd and Hba against the interface arithmetic (serial_link.hpp,
// serial_ssd.hpp, hba.hpp) and the catalog figures of the R740xd cache SSD
// (300 k / 90 k IOPS, 2.1 / 1.7 GB/s media, 150 us QD1 read) and the VxRack
// eMLC SSD (150 k / 45 k IOPS, 1.05 / 0.65 GB/s media, 150 us).
//   12 Gb/s SAS, 8b/10b: 12e9 x 0.8 / 8 = 1.2 GB/s each way; 6 Gb/s SATA: 600 MB/s, one way at a time.
//   4 KiB over 1.2 GB/s = 3413 ns; over 600 MB/s = 6827 ns.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "drive_load.hpp"
#include "model_specs.hpp"
#include "models/hardware/flash_drive.hpp"
#include "models/hardware/hba.hpp"
#include "models/hardware/hdd_drive.hpp"
#include "models/hardware/make_drive.hpp"
#include "models/hardware/serial_link.hpp"
#include "models/hardware/serial_ssd.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kMillisecond;
using hcisim::sim::SimTime;

namespace {

LoadPattern random_io(const DriveSpec& d, std::uint64_t bytes, bool write = false) {
  LoadPattern p;
  p.bytes = bytes;
  p.write = write;
  p.span_end = d.capacity_bytes;
  return p;
}

// A SATA SSD (no catalog part: a test device whose media outruns its link).
DriveSpec sata_ssd() {
  DriveSpec d = r740xd_cache_ssd();
  d.id = "test-sata-ssd";
  d.kind = DriveKind::SataSsd;
  d.interface = DriveInterface::Sata;
  d.link_bits_per_s = 6e9;
  d.queue_depth = 32;
  return d;
}

double rate_of(const ClosedLoop& load, std::uint64_t bytes, double seconds) {
  return static_cast<double>(load.completed()) * static_cast<double>(bytes) / seconds;
}

}  // namespace

TEST_CASE("serial link: payload rate = line rate x 8/10 / 8", "[serial]") {
  CHECK(link_payload_bytes_per_s(r740xd_cache_ssd()) == Approx(1.2e9));
  CHECK(link_payload_bytes_per_s(sata_ssd()) == Approx(600e6));
  DriveSpec nvme = kioxia_cm6v();
  CHECK_THROWS_AS(link_payload_bytes_per_s(nvme), std::invalid_argument);
  DriveSpec bad = r740xd_cache_ssd();
  bad.link_payload_fraction = 1.25;
  CHECK_THROWS_AS(link_payload_bytes_per_s(bad), std::invalid_argument);
}

TEST_CASE("serial SSD: a QD1 4K read takes the datasheet latency, media plus link", "[serial]") {
  const DriveSpec spec = r740xd_cache_ssd();
  Engine engine;
  SerialSsd drive(engine, spec);
  ClosedLoop load(engine, drive, 1, random_io(spec, 4096));
  load.start(kMicrosecond);
  measure(engine, drive, {&load}, kMillisecond, 20 * kMillisecond);
  REQUIRE(load.completed() > 100);
  // media = 150 us - 3413 ns, then 3413 ns (rounded up to the ns) on the link.
  CHECK(load.mean_latency_ns() == Approx(150'000.0).margin(2.0));
  CHECK(load.max_latency() <= 150'002);
}

TEST_CASE("serial SSD: the 12 Gb/s link caps large transfers at 1.2 GB/s each way", "[serial]") {
  const DriveSpec spec = r740xd_cache_ssd();  // media 2.1 GB/s read, 1.7 GB/s write
  for (const bool write : {false, true}) {
    Engine engine;
    SerialSsd drive(engine, spec);
    ClosedLoop load(engine, drive, 16, random_io(spec, 1 * MiB, write));
    load.start(kMicrosecond);
    const double seconds = measure(engine, drive, {&load}, 10 * kMillisecond, 100 * kMillisecond);
    INFO((write ? "writes" : "reads"));
    CHECK(rate_of(load, MiB, seconds) == Approx(1.2e9).epsilon(0.02));
    CHECK(drive.link().utilisation() == Approx(1.0).epsilon(0.01));
    CHECK(drive.media().utilisation() < 0.75);  // 1.2 / 2.1 (reads), 1.2 / 1.7 (writes)
  }
  SECTION("a media slower than the link sets the pace instead (VxRack SSD, 1.05 GB/s)") {
    const DriveSpec slow = vxrack_emlc_800();
    Engine engine;
    SerialSsd drive(engine, slow);
    ClosedLoop load(engine, drive, 16, random_io(slow, 1 * MiB));
    load.start(kMicrosecond);
    const double seconds = measure(engine, drive, {&load}, 10 * kMillisecond, 100 * kMillisecond);
    CHECK(rate_of(load, MiB, seconds) == Approx(1.05e9).epsilon(0.02));
  }
}

TEST_CASE("serial SSD: SAS is full duplex, SATA half duplex", "[serial]") {
  // 16 readers and 16 writers of 1 MiB: SAS moves 1.2 GB/s each way; SATA 600 MB/s in all.
  // The media is made fast (4 GB/s each way) so only the link can limit: mixed,
  // it needs 1.2 / 4 + 1.2 / 4 = 60 % of its channel time.
  for (const bool sata : {false, true}) {
    DriveSpec spec = sata ? sata_ssd() : r740xd_cache_ssd();
    spec.seq_read_bytes_per_s = 4e9;
    spec.seq_write_bytes_per_s = 4e9;
    Engine engine;
    SerialSsd drive(engine, spec);
    ClosedLoop readers(engine, drive, 16, random_io(spec, 1 * MiB), "readers");
    ClosedLoop writers(engine, drive, 16, random_io(spec, 1 * MiB, true), "writers");
    readers.start(20 * kMicrosecond);
    writers.start(30 * kMicrosecond);
    const double seconds = measure(engine, drive, {&readers, &writers}, 20 * kMillisecond, 200 * kMillisecond);
    const double total = rate_of(readers, MiB, seconds) + rate_of(writers, MiB, seconds);
    INFO((sata ? "SATA" : "SAS") << ": " << total / 1e9 << " GB/s in all");
    CHECK(total == Approx(sata ? 600e6 : 2.4e9).epsilon(0.03));
  }
}

TEST_CASE("serial SSD: small random reads at depth get the media's IOPS", "[serial]") {
  // VxRack SSD: 150 k x 4 KiB = 614 MB/s, half the link: the media limits.
  // Channels = 150 k x (150 us - 3.4 us) = 22; QD 64 keeps them all busy.
  const DriveSpec spec = vxrack_emlc_800();
  Engine engine;
  SerialSsd drive(engine, spec);
  CHECK(drive.media().channels() == 22);
  ClosedLoop load(engine, drive, 64, random_io(spec, 4096));
  load.start(kMicrosecond);
  const double seconds = measure(engine, drive, {&load}, 5 * kMillisecond, 50 * kMillisecond);
  const double iops = static_cast<double>(load.completed()) / seconds;
  // 22 channels each finishing an I/O every 146.6 us.
  const double media_latency = 150e-6 - 4096 / 1.2e9;
  CHECK(iops == Approx(22 / media_latency).epsilon(0.03));
  CHECK(iops == Approx(spec.random_read_iops).epsilon(0.03));
  CHECK(drive.media().utilisation() == Approx(1.0).epsilon(0.01));
  CHECK(drive.link().utilisation() == Approx(iops * 4096 / 1.2e9).epsilon(0.02));
}

TEST_CASE("serial SSD: commands beyond the device queue depth wait in a FIFO in front", "[serial]") {
  // 10 channels (100 k IOPS x 100 us) but the drive accepts 4 commands: at most 4
  // I/Os in service, IOPS = 4 / 100 us = 40 k whatever the depth offered; the
  // rest wait in front (Little: latency = offered depth / IOPS).
  DriveSpec spec = sata_ssd();
  spec.random_read_iops = 100e3;
  spec.read_latency_ns = 100'000;
  spec.queue_depth = 4;
  for (const int offered : {4, 16}) {
    Engine engine;
    SerialSsd drive(engine, spec);
    ClosedLoop load(engine, drive, offered, random_io(spec, 4096));
    load.start(kMicrosecond);
    const double seconds = measure(engine, drive, {&load}, 5 * kMillisecond, 50 * kMillisecond);
    const double iops = static_cast<double>(load.completed()) / seconds;
    INFO("offered depth " << offered);
    CHECK(iops == Approx(4 / 100e-6).epsilon(0.02));
    CHECK(load.mean_latency_ns() == Approx(offered / iops * 1e9).epsilon(0.02));
    CHECK(drive.device_queue().at_drive() == 4);
    CHECK(drive.device_queue().waiting() == static_cast<std::size_t>(offered - 4));
  }
}

TEST_CASE("HBA: one shared limit caps what all its drives do together", "[serial][hba]") {
  const DriveSpec spec = vxrack_emlc_800();  // 150 k IOPS each
  const auto run = [&](const HbaSpec& hba_spec, int drives, int depth, std::uint64_t bytes) {
    Engine engine;
    Hba hba(engine, hba_spec);
    std::vector<std::unique_ptr<Drive>> ssds;
    std::vector<std::unique_ptr<ClosedLoop>> loads;
    for (int i = 0; i < drives; ++i) {
      ssds.push_back(make_drive(engine, spec, &hba));
      loads.push_back(std::make_unique<ClosedLoop>(engine, *ssds.back(), depth, random_io(spec, bytes),
                                                   ("load" + std::to_string(i)).c_str()));
      loads.back()->start(kMicrosecond + static_cast<SimTime>(i) * 100);
    }
    engine.run_until(5 * kMillisecond);
    for (auto& l : loads) l->reset();
    hba.reset_stats();
    engine.run_until(engine.now() + 50 * kMillisecond);
    double total = 0, latency = 0;
    for (auto& l : loads) {
      total += static_cast<double>(l->completed());
      latency += l->mean_latency_ns() / drives;
    }
    struct {
      double per_s;
      double mean_latency_ns;
      double utilisation;
      int outstanding;
    } out{total / 0.05, latency, hba.utilisation(), hba.outstanding()};
    return out;
  };
  SECTION("IOPS: 6 drives could do 900 k; an HBA of 500 k IOPS lets 500 k through") {
    HbaSpec h = lsi_sas_3008();
    h.max_iops = 500e3;
    h.max_bytes_per_s = 0;
    const auto r = run(h, 6, 64, 4096);
    CHECK(r.per_s == Approx(500e3).epsilon(0.02));
    CHECK(r.utilisation == Approx(1.0).epsilon(0.01));
    const auto free = run(HbaSpec{}, 6, 64, 4096);  // no limit known: none applied
    CHECK(free.per_s == Approx(6 * 150e3).epsilon(0.03));
  }
  SECTION("bandwidth: 6 x 1.05 GB/s of 1 MiB reads through a 4 GB/s host link") {
    HbaSpec h;
    h.max_bytes_per_s = 4e9;
    const auto r = run(h, 6, 8, 1 * MiB);
    CHECK(r.per_s * MiB == Approx(4e9).epsilon(0.02));
  }
  SECTION("queue depth: 64 tags over 6 drives at depth 32 each: 64 / 150 us") {
    HbaSpec h;
    h.queue_depth = 64;
    const auto r = run(h, 6, 32, 4096);
    CHECK(r.outstanding == 64);
    // Each drive holds ~10.7 of the tags, fewer than its 22 channels: every I/O
    // alone on a channel for the 150 us QD1 time.
    CHECK(r.per_s == Approx(64 / 150e-6).epsilon(0.02));
  }
  SECTION("the catalog LSI 3008 (1 M IOPS) does not limit 6 VxRack SSDs") {
    const auto r = run(lsi_sas_3008(), 6, 64, 4096);
    CHECK(r.per_s == Approx(6 * 150e3).epsilon(0.03));
    CHECK(r.utilisation == Approx(0.9).epsilon(0.03));
  }
}

TEST_CASE("an HBA refuses limits whose per-command times would not fit SimTime", "[serial]") {
  Engine engine;
  HbaSpec tiny = lsi_sas_3008();
  tiny.max_iops = 1e-300;  // 1 / max_iops seconds per command: inf ns
  CHECK_THROWS_WITH(Hba(engine, tiny), Catch::Matchers::Contains("at least 1 command/s"));
  tiny = lsi_sas_3008();
  tiny.max_bytes_per_s = 1e-300;
  CHECK_THROWS_WITH(Hba(engine, tiny), Catch::Matchers::Contains("at least 1 MB/s"));
  tiny.max_bytes_per_s = 0;  // 0: not modelled
  CHECK_NOTHROW(Hba(engine, tiny));
}

TEST_CASE("make_drive builds the model the drive kind calls for", "[serial]") {
  Engine engine;
  Hba hba(engine, lsi_sas_3008());
  CHECK(dynamic_cast<FlashDrive*>(make_drive(engine, kioxia_cm6v()).get()) != nullptr);
  CHECK(dynamic_cast<SerialSsd*>(make_drive(engine, r740xd_cache_ssd(), &hba).get()) != nullptr);
  CHECK(dynamic_cast<SerialSsd*>(make_drive(engine, sata_ssd()).get()) != nullptr);
  CHECK(dynamic_cast<HddDrive*>(make_drive(engine, hgst_7k6000_2tb(), &hba).get()) != nullptr);
  CHECK_THROWS_AS(make_drive(engine, kioxia_cm6v(), &hba), std::invalid_argument);
  DriveSpec cloud = kioxia_cm6v();
  cloud.kind = DriveKind::CloudDisk;
  CHECK_THROWS_WITH(make_drive(engine, cloud), Catch::Matchers::Contains("not modelled here"));
  DriveSpec no_link = r740xd_cache_ssd();
  no_link.link_bits_per_s = 0;
  CHECK_THROWS_AS(make_drive(engine, no_link), std::invalid_argument);
}
