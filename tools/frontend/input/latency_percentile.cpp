#include "tools/frontend/input/latency_percentile.hpp"

namespace hcisim::frontend {

namespace {

// p50, p90, p99, p999 as percentiles.
std::optional<double> percentile_of_stat(std::string_view stat) {
  if (stat == "p50") return 50;
  if (stat == "p90") return 90;
  if (stat == "p99") return 99;
  if (stat == "p999") return 99.9;
  return std::nullopt;
}

}  // namespace

std::string figure_direction(std::string_view direction) {
  return direction == "all" || direction == "latency" ? "lat" : std::string(direction);
}

std::optional<models::LatencyPercentile> parse_latency_percentile(std::string_view text) {
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string of = figure_direction(text.substr(0, dot));
  const std::optional<double> p = percentile_of_stat(text.substr(dot + 1));
  if (!p) return std::nullopt;
  using Of = models::LatencyPercentile::Of;
  if (of == "read") return models::LatencyPercentile{Of::Read, *p};
  if (of == "write") return models::LatencyPercentile{Of::Write, *p};
  if (of == "lat") return models::LatencyPercentile{Of::All, *p};
  return std::nullopt;
}

}  // namespace hcisim::frontend
