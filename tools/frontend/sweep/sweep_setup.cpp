#include "tools/frontend/sweep/sweep_setup.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <set>
#include <stdexcept>

#include "models/run/simulation.hpp"
#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/plots.hpp"
#include "tools/frontend/report/run_length_check.hpp"
#include "tools/frontend/sweep/fast_result.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"

namespace hcisim::frontend {

SweepJob SweepSetup::load(const SweepPoint& point, InputDigests* read) const {
  std::vector<std::string> overrides = sets;
  overrides.insert(overrides.end(), point.assignments.begin(), point.assignments.end());
  const std::lock_guard turn(loading_);
  const InputRecording recording;
  SweepJob job{point, load_scenario(scenario, *catalog, overrides)};
  if (seed) job.spec.run.seed = *seed;
  if (duration_ns) job.spec.run.duration_ns = *duration_ns;
  if (warmup_ns) job.spec.run.warmup_ns = *warmup_ns;
  if (duration_ns || warmup_ns) check_run_length(job.spec, duration_ns ? "--duration" : "--warmup");
  if (read != nullptr) *read = recording.files();
  return job;
}

InputDigests SweepSetup::check_axes(const std::vector<SweepAxis>& axes) const {
  InputDigests read;
  std::set<std::size_t> checked;
  std::size_t stride = 1;  // between two values of axis a: the product of the later axes' sizes
  for (std::size_t a = axes.size(); a-- > 0;) {
    for (std::size_t v = 0; v < axes[a].values.size(); ++v) {
      const std::size_t index = v * stride;
      if (!checked.insert(index).second) continue;
      const SweepPoint point = grid_point(axes, index);
      InputDigests files;
      try {
        (void)load(point, &files);
      } catch (const std::exception& e) {
        throw std::runtime_error(point_label(point) + ": " + e.what());
      }
      read.insert(files.begin(), files.end());
    }
    stride *= axes[a].values.size();
  }
  return read;
}

namespace {

// The version and a digest of this very binary: a rebuild whose models changed
// keeps the version number but not the digest, and a resume must not mix them.
std::string version_and_build() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return std::string(HCISIM_VERSION) + " (build " + (bytes.empty() ? "unknown" : content_digest(bytes)) + ")";
}

}  // namespace

nlohmann::json SweepSetup::manifest(const std::vector<SweepAxis>& axes, std::size_t points,
                                    const InputDigests& inputs) const {
  namespace fs = std::filesystem;
  std::error_code ec;
  nlohmann::json vary = nlohmann::json::array();
  for (const SweepAxis& a : axes) vary.push_back({{"key", a.key}, {"values", a.values}});
  nlohmann::json dirs = nlohmann::json::array();
  for (const std::string& d : user_dirs) dirs.push_back(fs::absolute(d, ec).lexically_normal().string());
  return {{"hcisim_version", version_and_build()},
          {"scenario", fs::absolute(scenario, ec).lexically_normal().string()},
          {"inputs", inputs},
          {"catalog", dirs},
          {"set", sets},
          {"vary", vary},
          {"seed", seed ? nlohmann::json(*seed) : nlohmann::json()},
          {"duration_ns", duration_ns ? nlohmann::json(*duration_ns) : nlohmann::json()},
          {"warmup_ns", warmup_ns ? nlohmann::json(*warmup_ns) : nlohmann::json()},
          {"method", fast ? "analytic" : "simulation"},
          {"points", points}};
}

models::RunResult run_point(const models::ScenarioSpec& spec, bool fast) {
  return fast ? fast_result(spec) : models::simulate(spec);
}

std::string sweep_title(const models::ScenarioSpec& point_spec, const SweepPoint& point) {
  std::string title = plot_title(point_spec);
  // The loader appends " [key=value]" for each override, the point's last.
  for (auto a = point.assignments.rbegin(); a != point.assignments.rend(); ++a) {
    const std::string suffix = " [" + *a + "]";
    if (title.size() >= suffix.size() && title.compare(title.size() - suffix.size(), suffix.size(), suffix) == 0) {
      title.resize(title.size() - suffix.size());
    }
  }
  return title;
}

bool draw_saturation_curve(const std::string& dir, const std::string& title, const std::string& what,
                           const SweepRows& rows, std::ostream& log) {
  SaturationPlot curve = saturation_plot(rows);
  curve.title = title;
  curve.what = what;
  const PlotOutcome plots = write_saturation_plot(dir, curve);
  if (!plots.message.empty()) log << "hcisim: " << plots.message << "\n";
  return plots.drawn || find_gnuplot().empty();
}

}  // namespace hcisim::frontend
