#include "tools/frontend/report/compare_table.hpp"

#include <cmath>
#include <cstdio>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/report/run_event_names.hpp"

namespace hcisim::frontend {

std::string compare_header() {
  char line[256];
  std::snprintf(line, sizeof line, "%-30s %12s %10s %9s %9s %9s %9s  %-28s %s\n", "scenario", "IOPS", "MB/s",
                "read avg", "read p99", "write avg", "write p99", "bottleneck", "varies");
  return line;
}

namespace {

std::string ms(const models::LatencySummary& l, double value) {
  char buf[32];
  if (l.count == 0) return std::string("-");
  std::snprintf(buf, sizeof buf, "%.3f", value * 1e3);
  return std::string(buf);
}

}  // namespace

std::string compare_phase_rows(const models::RunResult& r) {
  std::string out;
  for (const models::PhaseResult& p : r.phases) {
    char label[64], line[512];
    std::snprintf(label, sizeof label, "  %s %.1f s", std::string(phase_name(p.phase)).c_str(), p.seconds);
    std::snprintf(line, sizeof line, "%-30s %12s %10s %9s %9s %9s %9s  %s\n", label,
                  format_count(std::round(p.read_iops + p.write_iops)).c_str(),
                  format_fixed((p.read_bytes_per_s + p.write_bytes_per_s) / 1e6, 0).c_str(),
                  ms(p.read_latency, p.read_latency.mean_s).c_str(), ms(p.read_latency, p.read_latency.p99_s).c_str(),
                  ms(p.write_latency, p.write_latency.mean_s).c_str(),
                  ms(p.write_latency, p.write_latency.p99_s).c_str(),
                  p.failed_ios > 0 ? (format_count(static_cast<double>(p.failed_ios)) + " failed I/Os").c_str() : "");
    out += line;
  }
  return out;
}

std::string compare_row(const models::RunResult& r, const std::string& varies) {
  char bottleneck[64];
  std::snprintf(bottleneck, sizeof bottleneck, "%s %.0f%%", r.bottleneck.resource.c_str(),
                r.bottleneck.utilisation * 100);
  char line[512];
  std::snprintf(line, sizeof line, "%-30s %12s %10s %9s %9s %9s %9s  %-28s %s\n", printable(r.scenario_id, 30).c_str(),
                format_count(std::round(r.total_iops())).c_str(), format_fixed(r.total_bytes_per_s() / 1e6, 0).c_str(),
                ms(r.read_latency, r.read_latency.mean_s).c_str(), ms(r.read_latency, r.read_latency.p99_s).c_str(),
                ms(r.write_latency, r.write_latency.mean_s).c_str(), ms(r.write_latency, r.write_latency.p99_s).c_str(),
                bottleneck, varies.empty() ? "-" : printable(varies, 120).c_str());
  return line;
}

}  // namespace hcisim::frontend
