#include "models/hardware/hba.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::models {

namespace {
const HbaSpec& checked(const HbaSpec& spec) {
  if (spec.max_iops < 0 || spec.max_bytes_per_s < 0 || spec.queue_depth < 0 || !std::isfinite(spec.max_iops) ||
      !std::isfinite(spec.max_bytes_per_s)) {
    throw std::invalid_argument("HBA '" + spec.id + "': limits must be finite and >= 0 (0 = not modelled)");
  }
  // Below these a command's processing or transfer time would not fit SimTime (a 4 GiB command
  // at 1 MB/s takes ~4,300 s; one command at 1/s takes 1 s).
  if ((spec.max_iops > 0 && spec.max_iops < 1) || (spec.max_bytes_per_s > 0 && spec.max_bytes_per_s < 1e6)) {
    throw std::invalid_argument("HBA '" + spec.id +
                                "': max_iops must be 0 (not modelled) or at least 1 command/s, "
                                "max_bytes_per_s 0 or at least 1 MB/s");
  }
  return spec;
}
}  // namespace

Hba::Hba(sim::Engine& engine, const HbaSpec& spec)
    : engine_(engine),
      spec_(checked(spec)),
      processing_ns_(spec.max_iops > 0 ? std::max<sim::SimTime>(1, sim::from_seconds(1.0 / spec.max_iops)) : 0),
      processor_(engine, 1),
      to_host_(engine, 1),
      from_host_(engine, 1),
      tags_in_use_(engine.now()) {}

void Hba::admit(std::uint64_t bytes, bool write, sim::EventHandler& ready, std::uint64_t arg) {
  ++commands_;
  const Command command{bytes, write, &ready, arg};
  if (spec_.queue_depth > 0 && outstanding_ >= spec_.queue_depth) {
    waiting_.push_back(command);
    return;
  }
  start(command);
}

void Hba::start(const Command& command) {
  ++outstanding_;
  tags_in_use_.set(engine_.now(), outstanding_);
  if (processing_ns_ > 0) {
    processor_.submit(processing_ns_, processed_, records_.take(command));
  } else if (spec_.max_bytes_per_s > 0) {
    on_processed(records_.take(command));
  } else {
    command.ready->on_event(command.arg);
  }
}

void Hba::on_processed(std::uint64_t record) {
  const Command& command = records_[record];
  if (spec_.max_bytes_per_s > 0 && command.bytes > 0) {
    sim::FcfsStation& pipe = command.write ? from_host_ : to_host_;
    const double ns = static_cast<double>(command.bytes) / spec_.max_bytes_per_s * 1e9;
    pipe.submit(static_cast<sim::SimTime>(std::ceil(ns - 1e-6)), transferred_, record);
    return;
  }
  on_transferred(record);
}

void Hba::on_transferred(std::uint64_t record) {
  const Command command = records_[record];
  records_.release(static_cast<std::uint32_t>(record));
  command.ready->on_event(command.arg);
}

void Hba::release() {
  if (outstanding_ <= 0) throw std::logic_error("HBA '" + spec_.id + "': release without an admitted command");
  --outstanding_;
  tags_in_use_.set(engine_.now(), outstanding_);
  if (!waiting_.empty()) start(waiting_.pop_front());
}

double Hba::tag_occupancy() const {
  return spec_.queue_depth > 0 ? tags_in_use_.average(engine_.now()) / spec_.queue_depth : 0;
}

double Hba::processing_utilisation() const { return processing_ns_ > 0 ? processor_.utilisation() : 0; }

double Hba::link_utilisation(bool to_host) const {
  if (spec_.max_bytes_per_s <= 0) return 0;
  return to_host ? to_host_.utilisation() : from_host_.utilisation();
}

double Hba::utilisation() const {
  return std::max({tag_occupancy(), processing_utilisation(), link_utilisation(true), link_utilisation(false)});
}

void Hba::reset_stats() {
  commands_ = 0;
  tags_in_use_.reset(engine_.now());
  processor_.reset_stats();
  to_host_.reset_stats();
  from_host_.reset_stats();
}

}  // namespace hcisim::models
