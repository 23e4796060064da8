// Names of run events and phases in reports (JSON keys, text tables).
#pragma once

#include <string_view>

#include "models/storage/repair_status.hpp"
#include "models/storage/run_event.hpp"
#include "models/workload/phase_measurement.hpp"

namespace hcisim::frontend {

// "failure", "detection", "failover", "vm_stop", "vm_restart", "return",
// "resync", "rebuild", "repair_done", "quorum", "note".
std::string_view event_kind_name(models::RunEventKind kind);
// "healthy", "detecting", "degraded", "repairing", "repaired".
std::string_view phase_name(models::RunPhase phase);
// "none", "detection", "part_down", "no_copy", "no_room".
std::string_view repair_hold_name(models::RepairHold hold);

}  // namespace hcisim::frontend
