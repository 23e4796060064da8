// What `hcisim validate --record FILE` keeps of a validation: each compared
// figure and each measured cluster's summary, with the regime of its run. The
// bundled record (scenarios/validation-record.json, written by validate at the
// commit it names) is what every run's footing reads (footing.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/frontend/report/run_regime.hpp"

namespace hcisim::frontend {

struct RecordedFigure {
  std::string scenario;
  RunRegime regime;
  std::string figure;  // figure_name()
  double published = 0, predicted = 0;
  double error = 0;          // (predicted - published) / published
  bool calibration = false;  // a constant was fitted on it: a residual, not a prediction
};

struct RecordedMeasuredRuns {
  std::string scenario;
  RunRegime regime;  // over all its runs
  int runs = 0, peaks = 0;
  double peak_iops_error = 0;  // medians, |relative|
  double latency_error = 0;
  double cpu_points = 0;  // |difference| in points of VMFleet CPU
};

struct ValidationRecord {
  std::vector<RecordedFigure> figures;
  std::vector<RecordedMeasuredRuns> measured;
};

// Made from a validation by make_validation_record (validation/make_validation_record.hpp).
// One entry of the record as JSON: the form of the record file and of a run's footing.
nlohmann::json recorded_figure_json(const RecordedFigure& figure);
nlohmann::json recorded_measured_json(const RecordedMeasuredRuns& measured);
nlohmann::json validation_record_json(const ValidationRecord& record);
// Throws LoadError naming the file and what is wrong.
ValidationRecord read_validation_record(const std::filesystem::path& file);
std::filesystem::path bundled_validation_record();

}  // namespace hcisim::frontend
