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
    throw std::invalid_argument("drive '" + spec.id +
                                "': random IOPS x QD1 read latency = " + std::to_string(in_flight) +
                                " channels; at most " + std::to_string(FlashDrive::kMaxChannels) + " are modelled");
  }
  return in_flight;
}
}  // namespace

FlashDrive::FlashDrive(sim::Engine& engine, const DriveSpec& spec)
    : engine_(&engine),
      capacity_(capacity_of(spec)),
      media_(engine, capacity_),
      channels_(static_cast<int>(std::max<std::int64_t>(1, std::llround(capacity_)))),
      read_latency_s_(spec.read_latency_ns * 1e-9),
      read_bw_(spec.seq_read_bytes_per_s),
      write_bw_(spec.seq_write_bytes_per_s),
      write_iops_(spec.random_write_iops),
      write_latency_(spec.write_latency_ns),
      buffer_bytes_(spec.write_buffer_bytes),
      span_classes_(static_cast<std::size_t>(std::min(channels_, 64)) + 1, -1) {}

// Rate classes are per whole number of channels an I/O may span (few distinct
// sizes in any workload, so few classes).
int FlashDrive::span_class(double span) {
  const int whole =
      static_cast<int>(std::clamp(std::ceil(span - 1e-9), 1.0, std::max(1.0, std::ceil(capacity_ - 1e-9))));
  // Grows only when a larger span first occurs (a few sizes per workload), not per I/O.
  if (static_cast<std::size_t>(whole) >= span_classes_.size())
    span_classes_.resize(static_cast<std::size_t>(whole) + 1, -1);
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
  const sim::SharedCapacity::Prediction media = media_.predict(last_read_work_, last_read_class_);
  if (!media) {
    media_.submit(last_read_work_, last_read_class_, done, arg);
    return;
  }
  const std::uint32_t read = predicted_reads_.take(PendingRead{&done, arg, sim::EventId{}});
  const sim::SimTime end = media_.start_predicted(media, read_done_, read_converted_, read);
  predicted_reads_[read].completion = engine_->schedule_at(end, read_due_, read);
}

void FlashDrive::on_read_due(std::uint64_t read) {
  predicted_reads_[read].completion = sim::EventId{};
  finish_read(read);
}

// The media slowed it down: its own completion callback (read_done_) decides now.
void FlashDrive::on_read_converted(std::uint64_t read) {
  engine_->cancel(predicted_reads_[read].completion);
  predicted_reads_[read].completion = sim::EventId{};
}

void FlashDrive::finish_read(std::uint64_t read) {
  const PendingRead r = predicted_reads_[read];
  predicted_reads_.release(static_cast<std::uint32_t>(read));
  r.done->on_event(r.arg);
}

void FlashDrive::write_work(std::uint64_t bytes) {
  if (bytes == last_write_bytes_) return;  // as for reads: the work and class of the last size
  const double per_op = 1.0 / write_iops_;
  last_write_work_ = capacity_ * std::max(per_op, static_cast<double>(bytes) / write_bw_);
  last_write_class_ = span_class(last_write_work_ / (capacity_ * per_op));
  last_write_bytes_ = bytes;
}

void FlashDrive::write_bytes(std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg) {
  ++writes_;
  if (buffer_bytes_ == 0 || bytes == 0) {
    // No buffer: the write completes when the media has it. (A zero-byte
    // write takes no buffer record: a drained record is marked by 0 bytes.)
    write_work(bytes);
    media_.submit(last_write_work_, last_write_class_, done, arg);
    return;
  }
  const std::uint32_t record = records_.take(PendingWrite{bytes, &done, arg});
  release_drained();
  const bool room = waiting_head_ == waiting_.size() && buffer_used_ + bytes <= std::max(buffer_bytes_, bytes);
  if (room) {
    admit(record);
  } else {
    waiting_.push_back(record);
    wake_at_next_drain();
  }
}

void FlashDrive::admit(std::uint32_t record) {
  PendingWrite& w = records_[record];
  buffer_used_ += w.bytes;
  engine_->schedule_in(write_latency_, ack_due_, record);
  write_work(w.bytes);
  const sim::SharedCapacity::Prediction media = media_.predict(last_write_work_, last_write_class_);
  if (!media) {
    media_.submit(last_write_work_, last_write_class_, media_written_, record);
    return;
  }
  const sim::SimTime drained_at = media_.start_predicted(media, media_written_, write_converted_, record);
  earliest_drain_ = predicted_drains_.empty() ? drained_at : std::min(earliest_drain_, drained_at);
  predicted_drains_.push_back(PredictedDrain{drained_at, record});
}

void FlashDrive::on_ack_due(std::uint64_t record) {
  // The record stays until the media has the data too; ack and drain are independent.
  PendingWrite& w = records_[record];
  sim::EventHandler* done = w.done;
  w.done = nullptr;
  if (w.bytes == 0) records_.release(static_cast<std::uint32_t>(record));  // drained first
  done->on_event(w.arg);
}

void FlashDrive::drained(std::uint32_t record) {
  PendingWrite& w = records_[record];
  buffer_used_ -= w.bytes;
  w.bytes = 0;
  if (w.done == nullptr) records_.release(record);  // acked first
}

void FlashDrive::release_drained() {
  const sim::SimTime now = engine_->now();
  if (predicted_drains_.empty() || earliest_drain_ > now) return;  // none is due: most writes
  std::size_t kept = 0;
  sim::SimTime earliest = 0;
  for (const PredictedDrain& d : predicted_drains_) {
    if (d.at <= now) {
      drained(d.record);
    } else {
      earliest = kept == 0 ? d.at : std::min(earliest, d.at);
      predicted_drains_[kept++] = d;
    }
  }
  predicted_drains_.resize(kept);
  earliest_drain_ = earliest;
}

void FlashDrive::admit_waiting() {
  while (waiting_head_ < waiting_.size()) {
    const std::uint32_t next = waiting_[waiting_head_];
    if (buffer_used_ + records_[next].bytes > std::max(buffer_bytes_, records_[next].bytes)) break;
    ++waiting_head_;
    admit(next);
  }
  if (waiting_head_ == waiting_.size()) {
    waiting_.clear();
    waiting_head_ = 0;
  } else {
    wake_at_next_drain();
  }
}

// Writes wait for room: the earliest predicted drain is when some comes back
// (an ordinary drain calls back by itself).
void FlashDrive::wake_at_next_drain() {
  if (predicted_drains_.empty()) return;
  const sim::SimTime earliest = earliest_drain_;
  if (wake_.valid() && wake_time_ <= earliest) return;
  if (wake_.valid()) engine_->cancel(wake_);
  wake_ = engine_->schedule_at(earliest, wake_event_);
  wake_time_ = earliest;
}

void FlashDrive::on_wake(std::uint64_t) {
  wake_ = sim::EventId{};
  release_drained();
  admit_waiting();
}

// The media slowed its drain down: its completion callback frees the room now.
void FlashDrive::on_write_converted(std::uint64_t record) {
  const auto it = std::find_if(predicted_drains_.begin(), predicted_drains_.end(),
                               [record](const PredictedDrain& d) { return d.record == record; });
  if (it == predicted_drains_.end()) return;
  predicted_drains_.erase(it);
  for (std::size_t i = 0; i < predicted_drains_.size(); ++i) {
    const sim::SimTime at = predicted_drains_[i].at;
    earliest_drain_ = i == 0 ? at : std::min(earliest_drain_, at);
  }
}

void FlashDrive::on_media_written(std::uint64_t record) {
  release_drained();
  drained(static_cast<std::uint32_t>(record));
  admit_waiting();
}

void FlashDrive::reset_stats() {
  media_.reset_stats();
  reads_ = 0;
  writes_ = 0;
}

}  // namespace hcisim::models
