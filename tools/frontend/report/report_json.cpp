#include "tools/frontend/report/report_json.hpp"

#include <cmath>

#include "models/run/precision_stop.hpp"
#include "models/run/repair_progress.hpp"
#include "tools/frontend/base/figure_names.hpp"
#include "tools/frontend/report/capacity_report.hpp"
#include "tools/frontend/report/finding_text.hpp"
#include "tools/frontend/report/report_cloud.hpp"
#include "tools/frontend/report/run_event_names.hpp"
#include "tools/frontend/report/run_event_text.hpp"

namespace hcisim::frontend {

namespace {

// How long the interval's repair rate would take for what is left; null when nothing moved.
nlohmann::json repair_eta_json(const models::TimelinePoint& p) {
  const double eta = models::repair_eta_s(p);
  return eta >= 0 ? nlohmann::json(eta) : nlohmann::json(nullptr);
}

// An estimate has no observed maximum: null.
nlohmann::json max_ns(const models::LatencySummary& l) {
  return l.observed ? nlohmann::json(l.max_s * 1e9) : nlohmann::json(nullptr);
}

nlohmann::json direction(double iops, double bytes_per_s, const models::LatencySummary& l) {
  nlohmann::json lat = {{"count", l.count}, {"mean", l.mean_s * 1e9}, {"max", max_ns(l)}};
  lat["percentile"] = {{"50.000000", l.p50_s * 1e9},
                       {"90.000000", l.p90_s * 1e9},
                       {"99.000000", l.p99_s * 1e9},
                       {"99.900000", l.p999_s * 1e9}};
  return {{"iops", iops}, {"bw_bytes", bytes_per_s}, {"lat_ns", lat}};
}

nlohmann::json latency_json(const models::LatencySummary& l) {
  return {{"count", l.count},
          {"mean", l.mean_s * 1e9},
          {"max", max_ns(l)},
          {"percentile",
           {{"50.000000", l.p50_s * 1e9},
            {"90.000000", l.p90_s * 1e9},
            {"99.000000", l.p99_s * 1e9},
            {"99.900000", l.p999_s * 1e9}}}};
}

// Every statistic the components declared (RunResult::statistics), where its
// name puts it: "node2/cache_tier/read_hits" in the second node's object, under
// "cache_tier"; "host1/..." in the first compute host's; a component outside
// any node ("fabric/...") under "statistics".
void place_statistics(nlohmann::json& report, const models::StatisticsTable& table) {
  for (const sim::StatisticReading& s : table.rows) {
    const nlohmann::json value = s.is_count ? nlohmann::json(s.count) : nlohmann::json(s.value);
    const std::size_t slash = s.name.find('/');
    const std::string scope = s.name.substr(0, slash);
    const std::string rest = slash == std::string::npos ? std::string() : s.name.substr(slash + 1);
    const std::size_t digits = scope.find_first_of("0123456789");
    const std::string list = scope.substr(0, digits) == "node"   ? "nodes"
                             : scope.substr(0, digits) == "host" ? "compute_hosts"
                                                                 : "";
    const std::size_t inner = rest.find('/');
    if (list.empty() || digits == std::string::npos || inner == std::string::npos) {
      report["statistics"][scope][rest] = value;
      continue;
    }
    const std::size_t index = std::stoul(scope.substr(digits)) - 1;
    report.at(list).at(index)[rest.substr(0, inner)][rest.substr(inner + 1)] = value;
  }
}

nlohmann::json oltp_json(const models::OltpResult& o) {
  nlohmann::json by_type;
  for (int t = 0; t < models::kOltpTransactionTypes; ++t) {
    by_type[models::oltp_transaction_name(t)] = latency_json(o.by_type[static_cast<std::size_t>(t)]);
  }
  nlohmann::json io;
  constexpr const char* kinds[3] = {"page_read", "log_write", "flush_write"};
  for (int k = 0; k < 3; ++k) {
    const models::OltpIoResult& x = o.io[static_cast<std::size_t>(k)];
    io[kinds[k]] = {{"per_s", x.per_s}, {"bw_bytes", x.bytes_per_s}, {"mean_lat_ns", x.mean_latency_s * 1e9}};
  }
  return {{"tps", o.tps},
          {"transaction_lat_ns", latency_json(o.latency)},
          {"transaction_lat_ci95_half_width_ns", o.latency_ci_half_width_s * 1e9},
          {"by_type_lat_ns", by_type},
          {"users", o.users},
          {"think_time_s", o.think_time_s},
          {"users_in_transaction", o.users_in_transaction},
          {"hit_ratio", o.hit_ratio},
          {"buffer_misses_per_transaction", o.buffer_misses_per_transaction},
          {"io", io}};
}

}  // namespace

nlohmann::json run_report_json(const models::ScenarioSpec& spec, const models::RunResult& r, bool with_performance) {
  nlohmann::json j;
  j["hcisim_version"] = HCISIM_VERSION;
  if (r.analytic) j["method"] = "analytic fast path";
  j["scenario"] = {{"id", r.scenario_id},
                   {"file", spec.file},
                   {"title", r.title},
                   {"seed", r.seed},
                   {"warmup_s", r.warmup_seconds},
                   {"measured_s", r.measured_seconds}};
  if (spec.run.precision > 0) {  // only when asked: the reports of other runs keep their shape
    j["scenario"]["precision"] = spec.run.precision;
    if (!spec.run.precision_percentiles.empty()) {
      nlohmann::json names = nlohmann::json::array();
      for (const models::LatencyPercentile& p : spec.run.precision_percentiles) {
        names.push_back(models::latency_percentile_name(p));
      }
      j["scenario"]["precision_percentiles"] = names;
    }
    j["scenario"]["precision_reached"] = r.precision_reached;
  }
  if (!spec.part_overrides.empty()) {  // cluster.parts: catalog fields this run changed, with their sources
    nlohmann::json parts = nlohmann::json::array();
    for (const models::PartOverride& o : spec.part_overrides) {
      parts.push_back(
          {{"kind", o.kind}, {"part", o.part}, {"field", o.field}, {"value", o.value}, {"source", o.source}});
    }
    j["scenario"]["part_overrides"] = parts;
  }
  j["read"] = direction(r.read_iops, r.read_bytes_per_s, r.read_latency);
  j["write"] = direction(r.write_iops, r.write_bytes_per_s, r.write_latency);
  j["read"]["lat_p99_ns_ci95_half_width"] = r.read_latency.p99_ci_half_width_s * 1e9;
  j["write"]["lat_p99_ns_ci95_half_width"] = r.write_latency.p99_ci_half_width_s * 1e9;
  for (const auto& [key, stages] : {std::pair{"read", r.read_stages}, std::pair{"write", r.write_stages}}) {
    nlohmann::json by_stage;
    for (int s = 0; s < models::kIoStageCount; ++s) {
      by_stage[models::io_stage_name(static_cast<models::IoStage>(s))] =
          stages.mean_s[static_cast<std::size_t>(s)] * 1e9;
    }
    j[key]["stages_ns"] = by_stage;
  }
  j["total"] = {{"iops", r.total_iops()},
                {"iops_ci95_half_width", r.total_iops_ci_half_width},
                {"latency_mean_ns", r.all_latency.mean_s * 1e9},
                {"latency_mean_ns_ci95_half_width", r.latency_ci_half_width_s * 1e9},
                {"latency_p99_ns", r.all_latency.p99_s * 1e9},
                {"latency_p99_ns_ci95_half_width", r.all_latency.p99_ci_half_width_s * 1e9},
                {"bw_bytes", r.total_bytes_per_s()}};
  nlohmann::json nodes = nlohmann::json::array();
  nlohmann::json compute_hosts = nlohmann::json::array();
  for (const auto& n : r.nodes) {
    nlohmann::json layers;
    for (int l = 0; l < models::kCpuLayerCount; ++l) {
      layers[models::cpu_layer_name(static_cast<models::CpuLayer>(l))] = n.cpu_by_layer[static_cast<std::size_t>(l)];
    }
    // Compute hosts go in their own list (numbered from 1), so storage nodes keep theirs.
    (n.compute_host ? compute_hosts : nodes)
        .push_back(
            {{n.compute_host ? "host" : "node", n.compute_host ? n.node + 1 - spec.cluster.node_count : n.node + 1},
             {"up", n.up},
             {"vms", n.vms},
             {"cores", n.cores},
             {"logical_processors", n.logical_processors},
             {"capacity_threads", n.capacity_threads},
             {"cpu_utilisation", n.cpu_utilisation},
             {"lp_busy", n.lp_busy},
             {"vmfleet_cpu", n.vmfleet_cpu},
             {"cpu_by_layer", layers},
             {"vcpu_utilisation", n.vcpu_utilisation},
             {"drive_utilisation_mean", n.drive_utilisation_mean},
             {"drive_utilisation_max", n.drive_utilisation_max},
             {"nic_tx_utilisation", n.nic_tx_utilisation},
             {"nic_rx_utilisation", n.nic_rx_utilisation}});
    if (n.device_queue_depth > 0) {
      nodes.back()["device_queue_depth"] = n.device_queue_depth;
      nodes.back()["device_queue_occupancy_max"] = n.device_queue_occupancy_max;
    }
    if (n.hba.present) {
      // Only the limits its catalog entry gives: the others are not modelled.
      nlohmann::json hba = {{"id", n.hba.id}, {"commands_per_s", n.hba.commands_per_s}};
      if (n.hba.queue_depth > 0) {
        hba["queue_depth"] = n.hba.queue_depth;
        hba["tag_occupancy"] = n.hba.tag_occupancy;
      }
      if (n.hba.processing_modelled) hba["processing_utilisation"] = n.hba.processing;
      if (n.hba.link_modelled) {
        hba["link_to_host_utilisation"] = n.hba.link_to_host;
        hba["link_from_host_utilisation"] = n.hba.link_from_host;
      }
      nodes.back()["hba"] = hba;
    }
  }
  j["nodes"] = nodes;
  if (!compute_hosts.empty()) j["compute_hosts"] = compute_hosts;
  place_statistics(j, r.statistics);  // the cache tier's, today
  if (r.oltp.present) j["oltp"] = oltp_json(r.oltp);
  if (r.sas.present) j["sas_iotest"] = sas_json(r);  // report_cloud.cpp
  if (r.cloud.present) j["cloud"] = cloud_json(spec, r);
  j["vmfleet_cpu"] = r.vmfleet_cpu;
  j["degraded_ios"] = r.degraded_ios;
  j["redirected_ios"] = r.redirected_ios;
  j["csv_block_cache"] = {{"hits", r.host_cache_hits}, {"misses", r.host_cache_misses}};
  j["hotspot"] = {{"what", r.hotspot}, {"utilisation", r.hotspot_utilisation}};
  j["bottleneck"] = {
      {"resource", r.bottleneck.resource}, {"utilisation", r.bottleneck.utilisation}, {"reason", r.bottleneck.reason}};
  nlohmann::json refs = nlohmann::json::array();
  for (const auto& c : r.references) {
    refs.push_back({{"figure", std::string(figure_name(c.reference.figure))},
                    {"published", c.reference.value},
                    {"predicted", c.predicted},
                    {"error", c.error},
                    {"tolerance", c.reference.tolerance},
                    {"comparison", c.reference.comparison == models::Comparison::AtMost ? "at_most" : "approximately"},
                    {"calibration", c.reference.calibration},
                    {"within", c.within},
                    {"interval_95", std::isinf(c.interval) ? nlohmann::json(nullptr) : nlohmann::json(c.interval)},
                    {"unsettled", c.unsettled},
                    {"note", c.reference.note}});
    // "published" holds the reference value; a user's own measured figure says so.
    if (c.reference.measured) refs.back()["measured"] = true;
    // A what-if's figures were published for the unmodified scenario: no verdict.
    if (!c.graded) {
      refs.back()["graded"] = false;
      refs.back()["within"] = nullptr;
    }
  }
  j["references"] = refs;
  nlohmann::json timeline = nlohmann::json::array();
  for (const auto& p : r.timeline) {
    nlohmann::json point = {{"end_s", p.end_s},
                            {"read_iops", p.read_iops},
                            {"write_iops", p.write_iops},
                            {"read_bw_bytes", p.read_bytes_per_s},
                            {"write_bw_bytes", p.write_bytes_per_s},
                            {"read_lat_mean_ns", p.read_latency_mean_s * 1e9},
                            {"write_lat_mean_ns", p.write_latency_mean_s * 1e9},
                            {"read_lat_p50_ns", p.read_p50_s * 1e9},
                            {"read_lat_p99_ns", p.read_p99_s * 1e9},
                            {"write_lat_p50_ns", p.write_p50_s * 1e9},
                            {"write_lat_p99_ns", p.write_p99_s * 1e9},
                            {"failed_iops", p.failed_iops},
                            {"node_cpu", p.node_cpu},
                            {"repair_bytes_to_go", p.repair_bytes_to_go},
                            {"repair_bw_bytes", p.repair_bytes_per_s},
                            {"degraded_bytes", p.degraded_bytes},
                            {"repair_eta_s", repair_eta_json(p)},
                            {"cache_read_hit_ratio", p.cache_read_hit_ratio},
                            {"cache_dirty_bytes", p.cache_dirty_bytes}};
    if (!p.burst_seconds_left.empty())
      point["burst_seconds_left"] = p.burst_seconds_left;           // cloud: each storage VM's credits
    if (!r.fast_forwarded.empty()) point["advanced"] = p.advanced;  // part of it fast-forwarded
    timeline.push_back(std::move(point));
  }
  j["timeline"] = timeline;
  nlohmann::json events = nlohmann::json::array();
  for (const auto& e : r.events) {
    events.push_back(
        {{"at_s", e.at_s}, {"kind", std::string(event_kind_name(e.kind()))}, {"what", run_event_text(e.what)}});
  }
  j["events"] = events;
  if (!r.phases.empty()) {
    nlohmann::json phases = nlohmann::json::array();
    for (const auto& p : r.phases) {
      phases.push_back(
          {{"phase", std::string(phase_name(p.phase))},
           {"seconds", p.seconds},
           {"read",
            {{"iops", p.read_iops}, {"bw_bytes", p.read_bytes_per_s}, {"lat_ns", latency_json(p.read_latency)}}},
           {"write",
            {{"iops", p.write_iops}, {"bw_bytes", p.write_bytes_per_s}, {"lat_ns", latency_json(p.write_latency)}}},
           {"failed_ios", p.failed_ios}});
      nlohmann::json& added = phases.back();
      added["spans"] = p.spans;
      added["cpu_busiest_node"] = {{"node", p.cpu_busiest_node + 1}, {"utilisation", p.cpu_busiest}};
      added["steady_intervals"] = p.steady_intervals;
      added["steady"] = p.steady;
      // 95 % intervals only where the phase is steady and long enough (null otherwise).
      added["iops_ci95_half_width"] = p.steady ? nlohmann::json(p.iops_ci_half_width) : nlohmann::json(nullptr);
      added["lat_mean_ns_ci95_half_width"] =
          p.steady ? nlohmann::json(p.latency_ci_half_width_s * 1e9) : nlohmann::json(nullptr);
    }
    j["phases"] = phases;
    nlohmann::json spans = nlohmann::json::array();
    for (const models::FastForwardSpan& f : r.fast_forwarded) {
      spans.push_back({{"from_s", f.begin_s},
                       {"to_s", f.end_s},
                       {"phase", f.warmup ? std::string("warm-up") : std::string(phase_name(f.phase))},
                       {"window_from_s", f.window_begin_s},
                       {"window_s", f.window_s}});
    }
    if (!spans.empty()) j["fast_forward"] = {{"spans", spans}, {"simulated_s", r.simulated_seconds}};
    const models::RepairLeft& left = r.repair_left;
    j["repair_left"] = {{"unfinished", left.unfinished},
                        {"degraded_bytes", left.degraded_bytes},
                        {"bytes_to_repair", left.bytes_to_repair},
                        {"repair_bw_bytes", left.bytes_per_s},
                        {"eta_s", left.eta_s >= 0 ? nlohmann::json(left.eta_s) : nlohmann::json(nullptr)},
                        {"held_by", std::string(repair_hold_name(left.hold))}};
    nlohmann::json stalls = nlohmann::json::array();
    for (const models::RepairStall& s : r.repair_stalls) {
      // The busiest resource, as the warning names it ("" unless starved).
      const std::string starved_by = s.starved ? starved_by_text(s.starved_by, s.starved_by_utilisation) : "";
      stalls.push_back({{"from_s", s.from_s},
                        {"to_s", s.to_s},
                        {"degraded_bytes", s.degraded_bytes},
                        {"held_by", s.starved ? std::string("starved") : std::string(repair_hold_name(s.hold))},
                        {"node", s.hold_node >= 0 ? nlohmann::json(s.hold_node + 1) : nlohmann::json(nullptr)},
                        {"starved_by", starved_by}});
    }
    j["repair_stalls"] = stalls;
  }
  j["repaired_bytes"] = r.repaired_bytes;
  j["failed_ios"] = r.failed_ios;
  j["warnings"] = finding_texts(r.warnings);
  j["capacity"] = capacity_json(models::assess_capacity(spec), spec.cluster.node_count);
  if (with_performance) {
    const auto& p = r.performance;
    j["performance"] = {{"wall_seconds", p.wall_seconds},
                        {"events", p.events},
                        {"simulated_ios", p.simulated_ios},
                        {"ios_per_wall_second", p.ios_per_wall_second},
                        {"events_per_wall_second", p.events_per_wall_second},
                        {"peak_pending_events", p.peak_pending_events},
                        {"setup_seconds", p.setup_seconds},
                        {"measured_wall_seconds", p.measured_wall_seconds},
                        {"measured_events", p.measured_events},
                        {"measured_ios", p.measured_ios}};
  }
  return j;
}

}  // namespace hcisim::frontend
