// What happened to the cluster during a run (failures, detection, failover,
// returns, repair), as the products and the failure driver report it.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "sim/time.hpp"

namespace hcisim::models {

enum class RunEventKind {
  Failure,     // a node or drive fails
  Detection,   // the cluster notices it
  Failover,    // a volume moves to another owner
  VmStop,      // a failed node's VMs stop
  VmRestart,   // they run again elsewhere
  Return,      // a node comes back
  Resync,      // a returning node starts catching up on what was written while it was away
  Rebuild,     // a failed drive's data starts being rebuilt elsewhere
  RepairDone,  // nothing left to repair
  Quorum,      // the pool goes offline or comes back
  Note,        // anything else worth a line in the report
};

// What happened, as a fact with its numbers; the reports word it
// (tools/frontend/report/run_event_text.cpp).
enum class RunEventWhat {
  NodeFails,            // node
  NodeDrained,          // node: down for maintenance, its VMs moved first
  NodeDetectedDown,     // node
  NodeReturns,          // node
  DriveFails,           // drive of node; stops_answering, else it fails with errors
  DriveDetectedFailed,  // drive of node
  S2dRebuild,           // count extents of drive of node into the node's reserve capacity
  ExtentsUnplaced,      // count of total extents of drive of node find no room: they stay degraded
  VolumeFailover,       // volume now owned by to_node
  PoolOffline,          // count of total drives and up of of nodes lose quorum
  PoolOnline,           // quorum regained
  NodeResync,           // node: count extents written while it was away
  S2dRepairDone,        // nothing left to resync or rebuild
  DeviceFails,          // ScaleIO: drive of node
  ScaleIoRebuild,       // count chunks of drive of node, many-to-many onto the other nodes' spare
  ChunksLost,           // count chunks of drive of node lost both copies
  NothingToRebuild,     // ScaleIO
  NoSpareLeft,          // count chunks stay with one copy
  ScaleIoRebuildDone,   // every chunk has two copies again
  VmsStop,              // count VMs of node stop, restart after seconds (detection + boot)
  NicPortFails,         // NIC port of node: up of of ports left, gbps each way
  NicPortReturns,       // NIC port of node: up of of ports, gbps each way
  NoNodeForVms,         // no running node left for the VMs of node
  VmsMigrated,          // count VMs of node live-migrated to to_node
  VmsRestarted,         // count VMs of node restarted on to_node
};

// The fact and its numbers (0-based indices; -1 where it names none).
struct RunEventFacts {
  RunEventWhat what = RunEventWhat::NodeFails;
  int node = -1, drive = -1, port = -1, volume = -1, to_node = -1;
  std::uint64_t count = 0, total = 0;
  int up = 0, of = 0;
  double seconds = 0, gbps = 0;
  bool stops_answering = false;  // DriveFails: it stops answering (else it fails with errors)
};

// The class of event a fact is (the phases, the timeline plot's colours and
// the durability study go by it).
constexpr RunEventKind run_event_kind(RunEventWhat what) {
  using W = RunEventWhat;
  switch (what) {
    case W::NodeFails:
    case W::NodeDrained:
    case W::DriveFails:
    case W::DeviceFails:
    case W::NicPortFails: return RunEventKind::Failure;
    case W::NodeDetectedDown:
    case W::DriveDetectedFailed: return RunEventKind::Detection;
    case W::NodeReturns:
    case W::NicPortReturns: return RunEventKind::Return;
    case W::S2dRebuild:
    case W::ScaleIoRebuild: return RunEventKind::Rebuild;
    case W::NodeResync: return RunEventKind::Resync;
    case W::VolumeFailover: return RunEventKind::Failover;
    case W::PoolOffline:
    case W::PoolOnline: return RunEventKind::Quorum;
    case W::S2dRepairDone:
    case W::NothingToRebuild:
    case W::ScaleIoRebuildDone: return RunEventKind::RepairDone;
    case W::VmsStop: return RunEventKind::VmStop;
    case W::VmsMigrated:
    case W::VmsRestarted: return RunEventKind::VmRestart;
    case W::ExtentsUnplaced:
    case W::ChunksLost:
    case W::NoSpareLeft:
    case W::NoNodeForVms: return RunEventKind::Note;
  }
  return RunEventKind::Note;
}

struct RunEvent {
  sim::SimTime at = 0;
  RunEventFacts what;
  RunEventKind kind() const { return run_event_kind(what.what); }
};

// The run's event log; `on_event` (if set) sees each event once it is logged,
// after the state change it reports.
class RunLog {
 public:
  // `at` on the simulator's clock; the log keeps the scenario's (later by the
  // spans fast-forwarded so far, models/run/fast_forward.hpp).
  void add(sim::SimTime at, const RunEventFacts& what) {
    events_.push_back({at + skipped_, what});
    if (on_event) on_event(events_.back());
  }
  const std::vector<RunEvent>& events() const { return events_; }
  std::function<void(const RunEvent&)> on_event;
  // A span of the scenario's time was skipped: later events are that much later.
  void skipped(sim::SimTime span) { skipped_ += span; }

 private:
  std::vector<RunEvent> events_;
  sim::SimTime skipped_ = 0;
};

}  // namespace hcisim::models
