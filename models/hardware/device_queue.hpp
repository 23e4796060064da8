// The host side of one SAS/SATA drive: at most `queue_depth` commands are
// outstanding at the drive (its device queue depth: SAS tagged queueing as the
// HBA driver sets it, SATA NCQ at most 32); later commands wait in a FIFO in
// front of it. A command that gets a device slot then passes the node's HBA, if
// there is one, and reaches the drive: start.on_event(slot) tells the owner.
// Commands are named by the owner's slot numbers.
// Cost: O(1) per command; the FIFO grows only to its peak length.
#pragma once

#include <cstdint>

#include "models/hardware/hba.hpp"
#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::models {

class DeviceQueue {
 public:
  // Throws std::invalid_argument unless queue_depth >= 1.
  DeviceQueue(sim::Engine& engine, int queue_depth, Hba* hba, sim::EventHandler& start);
  DeviceQueue(const DeviceQueue&) = delete;
  DeviceQueue& operator=(const DeviceQueue&) = delete;

  void submit(std::uint32_t slot, std::uint64_t bytes, bool write);
  // A command that reached the drive has completed there: its device slot (and
  // HBA tag) is free, and the next waiting command goes on.
  void finish();

  int queue_depth() const { return queue_depth_; }
  int at_drive() const { return outstanding_; }  // holding a device slot
  std::size_t waiting() const { return waiting_.size(); }
  // Mean device slots in use over the queue depth since reset_stats(): 1 when
  // the drive always holds all it may, and commands may be waiting in front.
  double occupancy() const { return slots_in_use_.average(engine_.now()) / queue_depth_; }
  void reset_stats() { slots_in_use_.reset(engine_.now()); }

 private:
  struct Waiting {
    std::uint32_t slot;
    std::uint64_t bytes;
    bool write;
  };
  void send(const Waiting& command);

  sim::Engine& engine_;
  int queue_depth_;
  Hba* hba_;
  sim::EventHandler& start_;
  int outstanding_ = 0;
  sim::FifoRing<Waiting> waiting_;
  sim::TimeWeighted slots_in_use_;
};

}  // namespace hcisim::models
