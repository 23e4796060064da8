// Running the points of a sweep: on threads of this process, or over the
// ranks of an MPI job (sweep_mpi.cpp). Each point's result depends only on
// the point (its scenario, its --set values and the seed the scenario gives),
// so the rows are the same whatever runs them and in whatever order.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/sweep_grid.hpp"

namespace hcisim::cli {

struct SweepJob {
  frontend::SweepPoint point;
  models::ScenarioSpec spec;
};

// "point 3 [vms.per_node=16, vms.vcpus=2]": how messages and progress name a point.
std::string point_label(const frontend::SweepPoint& point);

// Runs one point (simulation, or the fast path) and makes its row; throws on a failed point.
using PointWork = std::function<nlohmann::json(const SweepJob&)>;
// Told each finished row, one at a time (in completion order), on the calling thread or under a lock.
using RowDone = std::function<void(const SweepJob&, const nlohmann::json&)>;

// Runs `jobs` on `threads` threads; the first failure stops handing out points
// and is rethrown (as std::runtime_error naming the point) once the others end.
void run_on_threads(const std::vector<const SweepJob*>& jobs, int threads, const PointWork& work,
                    const RowDone& done);

// MPI (when built with Boost.MPI): whether this process is one rank of an MPI
// job of more than one rank (launched by mpirun), and the job over the ranks:
// rank 0 hands out points and gets the rows (done is called there only); the
// others compute. Returns false on ranks other than 0 (they have no output).
bool mpi_available();
bool launched_by_mpirun();
// This process's rank (initialises MPI; 0 without it).
int mpi_rank();
bool run_on_mpi(const std::vector<const SweepJob*>& jobs, const PointWork& work, const RowDone& done);

}  // namespace hcisim::cli
