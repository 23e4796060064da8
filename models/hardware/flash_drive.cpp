#include "models/hardware/flash_drive.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::models {

namespace {
// The drive's parallelism, IOPS x QD1 latency by Little's law: fractional (a
// drive rated below its own QD1 rate, e.g. 0.5 IOPS at 90 us, has 4.5e-5 of a
// channel, so a read alone then takes 1 / IOPS), never rounded, so the
// rating holds exactly at any depth and a lone read takes the QD1 latency.
double capacity_of(const DriveSpec& spec) {
  if (!(spec.random_read_iops > 0) || spec.read_latency_ns <= 0 || !(spec.random_write_iops > 0) ||
      !(spec.seq_read_bytes_per_s > 0) || !(spec.seq_write_bytes_per_s > 0)) {
    throw std::invalid_argument("drive '" + spec.id +
                                "': random IOPS, sequential bandwidth and QD1 read latency must be positive");
  }
  // In double, checked before any integer conversion: the product can be anything a catalog holds.
  const double in_flight = spec.random_read_iops * static_cast<double>(spec.read_latency_ns) / 1e9;
  if (!(in_flight <= static_cast<double>(FlashDrive::kMaxChannels))) {
    throw std::invalid_argument("drive '" + spec.id + "': random IOPS x QD1 read latency = " +
                                std::to_string(in_flight) + " channels; at most " +
                                std::to_string(FlashDrive::kMaxChannels) + " are modelled");
  }
  return in_flight;
}
}  // namespace

FlashDrive::FlashDrive(sim::Engine& engine, const DriveSpec& spec)
    : engine_(&engine),
      capacity_(capacity_of(spec)),
      channels_(static_cast<int>(std::max<std::int64_t>(1, std::llround(capacity_)))),
      read_latency_s_(spec.read_latency_ns * 1e-9),
      read_bw_(spec.seq_read_bytes_per_s),
      write_bw_(spec.seq_write_bytes_per_s),
      write_iops_(spec.random_write_iops),
      write_latency_(spec.write_latency_ns),
      buffer_bytes_(spec.write_buffer_bytes),
      media_(engine, capacity_),
      span_classes_(static_cast<std::size_t>(std::min(channels_, 64)) + 1, -1) {}

// Rate classes are per whole number of channels an I/O may span (few distinct
// sizes in any workload, so few classes).
int FlashDrive::span_class(double span) {
  const int whole =
      static_cast<int>(std::clamp(std::ceil(span - 1e-9), 1.0, std::max(1.0, std::ceil(capacity_ - 1e-9))));
  // Grows only when a larger span first occurs (a few sizes per workload), not per I/O.
  if (static_cast<std::size_t>(whole) >= span_classes_.size()) span_classes_.resize(static_cast<std::size_t>(whole) + 1, -1);
  int& cls = span_classes_[static_cast<std::size_t>(whole)];
  if (cls < 0) cls = media_.rate_class(static_cast<double>(whole));
  return cls;
}

void FlashDrive::submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) {
  if (io.write) {
    write_bytes(io.bytes, done, arg);
  } else {
    read_bytes(io.bytes, done, arg);
  }
}

void FlashDrive::read_bytes(std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg) {
  ++reads_;
  if (bytes != last_read_bytes_) {  // most reads have the size of the one before: keep its work and class
    last_read_work_ = std::max(read_latency_s_, capacity_ * static_cast<double>(bytes) / read_bw_);
    last_read_class_ = span_class(last_read_work_ / read_latency_s_);
    last_read_bytes_ = bytes;
  }
  media_.submit(last_read_work_, last_read_class_, done, arg);
}

std::uint32_t FlashDrive::take_record(const PendingWrite& write) {
  if (free_records_.empty()) {
    records_.push_back(write);
    return static_cast<std::uint32_t>(records_.size() - 1);
  }
  const std::uint32_t index = free_records_.back();
  free_records_.pop_back();
  records_[index] = write;
  return index;
}

void FlashDrive::submit_write_to_media(std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg) {
  if (bytes != last_write_bytes_) {  // as for reads: the work and class of the last size
    const double per_op = 1.0 / write_iops_;
    last_write_work_ = capacity_ * std::max(per_op, static_cast<double>(bytes) / write_bw_);
    last_write_class_ = span_class(last_write_work_ / (capacity_ * per_op));
    last_write_bytes_ = bytes;
  }
  media_.submit(last_write_work_, last_write_class_, done, arg);
}

void FlashDrive::write_bytes(std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg) {
  ++writes_;
  if (buffer_bytes_ == 0 || bytes == 0) {
    // No buffer: the write completes when the media has it. (A zero-byte
    // write takes no buffer record: a drained record is marked by 0 bytes.)
    submit_write_to_media(bytes, done, arg);
    return;
  }
  const std::uint32_t record = take_record(PendingWrite{bytes, &done, arg});
  const bool room = waiting_head_ == waiting_.size() && buffer_used_ + bytes <= std::max(buffer_bytes_, bytes);
  if (room) {
    admit(record);
  } else {
    waiting_.push_back(record);
  }
}

void FlashDrive::admit(std::uint32_t record) {
  const PendingWrite& w = records_[record];
  buffer_used_ += w.bytes;
  engine_->schedule_in(write_latency_, ack_due_, record);
  submit_write_to_media(w.bytes, media_written_, record);
}

void FlashDrive::on_ack_due(std::uint64_t record) {
  // The record stays until the media has the data too; ack and drain are independent.
  PendingWrite& w = records_[record];
  sim::EventHandler* done = w.done;
  w.done = nullptr;
  if (w.bytes == 0) free_records_.push_back(static_cast<std::uint32_t>(record));  // drained first
  done->on_event(w.arg);
}

void FlashDrive::on_media_written(std::uint64_t record) {
  PendingWrite& w = records_[record];
  buffer_used_ -= w.bytes;
  w.bytes = 0;
  if (w.done == nullptr) free_records_.push_back(static_cast<std::uint32_t>(record));  // acked first
  while (waiting_head_ < waiting_.size()) {
    const std::uint32_t next = waiting_[waiting_head_];
    if (buffer_used_ + records_[next].bytes > std::max(buffer_bytes_, records_[next].bytes)) break;
    ++waiting_head_;
    admit(next);
  }
  if (waiting_head_ == waiting_.size()) {
    waiting_.clear();
    waiting_head_ = 0;
  }
}

void FlashDrive::reset_stats() {
  media_.reset_stats();
  reads_ = 0;
  writes_ = 0;
}

}  // namespace hcisim::models
