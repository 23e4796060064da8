// A host bus adapter (SAS HBA, or a RAID controller in pass-through) that all
// SAS/SATA drives of a node share. It applies only the limits its catalog entry
// gives (0 = no published figure: not modelled):
//   queue depth  commands outstanding over all its drives; more wait in a FIFO
//                (a drive's own device queue is applied before, in front of the
//                drive, so one busy drive cannot take every controller tag
//                while others have none queued)
//   IOPS         the controller's per-command processing: one FCFS server with
//                service 1 / max_iops per command
//   bandwidth    the host link (PCIe), one per direction (reads to the host,
//                writes from it), one command's data at a time in order (a
//                FIFO: see serial_link.hpp for why not fair sharing)
// A command passes tag -> processing -> host link, then goes to the drive; it
// holds its tag until the drive has completed it (release()). Charging the host
// link before the drive for reads too (store and forward) keeps one path for
// both directions; at depth only the throughput counts, and at queue depth 1 a
// read takes the same sum of times in either order.
// Cost per command: O(1) plus one event per modelled limit. Command records are
// reused (they grow only to the peak number in flight).
#pragma once

#include <cstdint>
#include <vector>

#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/fcfs_station.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/record_pool.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::models {

class Hba {
 public:
  Hba(sim::Engine& engine, const HbaSpec& spec);
  Hba(const Hba&) = delete;
  Hba& operator=(const Hba&) = delete;

  // Admits one command of `bytes`: ready.on_event(arg) runs when it may go to the
  // drive (at once, from inside this call, when no modelled limit is in the way).
  void admit(std::uint64_t bytes, bool write, sim::EventHandler& ready, std::uint64_t arg);
  // A command admitted earlier has completed at its drive: its tag is free.
  void release();

  const HbaSpec& spec() const { return spec_; }
  int outstanding() const { return outstanding_; }  // commands holding a tag
  std::size_t waiting() const { return waiting_.size(); }
  std::uint64_t commands() const { return commands_; }  // admitted since reset_stats()
  // Each modelled limit since reset_stats(), as a share of it (0 where the
  // catalog entry gives no such figure): mean tags in use over the queue depth,
  // the command processor's busy fraction, the host link's per direction.
  double tag_occupancy() const;
  double processing_utilisation() const;
  double link_utilisation(bool to_host) const;
  // The tightest of those (0 with none).
  double utilisation() const;
  void reset_stats();

 private:
  struct Command {
    std::uint64_t bytes = 0;
    bool write = false;
    sim::EventHandler* ready = nullptr;
    std::uint64_t arg = 0;
  };
  void start(const Command& command);
  void on_processed(std::uint64_t record);
  void on_transferred(std::uint64_t record);

  sim::Engine& engine_;
  HbaSpec spec_;
  sim::SimTime processing_ns_ = 0;
  sim::FcfsStation processor_;
  sim::FcfsStation to_host_;
  sim::FcfsStation from_host_;
  int outstanding_ = 0;
  sim::FifoRing<Command> waiting_;
  sim::RecordPool<Command> records_;
  std::uint64_t commands_ = 0;
  sim::TimeWeighted tags_in_use_;
  sim::MemberEvent<Hba, &Hba::on_processed> processed_{*this};
  sim::MemberEvent<Hba, &Hba::on_transferred> transferred_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_.statistics(), "hba", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
