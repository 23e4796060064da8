// One row per sweep point: the varied values, then the figures of the run
// (throughput, latency percentiles, stages, utilisation, bottleneck), flat and
// named with their unit, for spreadsheets and plots (e.g. total_iops against
// read_lat_p99_ms). The JSON row also carries the point's full run report.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/report/plots.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"

namespace hcisim::frontend {

// The figure columns, in order (after the varied keys and before "bottleneck").
const std::vector<std::string>& sweep_figure_names();
// The figures of a run, by name (every name of sweep_figure_names()); none for a
// figure the run does not give: the fast path estimates no maximum latency and
// no confidence interval (null in JSON, an empty cell in CSV).
std::optional<double> sweep_figure(const models::RunResult& result, const std::string& name);
// Whether the analytic fast path gives the figure.
bool fast_path_gives(const std::string& name);
// A figure's value for people, in the unit its name carries: "5,483,070" (IOPS,
// TPS, I/O counts), "6,412.5 MB/s", "0.846 ms", "81.2%" (utilisations).
std::string format_sweep_figure(const std::string& name, double value);

// {"point": i, "vary": {key: value}, "figures": {...}, "bottleneck": ..., "warnings": [...], "run": report}
nlohmann::json sweep_row_json(const std::vector<SweepAxis>& axes, const SweepPoint& point,
                              const models::ScenarioSpec& spec, const models::RunResult& result);

// Whether `row` has the shape sweep_row_json gives (a point file of another
// shape is not a finished point: it runs again).
bool is_sweep_row(const nlohmann::json& row);

// Rows read one at a time, in order (a sweep's point files, or its spool), so
// that an output of a large grid never holds them all.
struct SweepRows {
  std::size_t count = 0;
  std::function<nlohmann::json(std::size_t)> at;  // the row at 0..count-1
};
SweepRows rows_of(const std::vector<nlohmann::json>& rows);
// Where an output goes, piece by piece (OutputFile::Emit).
using TextSink = std::function<void(std::string_view)>;

// CSV of rows made by sweep_row_json: a header, then one line per row in the
// order given (a figure the run does not give is an empty cell).
std::string sweep_csv(const std::vector<SweepAxis>& axes, const std::vector<nlohmann::json>& rows);
void sweep_csv(const std::vector<SweepAxis>& axes, const SweepRows& rows, const TextSink& out);
// The saturation curve of a grid: per row, its varied values (without their
// keys, which label_keys names) as the label, total IOPS and the p99 latency of
// all I/Os (for write_saturation_plot, which also wants a title).
SaturationPlot saturation_plot(const SweepRows& rows);
// {"scenario": file, "vary": [keys], "rows": [...]}
nlohmann::json sweep_json(const std::string& scenario, const std::vector<SweepAxis>& axes,
                          const std::vector<nlohmann::json>& rows);
// The same as sweep_json(...).dump(1) followed by a line break, row by row.
void sweep_json(const std::string& scenario, const std::vector<SweepAxis>& axes, const SweepRows& rows,
                const TextSink& out);

}  // namespace hcisim::frontend
