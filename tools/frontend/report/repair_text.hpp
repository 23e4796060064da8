// How the durability and explain reports word repairs: the failure hcisim made
// itself when the scenario repaired nothing, where each repair time comes from,
// and a mean time to data loss or why there is none (never "never").
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "models/run/durability_study.hpp"

namespace hcisim::frontend {

// "no failure in the scenario: hcisim failed drive 1 of node 1 at 0.12 s ..."
// (empty when the study repaired the scenario's own failures).
std::string synthetic_failure_statement(const models::DurabilityStudy& study);
nlohmann::json synthetic_failure_json(const models::DurabilityStudy& study);

// A mark after a repair time: "" simulated to done, "~" extrapolated past the
// run's end, ">" a lower bound, "*" from the other repair's rate, "+" every
// copy the node holds at the simulated resync's rate.
const char* repair_mark(models::RepairSource source);
// The footnotes for the marks used by the study's rows (each line starts with two spaces).
std::string repair_mark_notes(const models::DurabilityStudy& study);
// "simulated", "extrapolated", "lower bound", "from the other repair's rate", "the node's whole share"
const char* repair_source_name(models::RepairSource source);

// An MTTDL cell: "123 y", "1.2e+07 y", "cannot be computed", "unbounded".
std::string mttdl_years(double mttdl_s, const std::string& not_computable, const std::string& unbounded_because);
// The sentence under a table whose MTTDL cannot be computed or is unbounded (empty otherwise).
std::string mttdl_note(const std::string& not_computable, const std::string& unbounded_because);

}  // namespace hcisim::frontend
