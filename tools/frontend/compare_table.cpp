#include "tools/frontend/compare_table.hpp"

#include <cmath>
#include <cstdio>

#include "tools/frontend/message_text.hpp"
#include "tools/frontend/quantity_format.hpp"

namespace hcisim::frontend {

std::string compare_header() {
  char line[256];
  std::snprintf(line, sizeof line, "%-30s %12s %10s %9s %9s %9s %9s  %-28s %s\n", "scenario", "IOPS", "MB/s",
                "read avg", "read p99", "write avg", "write p99", "bottleneck", "varies");
  return line;
}

std::string compare_row(const models::RunResult& r, const std::string& varies) {
  auto ms = [](const models::LatencySummary& l, double value) {
    char buf[32];
    if (l.count == 0) return std::string("-");
    std::snprintf(buf, sizeof buf, "%.3f", value * 1e3);
    return std::string(buf);
  };
  char bottleneck[64];
  std::snprintf(bottleneck, sizeof bottleneck, "%s %.0f%%", r.bottleneck.resource.c_str(), r.bottleneck.utilisation * 100);
  char line[512];
  std::snprintf(line, sizeof line, "%-30s %12s %10s %9s %9s %9s %9s  %-28s %s\n", printable(r.scenario_id, 30).c_str(),
                format_count(std::round(r.total_iops())).c_str(), format_fixed(r.total_bytes_per_s() / 1e6, 0).c_str(),
                ms(r.read_latency, r.read_latency.mean_s).c_str(), ms(r.read_latency, r.read_latency.p99_s).c_str(),
                ms(r.write_latency, r.write_latency.mean_s).c_str(),
                ms(r.write_latency, r.write_latency.p99_s).c_str(), bottleneck,
                varies.empty() ? "-" : printable(varies, 120).c_str());
  return line;
}

}  // namespace hcisim::frontend
