// hcisim sweep SCENARIO --vary ... : every point of the grid, each made,
// loaded and run when its turn comes (threads, MPI ranks), its row kept in
// DIR/points (--out) or a temporary file, never all in memory; then the
// outputs, row by row. With --out DIR a sweep restarted with the same
// arguments and inputs skips the points finished earlier.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/sweep/sweep_points.hpp"
#include "tools/frontend/sweep/sweep_setup.hpp"

namespace hcisim::frontend {

struct GridRun {
  std::vector<std::string> varies;  // --vary, as given
  std::string out;                  // --out DIR, or empty
  std::size_t max_points = 0;       // --max-points (new points to run)
  int jobs = 1;
  bool quiet = false, dry_run = false;
  bool terminal = false;               // `log` is a terminal: progress rewrites one line
  const PointRunner* ranks = nullptr;  // the ranks of an MPI job; none: this machine's threads (jobs)
  const OutputFile* csv = nullptr;
  const OutputFile* json = nullptr;
  std::string plot_dir;  // --plot DIR, or empty
};

// Runs the grid: the table (or the dry run's estimate) to `out`, progress and
// messages to `log`; returns the exit code. Throws SweepRequestError for a
// --vary or an --out it cannot use.
int run_grid(const SweepSetup& setup, const GridRun& run, std::ostream& out, std::ostream& log);

}  // namespace hcisim::frontend
