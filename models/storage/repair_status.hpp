// Where a product's repair stands: what is degraded, what is queued, and when
// nothing moves, why.
#pragma once

#include <cstdint>

namespace hcisim::models {

// Why degraded data is not being repaired now.
enum class RepairHold {
  None,       // nothing degraded, or repair is running
  Detection,  // a failed part is not detected yet: nothing knows to repair it
  PartDown,   // the stale copies live on a part that is down: they wait for its return
  NoCopy,     // no current copy is left to copy from
  NoRoom,     // no reserve capacity left to rebuild into
};

// Repair (resync and rebuild) and redundancy, for the time series.
struct RepairStatus {
  std::uint64_t bytes_to_repair = 0;  // queued or in flight now
  std::uint64_t bytes_repaired = 0;   // since the run started
  std::uint64_t degraded_bytes = 0;   // extent copies missing or stale now (on failed parts or awaiting repair)
  std::uint64_t stale_marks = 0;      // copies that went stale since the run started (a write missed them)
  bool repairing = false;
  bool detecting = false;              // a part has failed and the cluster does not know yet
  RepairHold hold = RepairHold::None;  // degraded and not repairing: why
  int hold_node = -1;                  // the node (0-based) the hold is about, -1 when none
};

}  // namespace hcisim::models
