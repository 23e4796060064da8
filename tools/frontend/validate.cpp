#include "tools/frontend/validate.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "models/run/simulation.hpp"
#include "tools/frontend/message_text.hpp"
#include "tools/frontend/printf_string.hpp"
#include "tools/frontend/report_text.hpp"
#include "tools/frontend/scenario_loader.hpp"

namespace hcisim::frontend {

std::vector<std::filesystem::path> find_scenarios(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(dir); it != std::filesystem::recursive_directory_iterator();
       ++it) {
    if (it->is_directory() && it->path().filename() == "common") {
      it.disable_recursion_pending();
      continue;
    }
    const auto ext = it->path().extension();
    if (it->is_regular_file() && (ext == ".yaml" || ext == ".yml")) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

ValidationReport validate_scenarios(const std::vector<std::filesystem::path>& files, const Catalog& catalog,
                                    const std::function<void(const std::string&)>& on_scenario, int jobs) {
  ValidationReport report;
  for (const auto& file : files) {
    const models::ScenarioSpec spec = load_scenario(file, catalog);
    if (spec.measured_runs) {
      const std::vector<MeasuredCase> cases = measured_cases_of(spec);
      if (on_scenario) on_scenario(spec.id + " (" + std::to_string(cases.size()) + " measured runs)");
      for (MeasuredComparison& m : run_measured_cases(spec.id, cases, jobs)) report.measured.push_back(std::move(m));
    }
    if (spec.references.empty()) continue;
    if (on_scenario) on_scenario(spec.id);
    const models::RunResult result = models::simulate(spec);
    ++report.scenarios_run;
    for (const auto& c : result.references) {
      report.rows.push_back({spec.id, c});
      if (c.graded && !c.within) ++report.outside;
    }
    for (const std::string& w : result.warnings) report.warnings.push_back({spec.id, w});
  }
  if (!report.measured.empty()) {
    const MeasuredSummary all = summarise(report.measured);
    report.measured_outside = all.median_peak_iops_error > kMeasuredIopsTolerance ||
                              all.median_latency_error > kMeasuredLatencyTolerance ||
                              all.median_cpu_points > kMeasuredCpuPoints;
  }
  return report;
}

std::string format_validation_table(const ValidationReport& report) {
  std::ostringstream out;
  // The scenario column as wide as its longest name; the comparison's columns as wide as theirs.
  std::size_t width = std::string("scenario").size();
  for (const auto& row : report.rows) width = std::max(width, printable(row.scenario).size());
  std::vector<models::FigureComparison> comparisons;
  for (const auto& row : report.rows) comparisons.push_back(row.comparison);
  const std::vector<std::string> lines = format_comparison_lines(comparisons);
  const int w = static_cast<int>(width);
  out << printf_string("%-*s ", w, "scenario") << lines.front() << "\n";
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    out << printf_string("%-*s ", w, printable(report.rows[i].scenario).c_str()) << lines[i + 1] << "\n";
  }
  out << printf_string("\n%d scenarios, %zu figures, %d outside tolerance\n", report.scenarios_run, report.rows.size(),
                       report.outside);
  if (!report.measured.empty()) {
    out << "\nMeasured runs: the unthrottled peaks (all runs: --csv)\n";
    std::vector<MeasuredComparison> peaks;
    for (const MeasuredComparison& m : report.measured) {
      if (m.peak) peaks.push_back(m);
    }
    out << format_measured_table(peaks) << "\n";
    std::vector<std::string> scenarios;
    for (const MeasuredComparison& m : report.measured) {
      if (std::find(scenarios.begin(), scenarios.end(), m.scenario) == scenarios.end()) scenarios.push_back(m.scenario);
    }
    for (const std::string& id : scenarios) {
      std::vector<MeasuredComparison> own;
      for (const MeasuredComparison& m : report.measured) {
        if (m.scenario == id) own.push_back(m);
      }
      out << format_measured_summary(id, summarise(own));
    }
    const MeasuredSummary all = summarise(report.measured);
    out << format_measured_summary("all measured runs", all);
    out << printf_string("criteria: peaks' IOPS %s (median within %.0f %%), mean latency %s (%.0f %%), CPU %s (%.0f points)\n",
                         all.median_peak_iops_error <= kMeasuredIopsTolerance ? "met" : "MISSED",
                         kMeasuredIopsTolerance * 100,
                         all.median_latency_error <= kMeasuredLatencyTolerance ? "met" : "MISSED",
                         kMeasuredLatencyTolerance * 100, all.median_cpu_points <= kMeasuredCpuPoints ? "met" : "MISSED",
                         kMeasuredCpuPoints);
  }
  if (!report.warnings.empty()) out << "\nWarnings\n";
  for (const ValidationWarning& w : report.warnings) {
    out << "  " << printable(w.scenario) << ": " << printable(w.text) << "\n";
  }
  return out.str();
}

}  // namespace hcisim::frontend
