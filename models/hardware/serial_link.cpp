#include "models/hardware/serial_link.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::models {

double link_payload_bytes_per_s(const DriveSpec& spec) {
  if (spec.interface == DriveInterface::None) {
    throw std::invalid_argument("drive '" + spec.id + "': a SAS or SATA drive needs its interface (sas or sata)");
  }
  if (!(spec.link_bits_per_s > 0) || !std::isfinite(spec.link_bits_per_s) || !(spec.link_payload_fraction > 0) ||
      spec.link_payload_fraction > 1) {
    throw std::invalid_argument("drive '" + spec.id +
                                "': the link needs a positive line rate and an encoding efficiency in (0, 1]");
  }
  return spec.link_bits_per_s * spec.link_payload_fraction / 8.0;
}

SerialLink::SerialLink(sim::Engine& engine, const DriveSpec& spec)
    : rate_(link_payload_bytes_per_s(spec)), to_drive_(engine, 1) {
  if (spec.interface == DriveInterface::Sas) from_drive_.emplace(engine, 1);
}

sim::SimTime SerialLink::transfer_ns(std::uint64_t bytes) const {
  return static_cast<sim::SimTime>(std::ceil(static_cast<double>(bytes) / rate_ * 1e9 - 1e-6));
}

void SerialLink::transfer(std::uint64_t bytes, bool to_drive, sim::EventHandler& done, std::uint64_t arg) {
  if (!to_drive && from_drive_) {
    from_drive_->submit(transfer_ns(bytes), done, arg);
  } else {
    to_drive_.submit(transfer_ns(bytes), done, arg);
  }
}

double SerialLink::utilisation() const {
  return std::max(to_drive_.utilisation(), from_drive_ ? from_drive_->utilisation() : 0.0);
}

void SerialLink::reset_stats() {
  to_drive_.reset_stats();
  if (from_drive_) from_drive_->reset_stats();
}

}  // namespace hcisim::models
