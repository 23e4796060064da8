#include "models/run/latency_summary.hpp"

namespace hcisim::models {

LatencySummary summarise(const sim::LatencyHistogram& h) {
  LatencySummary s;
  s.count = h.count();
  if (s.count == 0) return s;
  s.mean_s = h.mean_ns() * 1e-9;
  s.p50_s = h.percentile_ns(50) * 1e-9;
  s.p90_s = h.percentile_ns(90) * 1e-9;
  s.p99_s = h.percentile_ns(99) * 1e-9;
  s.p999_s = h.percentile_ns(99.9) * 1e-9;
  s.max_s = static_cast<double>(h.max_ns()) * 1e-9;
  return s;
}

}  // namespace hcisim::models
