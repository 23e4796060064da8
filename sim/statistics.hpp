// What a run's components count, registered by name (as SST's components
// register their statistics): reset together once when the warm-up ends, and
// read once when the run ends into a named table.
//
// The counting stays in each component's own fields, so the registry costs
// nothing per I/O: it holds only how to reset a component and how to read the
// statistics it declares. A component enrols by holding a Registration as its
// last member (made after the parts it resets); destroying it takes the
// component out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/time.hpp"

namespace hcisim::sim {

// The measured time a statistic is read over: the clock at the end, and the
// seconds simulated event by event since the reset (rates divide by it).
struct StatisticWindow {
  SimTime now = 0;
  double seconds = 0;
};

// One statistic as read: an integer count or a real measure, with its unit.
struct StatisticReading {
  std::string name;  // "node2/cache_tier/read_hits": the component's path, then its own name
  std::string unit;  // "I/Os", "fraction", "bytes", "bytes/s"
  bool is_count = false;
  std::uint64_t count = 0;  // when is_count
  double value = 0;         // otherwise
};

class Statistics {
 public:
  using Reset = std::function<void(SimTime now)>;
  using Measure = std::function<double(const StatisticWindow&)>;
  using Count = std::function<std::uint64_t()>;

  Statistics() = default;
  Statistics(const Statistics&) = delete;
  Statistics& operator=(const Statistics&) = delete;

  // A component's place in the registry. Not movable: the registry calls back
  // into the component it was made for.
  class Registration {
   public:
    // Enrols a component as `name` under the open scopes ("node2/cache"):
    // `reset` clears its counters when measurement begins.
    Registration(Statistics& statistics, std::string_view name, Reset reset);
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;
    ~Registration();
    // Declares a statistic of the component, read at the end of the run.
    void count(std::string_view name, std::string_view unit, Count read);
    void measure(std::string_view name, std::string_view unit, Measure read);
    const std::string& path() const;

   private:
    Statistics& owner_;
    std::size_t index_ = 0;
  };

  // Names enrolled while it lives begin with `scope/` (a node: "node2").
  class Scope {
   public:
    Scope(Statistics& statistics, std::string_view scope);
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope();

   private:
    Statistics& statistics_;
    std::size_t previous_length_;
  };

  // Clears every enrolled component's counters, in the order they enrolled.
  // Once per run, when the warm-up ends.
  void reset(SimTime now);
  // Every declared statistic, in the order declared.
  std::vector<StatisticReading> read(const StatisticWindow& window) const;
  std::size_t components() const;

 private:
  struct Declared {
    std::string name;
    std::string unit;
    Count count;      // set for a count
    Measure measure;  // set for a measure
  };
  struct Component {
    std::string path;
    Reset reset;
    std::vector<Declared> statistics;
    bool live = false;
  };
  std::vector<Component> components_;
  std::string scope_;  // the open scopes, joined by '/'
};

}  // namespace hcisim::sim
