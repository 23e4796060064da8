#include "tools/frontend/input/measured_results.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/result_table.hpp"

namespace hcisim::frontend {

namespace {

struct Column {
  const char* name;  // lower case
  models::Figure figure;
  double scale;  // to SI: ms -> s, % -> fraction, MB/s -> B/s
};

constexpr Column kColumns[] = {
    {"iops", models::Figure::TotalIops, 1},
    {"readiops", models::Figure::ReadIops, 1},
    {"writeiops", models::Figure::WriteIops, 1},
    {"averagecpu", models::Figure::VmfleetCpu, 0.01},
    {"averagereadlatency", models::Figure::ReadLatencyAvg, 1e-3},
    {"averagewritelatency", models::Figure::WriteLatencyAvg, 1e-3},
    {"readlatencyp50", models::Figure::ReadLatencyP50, 1e-3},
    {"readlatencyp90", models::Figure::ReadLatencyP90, 1e-3},
    {"readlatencyp99", models::Figure::ReadLatencyP99, 1e-3},
    {"writelatencyp50", models::Figure::WriteLatencyP50, 1e-3},
    {"writelatencyp90", models::Figure::WriteLatencyP90, 1e-3},
    {"writelatencyp99", models::Figure::WriteLatencyP99, 1e-3},
    {"readmbps", models::Figure::ReadBytesPerSec, 1e6},
    {"writembps", models::Figure::WriteBytesPerSec, 1e6},
};

}  // namespace

std::map<models::Figure, double> read_vmfleet_table(const std::filesystem::path& file, const std::string& row) {
  const ResultTable table = read_result_table(file, "VMFleet result table");
  const std::string& label = table.label;
  const std::vector<std::string>& header = table.header;
  const int header_line = table.header_line;
  std::vector<std::pair<int, std::vector<std::string>>> rows;
  for (const ResultTable::Row& r : table.rows) rows.emplace_back(r.line, r.fields);
  if (header.empty())
    throw LoadError(label + ": expected a header line (Name, IOPS, AverageCPU, ...), got an empty table");
  // Which figure each column gives; unknown columns are refused, so a typo is not a silent "not measured".
  std::vector<const Column*> columns(header.size(), nullptr);
  for (std::size_t c = 1; c < header.size(); ++c) {
    const std::string name = lower_case(header[c]);
    for (const Column& col : kColumns) {
      if (name == col.name) columns[c] = &col;
    }
    if (!columns[c]) {
      std::string known;
      for (const Column& col : kColumns) known += std::string(known.empty() ? "" : " ") + col.name;
      throw LoadError(label + ":" + std::to_string(header_line) + ": column " + in_quotes(header[c]) +
                      ": expected one of (any case) " + known);
    }
  }
  const std::vector<std::string>* chosen = nullptr;
  int chosen_line = 0;
  for (const auto& [at, fields] : rows) {
    if (!fields.empty() && fields[0] == row) {
      if (chosen) throw LoadError(label + ":" + std::to_string(at) + ": row " + in_quotes(row) + " is given twice");
      chosen = &fields;
      chosen_line = at;
    }
  }
  if (!chosen) {
    std::size_t index = 0;
    const auto [end, ec] = std::from_chars(row.data(), row.data() + row.size(), index);
    if (ec == std::errc() && end == row.data() + row.size() && index >= 1 && index <= rows.size()) {
      chosen = &rows[index - 1].second;
      chosen_line = rows[index - 1].first;
    }
  }
  if (!chosen)
    throw LoadError(label + ": no row named " + in_quotes(row) + " (first column), nor a row number 1.." +
                    std::to_string(rows.size()));
  std::map<models::Figure, double> out;
  for (std::size_t c = 1; c < header.size(); ++c) {
    const std::string value = c < chosen->size() ? (*chosen)[c] : "";
    if (value.empty()) continue;
    double parsed = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (ec != std::errc() || end != value.data() + value.size() || !(parsed > 0)) {
      throw LoadError(label + ":" + std::to_string(chosen_line) + ": column " + in_quotes(header[c]) +
                      ": expected a number greater than 0, got " + in_quotes(value));
    }
    out[columns[c]->figure] = parsed * columns[c]->scale;
  }
  return out;
}

std::map<models::Figure, double> read_fio_json_figures(const std::filesystem::path& file, const std::string& job) {
  const std::string label = printable(file.string());
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_text_file(file, "fio JSON result"));
  } catch (const nlohmann::json::exception& e) {
    throw LoadError(label + ": expected fio's JSON output (--output-format=json), got " + printable(e.what(), 80));
  }
  if (!j.is_object() || !j.contains("jobs") || !j["jobs"].is_array()) {
    throw LoadError(label + ": expected fio's JSON output with a \"jobs\" list");
  }
  const nlohmann::json* found = nullptr;
  std::string names;
  for (const auto& entry : j["jobs"]) {
    if (!entry.is_object() || !entry.contains("jobname") || !entry["jobname"].is_string()) continue;
    const std::string name = entry["jobname"].get<std::string>();
    names += (names.empty() ? "" : ", ") + name;
    if (name == job) {
      if (found)
        throw LoadError(label + ": two jobs are named " + in_quotes(job) + " (use group_reporting, or distinct names)");
      found = &entry;
    }
  }
  if (!found) throw LoadError(label + ": no job named " + in_quotes(job) + " (jobs: " + printable(names, 120) + ")");
  auto number = [&](const nlohmann::json& block, const char* key) -> double {
    if (!block.is_object() || !block.contains(key) || !block[key].is_number()) return 0;
    return block[key].get<double>();
  };
  std::map<models::Figure, double> out;
  double total = 0;
  for (const bool write : {false, true}) {
    const char* dir = write ? "write" : "read";
    if (!found->contains(dir)) continue;
    const nlohmann::json& d = (*found)[dir];
    const double iops = number(d, "iops");
    if (iops <= 0) continue;
    total += iops;
    out[write ? models::Figure::WriteIops : models::Figure::ReadIops] = iops;
    if (const double bw = number(d, "bw_bytes"); bw > 0) {
      out[write ? models::Figure::WriteBytesPerSec : models::Figure::ReadBytesPerSec] = bw;
    }
    if (d.contains("lat_ns")) {
      if (const double mean = number(d["lat_ns"], "mean"); mean > 0) {
        out[write ? models::Figure::WriteLatencyAvg : models::Figure::ReadLatencyAvg] = mean * 1e-9;
      }
    }
    const nlohmann::json* pct = nullptr;
    for (const char* block : {"lat_ns", "clat_ns"}) {
      if (!pct && d.contains(block) && d[block].contains("percentile") && d[block]["percentile"].is_object()) {
        pct = &d[block]["percentile"];
      }
    }
    if (!pct) continue;
    const std::pair<const char*, models::Figure> points[] = {
        {"50.000000", write ? models::Figure::WriteLatencyP50 : models::Figure::ReadLatencyP50},
        {"90.000000", write ? models::Figure::WriteLatencyP90 : models::Figure::ReadLatencyP90},
        {"99.000000", write ? models::Figure::WriteLatencyP99 : models::Figure::ReadLatencyP99}};
    for (const auto& [key, figure] : points) {
      if (const double v = number(*pct, key); v > 0) out[figure] = v * 1e-9;
    }
  }
  if (total > 0) out[models::Figure::TotalIops] = total;
  if (out.count(models::Figure::ReadBytesPerSec) || out.count(models::Figure::WriteBytesPerSec)) {
    double bw = 0;
    for (const auto f : {models::Figure::ReadBytesPerSec, models::Figure::WriteBytesPerSec}) {
      if (out.count(f)) bw += out[f];
    }
    out[models::Figure::TotalBytesPerSec] = bw;
  }
  return out;
}

std::map<models::Figure, double> read_measured_figures(const std::filesystem::path& file, const std::string& row) {
  const std::string ext = lower_case(file.extension().string());
  if (ext == ".json") return read_fio_json_figures(file, row);
  if (ext == ".csv" || ext == ".tsv" || ext == ".txt") return read_vmfleet_table(file, row);
  throw LoadError(printable(file.string()) +
                  ": expected a fio JSON result (.json) or a VMFleet result table (.csv, .tsv or .txt)");
}

}  // namespace hcisim::frontend
