#include "tools/frontend/report/run_length_check.hpp"

#include <stdexcept>

#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {

void check_run_length(const models::ScenarioSpec& spec, const std::string& option) {
  const sim::SimTime end = spec.run.warmup_ns + spec.run.duration_ns;
  for (const models::TimelineEvent& e : spec.timeline.events) {
    if (e.at < end) continue;
    throw std::invalid_argument(option + ": the timeline's event at " + format_duration(e.at) +
                                " is past the end of the run (warm-up + duration = " + format_duration(end) +
                                "); lengthen the run or move the event");
  }
  if (spec.run.interval_ns > spec.run.duration_ns) {
    throw std::invalid_argument(option + ": run.interval " + format_duration(spec.run.interval_ns) +
                                " is longer than the measured time " + format_duration(spec.run.duration_ns) +
                                ": the timeline would be empty");
  }
}

}  // namespace hcisim::frontend
