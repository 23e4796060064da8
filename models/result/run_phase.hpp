// The phases of a run with failures, in which its measured I/O is split
// (PhaseMeasurement counts it, PhaseResult reports it):
// - healthy: nothing has failed yet;
// - detecting: a part has failed and the cluster does not know yet (I/O to it waits);
// - degraded: a part is down or a copy is missing or stale, nothing being repaired;
// - repairing: a resync or rebuild is running;
// - repaired: everything is up and current again after a failure.
#pragma once

namespace hcisim::models {

enum class RunPhase { Healthy, Detecting, Degraded, Repairing, Repaired };
constexpr int kRunPhases = 5;

}  // namespace hcisim::models
