// A hard disk (7.2K NL-SAS / SATA class): one head assembly over a spinning
// platter, with command queueing.
//
// Service of one command = positioning + media transfer:
//   seek      SeekCurve over the radial distance from where the head is (the end
//             of the last command) to the target; none on the same track;
//   rotation  the platter turns at rpm from angle 0 at time 0, so at time t the
//             head is over angle frac(t / revolution); a target at angle a (from
//             DiskGeometry) is reached after frac(a - head angle on landing)
//             revolutions. Random targets make this uniform on [0, 1 revolution),
//             mean 30 / rpm s; a queue scheduler can use it exactly;
//   transfer  bytes / media rate at the target's zone (DiskGeometry).
// A command that starts where the previous one ended needs no positioning (the
// drive streams on, its read-ahead and write gathering keep pace with a host that
// queues the next piece of a stream in time), so sequential streams run at media rate.
//
// Command queueing (NCQ / tagged queueing): up to queue_depth commands are in
// the drive (the rest wait in FIFO order in front of it, see DeviceQueue).
// Whenever the head is free the drive serves the command with the shortest
// positioning time (seek + rotational wait, computed from the head's position
// and the platter angle: SPTF / rotational position ordering), except that a
// command that has waited longer than the aging bound goes first (oldest first),
// so nothing starves. The bound must exceed queue_depth x the QD1 service time
// (the FCFS response time of a full queue), or every command of a full queue
// would have aged before its turn and the drive would serve oldest-first: the
// constructor refuses such a bound. The choice is made at the completion of the previous
// command, among the commands already in the drive (the host's next command
// arrives after it).
//
// Writes: a forced-unit-access write, or any write with the volatile write cache
// disabled, completes when it is on the media. With the cache enabled, a write
// without FUA is acknowledged once its data has crossed the link into the cache
// (bytes / link payload rate) and written to the media later by the same
// scheduler (the oldest queue_depth cached writes compete with host commands;
// more wait in FIFO order); when the cache is full, a write goes through to the
// media. Reads are not served from dirty cache data.
//
// Cost: O(1) per arrival; O(n) per dispatch for the position scan over the n
// commands in the drive, n <= queue_depth (+ queue_depth cached writes): a
// constant of the drive, independent of how many I/Os wait in front of it.
// Nothing is allocated once the command slots have grown to their peak.
#pragma once

#include <cstdint>
#include <vector>

#include "models/hardware/device_queue.hpp"
#include "models/hardware/disk_geometry.hpp"
#include "models/hardware/drive.hpp"
#include "models/hardware/hba.hpp"
#include "models/hardware/seek_curve.hpp"
#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/record_pool.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::models {

// The shortest queue age limit the model accepts for a hard disk: queue depth x
// one QD1 service (average seek + half a revolution). Below it every command a
// full queue holds has aged before it could be served by position, and the
// drive would run oldest-first. The catalog loader checks a part against it.
double hdd_min_queue_age_ns(const DriveSpec& spec);

class HddDrive final : public Drive {
 public:
  // `hba` (may be null) must outlive the drive. Throws std::invalid_argument on
  // figures the model cannot use (see DiskGeometry, SeekCurve, DeviceQueue).
  HddDrive(sim::Engine& engine, const DriveSpec& spec, Hba* hba = nullptr);
  // With the seek curve already solved for this spec (solving it takes a
  // numerical search; drives of one model share the result).
  HddDrive(sim::Engine& engine, const DriveSpec& spec, Hba* hba, const SeekCurve* seek);

  // Throws std::invalid_argument for an empty I/O or one beyond the capacity.
  void submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) override;

  // Fraction of time the head was busy (positioning or transferring).
  double utilisation() const override { return busy_stat_.average(engine_.now()); }
  std::uint64_t reads() const override { return reads_; }
  std::uint64_t writes() const override { return writes_; }
  int device_queue_depth() const override { return device_.queue_depth(); }
  double device_queue_occupancy() const override { return device_.occupancy(); }
  void reset_stats();

  const DiskGeometry& geometry() const { return geometry_; }
  const SeekCurve& seek_curve() const { return seek_; }
  const DeviceQueue& device_queue() const { return device_; }
  bool write_cache_enabled() const { return cache_bytes_ > 0; }

  // Where the media time went since reset_stats(), summed over media operations.
  struct MediaTime {
    std::uint64_t operations = 0;
    std::uint64_t streamed = 0;  // contiguous with the previous one: no positioning
    std::uint64_t aged = 0;      // chosen by the aging bound, not by position
    double seek_ns = 0;
    double rotation_ns = 0;
    double transfer_ns = 0;
  };
  const MediaTime& media_time() const { return media_time_; }

 private:
  struct Command {
    DriveIo io;
    sim::EventHandler* done = nullptr;  // null once acknowledged (a cached write)
    std::uint64_t arg = 0;
    double x = 0;                // radial position of the first byte
    double track = 0;            // track coordinate of the first byte
    double angle = 0;            // its angle on the platter, revolutions
    double rate = 0;             // media bytes per second there
    sim::SimTime queued_at = 0;  // when it became a scheduling candidate
    bool cached = false;         // acknowledged from the write cache, destaged later
    bool on_media = false;
  };
  struct Positioning {
    double seek_ns = 0;
    double rotation_ns = 0;
  };
  Positioning positioning(const Command& command, double now_ns) const;
  void on_at_drive(std::uint64_t slot);
  void on_media_done(std::uint64_t slot);
  void on_cache_ack(std::uint64_t slot);
  void add_candidate(std::uint32_t slot);
  void dispatch();
  void destage_into_window();

  sim::Engine& engine_;
  DiskGeometry geometry_;
  SeekCurve seek_;
  sim::SimTime age_limit_;
  std::uint64_t cache_bytes_;
  std::uint64_t cache_used_ = 0;
  double link_bytes_per_s_;
  std::size_t window_;  // cached writes among the scheduling candidates at most
  std::size_t cached_in_window_ = 0;
  sim::MemberEvent<HddDrive, &HddDrive::on_at_drive> at_drive_{*this};
  sim::MemberEvent<HddDrive, &HddDrive::on_media_done> media_done_{*this};
  sim::MemberEvent<HddDrive, &HddDrive::on_cache_ack> cache_ack_{*this};
  DeviceQueue device_;
  sim::RecordPool<Command> commands_;
  std::vector<std::uint32_t> candidates_;      // in the drive, in the order they became candidates
  sim::FifoRing<std::uint32_t> destage_fifo_;  // cached writes beyond the window
  // The head: where the last media operation ended.
  bool busy_ = false;
  std::uint64_t head_end_offset_ = 0;
  double head_x_ = 0;
  double head_track_ = 0;
  std::uint64_t reads_ = 0;
  std::uint64_t writes_ = 0;
  MediaTime media_time_;
  sim::TimeWeighted busy_stat_;
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_.statistics(), "drive", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
