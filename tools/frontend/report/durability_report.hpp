// The durability study as text and JSON: repair times per repair speed, what
// they buy in mean time to data loss and availability, what they cost the
// foreground's p99, and the mirror layouts side by side.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "models/run/durability_study.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

std::string format_durability_report(const models::ScenarioSpec& spec, const models::DurabilityStudy& study);
nlohmann::json durability_json(const models::ScenarioSpec& spec, const models::DurabilityStudy& study);
// One repair speed's row: its simulated repair times and p99s, and what they give for durability.
nlohmann::json repair_speed_json(const models::RepairObservation& r, const models::RepairDurability& d);

}  // namespace hcisim::frontend
