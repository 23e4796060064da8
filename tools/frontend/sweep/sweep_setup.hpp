// What every point of a sweep (or a search) shares: the scenario, the
// catalog, the --set what-ifs, the run overrides and the method; and how one
// point is loaded and run (any thread; loads take turns: the catalog is not
// shared across threads).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "models/result/run_result.hpp"
#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/sweep/sweep_points.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"

namespace hcisim::frontend {

// A sweep or search asked for what it cannot do as asked (a --vary, --over or
// --slo it cannot use, options that do not go together): the program reports
// it as bad usage.
struct SweepRequestError {
  std::string message;
};

struct SweepSetup {
  std::string scenario;  // as given
  std::vector<std::string> user_dirs;
  std::vector<std::string> sets;  // --set, before the point's values
  std::optional<std::uint64_t> seed;
  std::optional<std::int64_t> duration_ns, warmup_ns;
  bool fast = false;
  std::shared_ptr<Catalog> catalog;
  InputDigests catalog_inputs;  // the part files read when the catalog was loaded

  // The point's scenario: the file, the --sets, the point's values, the run
  // overrides; `read` gets the files the load read.
  SweepJob load(const SweepPoint& point, InputDigests* read = nullptr) const;
  // Every value of every axis loaded (and so checked) with the first value of
  // the other axes, before the first point runs: a value no point can take
  // stops the sweep at once (throws naming the point; a bad combination of
  // values stops it when its point comes). Returns the files they read.
  InputDigests check_axes(const std::vector<SweepAxis>& axes) const;
  // Everything above that changes a result, for a resumable sweep's manifest,
  // with `inputs` (the files read so far: the catalog's, the points').
  nlohmann::json manifest(const std::vector<SweepAxis>& axes, std::size_t points, const InputDigests& inputs) const;

 private:
  mutable std::mutex loading_;
};

// Runs one point: the simulator, or the fast path with fast = true (a point it
// refuses is an error naming the mechanism).
models::RunResult run_point(const models::ScenarioSpec& spec, bool fast);

// What a sweep's pictures are titled: the scenario's title (plot_title) as
// `point_spec` has it, with the --sets but without the point's own values.
std::string sweep_title(const models::ScenarioSpec& point_spec, const SweepPoint& point);

// --plot DIR of a grid or a search: the saturation curve of its rows (IOPS
// against p99 latency, a point per row), titled with the scenario's title
// (plot_title) and `what` the curve is. False when gnuplot is installed but
// could not draw it (the message goes to `log`); without gnuplot the data and
// script are written and the message says how to draw them.
bool draw_saturation_curve(const std::string& dir, const std::string& title, const std::string& what,
                           const SweepRows& rows, std::ostream& log);

}  // namespace hcisim::frontend
