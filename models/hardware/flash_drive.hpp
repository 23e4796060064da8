// A flash drive (NVMe or SAS/SATA SSD) built from its datasheet figures.
//
// Media: a pool of c parallel channels, c = rated 4K random read IOPS x QD1
// read latency (Little's law). Each I/O needs some channel-time (work) and may
// spread over at most `span` channels at once; concurrent I/Os share the pool
// max-min fairly (sim::SharedCapacity). Reads and writes share the pool, so
// writes slow reads down.
//   read work  = max(L_r, c * bytes / seq_read_bw)   -> 1.4 M IOPS at 4K, 6.9 GB/s large
//   write work = c * max(1 / write_iops, bytes / seq_write_bw)
//   span       = bytes / (the bytes one channel serves in one unit of work), >= 1
// so an I/O alone finishes in about L_r (reads) whatever its size, and a deep
// queue gets the datasheet IOPS and bandwidth.
// Writes: with a power-loss-protected write buffer, a write is acknowledged
// QD1-write-latency after it enters the buffer and drains to the media behind;
// when the buffer is full, writes wait for room (back-pressure).
// Speed: while the I/Os in flight use fewer channels than the drive has (the
// usual case), nothing changes anyone's rate, so the media predicts each I/O's
// end (SharedCapacity::start_predicted): a read's completion is scheduled here
// directly, and a buffered write's drain takes no event at all (its room in
// the buffer is given back lazily, at the time it ended, when room is looked
// for; a write waiting for room is woken at the earliest end). When the media
// converts them (the channels fill up), they go back to its callbacks.
#pragma once

#include <cstdint>
#include <vector>

#include "models/hardware/drive.hpp"
#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/record_pool.hpp"
#include "sim/shared_capacity.hpp"

namespace hcisim::models {

class FlashDrive final : public Drive {
 public:
  // Bound on c (the loader refuses drives past it; the constructor throws).
  static constexpr std::int64_t kMaxChannels = 65'536;

  FlashDrive(sim::Engine& engine, const DriveSpec& spec);

  // Flash has no seek: the offset does not matter. Every write is durable once
  // acknowledged (the write buffer is power-loss protected), so write-through
  // costs nothing extra.
  void submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) override;

  int channels() const { return channels_; }
  // Time-average fraction of channel capacity in use since reset_stats().
  double utilisation() const override { return media_.utilisation(); }
  std::uint64_t reads() const override { return reads_; }
  std::uint64_t writes() const override { return writes_; }
  void reset_stats();

 private:
  struct PendingWrite {
    std::uint64_t bytes;
    sim::EventHandler* done;
    std::uint64_t arg;
  };
  // A write whose drain to the media is predicted, and when the drain ends (kept
  // here, so looking for the drains that are due reads no write record).
  struct PredictedDrain {
    sim::SimTime at;
    std::uint32_t record;
  };
  struct PendingRead {
    sim::EventHandler* done;
    std::uint64_t arg;
    sim::EventId completion;  // while predicted
  };
  void read_bytes(std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg);
  void write_bytes(std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg);
  int span_class(double span);
  void write_work(std::uint64_t bytes);  // last_write_work_ and last_write_class_ for `bytes`
  void admit(std::uint32_t record);      // into the write buffer
  void admit_waiting();
  void on_ack_due(std::uint64_t record);
  void on_media_written(std::uint64_t record);
  void drained(std::uint32_t record);  // its data is on the media: its buffer room is free
  void release_drained();              // the predicted drains that have ended by now
  void wake_at_next_drain();           // a write waits for room: wake it when a predicted drain ends
  void on_wake(std::uint64_t);
  void on_write_converted(std::uint64_t record);
  void on_read_due(std::uint64_t read);
  void on_read_converted(std::uint64_t read);
  void finish_read(std::uint64_t read);

  sim::Engine* engine_;
  // What every I/O reads and writes first, side by side (a drive is cold when its next I/O comes).
  std::uint64_t reads_ = 0;
  std::uint64_t writes_ = 0;
  // The last read's and write's size, work and rate class (computed again only when the size changes).
  std::uint64_t last_read_bytes_ = ~std::uint64_t{0};
  double last_read_work_ = 0;
  int last_read_class_ = 0;
  std::uint64_t last_write_bytes_ = ~std::uint64_t{0};
  double last_write_work_ = 0;
  int last_write_class_ = 0;
  sim::RecordPool<PendingRead> predicted_reads_;
  double capacity_;            // channels, IOPS x QD1 latency, fractional
  sim::SharedCapacity media_;  // its hot members first: right after the drive's own
  int channels_;               // rounded, for reports
  double read_latency_s_;
  double read_bw_;
  double write_bw_;
  double write_iops_;
  sim::SimTime write_latency_;
  std::uint64_t buffer_bytes_;
  std::uint64_t buffer_used_ = 0;
  std::vector<int>
      span_classes_;  // class index by span (channels); -1 = not registered yet; grows to the largest span used
  sim::RecordPool<PendingWrite> records_;
  std::vector<PredictedDrain> predicted_drains_;  // few: the media bounds them
  sim::SimTime earliest_drain_ = 0;               // the earliest of their ends (while there are any)
  sim::EventId wake_{};
  sim::SimTime wake_time_ = 0;
  std::vector<std::uint32_t> waiting_;  // FIFO of records waiting for buffer room
  std::size_t waiting_head_ = 0;
  sim::MemberEvent<FlashDrive, &FlashDrive::on_ack_due> ack_due_{*this};
  sim::MemberEvent<FlashDrive, &FlashDrive::on_media_written> media_written_{*this};
  sim::MemberEvent<FlashDrive, &FlashDrive::on_write_converted> write_converted_{*this};
  sim::MemberEvent<FlashDrive, &FlashDrive::on_wake> wake_event_{*this};
  sim::MemberEvent<FlashDrive, &FlashDrive::on_read_due> read_due_{*this};
  sim::MemberEvent<FlashDrive, &FlashDrive::finish_read> read_done_{*this};
  sim::MemberEvent<FlashDrive, &FlashDrive::on_read_converted> read_converted_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "drive", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
