#include "tools/frontend/report/plots.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "tools/frontend/report/plot_draw.hpp"
#include "tools/frontend/report/plot_pictures.hpp"

namespace hcisim::frontend {

namespace fs = std::filesystem;

std::string plot_title(const models::ScenarioSpec& spec) { return spec.title.empty() ? spec.id : spec.title; }

void check_plot_folder(const fs::path& dir) {
  for (const char* name : {"latency-cdf-read.dat", "latency-cdf-write.dat", "latency-cdf.gp", "latency-cdf.png",
                           "timeline.dat", "timeline.gp", "timeline.png", "cpu-by-layer.dat", "cpu-by-layer.gp",
                           "cpu-by-layer.png", "saturation.dat", "saturation.gp", "saturation.png", "gnuplot.log"}) {
    plot::require_plain_or_absent(dir / name);
  }
}

fs::path find_gnuplot() {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  const std::string dirs = path;
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
    const fs::path candidate =
        fs::path(dirs.substr(start, colon - start).empty() ? "." : dirs.substr(start, colon - start)) / "gnuplot";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = colon + 1;
  }
  return {};
}

PlotOutcome write_run_plots(const fs::path& dir, const models::ScenarioSpec& spec, const models::RunResult& r) {
  plot::make_dir(dir);
  const std::string title = plot_title(spec);
  return plot::draw(dir, {plot::latency_cdf(dir, title, r), plot::timeline(dir, title, spec, r),
                          plot::cpu_by_layer(dir, title, spec, r)});
}

PlotOutcome write_saturation_plot(const fs::path& dir, const SaturationPlot& curve) {
  if (curve.points.empty()) throw std::invalid_argument("a saturation curve needs at least one sweep step");
  plot::make_dir(dir);
  return plot::draw(dir, {plot::saturation(dir, curve)});
}

}  // namespace hcisim::frontend
