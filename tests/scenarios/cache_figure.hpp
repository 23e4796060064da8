// A node's cache tier statistic from a run's table (models/cache/cache_statistics.hpp).
#pragma once

#include "models/cache/cache_statistics.hpp"
#include "models/result/run_result.hpp"

namespace cache = hcisim::models::cache_statistics;

inline double cache_figure(const hcisim::models::RunResult& run, const hcisim::models::NodeResult& node,
                           const cache::Declared& statistic) {
  return run.statistics.value(cache::name(node.node, statistic));
}
