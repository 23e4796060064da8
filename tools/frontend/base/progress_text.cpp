#include "tools/frontend/base/progress_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {

std::string format_seconds(double s) {
  if (s < 60) return format_fixed(s, s < 1 ? 2 : s < 10 ? 1 : 0) + " s";
  if (s < 3600) return fmt::format("{} min {:02} s", static_cast<long long>(s) / 60, static_cast<long long>(s) % 60);
  return fmt::format("{} h {:02} min", static_cast<long long>(s) / 3600, (static_cast<long long>(s) % 3600) / 60);
}

std::string progress_text(double fraction, double elapsed_s, double setup_s) {
  std::string text = fmt::format("{:3.0f}% ({}", fraction * 100, format_seconds(elapsed_s));
  if (setup_s >= 0.05) text += ", " + format_seconds(setup_s) + " of it set-up";
  const double simulating_s = std::max(0.0, elapsed_s - setup_s);
  if (fraction > 0.005 && fraction < 1.0) {
    text += ", about " + format_seconds(simulating_s * (1 - fraction) / fraction) + " to go";
  }
  return text + ")";
}

std::string format_run_estimate(const models::RunEstimate& e) {
  if (!e.estimated) {
    return "Wall time: not estimated (no I/O completed in a pilot of up to 1 s of simulated time)\n";
  }
  return fmt::format(
             "Wall time: about {} on this machine = {} set-up + {} start + {} steady state\n"
             "  (steady state: {} I/Os x {} events per I/O / {} events per wall second; measured on a pilot of {}\n"
             "  simulated, {} I/Os and {} events in {}: the start is its {} of warm-up, the steady state its second\n"
             "  half at {} IOPS over the rest of the run's warm-up + duration; failures, cache filling and pacing "
             "later\n"
             "  in the run change it)\n",
             format_seconds(e.estimated_wall_s), format_seconds(e.setup_wall_s), format_seconds(e.start_wall_s),
             format_seconds(e.estimated_wall_s - e.setup_wall_s - e.start_wall_s),
             format_count(std::round(e.steady_ios)), format_fixed(e.steady_events_per_io, 1),
             format_count(std::round(e.steady_events_per_wall_s)),
             format_duration(static_cast<std::int64_t>(e.pilot_simulated_s * 1e9)),
             format_count(static_cast<double>(e.pilot_ios)), format_count(static_cast<double>(e.pilot_events)),
             format_seconds(e.pilot_wall_s), format_duration(static_cast<std::int64_t>(e.start_simulated_s * 1e9)),
             format_count(std::round(e.ios_per_simulated_s))) +
         (e.at_most ? "  That is for the whole duration: run.precision may stop the run earlier.\n" : "");
}

}  // namespace hcisim::frontend
