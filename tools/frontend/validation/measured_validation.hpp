// Runs measured cases (measured_cases.hpp) and compares each with what its row
// measured: IOPS, mean read and write latency, VMFleet's CPU %, p99s. The
// summary is the three figures that say how well a model fits measured runs:
// the median |IOPS error| over the unthrottled runs (peaks), the median |mean
// latency error| over every run (reads and writes each a sample), and the
// median |CPU difference| in points.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "models/result/run_result.hpp"
#include "tools/frontend/validation/measured_cases.hpp"

namespace hcisim::frontend {

struct MeasuredComparison {
  std::string scenario;  // the base scenario's id
  std::string label;     // the case's
  std::string where;     // FILE:LINE of its row
  bool peak = false;
  // Measured / predicted; 0 = not measured (or the run has no I/O of that kind).
  double iops = 0, predicted_iops = 0;
  double read_ms = 0, predicted_read_ms = 0;
  double write_ms = 0, predicted_write_ms = 0;
  double read_p99_ms = 0, predicted_read_p99_ms = 0;
  double write_p99_ms = 0, predicted_write_p99_ms = 0;
  double csv_read_ms = 0, predicted_csv_read_ms = 0;  // below the host's CSV file system
  double csv_write_ms = 0, predicted_csv_write_ms = 0;
  double cpu_pct = 0, predicted_cpu_pct = 0;  // VMFleet's CPU %
  std::string bottleneck;                     // what the run says limits it
};

struct MeasuredSummary {
  int cases = 0, peaks = 0, latencies = 0, cpus = 0;
  double median_peak_iops_error = 0;  // |relative|
  double median_latency_error = 0;    // |relative|, reads and writes each a sample
  double median_cpu_points = 0;       // |difference| in points
  int csv_latencies = 0;
  double median_csv_latency_error = 0;  // |relative|, CSV-level reads and writes each a sample
  double median_p99_over_mean = 0, measured_median_p99_over_mean = 0;  // read p99 / mean at the peaks
};

// Runs every case on `jobs` threads (results in case order: the same whatever
// `jobs`); `on_case` is told each case as it finishes (under a lock).
std::vector<MeasuredComparison> run_measured_cases(const std::string& scenario, const std::vector<MeasuredCase>& cases,
                                                   int jobs,
                                                   const std::function<void(const MeasuredComparison&)>& on_case = {});

MeasuredComparison compare_measured(const std::string& scenario, const MeasuredCase& c, const models::RunResult& r);

MeasuredSummary summarise(const std::vector<MeasuredComparison>& rows);

// One line per case, then the summary.
std::string format_measured_table(const std::vector<MeasuredComparison>& rows);
std::string format_measured_summary(const std::string& heading, const MeasuredSummary& s);
// Comma-separated: a header, then one line per case (what --csv writes).
std::string measured_csv(const std::vector<MeasuredComparison>& rows);

}  // namespace hcisim::frontend
