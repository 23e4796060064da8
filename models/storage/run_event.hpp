// What happened to the cluster during a run (failures, detection, failover,
// returns, repair), as the products and the failure driver report it.
#pragma once

#include <functional>
#include <string>
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

struct RunEvent {
  sim::SimTime at = 0;
  RunEventKind kind = RunEventKind::Note;
  std::string what;
};

// The run's event log; `on_event` (if set) sees each event once it is logged,
// after the state change it reports.
class RunLog {
 public:
  // `at` on the simulator's clock; the log keeps the scenario's (later by the
  // spans fast-forwarded so far, models/run/fast_forward.hpp).
  void add(sim::SimTime at, RunEventKind kind, std::string what) {
    events_.push_back({at + skipped_, kind, std::move(what)});
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
