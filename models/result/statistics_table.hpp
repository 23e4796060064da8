// The run's statistics by name (sim::Statistics read at the end of the run, or
// the fast path's estimates under the same names): what the components
// declared, which reports iterate or look up by name.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "sim/statistics.hpp"

namespace hcisim::models {

struct StatisticsTable {
  std::vector<sim::StatisticReading> rows;  // in the order declared

  // The row named `name`; null when no component declared it.
  const sim::StatisticReading* find(std::string_view name) const;
  // Its value, a count as a real number; throws std::out_of_range when absent.
  double value(std::string_view name) const;
  std::uint64_t count(std::string_view name) const;
  // Sets a row (added at the end when new): the fast path's estimates.
  void set_count(std::string_view name, std::string_view unit, std::uint64_t count);
  void set_value(std::string_view name, std::string_view unit, double value);
  // The rows whose names begin with `prefix`, in order.
  std::vector<const sim::StatisticReading*> under(std::string_view prefix) const;
};

}  // namespace hcisim::models
