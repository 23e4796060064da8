// A node's cache tier statistics as rows of a result's table, each 0: where an
// estimate (the fast path) or a test fills in some and leaves the rest at 0.
#pragma once

#include "models/cache/cache_statistics.hpp"
#include "models/result/statistics_table.hpp"

namespace hcisim::models {

inline void add_cache_tier_rows(StatisticsTable& table, int node) {
  namespace s = cache_statistics;
  for (std::size_t i = 0; i < s::kAll.size(); ++i) {
    if (i < s::kCounts) {
      table.set_count(s::name(node, s::kAll[i]), s::kAll[i].unit, 0);
    } else {
      table.set_value(s::name(node, s::kAll[i]), s::kAll[i].unit, 0);
    }
  }
}

}  // namespace hcisim::models
