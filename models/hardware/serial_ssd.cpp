#include "models/hardware/serial_ssd.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::models {

namespace {
// The drive's figures with the link's share of the QD1 latencies taken out.
DriveSpec media_spec(const DriveSpec& spec) {
  if (spec.kind != DriveKind::SasSsd && spec.kind != DriveKind::SataSsd) {
    throw std::invalid_argument("drive '" + spec.id + "': a serial-attached SSD must be of type sas_ssd or sata_ssd");
  }
  const auto link_ns = static_cast<std::int64_t>(std::llround(4096.0 / link_payload_bytes_per_s(spec) * 1e9));
  if (spec.read_latency_ns <= link_ns || spec.write_latency_ns <= link_ns) {
    throw std::invalid_argument("drive '" + spec.id +
                                "': QD1 read and write latencies must exceed the link time of 4 KiB (" +
                                std::to_string(link_ns) + " ns)");
  }
  DriveSpec media = spec;
  media.read_latency_ns -= link_ns;
  media.write_latency_ns -= link_ns;
  return media;
}
}  // namespace

SerialSsd::SerialSsd(sim::Engine& engine, const DriveSpec& spec, Hba* hba)
    : link_(engine, spec),
      media_(engine, media_spec(spec)),
      device_(engine, spec.queue_depth, hba, at_drive_),
      commands_(static_cast<std::size_t>(std::max(spec.queue_depth, 1)) * 2),
      stats_(engine.statistics(), "drive", [this](sim::SimTime) { reset_stats(); }) {}

void SerialSsd::submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) {
  if (io.write) {
    ++writes_;
  } else {
    ++reads_;
  }
  const std::uint32_t slot = commands_.take(Command{io, &done, arg});
  device_.submit(slot, io.bytes, io.write);
}

void SerialSsd::on_at_drive(std::uint64_t slot) {
  const DriveIo& io = commands_[slot].io;
  if (io.write) {
    link_.transfer(io.bytes, true, link_done_, slot);  // the data comes first
  } else {
    media_.submit(io, media_done_, slot);
  }
}

void SerialSsd::on_link_done(std::uint64_t slot) {
  const DriveIo& io = commands_[slot].io;
  if (io.write) {
    media_.submit(io, media_done_, slot);
  } else {
    finish(static_cast<std::uint32_t>(slot));
  }
}

void SerialSsd::on_media_done(std::uint64_t slot) {
  const DriveIo& io = commands_[slot].io;
  if (io.write) {
    finish(static_cast<std::uint32_t>(slot));
  } else {
    link_.transfer(io.bytes, false, link_done_, slot);
  }
}

void SerialSsd::finish(std::uint32_t slot) {
  const Command command = commands_[slot];
  commands_.release(slot);
  device_.finish();
  command.done->on_event(command.arg);
}

double SerialSsd::utilisation() const { return std::max(media_.utilisation(), link_.utilisation()); }

void SerialSsd::reset_stats() {  // its media enrolled as a drive of its own
  link_.reset_stats();
  device_.reset_stats();
  reads_ = 0;
  writes_ = 0;
}

}  // namespace hcisim::models
