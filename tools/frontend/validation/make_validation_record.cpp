#include "tools/frontend/validation/make_validation_record.hpp"

#include <string>
#include <vector>

#include "tools/frontend/base/figure_names.hpp"

namespace hcisim::frontend {

ValidationRecord make_validation_record(const ValidationReport& report) {
  ValidationRecord record;
  for (const ValidationRow& row : report.rows) {
    if (!row.comparison.graded) continue;
    const auto regime = report.regimes.find(row.scenario);
    if (regime == report.regimes.end()) continue;
    record.figures.push_back({row.scenario, regime->second, std::string(figure_name(row.comparison.reference.figure)),
                              row.comparison.reference.value, row.comparison.predicted, row.comparison.error,
                              row.comparison.reference.calibration});
  }
  for (const auto& [scenario, regime] : report.measured_regimes) {
    std::vector<MeasuredComparison> runs;
    for (const MeasuredComparison& m : report.measured) {
      if (m.scenario == scenario) runs.push_back(m);
    }
    const MeasuredSummary s = summarise(runs);
    record.measured.push_back(
        {scenario, regime, s.cases, s.peaks, s.median_peak_iops_error, s.median_latency_error, s.median_cpu_points});
  }
  return record;
}

}  // namespace hcisim::frontend
