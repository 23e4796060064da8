#include "tools/frontend/report/report_csv.hpp"

#include <cstdio>

#include "models/run/repair_progress.hpp"
#include "tools/frontend/report/report_cloud.hpp"
#include "tools/frontend/report/run_event_text.hpp"

namespace hcisim::frontend {

namespace {

// A CSV field in double quotes, inner quotes doubled (RFC 4180).
std::string csv_quoted(const std::string& text) {
  std::string out(1, '"');
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

}  // namespace

std::string timeline_csv(const models::RunResult& result) {
  bool hybrid = false;
  for (const auto& n : result.nodes) hybrid = hybrid || n.has_cache_tier;
  std::string out =
      "end_ms,read_iops,write_iops,read_mbps,write_mbps,read_lat_mean_ms,write_lat_mean_ms,read_lat_p50_ms,"
      "read_lat_p99_ms,write_lat_p50_ms,write_lat_p99_ms,failed_iops";
  for (std::size_t n = 0; n < result.nodes.size(); ++n) {
    out += ",cpu_node";
    out += std::to_string(n + 1);
  }
  out += ",repair_mb_to_go,repair_mbps,degraded_gb,repair_eta_s";
  if (hybrid) out += ",cache_read_hit_ratio,cache_dirty_bytes";
  out += cloud_csv_header(result);
  // Runs with fast-forwarded spans: 1 for an interval part of which was skipped at a steady window's pace.
  const bool advanced = !result.fast_forwarded.empty();
  if (advanced) out += ",advanced";
  out += ",events\n";
  char line[400];
  std::size_t next_event = 0;
  for (std::size_t i = 0; i < result.timeline.size(); ++i) {
    const auto& p = result.timeline[i];
    std::snprintf(line, sizeof line, "%.3f,%.0f,%.0f,%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.0f", p.end_s * 1e3,
                  p.read_iops, p.write_iops, p.read_bytes_per_s / 1e6, p.write_bytes_per_s / 1e6,
                  p.read_latency_mean_s * 1e3, p.write_latency_mean_s * 1e3, p.read_p50_s * 1e3, p.read_p99_s * 1e3,
                  p.write_p50_s * 1e3, p.write_p99_s * 1e3, p.failed_iops);
    out += line;
    for (std::size_t n = 0; n < result.nodes.size(); ++n) {
      std::snprintf(line, sizeof line, ",%.4f", n < p.node_cpu.size() ? p.node_cpu[n] : 0.0);
      out += line;
    }
    std::snprintf(line, sizeof line, ",%.3f,%.3f,%.3f", p.repair_bytes_to_go / 1e6, p.repair_bytes_per_s / 1e6,
                  p.degraded_bytes / 1e9);
    out += line;
    // Empty when something is left and nothing moved in the interval.
    const double eta = models::repair_eta_s(p);
    if (eta >= 0) {
      std::snprintf(line, sizeof line, ",%.1f", eta);
      out += line;
    } else {
      out += ",";
    }
    if (hybrid) {
      std::snprintf(line, sizeof line, ",%.4f,%.0f", p.cache_read_hit_ratio, p.cache_dirty_bytes);
      out += line;
    }
    if (result.cloud.present) out += cloud_csv_cells(p);
    if (advanced) out += p.advanced ? ",1" : ",0";
    // Events up to this interval's end (the last interval takes any at its very end).
    std::string events;
    const bool last = i + 1 == result.timeline.size();
    while (next_event < result.events.size() && (last || result.events[next_event].at_s <= p.end_s)) {
      const auto& e = result.events[next_event++];
      std::snprintf(line, sizeof line, "%.3f s ", e.at_s);
      if (!events.empty()) events += "; ";
      events += line;
      events += run_event_text(e.what);
    }
    out += ',';
    out += csv_quoted(events);
    out += '\n';
  }
  return out;
}

}  // namespace hcisim::frontend
