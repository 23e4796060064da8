// A SAS or SATA SSD: FlashDrive's media model behind a serial link and a device
// queue, optionally behind the node's HBA.
//
// Path of one command: device queue (at most queue_depth at the drive, the rest
// wait in FIFO order) -> HBA (if any) -> write data over the link -> media ->
// read data over the link -> done. The media is a FlashDrive built from the same
// datasheet figures, except that the QD1 latencies lose the link time of the
// 4 KiB the datasheet measured them with (the datasheet times them at the host,
// through the link; the link is charged here on its own):
//     media latency = datasheet QD1 latency - 4096 B / link payload rate.
// So a QD1 4K read takes the datasheet latency, small random I/O at depth gets
// the media's IOPS (when the device queue is deep enough to keep the channels
// busy: IOPS <= queue_depth / latency), and large transfers at depth run at
// min(media bandwidth, link payload rate).
#pragma once

#include <cstdint>
#include <memory>

#include "models/hardware/device_queue.hpp"
#include "models/hardware/drive.hpp"
#include "models/hardware/flash_drive.hpp"
#include "models/hardware/hba.hpp"
#include "models/hardware/serial_link.hpp"
#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/record_pool.hpp"

namespace hcisim::models {

class SerialSsd final : public Drive {
 public:
  // `hba` (may be null) must outlive the drive.
  SerialSsd(sim::Engine& engine, const DriveSpec& spec, Hba* hba = nullptr);

  void submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) override;

  // The busier of the media (channel time) and the link.
  double utilisation() const override;
  std::uint64_t reads() const override { return reads_; }
  std::uint64_t writes() const override { return writes_; }
  int device_queue_depth() const override { return device_.queue_depth(); }
  double device_queue_occupancy() const override { return device_.occupancy(); }
  void reset_stats();

  const FlashDrive& media() const { return media_; }
  const SerialLink& link() const { return link_; }
  const DeviceQueue& device_queue() const { return device_; }

 private:
  struct Command {
    DriveIo io;
    sim::EventHandler* done = nullptr;
    std::uint64_t arg = 0;
  };
  void on_at_drive(std::uint64_t slot);
  void on_link_done(std::uint64_t slot);
  void on_media_done(std::uint64_t slot);
  void finish(std::uint32_t slot);

  sim::MemberEvent<SerialSsd, &SerialSsd::on_at_drive> at_drive_{*this};
  sim::MemberEvent<SerialSsd, &SerialSsd::on_link_done> link_done_{*this};
  sim::MemberEvent<SerialSsd, &SerialSsd::on_media_done> media_done_{*this};
  SerialLink link_;
  FlashDrive media_;
  DeviceQueue device_;
  sim::RecordPool<Command> commands_;
  std::uint64_t reads_ = 0;
  std::uint64_t writes_ = 0;
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_;
};

}  // namespace hcisim::models
