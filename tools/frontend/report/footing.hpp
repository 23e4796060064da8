// How far to trust a run: the validated figures of regimes near its own (from
// the validation record), the catalog constants it uses that were fitted, and on
// what. A run near no validated regime gets a warning.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/report/validation_record.hpp"

namespace hcisim::frontend {

struct FittedConstant {
  std::string part;   // catalog id
  std::string key;    // the field
  std::string cases;  // what it was fitted on
};

struct Footing {
  RunRegime regime;
  std::vector<RecordedFigure> validated;       // near this run: predictions and residuals
  std::vector<RecordedMeasuredRuns> measured;  // measured clusters near this run
  std::vector<FittedConstant> fitted;          // constants of the parts it uses
  bool recorded = true;                        // false: no validation record was read
};

Footing footing_of(const models::ScenarioSpec& spec, const Catalog& catalog, const ValidationRecord& record);
// As above with the bundled record; no record (a moved binary) gives recorded = false.
Footing footing_of(const models::ScenarioSpec& spec, const Catalog& catalog);

bool outside_every_validated_regime(const Footing& f);
// The Warnings line for a run outside every validated regime (empty when it is not).
std::string footing_warning(const Footing& f);
std::string format_footing(const Footing& f);
nlohmann::json footing_json(const Footing& f);

}  // namespace hcisim::frontend
