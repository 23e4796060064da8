// run: the length of a steady-state run, its seed, interval and precision stop.
#include <algorithm>
#include <limits>

#include "models/run/precision_stop.hpp"
#include "tools/frontend/input/latency_percentile.hpp"
#include "tools/frontend/input/scenario_cloud.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

void read_seed_and_interval(const YamlMap& map, models::RunControl& run, const std::string& span) {
  if (const auto seed = map.optional("seed")) {
    run.seed = static_cast<std::uint64_t>(seed->integer(0, std::numeric_limits<std::int64_t>::max()));
  }
  if (const auto interval = map.optional("interval")) {
    run.interval_ns = interval->duration_ns();
    if (run.interval_ns <= 0 || run.interval_ns > run.duration_ns) {
      interval->fail_expected("an interval greater than 0 and at most " + span);
    }
    if (run.duration_ns / run.interval_ns > 1'000'000) {
      interval->fail_expected("at most 1,000,000 intervals in " + span + " (a longer interval)");
    }
  }
}

}  // namespace hcisim::frontend

namespace hcisim::frontend::scenario_sections {

namespace {

// run.precision_percentiles: "read.p99", or a list of them, each once.
std::vector<models::LatencyPercentile> read_precision_percentiles(const YamlValue& value) {
  const std::vector<YamlValue> items = value.is_list() ? value.items() : std::vector<YamlValue>{value};
  if (items.empty()) value.fail_expected("a latency percentile or a list of them, like [read.p99, write.p99]");
  std::vector<models::LatencyPercentile> percentiles;
  for (const YamlValue& item : items) {
    const auto percentile = parse_latency_percentile(item.text());
    if (!percentile) {
      item.fail_expected("a latency percentile: read, write or lat (all I/Os), then p50, p90, p99 or p999, like "
                         "read.p99");
    }
    if (std::find(percentiles.begin(), percentiles.end(), *percentile) != percentiles.end()) {
      // Appended, not "'" + text + ...: GCC 12 warns of a memcpy overlap that cannot happen (-Wrestrict) there.
      item.fail(std::string("'").append(item.text()).append("' is already in the list"));
    }
    percentiles.push_back(*percentile);
  }
  return percentiles;
}

}  // namespace

// The keys of a steady-state run: section.
const std::vector<std::string> kRunKeys = {
    "warmup", "duration", "seed", "interval", "precision", "precision_percentiles", "fast_forward"};

models::RunControl read_run(const YamlValue& value) {
  const YamlMap map = value.map(kRunKeys);
  models::RunControl run;
  const YamlValue duration = map.required("duration");
  run.duration_ns = duration.duration_ns();
  if (run.duration_ns <= 0) duration.fail_expected("a duration greater than 0");
  if (const auto warmup = map.optional("warmup")) {
    run.warmup_ns = warmup->duration_ns();
    if (run.warmup_ns > std::numeric_limits<std::int64_t>::max() - run.duration_ns) {
      warmup->fail("warm-up + duration exceed the simulator's clock (about 292 years of nanoseconds)");
    }
  }
  read_seed_and_interval(map, run, "the measured time");
  if (const auto precision = map.optional("precision")) {
    run.precision = precision->percent();
    if (!(run.precision > 0 && run.precision <= 0.5)) {
      precision->fail_expected("a precision above 0% and at most 50% (the 95% intervals' half-width, e.g. 2%)");
    }
    // The stop needs that many timeline intervals first: a coarse timeline could never let it.
    constexpr std::int64_t kNeeded = 2 * static_cast<std::int64_t>(models::PrecisionStop::kMinIntervals);
    if (run.interval_ns > 0 && run.duration_ns / run.interval_ns < kNeeded) {
      map.required("interval")
          .fail("with a precision the run needs " + std::to_string(models::PrecisionStop::kMinIntervals) +
                " timeline intervals before it can stop: an interval of at most 1/" + std::to_string(kNeeded) +
                " of the duration (" + std::to_string(run.duration_ns / run.interval_ns) +
                " intervals here), or none (1,024 by default then)");
    }
  }
  if (const auto percentiles = map.optional("precision_percentiles")) {
    if (run.precision <= 0) {
      percentiles->fail("precision_percentiles says which latency percentiles a precision covers besides IOPS and "
                        "the mean latency: set run.precision (e.g. 2%) with it");
    }
    run.precision_percentiles = read_precision_percentiles(*percentiles);
  }
  // A failure timeline's steady spans: skipped once steady to this precision (off: all simulated).
  if (const auto fast_forward = map.optional("fast_forward")) {
    if (fast_forward->text() == "off") {
      run.fast_forward = false;
    } else {
      run.fast_forward_precision = fast_forward->percent();
      if (!(run.fast_forward_precision > 0 && run.fast_forward_precision <= 0.1)) {
        fast_forward->fail_expected(
            "off, or the steadiness a span is skipped at: above 0% and at most 10% (2% by default)");
      }
    }
  }
  return run;
}

}  // namespace hcisim::frontend::scenario_sections
