#include "tools/frontend/report/run_event_names.hpp"

namespace hcisim::frontend {

std::string_view event_kind_name(models::RunEventKind kind) {
  switch (kind) {
    case models::RunEventKind::Failure: return "failure";
    case models::RunEventKind::Detection: return "detection";
    case models::RunEventKind::Failover: return "failover";
    case models::RunEventKind::VmStop: return "vm_stop";
    case models::RunEventKind::VmRestart: return "vm_restart";
    case models::RunEventKind::Return: return "return";
    case models::RunEventKind::Resync: return "resync";
    case models::RunEventKind::Rebuild: return "rebuild";
    case models::RunEventKind::RepairDone: return "repair_done";
    case models::RunEventKind::Quorum: return "quorum";
    case models::RunEventKind::Note: return "note";
  }
  return "?";
}

std::string_view phase_name(models::RunPhase phase) {
  switch (phase) {
    case models::RunPhase::Healthy: return "healthy";
    case models::RunPhase::Detecting: return "detecting";
    case models::RunPhase::Degraded: return "degraded";
    case models::RunPhase::Repairing: return "repairing";
    case models::RunPhase::Repaired: return "repaired";
  }
  return "?";
}

std::string_view repair_hold_name(models::RepairHold hold) {
  switch (hold) {
    case models::RepairHold::None: return "none";
    case models::RepairHold::Detection: return "detection";
    case models::RepairHold::PartDown: return "part_down";
    case models::RepairHold::NoCopy: return "no_copy";
    case models::RepairHold::NoRoom: return "no_room";
  }
  return "?";
}

}  // namespace hcisim::frontend
