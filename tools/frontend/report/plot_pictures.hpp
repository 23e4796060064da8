// The pictures --plot draws, each a gnuplot script over data files it writes
// into `dir` (plots.hpp lists them). `title` is the scenario's title.
#pragma once

#include <filesystem>
#include <string>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/report/plot_draw.hpp"
#include "tools/frontend/report/plots.hpp"

namespace hcisim::frontend::plot {

// Colours shared by the pictures, told apart also by colour-blind readers.
constexpr const char* kReadColour = "#0072b2";
constexpr const char* kWriteColour = "#d55e00";

Picture latency_cdf(const std::filesystem::path& dir, const std::string& title, const models::RunResult& r);
Picture timeline(const std::filesystem::path& dir, const std::string& title, const models::ScenarioSpec& spec,
                 const models::RunResult& r);
Picture cpu_by_layer(const std::filesystem::path& dir, const std::string& title, const models::ScenarioSpec& spec,
                     const models::RunResult& r);
Picture saturation(const std::filesystem::path& dir, const SaturationPlot& curve);

}  // namespace hcisim::frontend::plot
