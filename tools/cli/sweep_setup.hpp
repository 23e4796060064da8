// What every point of a sweep (or a search) shares: the scenario, the
// catalog, the --set what-ifs, the run overrides and the method; and how one
// point is loaded (main thread: the catalog is not shared across threads) and
// run (any thread).
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "models/run/run_result.hpp"
#include "tools/cli/sweep_run.hpp"
#include "tools/frontend/catalog.hpp"

namespace hcisim::cli {

struct SweepSetup {
  std::string scenario;               // as given
  std::vector<std::string> user_dirs;
  std::vector<std::string> sets;      // --set, before the point's values
  std::optional<std::uint64_t> seed;
  std::optional<std::int64_t> duration_ns, warmup_ns;
  bool fast = false;
  std::shared_ptr<frontend::Catalog> catalog;

  // The point's scenario: the file, the --sets, the point's values, the run overrides.
  SweepJob load(const frontend::SweepPoint& point) const;
  // Everything above that changes a result, for a resumable sweep's manifest.
  nlohmann::json manifest(const std::vector<frontend::SweepAxis>& axes, std::size_t points) const;
};

// Runs one point: the simulator, or the fast path with fast = true (a point it
// refuses is an error naming the mechanism).
models::RunResult run_point(const models::ScenarioSpec& spec, bool fast);

// --plot DIR of a grid or a search: the saturation curve of its rows (IOPS
// against p99 latency, a point per row). False when gnuplot is installed but
// could not draw it (the message is printed); without gnuplot the data and
// script are written and the message says how to draw them.
bool draw_saturation_curve(const std::string& dir, const std::string& title, const std::vector<nlohmann::json>& rows);

}  // namespace hcisim::cli
