// Names of run events and phases in reports (JSON keys, text tables).
#pragma once

#include <string_view>

#include "models/storage/run_event.hpp"
#include "models/workload/phase_measurement.hpp"

namespace hcisim::frontend {

// "failure", "detection", "failover", "vm_stop", "vm_restart", "return",
// "resync", "rebuild", "repair_done", "quorum", "note".
std::string_view event_kind_name(models::RunEventKind kind);
// "healthy", "degraded", "repairing".
std::string_view phase_name(models::RunPhase phase);

}  // namespace hcisim::frontend
