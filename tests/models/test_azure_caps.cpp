// Azure caps against the documented numbers (seed-systems.md section 4,
// mechanisms.md 4.1-4.3). Azure MB/s = 10^6 B/s.
//   P60: 16,000 IOPS, 500 MB/s, no credit bursting
//   P20: 2,300 IOPS / 150 MB/s, credit burst to 3,500 / 170 for 30 min from a full bucket
//   D64s_v3: uncached 80,000 IOPS / 1,200 MB/s, burst 2,000 MB/s for 30 min (IOPS do not burst);
//            network 30,000 Mb/s metered on egress only
// Below the caps a disk is a pure delay of its I/O latency (EST 2 ms), so by
// Little's law a closed loop of n outstanding gets n / 2 ms, capped; above the
// caps the latency is n / cap.
#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "cloud_specs.hpp"
#include "models/cloud/azure_vm.hpp"
#include "models/cloud/managed_disk.hpp"
#include "sim/engine.hpp"

using namespace ctest;
using hcisim::sim::Engine;
using hcisim::sim::EventHandler;
using hcisim::sim::kMillisecond;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;
using hcisim::sim::to_seconds;

namespace {

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * KiB;

// `outstanding` I/Os of `bytes` kept in flight against one drive; counts what completes.
class ClosedLoop final : public EventHandler {
 public:
  ClosedLoop(Engine& engine, Drive& drive, int outstanding, std::uint64_t bytes, bool write = false)
      : engine_(engine),
        drive_(drive),
        bytes_(bytes),
        write_(write),
        issued_at_(static_cast<std::size_t>(outstanding)) {}

  void start() {
    running_ = true;
    for (std::size_t slot = 0; slot < issued_at_.size(); ++slot) issue(slot);
  }
  void stop() { running_ = false; }  // in-flight I/Os complete; no new ones
  void reset() {
    completed_ = 0;
    latency_sum_s_ = 0;
  }

  void on_event(std::uint64_t slot) override {
    ++completed_;
    ++completed_total_;
    latency_sum_s_ += to_seconds(engine_.now() - issued_at_[slot]);
    const auto bin = static_cast<std::size_t>(engine_.now() / kSecond);
    if (bin >= bytes_by_second_.size()) bytes_by_second_.resize(bin + 1, 0.0);
    bytes_by_second_[bin] += static_cast<double>(bytes_);
    if (running_) issue(slot);
  }

  std::uint64_t completed() const { return completed_; }
  std::uint64_t in_flight() const { return submitted_ - completed_total_; }
  double mean_latency_s() const { return latency_sum_s_ / static_cast<double>(completed_); }
  const std::vector<double>& bytes_by_second() const { return bytes_by_second_; }

 private:
  void issue(std::size_t slot) {
    issued_at_[slot] = engine_.now();
    ++submitted_;
    drive_.submit(DriveIo{slot * bytes_, bytes_, write_, write_}, *this, slot);
  }

  Engine& engine_;
  Drive& drive_;
  std::uint64_t bytes_;
  bool write_;
  bool running_ = false;
  std::vector<SimTime> issued_at_;
  std::uint64_t submitted_ = 0, completed_ = 0, completed_total_ = 0;
  double latency_sum_s_ = 0;
  std::vector<double> bytes_by_second_;
};

// Rate over [from, to) seconds from per-second bins, in bytes/s.
double rate_between(const std::vector<double>& bins, std::size_t from, std::size_t to) {
  double sum = 0;
  for (std::size_t s = from; s < to && s < bins.size(); ++s) sum += bins[s];
  return sum / static_cast<double>(to - from);
}

std::vector<double> summed(const std::vector<std::unique_ptr<ClosedLoop>>& loops) {
  std::vector<double> total;
  for (const auto& loop : loops) {
    const auto& bins = loop->bytes_by_second();
    if (bins.size() > total.size()) total.resize(bins.size(), 0.0);
    for (std::size_t s = 0; s < bins.size(); ++s) total[s] += bins[s];
  }
  return total;
}

// First whole second at or after `from` whose rate is below `threshold`.
std::size_t first_second_below(const std::vector<double>& bins, std::size_t from, double threshold) {
  for (std::size_t s = from; s < bins.size(); ++s)
    if (bins[s] < threshold) return s;
  return bins.size();
}

struct Vm6xP60 {
  Engine engine;
  AzureVm vm{engine, d64s_v3()};
  std::vector<std::unique_ptr<ManagedDisk>> disks;
  std::vector<std::unique_ptr<Drive>> attached;
  std::vector<std::unique_ptr<ClosedLoop>> loops;
  Vm6xP60(int outstanding, std::uint64_t bytes) {
    for (int i = 0; i < 6; ++i) {
      disks.push_back(std::make_unique<ManagedDisk>(engine, p60()));
      attached.push_back(vm.attach(*disks.back()));
      loops.push_back(std::make_unique<ClosedLoop>(engine, *attached.back(), outstanding, bytes));
    }
  }
};

}  // namespace

TEST_CASE("azure caps: a saturated P60 gets 16,000 IOPS at 4K, with Little's-law latency and no failures", "[azure]") {
  Engine engine;
  ManagedDisk disk(engine, p60());
  ClosedLoop loop(engine, disk, 64, 4 * KiB);
  loop.start();
  engine.run_until(1 * kSecond);
  loop.reset();
  disk.reset_stats();
  engine.run_until(11 * kSecond);
  CHECK(loop.completed() / 10.0 == Approx(16'000).epsilon(0.002));
  // 64 outstanding at 16,000/s: 4 ms each, twice the 2 ms a disk below its cap takes.
  CHECK(loop.mean_latency_s() == Approx(64 / 16'000.0).epsilon(0.01));
  CHECK(loop.in_flight() == 64);  // every I/O issued either completed or is still in flight
  CHECK(disk.utilisation() == Approx(1.0).epsilon(0.005));
  // The IOPS cap held I/O back the whole time; the MB/s cap (64 MB/s of 500) never did.
  CHECK(disk.iops_cap().throttled_share() == Approx(1.0).epsilon(1e-3));
  CHECK(disk.bytes_cap().throttled_share() == 0);
  CHECK(disk.bytes_cap().utilisation() == Approx(16'000 * 4 * KiB / 500e6).epsilon(0.01));
}

TEST_CASE("azure caps: a P60 moves 500 MB/s at large blocks", "[azure]") {
  Engine engine;
  ManagedDisk disk(engine, p60());
  ClosedLoop loop(engine, disk, 8, 1 * MiB, true);
  loop.start();
  engine.run_until(1 * kSecond);
  loop.reset();
  engine.run_until(11 * kSecond);
  CHECK(loop.completed() * static_cast<double>(MiB) / 10.0 == Approx(500e6).epsilon(0.003));
  CHECK(loop.mean_latency_s() == Approx(8 * MiB / 500e6).epsilon(0.01));
}

TEST_CASE("azure caps: below its caps a disk is its I/O latency (queue depth = IOPS x latency)", "[azure]") {
  Engine engine;
  ManagedDisk disk(engine, p60());
  ClosedLoop loop(engine, disk, 4, 4 * KiB);  // 4 / 2 ms = 2,000 IOPS, far below 16,000
  loop.start();
  engine.run_until(10 * kSecond);
  CHECK(loop.completed() == Approx(4 / 0.002 * 10).margin(4));
  CHECK(loop.mean_latency_s() == Approx(0.002).epsilon(1e-9));
  CHECK(disk.utilisation() == Approx(2'000.0 / 16'000).epsilon(0.002));
  CHECK(disk.iops_cap().throttled_share() == 0);  // below the caps nothing waits
}

TEST_CASE("azure caps: a P60 does not credit-burst; a P20 bursts for 30 minutes from a full bucket", "[azure]") {
  Engine engine;
  ManagedDisk big(engine, p60());
  ManagedDisk small(engine, p20());
  CHECK_FALSE(big.iops_cap().bursts());
  CHECK_FALSE(big.bytes_cap().bursts());
  ClosedLoop on_big(engine, big, 64, 4 * KiB);
  ClosedLoop on_small(engine, small, 32, 4 * KiB);  // 4K: IOPS bind, 3,500 x 4 KiB is far below 150 MB/s
  on_big.start();
  on_small.start();
  engine.run_until(60 * kSecond);
  // From t = 0 the P60 is at 16,000 (plus its 10 ms throttle window once); the P20 at 3,500.
  CHECK(on_big.completed() == Approx(16'000 * 60 + 160).epsilon(0.001));
  CHECK(on_small.completed() == Approx(3'500 * 60 + 35).epsilon(0.001));
  // 60 s of the 30-minute burst spent.
  CHECK(small.iops_cap().burst_seconds_left() == Approx(30 * 60 - 60).margin(0.1));
  CHECK(small.bytes_cap().burst_seconds_left() == Approx(30 * 60).margin(1e-6));  // MB/s stayed below 150
}

TEST_CASE("azure caps: a P20's MB/s burst lasts 30 minutes, then falls to 150 MB/s", "[azure]") {
  Engine engine;
  ManagedDisk disk(engine, p20());
  ClosedLoop loop(engine, disk, 8, 1 * MiB);
  loop.start();
  engine.run_until(2'000 * kSecond);
  const auto& bins = loop.bytes_by_second();
  CHECK(rate_between(bins, 10, 1'790) == Approx(170e6).epsilon(0.003));
  CHECK(rate_between(bins, 1'810, 2'000) == Approx(150e6).epsilon(0.003));
  CHECK(first_second_below(bins, 10, 160e6) == Approx(1'800).margin(1));
}

TEST_CASE("azure caps: D64s_v3 with 6 x P60 is capped at 80,000 IOPS (the disks could do 96,000); IOPS never burst",
          "[azure]") {
  Vm6xP60 rig(64, 4 * KiB);
  for (auto& loop : rig.loops) loop->start();
  rig.engine.run_until(1 * kSecond);
  const double first_second = rig.vm.disk_iops_utilisation();
  for (auto& loop : rig.loops) loop->reset();
  rig.vm.reset_stats();
  rig.engine.run_until(11 * kSecond);
  double total = 0;
  for (const auto& loop : rig.loops) {
    total += loop->completed() / 10.0;
    CHECK(loop->completed() / 10.0 == Approx(80'000 / 6.0).epsilon(0.01));  // FIFO at the VM cap: an even share
  }
  CHECK(total == Approx(80'000).epsilon(0.002));
  CHECK(first_second == Approx(1.0).epsilon(0.02));  // no IOPS burst above 80,000 from full credits
  CHECK(rig.vm.disk_iops_utilisation() == Approx(1.0).epsilon(0.002));
  // 384 outstanding through an 80,000 IOPS cap: 4.8 ms each.
  CHECK(rig.loops[0]->mean_latency_s() == Approx(384 / 80'000.0).epsilon(0.02));
  // 4K at 80,000 IOPS is 328 MB/s, below 1,200: the MB/s credits stay full.
  CHECK(rig.vm.burst_seconds_left() == Approx(30 * 60).margin(1e-6));
}

TEST_CASE("azure caps: D64s_v3 bursts to 2,000 MB/s for 30 minutes, falls to 1,200, and earns credits back below it",
          "[azure]") {
  Vm6xP60 rig(8, 1 * MiB);  // 6 x 500 = 3,000 MB/s of disk, above both VM figures
  for (auto& loop : rig.loops) loop->start();
  rig.engine.run_until(2'000 * kSecond);
  {
    const std::vector<double> bins = summed(rig.loops);
    CHECK(rate_between(bins, 10, 1'790) == Approx(2'000e6).epsilon(0.002));
    CHECK(rate_between(bins, 1'810, 2'000) == Approx(1'200e6).epsilon(0.002));
    CHECK(first_second_below(bins, 10, 1'600e6) == Approx(1'800).margin(1));
    CHECK(rig.vm.burst_seconds_left() < 0.1);
  }
  // 600 s on one disk: 500 MB/s, 700 MB/s below the base, so credits for 700 x 600 / 800 = 525 s of burst.
  for (std::size_t i = 1; i < rig.loops.size(); ++i) rig.loops[i]->stop();
  rig.engine.run_until(2'600 * kSecond);
  CHECK(rate_between(summed(rig.loops), 2'010, 2'600) == Approx(500e6).epsilon(0.002));
  CHECK(rig.vm.burst_seconds_left() == Approx(525).margin(1));
  for (std::size_t i = 1; i < rig.loops.size(); ++i) rig.loops[i]->start();
  rig.engine.run_until(3'300 * kSecond);
  const std::vector<double> bins = summed(rig.loops);
  CHECK(rate_between(bins, 2'610, 3'110) == Approx(2'000e6).epsilon(0.003));
  CHECK(first_second_below(bins, 2'610, 1'600e6) == Approx(2'600 + 525).margin(1));
  CHECK(rate_between(bins, 3'140, 3'300) == Approx(1'200e6).epsilon(0.003));
}

TEST_CASE("azure caps: egress is capped at 30,000 Mb/s; what a VM receives is not", "[azure]") {
  Engine engine;
  AzureVm receiver(engine, d64s_v3());
  std::vector<std::unique_ptr<AzureVm>> senders;
  for (int i = 0; i < 3; ++i) senders.push_back(std::make_unique<AzureVm>(engine, d64s_v3()));
  // Each sender keeps one 1 MiB message waiting at its egress cap; every send reaches the receiver.
  struct Stream final : EventHandler {
    Engine* engine = nullptr;
    AzureVm* from = nullptr;
    AzureVm* to = nullptr;
    void on_event(std::uint64_t) override {
      to->count_received(static_cast<double>(MiB));
      send_more();
    }
    void send_more() {
      while (engine->now() < 2 * kSecond && from->send(static_cast<double>(MiB), *this, 0))
        to->count_received(static_cast<double>(MiB));
    }
  };
  Stream streams[4];
  for (int i = 0; i < 4; ++i) {
    streams[i].engine = &engine;
    streams[i].from = i < 3 ? senders[static_cast<std::size_t>(i)].get() : &receiver;
    streams[i].to = i < 3 ? &receiver : senders[0].get();  // the receiver sends too, at its own cap
  }
  for (Stream& s : streams) s.send_more();
  engine.run_until(2 * kSecond);
  // 3.75 GB/s for 2 s, plus the 10 ms throttle window at t = 0.
  const double cap = 30e9 / 8, sent = cap * (2 + 0.010);
  for (const auto& s : senders) CHECK(s->sent_bytes() == Approx(sent).epsilon(0.001));
  CHECK(receiver.received_bytes() == Approx(3 * sent).epsilon(0.001));  // three times its own egress cap
  CHECK(receiver.sent_bytes() == Approx(sent).epsilon(0.001));          // its egress is unaffected by ingress
  CHECK(senders[0]->received_bytes() == Approx(sent).epsilon(0.001));
  CHECK(receiver.egress_utilisation() == Approx(2.01 / 2).epsilon(0.001));
}

TEST_CASE("azure caps: host-cached disks are refused with the reason", "[azure]") {
  Engine engine;
  AzureVm vm(engine, d64s_v3());
  ManagedDisk big(engine, p60());
  ManagedDisk small(engine, p30());
  CHECK_THROWS_WITH(vm.attach(big, HostCaching::ReadOnly), Catch::Contains("no host caching on disks of 4 TiB"));
  CHECK_THROWS_WITH(vm.attach(small, HostCaching::ReadWrite), Catch::Contains("not modelled"));
  CHECK_NOTHROW(vm.attach(small, HostCaching::None));
}

TEST_CASE("azure caps: bad specs are refused with a message naming the part and the figure", "[azure]") {
  Engine engine;
  ManagedDiskSpec no_iops = p60();
  no_iops.iops = 0;
  CHECK_THROWS_WITH(ManagedDisk(engine, no_iops), Catch::Contains("azure-premium-ssd-p60': IOPS"));
  ManagedDiskSpec low_burst = p20();
  low_burst.burst_bytes_per_s = 100e6;  // below its 150 MB/s base
  CHECK_THROWS_WITH(ManagedDisk(engine, low_burst), Catch::Contains("at least the base cap"));
  ManagedDiskSpec no_window = p20();
  no_window.burst_window_s = 0;
  CHECK_THROWS_WITH(ManagedDisk(engine, no_window), Catch::Contains("burst window"));
  CloudVmSpec cores = d64s_v3();
  cores.physical_cores = 65;
  CHECK_THROWS_WITH(AzureVm(engine, cores), Catch::Contains("physical cores"));
  CloudVmSpec parent = d64s_v3();
  parent.vcpus = 16;
  parent.parent_vcpus = 0;
  CHECK_THROWS_WITH(AzureVm(engine, parent), Catch::Contains("parent size"));
}
