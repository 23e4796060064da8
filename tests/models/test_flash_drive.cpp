// FlashDrive against its datasheet under a fio-like closed loop: N I/Os
// outstanding, each completion issues the next. Expected values come from the
// KIOXIA CM6-V figures and the work formulas in flash_drive.hpp:
//   c = 1.4 M x 90 us = 126 channels
//   read work  = max(90 us, c x bytes / 6.9 GB/s)
//   write work = c x max(1 / 350 k, bytes / 4.2 GB/s)
// and a saturated drive completes c / (mean work per I/O) I/Os per second.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "model_specs.hpp"
#include "models/hardware/flash_drive.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMicrosecond;
using hcisim::sim::kMillisecond;
using hcisim::sim::SimTime;

namespace {

// Closed loop against one drive. The i-th I/O issued (counting from 0) is a
// write when i % 10 < writes_in_ten: a fixed mix, so the throughput is exact.
class DriveLoad final : public hcisim::sim::EventHandler {
 public:
  DriveLoad(Engine& engine, FlashDrive& drive, int outstanding, std::uint64_t read_bytes, std::uint64_t write_bytes,
            int writes_in_ten)
      : engine_(engine),
        drive_(drive),
        read_bytes_(read_bytes),
        write_bytes_(write_bytes),
        writes_in_ten_(writes_in_ten),
        slots_(static_cast<std::size_t>(outstanding)) {}

  // Starts slot i at i x spacing, so that completions are spread out rather than
  // arriving in synchronised waves (the count in a window is then exact to +-1 I/O).
  void start(SimTime spacing) {
    for (std::size_t i = 0; i < slots_.size(); ++i)
      engine_.schedule_at(engine_.now() + static_cast<SimTime>(i) * spacing, starter_, i);
  }
  // Restarts the counters (the warm-up discard).
  void reset() {
    reads_ = writes_ = 0;
    read_latency_sum_ = write_latency_sum_ = 0;
    min_latency_ = std::numeric_limits<SimTime>::max();
    max_latency_ = 0;
  }

  void on_event(std::uint64_t slot) override {
    Slot& s = slots_[slot];
    const SimTime latency = engine_.now() - s.issued_at;
    if (s.write) {
      ++writes_;
      write_latency_sum_ += static_cast<double>(latency);
    } else {
      ++reads_;
      read_latency_sum_ += static_cast<double>(latency);
    }
    min_latency_ = std::min(min_latency_, latency);
    max_latency_ = std::max(max_latency_, latency);
    issue(slot);
  }

  std::uint64_t reads() const { return reads_; }
  std::uint64_t writes() const { return writes_; }
  double mean_read_latency_ns() const { return reads_ ? read_latency_sum_ / static_cast<double>(reads_) : 0; }
  double mean_write_latency_ns() const { return writes_ ? write_latency_sum_ / static_cast<double>(writes_) : 0; }
  SimTime min_latency() const { return min_latency_; }
  SimTime max_latency() const { return max_latency_; }

 private:
  struct Slot {
    SimTime issued_at = 0;
    bool write = false;
  };
  void issue(std::uint64_t slot) {
    Slot& s = slots_[slot];
    s.write = static_cast<int>(issued_ % 10) < writes_in_ten_;
    ++issued_;
    s.issued_at = engine_.now();
    if (s.write) {
      drive_.write(0, write_bytes_, *this, slot);
    } else {
      drive_.read(0, read_bytes_, *this, slot);
    }
  }

  Engine& engine_;
  FlashDrive& drive_;
  std::uint64_t read_bytes_;
  std::uint64_t write_bytes_;
  int writes_in_ten_;
  std::vector<Slot> slots_;
  std::uint64_t issued_ = 0;
  std::uint64_t reads_ = 0, writes_ = 0;
  double read_latency_sum_ = 0, write_latency_sum_ = 0;
  SimTime min_latency_ = std::numeric_limits<SimTime>::max();
  SimTime max_latency_ = 0;
  hcisim::sim::MemberEvent<DriveLoad, &DriveLoad::issue> starter_{*this};
};

// Warm up, then measure a window; returns the window length in seconds.
double run_window(Engine& engine, FlashDrive& drive, std::vector<DriveLoad*> loads, SimTime warmup, SimTime window) {
  engine.run_until(engine.now() + warmup);
  for (DriveLoad* load : loads) load->reset();
  drive.reset_stats();
  engine.run_until(engine.now() + window);
  return hcisim::sim::to_seconds(window);
}

// The per-I/O channel work of flash_drive.hpp, in channel-seconds.
double read_work(const DriveSpec& d, double channels, double bytes) {
  return std::max(d.read_latency_ns * 1e-9, channels * bytes / d.seq_read_bytes_per_s);
}
double write_work(const DriveSpec& d, double channels, double bytes) {
  return channels * std::max(1.0 / d.random_write_iops, bytes / d.seq_write_bytes_per_s);
}

const DriveSpec kSpec = kioxia_cm6v();
const double kChannels = std::round(kSpec.random_read_iops * kSpec.read_latency_ns * 1e-9);  // 126

}  // namespace

TEST_CASE("flash drive: channels follow Little's law on the datasheet (1.4 M IOPS x 90 us = 126)", "[drive]") {
  Engine engine;
  FlashDrive drive(engine, kSpec);
  CHECK(drive.channels() == 126);
  CHECK(kChannels == 126);
  DriveSpec bad = kSpec;
  bad.random_write_iops = 0;
  CHECK_THROWS_AS(FlashDrive(engine, bad), std::invalid_argument);
}

TEST_CASE("flash drive: 4K random read at QD512 gets the datasheet 1.4 M IOPS", "[drive]") {
  Engine engine;
  FlashDrive drive(engine, kSpec);
  DriveLoad load(engine, drive, 512, 4 * KiB, 4 * KiB, 0);
  load.start(kMicrosecond);
  const double seconds = run_window(engine, drive, {&load}, 5 * kMillisecond, 20 * kMillisecond);
  const double iops = static_cast<double>(load.reads()) / seconds;
  CHECK(iops == Approx(kSpec.random_read_iops).epsilon(0.03));
  // Saturated: every channel busy, and each I/O waits its share (Little: 512 / 1.4 M).
  CHECK(drive.utilisation() == Approx(1.0).epsilon(0.01));
  CHECK(load.mean_read_latency_ns() == Approx(512 / kSpec.random_read_iops * 1e9).epsilon(0.03));
  CHECK(load.writes() == 0);
}

TEST_CASE("flash drive: 128K reads at depth get the sequential read bandwidth (6.9 GB/s)", "[drive]") {
  Engine engine;
  FlashDrive drive(engine, kSpec);
  DriveLoad load(engine, drive, 32, 128 * KiB, 128 * KiB, 0);
  load.start(20 * kMicrosecond);
  const double seconds = run_window(engine, drive, {&load}, 5 * kMillisecond, 40 * kMillisecond);
  const double bytes_per_s = static_cast<double>(load.reads()) * 128 * KiB / seconds;
  CHECK(bytes_per_s == Approx(kSpec.seq_read_bytes_per_s).epsilon(0.03));
  CHECK(drive.utilisation() == Approx(1.0).epsilon(0.01));
}

TEST_CASE("flash drive: QD1 reads take the datasheet QD1 latency, whatever their size", "[drive]") {
  for (const std::uint64_t bytes : {4 * KiB, 128 * KiB}) {
    Engine engine;
    FlashDrive drive(engine, kSpec);
    DriveLoad load(engine, drive, 1, bytes, bytes, 0);
    load.start(0);
    run_window(engine, drive, {&load}, kMillisecond, 10 * kMillisecond);
    INFO("read of " << bytes << " bytes");
    REQUIRE(load.reads() > 50);
    if (bytes == 4 * KiB) {
      // One channel for exactly 90 us.
      CHECK(load.min_latency() == kSpec.read_latency_ns);
      CHECK(load.max_latency() == kSpec.read_latency_ns);
    } else {
      // 128K spreads over ceil(work / 90 us) channels: work / that, within 1 % of 90 us.
      const double work = read_work(kSpec, kChannels, static_cast<double>(bytes));
      const double expected_ns = work / std::ceil(work / (kSpec.read_latency_ns * 1e-9)) * 1e9;
      CHECK(load.mean_read_latency_ns() == Approx(expected_ns).margin(1.0));
      CHECK(load.mean_read_latency_ns() == Approx(static_cast<double>(kSpec.read_latency_ns)).epsilon(0.02));
    }
  }
}

TEST_CASE("flash drive: 4K writes at depth get the datasheet 350 k IOPS", "[drive]") {
  Engine engine;
  FlashDrive drive(engine, kSpec);
  DriveLoad load(engine, drive, 512, 4 * KiB, 4 * KiB, 10);
  load.start(kMicrosecond);
  const double seconds = run_window(engine, drive, {&load}, 5 * kMillisecond, 40 * kMillisecond);
  CHECK(load.reads() == 0);
  CHECK(static_cast<double>(load.writes()) / seconds == Approx(kSpec.random_write_iops).epsilon(0.03));
}

TEST_CASE("flash drive: 128K writes at depth get the sequential write bandwidth (4.2 GB/s)", "[drive]") {
  Engine engine;
  FlashDrive drive(engine, kSpec);
  DriveLoad load(engine, drive, 32, 128 * KiB, 128 * KiB, 10);
  load.start(20 * kMicrosecond);
  const double seconds = run_window(engine, drive, {&load}, 5 * kMillisecond, 40 * kMillisecond);
  const double bytes_per_s = static_cast<double>(load.writes()) * 128 * KiB / seconds;
  CHECK(bytes_per_s == Approx(kSpec.seq_write_bytes_per_s).epsilon(0.03));
}

TEST_CASE("flash drive: a QD1 write completes at media time without a buffer, at the QD1 write latency with one",
          "[drive]") {
  SECTION("no write buffer: one channel for c / 350 k = 360 us") {
    Engine engine;
    FlashDrive drive(engine, kSpec);
    DriveLoad load(engine, drive, 1, 4 * KiB, 4 * KiB, 10);
    load.start(0);
    run_window(engine, drive, {&load}, kMillisecond, 10 * kMillisecond);
    REQUIRE(load.writes() > 20);
    const double media_ns = write_work(kSpec, kChannels, 4 * KiB) * 1e9;
    CHECK(media_ns == Approx(360'000.0));
    CHECK(static_cast<double>(load.min_latency()) == Approx(media_ns).margin(1.0));
    CHECK(static_cast<double>(load.max_latency()) == Approx(media_ns).margin(1.0));
  }
  SECTION("with a power-loss-protected buffer: acknowledged after the 25 us write latency") {
    DriveSpec buffered = kSpec;
    buffered.write_buffer_bytes = 8 * MiB;
    Engine engine;
    FlashDrive drive(engine, buffered);
    DriveLoad load(engine, drive, 1, 4 * KiB, 4 * KiB, 10);
    load.start(0);
    run_window(engine, drive, {&load}, kMillisecond, 10 * kMillisecond);
    REQUIRE(load.writes() > 100);
    CHECK(load.min_latency() == buffered.write_latency_ns);
    CHECK(load.max_latency() == buffered.write_latency_ns);
  }
}

TEST_CASE("flash drive: a write buffer absorbs bursts but the long-run write rate is the media's", "[drive]") {
  DriveSpec buffered = kSpec;
  buffered.write_buffer_bytes = 8 * MiB;  // 2048 writes of 4K
  Engine engine;
  FlashDrive drive(engine, buffered);
  DriveLoad load(engine, drive, 32, 4 * KiB, 4 * KiB, 10);
  load.start(0);
  // The buffer fills within the first ~6 ms (2048 writes at ~1.3 M/s in, 350 k/s out).
  const double seconds = run_window(engine, drive, {&load}, 20 * kMillisecond, 40 * kMillisecond);
  CHECK(static_cast<double>(load.writes()) / seconds == Approx(buffered.random_write_iops).epsilon(0.03));
  // Back-pressure: a full buffer makes writes wait far longer than the 25 us ack.
  CHECK(load.mean_write_latency_ns() > 2.0 * static_cast<double>(buffered.write_latency_ns));
}

TEST_CASE("flash drive: writes slow reads down and the channel work adds up", "[drive]") {
  SECTION("256 reads alone, then next to 64 writes (every I/O one channel, shared equally)") {
    Engine alone_engine;
    FlashDrive alone_drive(alone_engine, kSpec);
    DriveLoad alone(alone_engine, alone_drive, 256, 4 * KiB, 4 * KiB, 0);
    alone.start(kMicrosecond);
    const double alone_s = run_window(alone_engine, alone_drive, {&alone}, 5 * kMillisecond, 40 * kMillisecond);
    const double alone_iops = static_cast<double>(alone.reads()) / alone_s;

    Engine engine;
    FlashDrive drive(engine, kSpec);
    DriveLoad reads(engine, drive, 256, 4 * KiB, 4 * KiB, 0);
    DriveLoad writes(engine, drive, 64, 4 * KiB, 4 * KiB, 10);
    reads.start(kMicrosecond);
    writes.start(5 * kMicrosecond);
    const double seconds = run_window(engine, drive, {&reads, &writes}, 5 * kMillisecond, 40 * kMillisecond);
    const double read_iops = static_cast<double>(reads.reads()) / seconds;
    const double write_iops = static_cast<double>(writes.writes()) / seconds;

    CHECK(alone_iops == Approx(kSpec.random_read_iops).epsilon(0.03));
    CHECK(read_iops < 0.9 * alone_iops);
    // 320 I/Os share 126 channels equally: a slot completes an I/O every
    // (work x 320 / 126); reads: 256 x 126 / (90 us x 320) = 1.12 M, writes: 64 x 126 / (360 us x 320) = 70 k.
    const double wr = read_work(kSpec, kChannels, 4 * KiB), ww = write_work(kSpec, kChannels, 4 * KiB);
    CHECK(read_iops == Approx(256 * kChannels / (wr * 320)).epsilon(0.03));
    CHECK(write_iops == Approx(64 * kChannels / (ww * 320)).epsilon(0.03));
    // Conservation: the work done per second fills the channels exactly.
    CHECK(read_iops * wr + write_iops * ww == Approx(kChannels).epsilon(0.02));
    CHECK(drive.utilisation() == Approx(1.0).epsilon(0.01));
  }
  SECTION("a 70/30 4K mix at QD512 completes c / (0.7 w_read + 0.3 w_write) I/Os per second") {
    Engine engine;
    FlashDrive drive(engine, kSpec);
    DriveLoad load(engine, drive, 512, 4 * KiB, 4 * KiB, 3);
    load.start(kMicrosecond);
    const double seconds = run_window(engine, drive, {&load}, 5 * kMillisecond, 40 * kMillisecond);
    const double mean_work = 0.7 * read_work(kSpec, kChannels, 4 * KiB) + 0.3 * write_work(kSpec, kChannels, 4 * KiB);
    const double iops = static_cast<double>(load.reads() + load.writes()) / seconds;
    CHECK(iops == Approx(kChannels / mean_work).epsilon(0.03));  // 737 k
    CHECK(static_cast<double>(load.writes()) / static_cast<double>(load.reads() + load.writes()) ==
          Approx(0.3).margin(0.005));
  }
  SECTION("a 50/50 64K mix at QD64 (reads span 14 channels, writes 6)") {
    Engine engine;
    FlashDrive drive(engine, kSpec);
    DriveLoad load(engine, drive, 64, 64 * KiB, 64 * KiB, 5);
    load.start(20 * kMicrosecond);
    const double seconds = run_window(engine, drive, {&load}, 5 * kMillisecond, 40 * kMillisecond);
    const double mean_work = 0.5 * read_work(kSpec, kChannels, 64 * KiB) + 0.5 * write_work(kSpec, kChannels, 64 * KiB);
    const double iops = static_cast<double>(load.reads() + load.writes()) / seconds;
    CHECK(iops == Approx(kChannels / mean_work).epsilon(0.03));  // 80 k
  }
}

TEST_CASE("flash drive: Little's law closes, channels = IOPS at depth x QD1 latency", "[drive]") {
  Engine deep_engine;
  FlashDrive deep_drive(deep_engine, kSpec);
  DriveLoad deep(deep_engine, deep_drive, 512, 4 * KiB, 4 * KiB, 0);
  deep.start(kMicrosecond);
  const double deep_s = run_window(deep_engine, deep_drive, {&deep}, 5 * kMillisecond, 20 * kMillisecond);

  Engine qd1_engine;
  FlashDrive qd1_drive(qd1_engine, kSpec);
  DriveLoad qd1(qd1_engine, qd1_drive, 1, 4 * KiB, 4 * KiB, 0);
  qd1.start(0);
  run_window(qd1_engine, qd1_drive, {&qd1}, kMillisecond, 10 * kMillisecond);

  const double measured_iops = static_cast<double>(deep.reads()) / deep_s;
  const double measured_qd1_s = qd1.mean_read_latency_ns() * 1e-9;
  CHECK(measured_iops * measured_qd1_s == Approx(static_cast<double>(deep_drive.channels())).epsilon(0.03));
  // And the same drive at QD1 keeps one channel busy of 126.
  CHECK(qd1_drive.utilisation() == Approx(1.0 / kChannels).epsilon(0.01));
}
