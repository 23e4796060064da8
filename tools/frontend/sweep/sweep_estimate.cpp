#include "tools/frontend/sweep/sweep_estimate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>

#include "tools/frontend/base/progress_text.hpp"

namespace hcisim::frontend {

double sweep_makespan(const std::vector<double>& seconds, int jobs) {
  if (jobs < 1) throw std::invalid_argument("sweep_makespan: needs at least one job");
  // When each worker is next free, earliest first.
  std::priority_queue<double, std::vector<double>, std::greater<double>> free_at;
  for (int j = 0; j < jobs; ++j) free_at.push(0.0);
  double end = 0;
  for (const double s : seconds) {
    const double start = free_at.top();
    free_at.pop();
    free_at.push(start + s);
    end = std::max(end, start + s);
  }
  return end;
}

std::string format_sweep_estimate(const std::vector<SweepPointEstimate>& points, std::size_t grid_points,
                                  std::size_t finished_earlier, int jobs) {
  std::vector<double> seconds;
  double total = 0, longest = 0;
  std::size_t unknown = 0;
  for (const SweepPointEstimate& p : points) {
    if (!p.run.estimated) {
      ++unknown;
      continue;
    }
    seconds.push_back(p.run.estimated_wall_s);
    total += p.run.estimated_wall_s;
    longest = std::max(longest, p.run.estimated_wall_s);
  }
  std::string text = fmt::format("Sweep: {} points, every one loaded and checked", grid_points);
  if (finished_earlier > 0) text += fmt::format("; {} finished earlier", finished_earlier);
  text += fmt::format(", {} to run\n", points.size());
  if (points.empty()) return text + "Wall time: nothing to run\n";
  text += fmt::format("Wall time: about {} with {} job{} ({} of runs, the longest point {}), from a pilot of each "
                      "point{}\n",
                      format_seconds(sweep_makespan(seconds, jobs)), jobs, jobs == 1 ? "" : "s", format_seconds(total),
                      format_seconds(longest),
                      unknown > 0 ? fmt::format("; {} not estimated (no I/O completed in a pilot of up to 1 s of "
                                                "simulated time) and not counted",
                                                unknown)
                                  : std::string());
  text += "  (each point: set-up + start + steady state, as `run --dry-run` explains them)\n";
  text += fmt::format("{:>7}  {:>9}  {:>9}  {:>9}  {:>9}  {}\n", "point", "set-up", "start", "steady", "estimated",
                      "values");
  for (const SweepPointEstimate& p : points) {
    if (!p.run.estimated) {
      text += fmt::format("{:>7}  {:>42}  {}\n", p.index, "not estimated", p.values);
      continue;
    }
    const models::RunEstimate& e = p.run;
    text += fmt::format("{:>7}  {:>9}  {:>9}  {:>9}  {:>9}  {}\n", p.index, format_seconds(e.setup_wall_s),
                        format_seconds(e.start_wall_s),
                        format_seconds(e.estimated_wall_s - e.setup_wall_s - e.start_wall_s),
                        format_seconds(e.estimated_wall_s), p.values);
  }
  return text;
}

}  // namespace hcisim::frontend
