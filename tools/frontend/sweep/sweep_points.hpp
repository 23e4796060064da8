// Running the points of a sweep: on threads of this process, or over the
// ranks of an MPI job (tools/cli/sweep_mpi.cpp, a PointRunner). Each point's
// result depends only on the point (its scenario, its --set values and the
// seed the scenario gives), so the rows are the same whatever runs them and in
// whatever order. Points are handed out one at a time and each is loaded where
// it runs, so a large grid is never held whole.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"

namespace hcisim::frontend {

struct SweepJob {
  SweepPoint point;
  models::ScenarioSpec spec;
};

// "point 3 [vms.per_node=16, vms.vcpus=2]": how messages and progress name a point.
std::string point_label(const SweepPoint& point);

// What one point gives: its row, and the input files its load read (for the manifest).
struct PointOutcome {
  nlohmann::json row;
  InputDigests inputs;
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

// Another way to run a grid's points than this machine's threads: the ranks of
// an MPI job (the program gives it: tools/cli/sweep_mpi.cpp). Rank 0 hands out
// points and gets the outcomes (done is called there only); the others compute.
struct PointRunner {
  // Whether this process keeps the points and writes the outputs (rank 0).
  std::function<bool()> is_root;
  // Runs the queue; false on a process that has no output (a rank other than 0).
  std::function<bool(const PointQueue&, const PointWork&, const PointDone&, const PointName&)> run;
};

}  // namespace hcisim::frontend
