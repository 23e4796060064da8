// The grid of a sweep: each --vary key.path=v1,v2,... gives one axis; the
// points are every combination, the first axis varying slowest (grid order).
// A point is a list of --set assignments, checked by the scenario loader like
// any --set. Values are split at commas outside brackets and quotes, so a
// list value stays whole: --vary 'vms.per_node=[32, 64, 32, 0],32'. A value
// LO..HI is every whole number from LO to HI, LO..HI+STEP every STEP-th, and
// LO..HI*FACTOR a geometric series (1..256*2: 1, 2, 4, ... 256); ranges and
// single values mix: vms.workload.outstanding=1..8,12,16..64*2.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hcisim::frontend {

struct SweepAxis {
  std::string key;                  // key.path
  std::vector<std::string> values;  // as written
};

// Parses one --vary; throws std::invalid_argument naming what is wrong.
SweepAxis parse_vary(const std::string& text);

struct SweepPoint {
  std::size_t index = 0;                 // in grid order, from 0
  std::vector<std::string> assignments;  // "key=value", one per axis
  std::vector<std::string> values;       // the values alone, one per axis
};

// The number of points; throws std::invalid_argument when a key is varied
// twice, an axis has no values or the grid exceeds `max_points`.
std::size_t grid_size(const std::vector<SweepAxis>& axes, std::size_t max_points = 1'000'000);
// Point `index` (below grid_size) alone: a sweep makes each point when it
// runs it, so a large grid is never held whole.
SweepPoint grid_point(const std::vector<SweepAxis>& axes, std::size_t index);
// Every point (grid_size, then grid_point of each).
std::vector<SweepPoint> expand_grid(const std::vector<SweepAxis>& axes, std::size_t max_points = 1'000'000);

}  // namespace hcisim::frontend
