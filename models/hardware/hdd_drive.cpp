#include "models/hardware/hdd_drive.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "models/hardware/serial_link.hpp"

namespace hcisim::models {

namespace {
const DriveSpec& checked(const DriveSpec& spec) {
  if (spec.kind != DriveKind::Hdd) throw std::invalid_argument("drive '" + spec.id + "': not of type hdd");
  if (spec.queue_age_limit_ns < 0) throw std::invalid_argument("drive '" + spec.id + "': negative queue age limit");
  return spec;
}

double fraction(double revolutions) { return revolutions - std::floor(revolutions); }
}  // namespace

double hdd_min_queue_age_ns(const DriveSpec& spec) {
  const double qd1_service_ns = static_cast<double>(spec.avg_seek_ns) + 60e9 / spec.rpm / 2;
  return std::max(spec.queue_depth, 1) * qd1_service_ns;
}

HddDrive::HddDrive(sim::Engine& engine, const DriveSpec& spec, Hba* hba) : HddDrive(engine, spec, hba, nullptr) {}

HddDrive::HddDrive(sim::Engine& engine, const DriveSpec& spec, Hba* hba, const SeekCurve* seek)
    : engine_(engine),
      geometry_(checked(spec).capacity_bytes, spec.rpm, spec.outer_media_bytes_per_s, spec.inner_media_bytes_per_s),
      seek_(seek ? *seek
                 : SeekCurve(geometry_, spec.track_to_track_seek_ns, spec.avg_seek_ns, spec.full_stroke_seek_ns)),
      age_limit_(spec.queue_age_limit_ns),
      cache_bytes_(spec.write_cache_bytes),
      link_bytes_per_s_(link_payload_bytes_per_s(spec)),
      window_(static_cast<std::size_t>(std::max(spec.queue_depth, 1))),
      device_(engine, spec.queue_depth, hba, at_drive_),
      commands_(window_ * 3),
      busy_stat_(engine.now()) {
  candidates_.reserve(2 * window_);
  if (age_limit_ > 0 && static_cast<double>(age_limit_) < hdd_min_queue_age_ns(spec)) {
    throw std::invalid_argument("drive '" + spec.id + "': queue age limit " + std::to_string(age_limit_) +
                                " ns is below queue depth x QD1 service time (" +
                                std::to_string(static_cast<std::int64_t>(hdd_min_queue_age_ns(spec))) +
                                " ns): every full queue would be served oldest-first");
  }
}

void HddDrive::submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) {
  if (io.bytes == 0 || io.offset > geometry_.capacity() || io.bytes > geometry_.capacity() - io.offset) {
    throw std::invalid_argument("hard disk: I/O of " + std::to_string(io.bytes) + " bytes at offset " +
                                std::to_string(io.offset) + " does not fit in " + std::to_string(geometry_.capacity()) +
                                " bytes");
  }
  if (io.write) {
    ++writes_;
  } else {
    ++reads_;
  }
  Command command;
  command.io = io;
  command.done = &done;
  command.arg = arg;
  command.x = geometry_.radius_fraction(io.offset);
  command.track = geometry_.track_of(command.x);
  command.angle = fraction(command.track);
  command.rate = geometry_.rate_at(command.x);
  device_.submit(commands_.take(command), io.bytes, io.write);
}

void HddDrive::on_at_drive(std::uint64_t slot) {
  Command& command = commands_[slot];
  const bool cacheable = command.io.write && !command.io.write_through && cache_bytes_ > 0 &&
                         cache_used_ + command.io.bytes <= cache_bytes_;
  if (cacheable) {
    command.cached = true;
    cache_used_ += command.io.bytes;
    const double link_ns = static_cast<double>(command.io.bytes) / link_bytes_per_s_ * 1e9;
    engine_.schedule_in(static_cast<sim::SimTime>(std::ceil(link_ns)), cache_ack_, slot);
    if (cached_in_window_ < window_) {
      ++cached_in_window_;
      add_candidate(static_cast<std::uint32_t>(slot));
    } else {
      destage_fifo_.push_back(static_cast<std::uint32_t>(slot));
    }
  } else {
    add_candidate(static_cast<std::uint32_t>(slot));
  }
  if (!busy_) dispatch();
}

void HddDrive::add_candidate(std::uint32_t slot) {
  commands_[slot].queued_at = engine_.now();
  candidates_.push_back(slot);
}

HddDrive::Positioning HddDrive::positioning(const Command& command, double now_ns) const {
  if (command.io.offset == head_end_offset_) return {};  // streams on
  Positioning p;
  if (std::fabs(command.track - head_track_) >= 1.0) p.seek_ns = seek_.seek_ns(std::fabs(command.x - head_x_));
  const double head_angle = fraction((now_ns + p.seek_ns) / geometry_.revolution_ns());
  p.rotation_ns = fraction(command.angle - head_angle) * geometry_.revolution_ns();
  return p;
}

void HddDrive::dispatch() {
  if (candidates_.empty()) return;
  const sim::SimTime now = engine_.now();
  const double now_ns = static_cast<double>(now);
  std::size_t chosen = 0;
  Positioning best;
  const bool aged = age_limit_ > 0 && now - commands_[candidates_.front()].queued_at > age_limit_;
  if (aged) {
    best = positioning(commands_[candidates_.front()], now_ns);
  } else {
    double shortest = 0;
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
      const Positioning p = positioning(commands_[candidates_[i]], now_ns);
      const double total = p.seek_ns + p.rotation_ns;
      if (i == 0 || total < shortest) {
        shortest = total;
        best = p;
        chosen = i;
      }
    }
  }
  const std::uint32_t slot = candidates_[chosen];
  candidates_.erase(candidates_.begin() + static_cast<std::ptrdiff_t>(chosen));
  Command& command = commands_[slot];
  const double transfer_ns = static_cast<double>(command.io.bytes) / command.rate * 1e9;

  media_time_.operations += 1;
  media_time_.streamed += (best.seek_ns == 0 && best.rotation_ns == 0) ? 1 : 0;
  media_time_.aged += aged ? 1 : 0;
  media_time_.seek_ns += best.seek_ns;
  media_time_.rotation_ns += best.rotation_ns;
  media_time_.transfer_ns += transfer_ns;

  // The head ends where this command ends.
  const std::uint64_t end = command.io.offset + command.io.bytes;
  head_end_offset_ = end;
  head_x_ = geometry_.radius_fraction(end);
  head_track_ = geometry_.track_of(head_x_);
  busy_ = true;
  busy_stat_.set(now, 1.0);
  const auto service = static_cast<sim::SimTime>(std::llround(best.seek_ns + best.rotation_ns + transfer_ns));
  engine_.schedule_in(std::max<sim::SimTime>(service, 1), media_done_, slot);
}

void HddDrive::on_media_done(std::uint64_t slot) {
  busy_ = false;
  busy_stat_.set(engine_.now(), 0.0);
  Command& command = commands_[slot];
  if (command.cached) {
    // A destage: the host heard of it already (or will, when its ack is due).
    cache_used_ -= command.io.bytes;
    command.on_media = true;
    if (command.done == nullptr) commands_.release(static_cast<std::uint32_t>(slot));
    --cached_in_window_;
    destage_into_window();
    dispatch();
    return;
  }
  sim::EventHandler* done = command.done;
  const std::uint64_t arg = command.arg;
  commands_.release(static_cast<std::uint32_t>(slot));
  dispatch();        // the next choice is made before the host sends more
  device_.finish();  // which may bring the next waiting command in
  done->on_event(arg);
}

void HddDrive::on_cache_ack(std::uint64_t slot) {
  Command& command = commands_[slot];
  sim::EventHandler* done = command.done;
  const std::uint64_t arg = command.arg;
  command.done = nullptr;
  if (command.on_media) commands_.release(static_cast<std::uint32_t>(slot));
  device_.finish();
  done->on_event(arg);
}

void HddDrive::destage_into_window() {
  while (cached_in_window_ < window_ && !destage_fifo_.empty()) {
    ++cached_in_window_;
    add_candidate(destage_fifo_.pop_front());
  }
}

void HddDrive::reset_stats() {
  reads_ = 0;
  writes_ = 0;
  media_time_ = MediaTime{};
  busy_stat_.reset(engine_.now());
  device_.reset_stats();
}

}  // namespace hcisim::models
