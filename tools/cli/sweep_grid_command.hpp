// hcisim sweep SCENARIO --vary ... : every point of the grid, each made,
// loaded and run when its turn comes (threads, MPI ranks), its row kept in
// DIR/points (--out) or a temporary file, never all in memory; then the
// outputs, row by row. With --out DIR a sweep restarted with the same
// arguments and inputs skips the points finished earlier.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tools/cli/sweep_setup.hpp"
#include "tools/frontend/base/output_file.hpp"

namespace hcisim::cli {

struct GridRun {
  std::vector<std::string> varies;  // --vary, as given
  std::string out;                  // --out DIR, or empty
  std::size_t max_points = 0;       // --max-points (new points to run)
  int jobs = 1;
  bool quiet = false, use_mpi = false, dry_run = false;
  const frontend::OutputFile* csv = nullptr;
  const frontend::OutputFile* json = nullptr;
  std::string plot_dir;  // --plot DIR, or empty
};

int grid_command(const SweepSetup& setup, const GridRun& run);

}  // namespace hcisim::cli
