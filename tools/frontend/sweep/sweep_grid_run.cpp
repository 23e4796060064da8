#include "tools/frontend/sweep/sweep_grid_run.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "models/run/run_estimate.hpp"
#include "tools/frontend/base/progress_text.hpp"
#include "tools/frontend/sweep/sweep_estimate.hpp"
#include "tools/frontend/sweep/sweep_progress.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"
#include "tools/frontend/sweep/sweep_spool.hpp"
#include "tools/frontend/sweep/sweep_store.hpp"
#include "tools/frontend/sweep/sweep_table.hpp"

namespace hcisim::frontend {

namespace {

// --dry-run: every point loaded and checked, a pilot of each point to run, on the sweep's threads.
std::string estimate_sweep(const SweepSetup& setup, const std::vector<SweepAxis>& axes, const std::vector<bool>& to_run,
                           std::size_t resumed, SweepStore* store, const GridRun& run, bool terminal,
                           std::ostream& log) {
  const std::size_t grid_points = to_run.size();
  std::vector<std::optional<models::RunEstimate>> estimates(grid_points);
  SweepProgress progress(log, grid_points, 0, run.quiet, terminal);
  std::size_t next = 0;
  const PointQueue queue{grid_points, [&]() -> std::optional<std::size_t> {
                           if (next == grid_points) return std::nullopt;
                           return next++;
                         }};
  const PointWork pilot = [&](std::size_t i) {
    PointOutcome outcome;
    const SweepJob job = setup.load(grid_point(axes, i), &outcome.inputs);
    if (to_run[i]) estimates[i] = models::estimate_run(job.spec);  // each index is written by one thread
    return outcome;
  };
  const PointDone done = [&](std::size_t i, const PointOutcome& outcome) {
    if (store) store->note_inputs(outcome.inputs);  // read-only: checks them
    progress.point_done((to_run[i] ? "pilot of " : "check of ") + point_label(grid_point(axes, i)));
  };
  run_on_threads(queue, run.jobs, pilot, done, [&axes](std::size_t i) { return point_label(grid_point(axes, i)); });
  progress.finish();
  std::vector<SweepPointEstimate> points;
  for (std::size_t i = 0; i < grid_points; ++i) {
    if (!estimates[i]) continue;
    std::string values;
    for (const std::string& a : grid_point(axes, i).assignments) values += (values.empty() ? "" : ", ") + a;
    points.push_back({i, values, *estimates[i]});
  }
  return format_sweep_estimate(points, grid_points, resumed, run.jobs);
}

// Writes an output of the finished sweep to `file`, piece by piece.
void write_to(const OutputFile& file, const std::function<void(const TextSink&)>& produce) {
  file.write_pieces([&produce](const OutputFile::Emit& emit) { produce(emit); });
}

}  // namespace

int run_grid(const SweepSetup& setup, const GridRun& run, std::ostream& out, std::ostream& log) {
  std::vector<SweepAxis> axes;
  std::size_t grid_points = 0;
  try {
    for (const std::string& v : run.varies) axes.push_back(parse_vary(v));
    grid_points = grid_size(axes);
  } catch (const std::invalid_argument& e) {
    throw SweepRequestError{e.what()};
  }
  InputDigests inputs = setup.catalog_inputs;
  const InputDigests axis_inputs = setup.check_axes(axes);
  inputs.insert(axis_inputs.begin(), axis_inputs.end());

  std::unique_ptr<SweepStore> store;
  const bool root_rank = run.ranks == nullptr || run.ranks->is_root();  // only rank 0 keeps the points and writes
  if (!run.out.empty() && root_rank) {
    try {
      store = std::make_unique<SweepStore>(run.out, setup.manifest(axes, grid_points, inputs),
                                           run.dry_run ? SweepStore::Access::ReadOnly : SweepStore::Access::Write);
    } catch (const std::invalid_argument& e) {
      throw SweepRequestError{e.what()};
    }
  }
  // A bit per point: whether to run it now (not finished earlier, within --max-points).
  std::vector<bool> to_run(grid_points, false);
  std::size_t resumed = 0, todo = 0;
  for (std::size_t i = 0; i < grid_points; ++i) {
    if (store && store->finished(grid_point(axes, i))) {
      ++resumed;
    } else if (todo < run.max_points) {
      to_run[i] = true;
      ++todo;
    }
  }
  const bool terminal = run.terminal;
  if (run.dry_run) {
    out << estimate_sweep(setup, axes, to_run, resumed, store.get(), run, terminal, log);
    return 0;
  }

  std::unique_ptr<RowSpool> spool;
  if (!store && root_rank) spool = std::make_unique<RowSpool>(grid_points);
  // No progress per point with --fast: each takes milliseconds, a 100-point grid well under a second.
  SweepProgress progress(log, grid_points, resumed, run.quiet || setup.fast, terminal);
  std::size_t next = 0, fresh = 0;
  const PointQueue queue{todo, [&]() -> std::optional<std::size_t> {
                           while (next < grid_points && !to_run[next]) ++next;
                           if (next == grid_points) return std::nullopt;
                           return next++;
                         }};
  const bool fast = setup.fast;
  const PointWork work = [&](std::size_t i) {
    const SweepPoint point = grid_point(axes, i);
    PointOutcome outcome;
    const SweepJob job = setup.load(point, &outcome.inputs);
    outcome.row = sweep_row_json(axes, point, job.spec, run_point(job.spec, fast));
    return outcome;
  };
  const PointDone done = [&](std::size_t i, const PointOutcome& outcome) {
    const SweepPoint point = grid_point(axes, i);
    if (store) {
      store->note_inputs(outcome.inputs);  // before the point: the manifest lists every file a saved point read
      store->save(point, outcome.row);
    } else if (run.json) {
      spool->put(i, outcome.row);
    } else {
      nlohmann::json figures = outcome.row;  // the CSV, the table and the plot use no run report
      figures.erase("run");
      spool->put(i, figures);
    }
    ++fresh;
    progress.point_done(point_label(point));
  };
  const PointName name = [&axes](std::size_t i) { return point_label(grid_point(axes, i)); };
  const bool root =
      run.ranks ? run.ranks->run(queue, work, done, name) : (run_on_threads(queue, run.jobs, work, done, name), true);
  progress.finish();
  if (!root) return 0;  // an MPI worker: rank 0 writes the results
  if (resumed + fresh < grid_points) {
    if (!run.quiet) {
      log << "sweep: stopped after " << fresh << " new points (--max-points); " << resumed + fresh << " of "
          << grid_points << " done; run the same command again to continue\n";
    }
    return 0;
  }
  // The outputs, a row at a time from the point files (or the spool).
  const SweepRows rows{grid_points,
                       [&](std::size_t i) { return spool ? spool->at(i) : store->row(grid_point(axes, i)); }};
  const auto csv = [&](const TextSink& out) { sweep_csv(axes, rows, out); };
  const auto json = [&](const TextSink& out) { sweep_json(setup.scenario, axes, rows, out); };
  const auto on_stdout = [&out](std::string_view piece) { out << piece; };
  if (store) {
    write_to(OutputFile((store->dir() / "sweep.csv").string(), OutputFile::Targets::RegularFile), csv);
    write_to(OutputFile((store->dir() / "sweep.json").string(), OutputFile::Targets::RegularFile), json);
  }
  if (run.csv) write_to(*run.csv, csv);
  if (run.json) write_to(*run.json, json);
  if (!(run.csv && run.csv->is_stdout()) && !(run.json && run.json->is_stdout())) {
    sweep_table(axes, rows, on_stdout);  // the CSV and JSON are the record, kept in files
  }
  if (!run.plot_dir.empty()) {
    const SweepPoint first = grid_point(axes, 0);
    const std::string title = sweep_title(setup.load(first).spec, first);
    if (!draw_saturation_curve(run.plot_dir, title, "saturation curve: IOPS against p99 latency, a point per step",
                               rows, log)) {
      return 1;
    }
  }
  if (!run.quiet) {
    log << "sweep: " << grid_points << " points (" << resumed << " from an earlier run) in "
        << format_seconds(progress.seconds()) << "\n";
  }
  return 0;
}

}  // namespace hcisim::frontend
