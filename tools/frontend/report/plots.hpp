// `--plot DIR`: pictures of a run drawn by gnuplot (Debian's gnuplot-nox), as
// PNG files next to the data and the gnuplot script that drew each, so a user
// can restyle them:
//   latency-cdf.png   share of I/Os completed within a latency (read, write),
//                     and below it the slowest I/Os on a log scale, p99 and
//                     p99.9 marked with their values
//   timeline.png      IOPS (read, write) and latency (mean, p99) per interval;
//                     on a run with failures, repair rate and degraded data;
//                     failures, returns and repairs numbered and listed
//   cpu-by-layer.png  each node's CPU split by layer (guest, hypervisor, stack,
//                     drive I/O, network) on a 0-100 % axis
//   saturation.png    (sweeps) IOPS against p99 latency, one point per step
// Each is titled with the scenario's title. gnuplot is looked up on PATH;
// without it nothing is drawn and `message` says so in one line (the data
// files are still written).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

struct PlotOutcome {
  bool drawn = false;                         // gnuplot ran and wrote every picture
  std::vector<std::filesystem::path> images;  // written (and non-empty)
  std::string message;                        // one line when not drawn
};

// Throws std::runtime_error when DIR cannot be made or written.
PlotOutcome write_run_plots(const std::filesystem::path& dir, const models::ScenarioSpec& spec,
                            const models::RunResult& result);

// What a picture of `spec` is titled: its title, or its id when it has none.
std::string plot_title(const models::ScenarioSpec& spec);

// One step of a sweep, for the saturation curve.
struct SaturationPoint {
  std::string label;  // the values the step set, without their keys (e.g. "32")
  double iops = 0;
  double p99_s = 0;
};
struct SaturationPlot {
  std::string title;       // the scenario's (plot_title)
  std::string what;        // e.g. "saturation curve"
  std::string label_keys;  // what the labels are values of, e.g. "vms.workload.outstanding"
  std::vector<SaturationPoint> points;
};
PlotOutcome write_saturation_plot(const std::filesystem::path& dir, const SaturationPlot& curve);

// Before a run: throws OutputError when a file --plot DIR would write is a
// symbolic link or not a regular file (every file is also checked as it is written).
void check_plot_folder(const std::filesystem::path& dir);

// The gnuplot on PATH, or empty.
std::filesystem::path find_gnuplot();

}  // namespace hcisim::frontend
