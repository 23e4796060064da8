// `hcisim validate`: run every bundled scenario that carries published figures
// and compare predicted with published.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "models/run/run_result.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/measured_validation.hpp"
#include "tools/frontend/run_regime.hpp"

namespace hcisim::frontend {

// Scenario files under `dir`, sorted; folders named "common" hold include
// fragments, not scenarios, and are skipped.
std::vector<std::filesystem::path> find_scenarios(const std::filesystem::path& dir);

struct ValidationRow {
  std::string scenario;
  models::FigureComparison comparison;
};

// A warning of one scenario's run (steady_state.hpp): its figures are to be read with it.
struct ValidationWarning {
  std::string scenario;
  std::string text;
};

// What measured runs must meet, over all of them together (the S2D model's
// validation criteria): median |IOPS error| at the unthrottled peaks, median
// |mean latency error|, median |CPU difference| in points.
constexpr double kMeasuredIopsTolerance = 0.10;
constexpr double kMeasuredLatencyTolerance = 0.20;
constexpr double kMeasuredCpuPoints = 5.0;

struct ValidationReport {
  std::vector<ValidationRow> rows;
  std::vector<ValidationWarning> warnings;
  int scenarios_run = 0;
  int outside = 0;
  // Scenarios with measured runs (reference.vmfleet_runs): every run's comparison.
  std::vector<MeasuredComparison> measured;
  bool measured_outside = false;  // their summary misses a criterion above
  // The regime of each scenario run (by id), and of each scenario's measured runs together.
  std::map<std::string, RunRegime> regimes;
  std::map<std::string, RunRegime> measured_regimes;
};

// Loads and runs each scenario that has reference figures, and each measured
// run of those that have measured runs (on `jobs` threads). `on_scenario` is
// told each scenario's id (or measured run's label) before it runs (for progress).
ValidationReport validate_scenarios(const std::vector<std::filesystem::path>& files, const Catalog& catalog,
                                    const std::function<void(const std::string&)>& on_scenario = {}, int jobs = 1);

// The table, the count, then each run's warnings under the scenario's id; then
// the measured runs: their unthrottled peaks, a summary per scenario and over all.
std::string format_validation_table(const ValidationReport& report);

}  // namespace hcisim::frontend
