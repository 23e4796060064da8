// `hcisim validate`: run every bundled scenario that carries published figures
// and compare predicted with published.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "models/run/run_result.hpp"
#include "tools/frontend/catalog.hpp"

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

struct ValidationReport {
  std::vector<ValidationRow> rows;
  std::vector<ValidationWarning> warnings;
  int scenarios_run = 0;
  int outside = 0;
};

// Loads and runs each scenario that has reference figures. `on_scenario` is
// told each scenario's id before it runs (for progress).
ValidationReport validate_scenarios(const std::vector<std::filesystem::path>& files, const Catalog& catalog,
                                    const std::function<void(const std::string&)>& on_scenario = {});

// The table, the count, then each run's warnings under the scenario's id.
std::string format_validation_table(const ValidationReport& report);

}  // namespace hcisim::frontend
