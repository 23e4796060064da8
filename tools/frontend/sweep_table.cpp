#include "tools/frontend/sweep_table.hpp"

#include <algorithm>
#include <cstddef>

#include "tools/frontend/message_text.hpp"
#include "tools/frontend/quantity_format.hpp"

namespace hcisim::frontend {

namespace {

// A value in its column: right-aligned (numbers) or left-aligned (words).
std::string pad(const std::string& text, std::size_t width, bool right) {
  if (text.size() >= width) return text;
  const std::string fill(width - text.size(), ' ');
  return right ? fill + text : text + fill;
}

// A latency of what the run has (reads, writes, transactions: `rate` > 0), in
// ms; "-" where it has none (a read-only run has no write latency) or the run
// does not give it.
std::string latency_ms(const nlohmann::json& figures, const char* rate, const char* name) {
  const nlohmann::json& per_s = figures.at(rate);
  const nlohmann::json& v = figures.at(name);
  if (per_s.is_null() || !(per_s.get<double>() > 0) || v.is_null()) return "-";
  return format_fixed(v.get<double>(), 3);
}

}  // namespace

std::string sweep_table(const std::vector<SweepAxis>& axes, const std::vector<nlohmann::json>& rows) {
  struct Column {
    std::string header;
    bool right;
    std::vector<std::string> cells;
  };
  // An OLTP application's rows also give its transactions: TPS and their latency.
  const bool oltp = std::any_of(rows.begin(), rows.end(), [](const nlohmann::json& row) {
    const nlohmann::json& tps = row.at("figures").at("tps");
    return !tps.is_null() && tps.get<double>() > 0;
  });
  std::vector<Column> columns;
  columns.push_back({"point", true, {}});
  for (const SweepAxis& a : axes) columns.push_back({a.key, false, {}});
  if (oltp) {
    for (const char* h : {"TPS", "txn avg", "txn p99"}) columns.push_back({h, true, {}});
  }
  for (const char* h : {"IOPS", "MB/s", "read avg", "read p99", "write avg", "write p99"}) columns.push_back({h, true, {}});
  columns.push_back({"bottleneck", false, {}});
  for (const nlohmann::json& row : rows) {
    const nlohmann::json& f = row.at("figures");
    std::size_t c = 0;
    columns[c++].cells.push_back(std::to_string(row.at("point").get<std::size_t>()));
    for (const SweepAxis& a : axes) columns[c++].cells.push_back(printable(row.at("vary").at(a.key).get<std::string>(), 40));
    if (oltp) {
      columns[c++].cells.push_back(format_fixed(f.at("tps").get<double>(), 0));
      columns[c++].cells.push_back(latency_ms(f, "tps", "transaction_lat_mean_ms"));
      columns[c++].cells.push_back(latency_ms(f, "tps", "transaction_lat_p99_ms"));
    }
    columns[c++].cells.push_back(format_fixed(f.at("total_iops").get<double>(), 0));
    columns[c++].cells.push_back(format_fixed(f.at("total_mb_s").get<double>(), 0));
    columns[c++].cells.push_back(latency_ms(f, "read_iops", "read_lat_mean_ms"));
    columns[c++].cells.push_back(latency_ms(f, "read_iops", "read_lat_p99_ms"));
    columns[c++].cells.push_back(latency_ms(f, "write_iops", "write_lat_mean_ms"));
    columns[c++].cells.push_back(latency_ms(f, "write_iops", "write_lat_p99_ms"));
    std::string limit = row.at("bottleneck").get<std::string>();
    const nlohmann::json& busy = f.at("bottleneck_utilisation");
    if (!busy.is_null()) {
      limit += ' ';  // appended piece by piece: " " + std::string trips a false -Wrestrict in g++ 12
      limit += format_fixed(busy.get<double>() * 100.0, 0);
      limit += '%';
    }
    if (row.at("method").get<std::string>() == "analytic") limit += " (fast path)";
    columns[c++].cells.push_back(limit);
  }
  std::vector<std::size_t> width;
  for (const Column& col : columns) {
    std::size_t w = col.header.size();
    for (const std::string& cell : col.cells) w = std::max(w, cell.size());
    width.push_back(w);
  }
  auto line = [&](auto text_of) {
    std::string out;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      // The last column is not padded: no trailing blanks.
      out += c + 1 == columns.size() ? text_of(c) : pad(text_of(c), width[c], columns[c].right) + "  ";
    }
    return out + "\n";
  };
  std::string out = line([&](std::size_t c) { return columns[c].header; });
  for (std::size_t r = 0; r < rows.size(); ++r) out += line([&](std::size_t c) { return columns[c].cells[r]; });
  return out;
}

}  // namespace hcisim::frontend
