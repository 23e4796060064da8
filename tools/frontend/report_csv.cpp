#include "tools/frontend/report_csv.hpp"

#include <cstdio>

#include "tools/frontend/report_cloud.hpp"

namespace hcisim::frontend {

std::string timeline_csv(const models::RunResult& result) {
  bool hybrid = false;
  for (const auto& n : result.nodes) hybrid = hybrid || n.has_cache_tier;
  std::string out = "end_ms,read_iops,write_iops,read_lat_mean_ms,write_lat_mean_ms";
  out += hybrid ? ",cache_read_hit_ratio,cache_dirty_bytes" : "";
  out += cloud_csv_header(result) + "\n";
  char line[200];
  for (const auto& p : result.timeline) {
    std::snprintf(line, sizeof line, "%.3f,%.0f,%.0f,%.4f,%.4f", p.end_s * 1e3, p.read_iops, p.write_iops,
                  p.read_latency_mean_s * 1e3, p.write_latency_mean_s * 1e3);
    out += line;
    if (hybrid) {
      std::snprintf(line, sizeof line, ",%.4f,%.0f", p.cache_read_hit_ratio, p.cache_dirty_bytes);
      out += line;
    }
    if (result.cloud.present) out += cloud_csv_cells(p);
    out += "\n";
  }
  return out;
}

}  // namespace hcisim::frontend
