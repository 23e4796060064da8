#include "tools/frontend/report_csv.hpp"

#include <cstdio>

namespace hcisim::frontend {

std::string timeline_csv(const models::RunResult& result) {
  std::string out = "end_ms,read_iops,write_iops,read_lat_mean_ms,write_lat_mean_ms\n";
  char line[160];
  for (const auto& p : result.timeline) {
    std::snprintf(line, sizeof line, "%.3f,%.0f,%.0f,%.4f,%.4f\n", p.end_s * 1e3, p.read_iops, p.write_iops,
                  p.read_latency_mean_s * 1e3, p.write_latency_mean_s * 1e3);
    out += line;
  }
  return out;
}

}  // namespace hcisim::frontend
