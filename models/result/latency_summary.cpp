#include "models/result/latency_summary.hpp"

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
  s.min_s = static_cast<double>(h.min_ns()) * 1e-9;
  for (std::size_t i = 0; i < sim::LatencyHistogram::bucket_count(); ++i) {
    if (const std::uint64_t n = h.bucket_samples(i); n > 0) {
      s.bins.push_back({sim::LatencyHistogram::bucket_lower_ns(i), sim::LatencyHistogram::bucket_width_ns(i), n});
    }
  }
  return s;
}

}  // namespace hcisim::models
