#include "tools/frontend/sweep/sweep_rows.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/suggestions.hpp"
#include "tools/frontend/report/finding_text.hpp"
#include "tools/frontend/report/report_json.hpp"

namespace hcisim::frontend {

namespace {

using Getter = std::function<double(const models::RunResult&)>;
// A figure: how to read it, and whether the fast path gives it.
struct Figure {
  Figure(Getter g, bool given_by_fast_path = true)
      : get(std::move(g)), analytic(given_by_fast_path) {}  // NOLINT: from a lambda
  Getter get;
  bool analytic;
};

double max_over_nodes(const models::RunResult& r, double models::NodeResult::*field) {
  double m = 0;
  for (const auto& n : r.nodes) {
    if (n.up) m = std::max(m, n.*field);
  }
  return m;
}

std::vector<std::pair<std::string, Figure>> make_figures() {
  std::vector<std::pair<std::string, Figure>> f;
  // Observed only: a simulation's maximum and confidence intervals.
  auto observed = [&f](std::string name, Getter get) {
    f.emplace_back(std::move(name), Figure{std::move(get), false});
  };
  f.emplace_back("total_iops", [](const auto& r) { return r.total_iops(); });
  f.emplace_back("read_iops", [](const auto& r) { return r.read_iops; });
  f.emplace_back("write_iops", [](const auto& r) { return r.write_iops; });
  f.emplace_back("total_mb_s", [](const auto& r) { return r.total_bytes_per_s() / 1e6; });
  f.emplace_back("read_mb_s", [](const auto& r) { return r.read_bytes_per_s / 1e6; });
  f.emplace_back("write_mb_s", [](const auto& r) { return r.write_bytes_per_s / 1e6; });
  observed("total_iops_ci95", [](const auto& r) { return r.total_iops_ci_half_width; });
  const std::pair<const char*, models::LatencySummary models::RunResult::*> latencies[] = {
      {"lat", &models::RunResult::all_latency},
      {"read_lat", &models::RunResult::read_latency},
      {"write_lat", &models::RunResult::write_latency}};
  for (const auto& [prefix, member] : latencies) {
    const std::pair<const char*, double models::LatencySummary::*> stats[] = {
        {"mean", &models::LatencySummary::mean_s}, {"p50", &models::LatencySummary::p50_s},
        {"p90", &models::LatencySummary::p90_s},   {"p99", &models::LatencySummary::p99_s},
        {"p999", &models::LatencySummary::p999_s}, {"max", &models::LatencySummary::max_s}};
    for (const auto& [stat, field] : stats) {
      const auto m = member;
      const auto s = field;
      Getter get = [m, s](const auto& r) { return (r.*m).*s * 1e3; };
      f.emplace_back(std::string(prefix) + "_" + stat + "_ms",
                     Figure{std::move(get), s != &models::LatencySummary::max_s});
    }
  }
  observed("lat_mean_ms_ci95", [](const auto& r) { return r.latency_ci_half_width_s * 1e3; });
  for (int s = 0; s < models::kIoStageCount; ++s) {
    const auto stage = static_cast<models::IoStage>(s);
    const std::string name = models::io_stage_name(stage);
    f.emplace_back("read_" + name + "_ms", [stage](const auto& r) { return r.read_stages[stage] * 1e3; });
    f.emplace_back("write_" + name + "_ms", [stage](const auto& r) { return r.write_stages[stage] * 1e3; });
  }
  f.emplace_back("cpu_max", [](const auto& r) { return max_over_nodes(r, &models::NodeResult::cpu_utilisation); });
  f.emplace_back("vmfleet_cpu", [](const auto& r) { return r.vmfleet_cpu; });
  f.emplace_back("vcpu_max", [](const auto& r) { return max_over_nodes(r, &models::NodeResult::vcpu_utilisation); });
  f.emplace_back("drive_max",
                 [](const auto& r) { return max_over_nodes(r, &models::NodeResult::drive_utilisation_max); });
  f.emplace_back("device_queue_max",
                 [](const auto& r) { return max_over_nodes(r, &models::NodeResult::device_queue_occupancy_max); });
  f.emplace_back("hba_max", [](const auto& r) {
    double busiest = 0;
    for (const auto& n : r.nodes) {
      if (n.up) busiest = std::max(busiest, n.hba.busiest());
    }
    return busiest;
  });
  f.emplace_back("nic_tx_max",
                 [](const auto& r) { return max_over_nodes(r, &models::NodeResult::nic_tx_utilisation); });
  f.emplace_back("nic_rx_max",
                 [](const auto& r) { return max_over_nodes(r, &models::NodeResult::nic_rx_utilisation); });
  f.emplace_back("hotspot_utilisation", [](const auto& r) { return r.hotspot_utilisation; });
  f.emplace_back("bottleneck_utilisation", [](const auto& r) { return r.bottleneck.utilisation; });
  f.emplace_back("failed_ios", [](const auto& r) { return static_cast<double>(r.failed_ios); });
  f.emplace_back("degraded_ios", [](const auto& r) { return static_cast<double>(r.degraded_ios); });
  f.emplace_back("tps", [](const auto& r) { return r.oltp.tps; });
  f.emplace_back("transaction_lat_mean_ms", [](const auto& r) { return r.oltp.latency.mean_s * 1e3; });
  f.emplace_back("transaction_lat_p99_ms", [](const auto& r) { return r.oltp.latency.p99_s * 1e3; });
  // The simulated time measured: the duration, or less where run.precision stopped the point.
  observed("measured_ms", [](const auto& r) { return r.measured_seconds * 1e3; });
  observed("lat_p99_ms_ci95", [](const auto& r) { return r.all_latency.p99_ci_half_width_s * 1e3; });
  observed("read_lat_p99_ms_ci95", [](const auto& r) { return r.read_latency.p99_ci_half_width_s * 1e3; });
  observed("write_lat_p99_ms_ci95", [](const auto& r) { return r.write_latency.p99_ci_half_width_s * 1e3; });
  return f;
}

const std::vector<std::pair<std::string, Figure>>& figures() {
  static const auto f = make_figures();
  return f;
}

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

const std::vector<std::string>& sweep_figure_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& [name, figure] : figures()) n.push_back(name);
    return n;
  }();
  return names;
}

namespace {
const Figure& figure_named(const std::string& name) {
  for (const auto& [n, figure] : figures()) {
    if (n == name) return figure;
  }
  throw std::invalid_argument("no figure named " + in_quotes(name) + suggestion_text(name, sweep_figure_names()));
}

std::optional<double> value_of(const Figure& figure, const models::RunResult& result) {
  if (result.analytic && !figure.analytic) return std::nullopt;
  return figure.get(result);
}
}  // namespace

std::optional<double> sweep_figure(const models::RunResult& result, const std::string& name) {
  return value_of(figure_named(name), result);
}

bool fast_path_gives(const std::string& name) { return figure_named(name).analytic; }

std::string format_sweep_figure(const std::string& name, double value) {
  (void)figure_named(name);  // a name sweep_figure() knows, or the same error
  auto ends_with = [&name](std::string_view tail) {
    return name.size() >= tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (ends_with("_ms") || ends_with("_ms_ci95")) return format_fixed(value, 3) + " ms";
  if (ends_with("_mb_s")) return format_fixed(value, 1) + " MB/s";
  if (ends_with("_iops") || ends_with("_iops_ci95") || ends_with("_ios") || name == "tps")
    return format_fixed(value, 0);
  // What is left are utilisations, as fractions of the resource.
  return format_fixed(value * 100.0, 1) + "%";
}

nlohmann::json sweep_row_json(const std::vector<SweepAxis>& axes, const SweepPoint& point,
                              const models::ScenarioSpec& spec, const models::RunResult& result) {
  nlohmann::json row;
  row["point"] = point.index;
  nlohmann::json vary = nlohmann::json::object();
  for (std::size_t a = 0; a < axes.size() && a < point.values.size(); ++a) vary[axes[a].key] = point.values[a];
  row["vary"] = vary;
  nlohmann::json values = nlohmann::json::object();
  for (const auto& [name, figure] : figures()) {
    const std::optional<double> v = value_of(figure, result);
    values[name] = v ? nlohmann::json(*v) : nlohmann::json(nullptr);
  }
  row["figures"] = values;
  row["bottleneck"] = result.bottleneck.resource;
  row["method"] = result.analytic ? "analytic" : "simulation";
  row["warnings"] = finding_texts(result.warnings);
  nlohmann::json run = run_report_json(spec, result, /*with_performance=*/false);
  row["run"] = run;
  return row;
}

bool is_sweep_row(const nlohmann::json& row) {
  if (!row.is_object()) return false;
  const auto has = [&row](const char* key, auto is) { return row.contains(key) && is(row.at(key)); };
  if (!has("point", [](const auto& v) { return v.is_number_unsigned(); }) ||
      !has("vary", [](const auto& v) { return v.is_object(); }) ||
      !has("figures", [](const auto& v) { return v.is_object(); }) ||
      !has("bottleneck", [](const auto& v) { return v.is_string(); }) ||
      !has("method", [](const auto& v) { return v.is_string(); }) ||
      !has("warnings", [](const auto& v) { return v.is_array(); }) || !row.contains("run")) {
    return false;
  }
  for (const auto& [key, value] : row.at("vary").items()) {
    if (!value.is_string()) return false;
  }
  const nlohmann::json& f = row.at("figures");
  for (const std::string& name : sweep_figure_names()) {
    if (!f.contains(name) || !(f.at(name).is_number() || f.at(name).is_null())) return false;
  }
  return true;
}

SweepRows rows_of(const std::vector<nlohmann::json>& rows) {
  return {rows.size(), [&rows](std::size_t i) { return rows[i]; }};
}

void sweep_csv(const std::vector<SweepAxis>& axes, const SweepRows& rows, const TextSink& sink) {
  std::string out = "point";
  auto cell = [&out](const std::string& text) {
    out += ',';
    out += text;
  };
  for (const SweepAxis& a : axes) cell(csv_field(a.key));
  for (const std::string& name : sweep_figure_names()) cell(name);
  out += ",bottleneck,method,warnings\n";
  sink(out);
  for (std::size_t i = 0; i < rows.count; ++i) {
    const nlohmann::json row = rows.at(i);
    out = number(row.at("point").get<double>());
    for (const SweepAxis& a : axes) cell(csv_field(row.at("vary").at(a.key).get<std::string>()));
    for (const std::string& name : sweep_figure_names()) {
      const nlohmann::json& v = row.at("figures").at(name);
      cell(v.is_null() ? "" : number(v.get<double>()));
    }
    cell(csv_field(row.at("bottleneck").get<std::string>()));
    cell(row.at("method").get<std::string>());
    cell(std::to_string(row.at("warnings").size()));
    out += '\n';
    sink(out);
  }
}

std::string sweep_csv(const std::vector<SweepAxis>& axes, const std::vector<nlohmann::json>& rows) {
  std::string out;
  sweep_csv(axes, rows_of(rows), [&out](std::string_view piece) { out += piece; });
  return out;
}

SaturationPlot saturation_plot(const SweepRows& rows) {
  SaturationPlot plot;
  for (std::size_t i = 0; i < rows.count; ++i) {
    const nlohmann::json row = rows.at(i);
    std::string label, keys;
    for (const auto& [key, value] : row.at("vary").items()) {
      label += (label.empty() ? "" : ", ") + (value.is_string() ? value.get<std::string>() : value.dump());
      keys += (keys.empty() ? "" : ", ") + key;
    }
    if (i == 0) plot.label_keys = keys;
    const nlohmann::json& f = row.at("figures");
    plot.points.push_back({label, f.at("total_iops").get<double>(), f.at("lat_p99_ms").get<double>() / 1e3});
  }
  return plot;
}

nlohmann::json sweep_json(const std::string& scenario, const std::vector<SweepAxis>& axes,
                          const std::vector<nlohmann::json>& rows) {
  nlohmann::json keys = nlohmann::json::array();
  for (const SweepAxis& a : axes) keys.push_back(a.key);
  return {{"hcisim_version", HCISIM_VERSION}, {"scenario", scenario}, {"vary", keys}, {"rows", rows}};
}

namespace {
// `value` as dump(1) writes it `depth` levels down: each line after the first indented by depth.
std::string dumped_at(const nlohmann::json& value, int depth) {
  const std::string text = value.dump(1);
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    out += c;
    if (c == '\n') out.append(static_cast<std::size_t>(depth), ' ');  // a line break inside a string is escaped
  }
  return out;
}
}  // namespace

void sweep_json(const std::string& scenario, const std::vector<SweepAxis>& axes, const SweepRows& rows,
                const TextSink& sink) {
  // The keys in the order nlohmann::json sorts them: hcisim_version, rows, scenario, vary.
  nlohmann::json keys = nlohmann::json::array();
  for (const SweepAxis& a : axes) keys.push_back(a.key);
  sink("{\n \"hcisim_version\": " + nlohmann::json(HCISIM_VERSION).dump() + ",\n \"rows\": ");
  if (rows.count == 0) sink("[]");
  for (std::size_t i = 0; i < rows.count; ++i) sink((i == 0 ? "[\n  " : ",\n  ") + dumped_at(rows.at(i), 2));
  if (rows.count > 0) sink("\n ]");
  sink(",\n \"scenario\": " + nlohmann::json(scenario).dump() + ",\n \"vary\": " + dumped_at(keys, 1) + "\n}\n");
}

}  // namespace hcisim::frontend
