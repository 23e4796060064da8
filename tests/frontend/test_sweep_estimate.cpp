// sweep --dry-run: the points handed out in order to the jobs, each taking the
// next one when it is free (what run_on_threads does), and the table it prints.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tools/frontend/sweep/sweep_estimate.hpp"

using hcisim::frontend::format_sweep_estimate;
using hcisim::frontend::sweep_makespan;
using hcisim::frontend::SweepPointEstimate;

TEST_CASE("a sweep's wall time is the points handed out in order to free jobs", "[sweep][estimate]") {
  CHECK(sweep_makespan({}, 2) == 0);
  CHECK(sweep_makespan({1, 2, 3}, 1) == Approx(6));
  // The long point first: the other job runs the three short ones meanwhile.
  CHECK(sweep_makespan({3, 1, 1, 1}, 2) == Approx(3));
  // The long point last: it starts when the first job is free again, at 1.
  CHECK(sweep_makespan({1, 1, 1, 3}, 2) == Approx(4));
  // More jobs than points: the longest point.
  CHECK(sweep_makespan({2, 5, 1}, 8) == Approx(5));
  CHECK_THROWS_AS(sweep_makespan({1}, 0), std::invalid_argument);
}

namespace {

SweepPointEstimate point(std::size_t index, double setup, double start, double total) {
  SweepPointEstimate p;
  p.index = index;
  p.values = "vms.per_node=" + std::to_string(8 << index);
  p.run.estimated = true;
  p.run.setup_wall_s = setup;
  p.run.start_wall_s = start;
  p.run.estimated_wall_s = total;
  return p;
}

}  // namespace

TEST_CASE("sweep --dry-run's table: the total on the jobs, each point's parts", "[sweep][estimate]") {
  std::vector<SweepPointEstimate> points = {point(2, 0.01, 0.05, 4.0), point(3, 0.02, 0.1, 2.0),
                                            point(4, 0.03, 0.2, 2.5)};
  points.push_back(SweepPointEstimate{5, "vms.per_node=256", {}});  // no I/O in any pilot
  const std::string text = format_sweep_estimate(points, 6, 2, 2);
  CHECK(text.find("Sweep: 6 points, every one loaded and checked; 2 finished earlier, 4 to run\n") == 0);
  // Job 1 runs point 2 (4 s), job 2 points 3 and 4 (2 + 2.5 s): 4.5 s; 8.5 s of runs.
  CHECK(text.find("Wall time: about 4.5 s with 2 jobs (8.5 s of runs, the longest point 4.0 s)") != std::string::npos);
  CHECK(text.find("1 not estimated") != std::string::npos);
  CHECK(text.find("      3     0.02 s     0.10 s      1.9 s      2.0 s  vms.per_node=64\n") != std::string::npos);
  CHECK(text.find("not estimated  vms.per_node=256\n") != std::string::npos);
  CHECK(format_sweep_estimate({}, 6, 6, 2) ==
        "Sweep: 6 points, every one loaded and checked; 6 finished earlier, 0 to run\nWall time: nothing to run\n");
}
