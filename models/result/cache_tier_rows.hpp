// A node's cache tier statistics as rows of a result's table, each 0: where an
// estimate (the fast path) or a test fills in some and leaves the rest at 0.
#pragma once

#include "models/cache/cache_statistics.hpp"
#include "models/result/statistics_table.hpp"

namespace hcisim::models {

inline void add_cache_tier_rows(StatisticsTable& table, int node) {
  namespace s = cache_statistics;
  for (const s::Declared& d : s::kAll) {
    if (d.count) {
      table.set_count(s::name(node, d), d.unit, 0);
    } else {
      table.set_value(s::name(node, d), d.unit, 0);
    }
  }
}

}  // namespace hcisim::models
