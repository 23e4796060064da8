// The serial link between an HBA port and a SAS or SATA drive.
//
// Payload rate = line rate x encoding efficiency / 8 bits per byte:
//   12 Gb/s SAS-3, 8b/10b:  12e9 x 8/10 / 8 = 1.2 GB/s in each direction at once (full duplex)
//    6 Gb/s SATA-3, 8b/10b:  6e9 x 8/10 / 8 = 600 MB/s, one direction at a time (half duplex)
// Frame overhead (SSP/FIS headers, CRC, primitives: a few %) is not deducted.
// The link moves one command's data at a time, in order (sim::FcfsStation; SATA
// sends one command's FIS sequence at a time, a SAS connection one burst): a SAS
// link has one such server per direction, a SATA link one for both. A FIFO here,
// rather than fair sharing, also keeps the media -> link pipeline from locking
// into synchronised waves, which fair sharing of two deterministic stages does.
#pragma once

#include <cstdint>
#include <optional>

#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/fcfs_station.hpp"

namespace hcisim::models {

// Payload bytes per second of the drive's link in one direction; throws
// std::invalid_argument for a drive without a valid SAS/SATA link.
double link_payload_bytes_per_s(const DriveSpec& spec);

class SerialLink {
 public:
  SerialLink(sim::Engine& engine, const DriveSpec& spec);

  // Moves `bytes` to the drive (write data) or from it (read data).
  void transfer(std::uint64_t bytes, bool to_drive, sim::EventHandler& done, std::uint64_t arg);

  double payload_bytes_per_s() const { return rate_; }
  bool full_duplex() const { return from_drive_.has_value(); }
  // Time on the link for `bytes`, rounded up to the ns.
  sim::SimTime transfer_ns(std::uint64_t bytes) const;
  // Busy fraction of the busier direction since reset_stats().
  double utilisation() const;
  void reset_stats();

 private:
  double rate_;
  sim::FcfsStation to_drive_;                   // both directions on a half-duplex link
  std::optional<sim::FcfsStation> from_drive_;  // full duplex only
};

}  // namespace hcisim::models
