// `hcisim validate`: run every bundled scenario that carries published figures
// and compare predicted with published.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "models/result/run_result.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/report/run_regime.hpp"
#include "tools/frontend/validation/measured_validation.hpp"

namespace hcisim::frontend {

// Scenario files under `dir`, sorted; folders named "common" hold include
// fragments, not scenarios, and are skipped.
std::vector<std::filesystem::path> find_scenarios(const std::filesystem::path& dir);

// A scenario file and the name validate gives it, folder-qualified: its path
// under the folder it was found in, without the extension, led by that
// folder's own name when it lies directly in it ("azure-infoscale/test1",
// "ax7525/timeline/test3-4k-random-read"), so two "test1"s stay apart.
struct ScenarioFile {
  std::filesystem::path path;
  std::string name;
};

// The name of `file` found under `dir` (as above); with no `dir`, or a file
// outside it, its own folder's name and its stem.
std::string scenario_name(const std::filesystem::path& file, const std::filesystem::path& dir = {});

// find_scenarios(dir), each with its name.
std::vector<ScenarioFile> find_named_scenarios(const std::filesystem::path& dir);

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

// One scenario validate has finished (for progress, as they finish).
struct ScenarioDone {
  std::string name;
  int finished = 0;       // scenarios finished so far, this one included
  int count = 0;          // scenarios validate runs (those with figures or measured runs)
  int figures = 0;        // reference figures compared
  int outside = 0;        // of them, graded and outside tolerance
  int measured_runs = 0;  // measured runs simulated (reference.vmfleet_runs)
  int warnings = 0;       // the reference run's warnings
  double wall_s = 0;      // from its first simulation's start to its last's end
};

// Loads every file first (a load error stops validate before anything runs),
// then runs, on `jobs` threads, each scenario that has reference figures and
// each measured run of those that have measured runs: several scenarios, and
// several runs of one, at once. The report is in file order whatever `jobs`
// and whichever finishes first; `on_done` is told each scenario as its last
// run finishes (under a lock, so it may print).
ValidationReport validate_scenarios(const std::vector<ScenarioFile>& files, const Catalog& catalog,
                                    const std::function<void(const ScenarioDone&)>& on_done = {}, int jobs = 1);
// The same, each file named by scenario_name(file).
ValidationReport validate_scenarios(const std::vector<std::filesystem::path>& files, const Catalog& catalog,
                                    const std::function<void(const ScenarioDone&)>& on_done = {}, int jobs = 1);

// "[ 3/12] ax7525/test1-4k-random-read: 2 figures, 0 outside, 1 warning (2.8 s)": a progress line.
std::string format_scenario_done(const ScenarioDone& done);

// The table, the count, then each run's warnings under the scenario's name; then
// the measured runs: their unthrottled peaks, a summary per scenario and over all.
std::string format_validation_table(const ValidationReport& report);

}  // namespace hcisim::frontend
