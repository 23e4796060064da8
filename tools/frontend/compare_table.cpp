#include "tools/frontend/compare_table.hpp"

#include <cmath>
#include <cstdio>

#include "tools/frontend/quantity_format.hpp"

namespace hcisim::frontend {

std::string compare_header() {
  char line[256];
  std::snprintf(line, sizeof line, "%-30s %12s %10s %9s %9s %9s %9s  %s\n", "scenario", "IOPS", "MB/s",
                "read avg", "read p99", "write avg", "write p99", "bottleneck");
  return line;
}

std::string compare_row(const models::RunResult& r) {
  auto ms = [](const models::LatencySummary& l, double value) {
    char buf[32];
    if (l.count == 0) return std::string("-");
    std::snprintf(buf, sizeof buf, "%.3f", value * 1e3);
    return std::string(buf);
  };
  char line[512];
  std::snprintf(line, sizeof line, "%-30s %12s %10.0f %9s %9s %9s %9s  %s %.0f%%\n", r.scenario_id.c_str(),
                format_count(std::round(r.total_iops())).c_str(), r.total_bytes_per_s() / 1e6,
                ms(r.read_latency, r.read_latency.mean_s).c_str(), ms(r.read_latency, r.read_latency.p99_s).c_str(),
                ms(r.write_latency, r.write_latency.mean_s).c_str(),
                ms(r.write_latency, r.write_latency.p99_s).c_str(), r.bottleneck.resource.c_str(),
                r.bottleneck.utilisation * 100);
  return line;
}

}  // namespace hcisim::frontend
