// A flash drive never beats its own datasheet: a drive rated below its QD1
// rate (IOPS x QD1 latency < 1, or rounding c up) is held to its IOPS, and a
// channel count the model cannot hold is refused, not wrapped.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "model_specs.hpp"
#include "models/hardware/flash_drive.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::SimTime;

namespace {

// Keeps `depth` 4K reads outstanding for `seconds`; returns completed reads.
struct DeepReads final : hcisim::sim::EventHandler {
  DeepReads(Engine& e, FlashDrive& d) : engine(&e), drive(&d) {}
  void on_event(std::uint64_t slot) override {
    ++done;
    drive->read(0, 4096, *this, slot);
  }
  std::uint64_t run(int depth, double seconds) {
    for (int i = 0; i < depth; ++i) drive->read(0, 4096, *this, static_cast<std::uint64_t>(i));
    engine->run_until(static_cast<SimTime>(seconds * 1e9));
    return done;
  }
  Engine* engine;
  FlashDrive* drive;
  std::uint64_t done = 0;
};

}  // namespace

TEST_CASE("flash drive: a 0.5 IOPS drive delivers 0.5 IOPS, not 1 / QD1 latency", "[drive]") {
  DriveSpec spec = kioxia_cm6v();
  spec.random_read_iops = 0.5;  // 0.5 x 90 us = 4.5e-5 channels: rounds up to 1
  Engine engine(1);
  FlashDrive drive(engine, spec);
  CHECK(drive.channels() == 1);
  // One at a time, each read takes 1 / 0.5 IOPS = 2 s: 50 in 101 s (the old model served one per 90 us).
  DeepReads alone(engine, drive);
  CHECK(alone.run(1, 101.0) == 50);
  // At depth the rating holds too: at most 0.5 per second.
  Engine engine2(1);
  FlashDrive deep_drive(engine2, spec);
  DeepReads deep(engine2, deep_drive);
  const std::uint64_t done = deep.run(64, 1000.0);
  CHECK(done <= 500);
  CHECK(done >= 400);
}

TEST_CASE("flash drive: a channel count rounded up does not exceed the IOPS rating", "[drive]") {
  DriveSpec spec = kioxia_cm6v();
  spec.random_read_iops = 15'000;  // x 100 us = 1.5 channels: rounds to 2, which at 100 us would give 20 k IOPS
  spec.read_latency_ns = 100'000;
  Engine engine(1);
  FlashDrive drive(engine, spec);
  CHECK(drive.channels() == 2);
  DeepReads load(engine, drive);
  const double iops = static_cast<double>(load.run(64, 1.0));
  CHECK(iops <= 15'000 * 1.001);
  CHECK(iops >= 15'000 * 0.99);
}

TEST_CASE("flash drive: a channel count past the bound is refused, not wrapped", "[drive]") {
  DriveSpec spec = kioxia_cm6v();
  spec.random_read_iops = 1e15;  // x 90 us = 9e10 channels: int overflow in the old model
  Engine engine(1);
  CHECK_THROWS_AS(FlashDrive(engine, spec), std::invalid_argument);
  spec.random_read_iops = 1e7;
  spec.read_latency_ns = 1'000'000'000;  // 1e7 channels: 3.8 GB of state in the old model
  CHECK_THROWS_AS(FlashDrive(engine, spec), std::invalid_argument);
  spec.random_read_iops = static_cast<double>(FlashDrive::kMaxChannels) * 10'000;  // exactly the bound at 100 us
  spec.read_latency_ns = 100'000;
  CHECK(FlashDrive(engine, spec).channels() == FlashDrive::kMaxChannels);
}
