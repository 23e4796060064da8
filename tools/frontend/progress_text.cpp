#include "tools/frontend/progress_text.hpp"

#include <fmt/format.h>

#include <cmath>

#include "tools/frontend/quantity_format.hpp"

namespace hcisim::frontend {

namespace {

std::string seconds(double s) {
  if (s < 60) return format_fixed(s, s < 10 ? 1 : 0) + " s";
  if (s < 3600) return fmt::format("{} min {:02} s", static_cast<long long>(s) / 60, static_cast<long long>(s) % 60);
  return fmt::format("{} h {:02} min", static_cast<long long>(s) / 3600, (static_cast<long long>(s) % 3600) / 60);
}

}  // namespace

std::string progress_text(double fraction, double elapsed_s) {
  std::string text = fmt::format("{:3.0f}% ({}", fraction * 100, seconds(elapsed_s));
  if (fraction > 0.005 && fraction < 1.0) text += ", about " + seconds(elapsed_s * (1 - fraction) / fraction) + " to go";
  return text + ")";
}

std::string format_run_estimate(const models::RunEstimate& e) {
  if (!e.estimated) {
    return "Wall time: not estimated (no I/O completed in a pilot of up to 1 s of simulated time)\n";
  }
  return fmt::format(
      "Wall time: about {} on this machine = {} events per I/O x {} expected I/Os / {} events per wall second\n"
      "  (measured on a pilot of {} simulated: {} I/Os, {} events in {}; expected I/Os = the {} IOPS of\n"
      "  the pilot's second half x the run's warm-up + duration; failures, cache filling and pacing later in\n"
      "  the run change it)\n",
      seconds(e.estimated_wall_s), format_fixed(e.events_per_io, 1), format_count(std::round(e.expected_ios)),
      format_count(std::round(e.events_per_wall_s)), format_duration(static_cast<std::int64_t>(e.pilot_simulated_s * 1e9)),
      format_count(static_cast<double>(e.pilot_ios)), format_count(static_cast<double>(e.pilot_events)),
      seconds(e.pilot_wall_s), format_count(std::round(e.ios_per_simulated_s)));
}

}  // namespace hcisim::frontend
