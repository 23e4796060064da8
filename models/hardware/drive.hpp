// What every drive model offers a storage product: reads and writes at a byte
// offset on the drive, completion through an event handler. Flash drives, hard
// disks and cloud managed disks implement it; products never know which.
#pragma once

#include <cstdint>

#include "sim/engine.hpp"

namespace hcisim::models {

struct DriveIo {
  std::uint64_t offset = 0;  // byte offset on the drive (seek distance for a hard disk)
  std::uint64_t bytes = 0;
  bool write = false;
  bool write_through = true;  // forced unit access: the write must reach stable media
};

class Drive {
 public:
  virtual ~Drive() = default;
  Drive() = default;
  Drive(const Drive&) = delete;
  Drive& operator=(const Drive&) = delete;

  // Starts `io`; calls done.on_event(arg) when it completes.
  virtual void submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) = 0;
  void read(std::uint64_t offset, std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg) {
    submit(DriveIo{offset, bytes, false, false}, done, arg);
  }
  void write(std::uint64_t offset, std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg) {
    submit(DriveIo{offset, bytes, true, true}, done, arg);
  }

  // Time-average busy fraction of the drive's capacity since measurement began (a drive enrols with
  // the run's statistics, sim/statistics.hpp).
  virtual double utilisation() const = 0;
  // SAS/SATA drives: mean device-queue slots in use over the device queue
  // depth since measurement began (DeviceQueue); 0 for drives without one.
  virtual int device_queue_depth() const { return 0; }
  virtual double device_queue_occupancy() const { return 0; }
  virtual std::uint64_t reads() const = 0;  // I/Os started since measurement began
  virtual std::uint64_t writes() const = 0;
};

}  // namespace hcisim::models
