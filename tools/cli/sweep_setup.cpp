#include "tools/cli/sweep_setup.hpp"

#include <filesystem>
#include <iostream>

#include "models/run/simulation.hpp"
#include "tools/cli/commands.hpp"
#include "tools/frontend/plots.hpp"
#include "tools/frontend/scenario_loader.hpp"
#include "tools/frontend/run_length_check.hpp"
#include "tools/frontend/sweep_rows.hpp"
#include "tools/frontend/sweep_store.hpp"

namespace hcisim::cli {

SweepJob SweepSetup::load(const frontend::SweepPoint& point) const {
  std::vector<std::string> overrides = sets;
  overrides.insert(overrides.end(), point.assignments.begin(), point.assignments.end());
  SweepJob job{point, frontend::load_scenario(scenario, *catalog, overrides)};
  if (seed) job.spec.run.seed = *seed;
  if (duration_ns) job.spec.run.duration_ns = *duration_ns;
  if (warmup_ns) job.spec.run.warmup_ns = *warmup_ns;
  if (duration_ns || warmup_ns) frontend::check_run_length(job.spec, duration_ns ? "--duration" : "--warmup");
  return job;
}

nlohmann::json SweepSetup::manifest(const std::vector<frontend::SweepAxis>& axes, std::size_t points) const {
  namespace fs = std::filesystem;
  std::error_code ec;
  nlohmann::json vary = nlohmann::json::array();
  for (const frontend::SweepAxis& a : axes) vary.push_back({{"key", a.key}, {"values", a.values}});
  nlohmann::json dirs = nlohmann::json::array();
  for (const std::string& d : user_dirs) dirs.push_back(fs::absolute(d, ec).lexically_normal().string());
  return {{"hcisim_version", HCISIM_VERSION},
          {"scenario", fs::absolute(scenario, ec).lexically_normal().string()},
          {"scenario_digest", frontend::file_digest(scenario)},
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

bool draw_saturation_curve(const std::string& dir, const std::string& title, const std::vector<nlohmann::json>& rows) {
  const frontend::PlotOutcome plots = frontend::write_saturation_plot(dir, title, frontend::saturation_points(rows));
  if (!plots.message.empty()) std::cerr << "hcisim: " << plots.message << "\n";
  return plots.drawn || frontend::find_gnuplot().empty();
}

}  // namespace hcisim::cli
