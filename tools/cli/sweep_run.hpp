// Running the points of a sweep: on threads of this process, or over the
// ranks of an MPI job (sweep_mpi.cpp). Each point's result depends only on
// the point (its scenario, its --set values and the seed the scenario gives),
// so the rows are the same whatever runs them and in whatever order. Points
// are handed out one at a time and each is loaded where it runs, so a large
// grid is never held whole.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"

namespace hcisim::cli {

struct SweepJob {
  frontend::SweepPoint point;
  models::ScenarioSpec spec;
};

// "point 3 [vms.per_node=16, vms.vcpus=2]": how messages and progress name a point.
std::string point_label(const frontend::SweepPoint& point);

// What one point gives: its row, and the input files its load read (for the manifest).
struct PointOutcome {
  nlohmann::json row;
  frontend::InputDigests inputs;
};

// The points to run, by index: `next` gives the next one, or none when there
// is no other (called by one thread at a time); there are at most `most`.
struct PointQueue {
  std::size_t most = 0;
  std::function<std::optional<std::size_t>()> next;
};
// Runs one point (loads it, simulates or takes the fast path) on any thread;
// throws on a failed point.
using PointWork = std::function<PointOutcome(std::size_t index)>;
// Told each finished point, one at a time (in completion order), on the calling thread or under a lock.
using PointDone = std::function<void(std::size_t index, const PointOutcome&)>;
// How a failure names point `index` ("point 3 [...]").
using PointName = std::function<std::string(std::size_t index)>;

// Runs the queue on `threads` threads; the first failure (of a point, or of
// `done`) stops handing out points and is rethrown (as std::runtime_error
// naming the point) once the others end.
void run_on_threads(const PointQueue& queue, int threads, const PointWork& work, const PointDone& done,
                    const PointName& name);

// MPI (when built with Boost.MPI): whether this process is one rank of an MPI
// job of more than one rank (launched by mpirun), and the job over the ranks:
// rank 0 hands out points and gets the outcomes (done is called there only);
// the others compute (`queue` is used on rank 0 only). Returns false on ranks
// other than 0 (they have no output).
bool mpi_available();
bool launched_by_mpirun();
// This process's rank (initialises MPI; 0 without it).
int mpi_rank();
bool run_on_mpi(const PointQueue& queue, const PointWork& work, const PointDone& done, const PointName& name);

}  // namespace hcisim::cli
