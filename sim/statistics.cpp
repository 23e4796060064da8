#include "sim/statistics.hpp"

#include <utility>

namespace hcisim::sim {

Statistics::Registration::Registration(Statistics& statistics, std::string_view name, Reset reset)
    : owner_(statistics), index_(statistics.components_.size()) {
  Component c;
  c.path = statistics.scope_.empty() ? std::string(name) : statistics.scope_ + "/" + std::string(name);
  c.reset = std::move(reset);
  c.live = true;
  statistics.components_.push_back(std::move(c));
}

Statistics::Registration::~Registration() { owner_.components_[index_].live = false; }

void Statistics::Registration::count(std::string_view name, std::string_view unit, Count read) {
  owner_.components_[index_].statistics.push_back({std::string(name), std::string(unit), std::move(read), {}});
}

void Statistics::Registration::measure(std::string_view name, std::string_view unit, Measure read) {
  owner_.components_[index_].statistics.push_back({std::string(name), std::string(unit), {}, std::move(read)});
}

const std::string& Statistics::Registration::path() const { return owner_.components_[index_].path; }

Statistics::Scope::Scope(Statistics& statistics, std::string_view scope)
    : statistics_(statistics), previous_length_(statistics.scope_.size()) {
  if (!statistics_.scope_.empty()) statistics_.scope_ += '/';
  statistics_.scope_ += scope;
}

Statistics::Scope::~Scope() { statistics_.scope_.resize(previous_length_); }

void Statistics::reset(SimTime now) {
  for (Component& c : components_) {
    if (c.live && c.reset) c.reset(now);
  }
}

std::vector<StatisticReading> Statistics::read(const StatisticWindow& window) const {
  std::vector<StatisticReading> out;
  for (const Component& c : components_) {
    if (!c.live) continue;
    for (const Declared& d : c.statistics) {
      StatisticReading r;
      r.name = c.path + "/" + d.name;
      r.unit = d.unit;
      r.is_count = static_cast<bool>(d.count);
      if (r.is_count) {
        r.count = d.count();
      } else {
        r.value = d.measure(window);
      }
      out.push_back(std::move(r));
    }
  }
  return out;
}

std::size_t Statistics::components() const {
  std::size_t live = 0;
  for (const Component& c : components_) live += c.live ? 1 : 0;
  return live;
}

}  // namespace hcisim::sim
