// A run's reports as text that is the same on every checkout, machine and
// compiler, and a hash of them: two runs with the same fingerprint gave the
// same predictions to the last printed digit. bench_fingerprint compares them
// before and after a speed change; the fingerprint test keeps one per bundled
// scenario (tests/scenarios/fingerprints.txt).
#pragma once

#include <cstdint>
#include <string>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

// The JSON report (run_report_json) without the scenario's file (its absolute
// path differs between checkouts) and without the wall-clock block.
std::string deterministic_report_json(const models::ScenarioSpec& spec, const models::RunResult& result);

// The text report (format_run_report) naming the scenario's file without its
// folder, and without its last line, the simulator's speed. Without a footing:
// that comes from the validation record, not from the run.
std::string deterministic_report_text(const models::ScenarioSpec& spec, const models::RunResult& result);

// sim::stable_hash of both reports.
std::uint64_t report_fingerprint(const models::ScenarioSpec& spec, const models::RunResult& result);

// The fingerprint as 16 hexadecimal digits.
std::string format_fingerprint(std::uint64_t fingerprint);

}  // namespace hcisim::frontend
