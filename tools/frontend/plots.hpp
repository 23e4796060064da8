// `--plot DIR`: pictures of a run drawn by gnuplot (Debian's gnuplot-nox), as
// PNG files next to the data and the gnuplot script that drew each, so a user
// can restyle them:
//   latency-cdf.png   share of I/Os completed within a latency (read, write),
//                     from the simulated histogram (log-scaled latency axis)
//   timeline.png      IOPS (read, write) and latency (mean, p99) per interval,
//                     failures, returns and repairs marked where they happen
//   cpu-by-layer.png  each node's CPU split by layer (guest, hypervisor, stack,
//                     drive I/O, network)
//   saturation.png    (sweeps) IOPS against p99 latency, one point per step
// gnuplot is looked up on PATH; without it nothing is drawn and `message` says
// so in one line (the data files are still written).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "models/run/run_result.hpp"
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

// One step of a sweep, for the saturation curve.
struct SaturationPoint {
  std::string label;   // what the step set (e.g. "QD 32")
  double iops = 0;
  double p99_s = 0;
};
PlotOutcome write_saturation_plot(const std::filesystem::path& dir, const std::string& title,
                                  const std::vector<SaturationPoint>& points);

// Before a run: throws OutputError when a file --plot DIR would write is a
// symbolic link or not a regular file (every file is also checked as it is written).
void check_plot_folder(const std::filesystem::path& dir);

// The gnuplot on PATH, or empty.
std::filesystem::path find_gnuplot();

}  // namespace hcisim::frontend
