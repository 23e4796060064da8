#include "models/result/statistics_table.hpp"

#include <stdexcept>
#include <string>

namespace hcisim::models {

const sim::StatisticReading* StatisticsTable::find(std::string_view name) const {
  for (const sim::StatisticReading& r : rows) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

double StatisticsTable::value(std::string_view name) const {
  const sim::StatisticReading* r = find(name);
  if (r == nullptr) throw std::out_of_range("no statistic named " + std::string(name));
  return r->is_count ? static_cast<double>(r->count) : r->value;
}

std::uint64_t StatisticsTable::count(std::string_view name) const {
  const sim::StatisticReading* r = find(name);
  if (r == nullptr || !r->is_count) throw std::out_of_range("no count named " + std::string(name));
  return r->count;
}

namespace {
sim::StatisticReading& row(std::vector<sim::StatisticReading>& rows, std::string_view name, std::string_view unit) {
  for (sim::StatisticReading& r : rows) {
    if (r.name == name) return r;
  }
  rows.push_back({std::string(name), std::string(unit), false, 0, 0});
  return rows.back();
}
}  // namespace

void StatisticsTable::set_count(std::string_view name, std::string_view unit, std::uint64_t count) {
  sim::StatisticReading& r = row(rows, name, unit);
  r.is_count = true;
  r.count = count;
  r.value = 0;
}

void StatisticsTable::set_value(std::string_view name, std::string_view unit, double value) {
  sim::StatisticReading& r = row(rows, name, unit);
  r.is_count = false;
  r.count = 0;
  r.value = value;
}

std::vector<const sim::StatisticReading*> StatisticsTable::under(std::string_view prefix) const {
  std::vector<const sim::StatisticReading*> out;
  for (const sim::StatisticReading& r : rows) {
    if (r.name.compare(0, prefix.size(), prefix) == 0) out.push_back(&r);
  }
  return out;
}

}  // namespace hcisim::models
