#include "tools/frontend/sweep/sweep_table.hpp"

#include <algorithm>
#include <cstddef>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"

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

namespace {

// The OLTP columns (TPS, txn avg, txn p99) come right after the varied values.
constexpr std::size_t kOltpColumns = 3;

// A row's cells, the OLTP columns included ("-" where the row has no transactions).
std::vector<std::string> cells_of(const std::vector<SweepAxis>& axes, const nlohmann::json& row) {
  const nlohmann::json& f = row.at("figures");
  std::vector<std::string> cells;
  cells.push_back(std::to_string(row.at("point").get<std::size_t>()));
  for (const SweepAxis& a : axes) cells.push_back(printable(row.at("vary").at(a.key).get<std::string>(), 40));
  const nlohmann::json& tps = f.at("tps");
  cells.push_back(tps.is_null() ? "-" : format_fixed(tps.get<double>(), 0));
  cells.push_back(latency_ms(f, "tps", "transaction_lat_mean_ms"));
  cells.push_back(latency_ms(f, "tps", "transaction_lat_p99_ms"));
  cells.push_back(format_fixed(f.at("total_iops").get<double>(), 0));
  cells.push_back(format_fixed(f.at("total_mb_s").get<double>(), 0));
  cells.push_back(latency_ms(f, "read_iops", "read_lat_mean_ms"));
  cells.push_back(latency_ms(f, "read_iops", "read_lat_p99_ms"));
  cells.push_back(latency_ms(f, "write_iops", "write_lat_mean_ms"));
  cells.push_back(latency_ms(f, "write_iops", "write_lat_p99_ms"));
  std::string limit = row.at("bottleneck").get<std::string>();
  const nlohmann::json& busy = f.at("bottleneck_utilisation");
  if (!busy.is_null()) {
    limit += ' ';  // appended piece by piece: " " + std::string trips a false -Wrestrict in g++ 12
    limit += format_fixed(busy.get<double>() * 100.0, 0);
    limit += '%';
  }
  if (row.at("method").get<std::string>() == "analytic") limit += " (fast path)";
  cells.push_back(limit);
  return cells;
}

}  // namespace

void sweep_table(const std::vector<SweepAxis>& axes, const SweepRows& rows, const TextSink& sink) {
  std::vector<std::string> headers = {"point"};
  std::vector<bool> right = {true};
  for (const SweepAxis& a : axes) {
    headers.push_back(a.key);
    right.push_back(false);
  }
  for (const char* h :
       {"TPS", "txn avg", "txn p99", "IOPS", "MB/s", "read avg", "read p99", "write avg", "write p99"}) {
    headers.push_back(h);
    right.push_back(true);
  }
  headers.push_back("bottleneck");
  right.push_back(false);
  // First pass: the widths, and whether an OLTP application runs (then the rows also give its transactions).
  std::vector<std::size_t> width;
  for (const std::string& h : headers) width.push_back(h.size());
  bool oltp = false;
  for (std::size_t r = 0; r < rows.count; ++r) {
    const nlohmann::json row = rows.at(r);
    const nlohmann::json& tps = row.at("figures").at("tps");
    oltp = oltp || (!tps.is_null() && tps.get<double>() > 0);
    const std::vector<std::string> cells = cells_of(axes, row);
    for (std::size_t c = 0; c < cells.size(); ++c) width[c] = std::max(width[c], cells[c].size());
  }
  const std::size_t first_oltp = 1 + axes.size();
  auto line = [&](const std::vector<std::string>& texts) {
    std::string out;
    for (std::size_t c = 0; c < texts.size(); ++c) {
      if (!oltp && c >= first_oltp && c < first_oltp + kOltpColumns) continue;
      // The last column is not padded: no trailing blanks.
      out += c + 1 == texts.size() ? texts[c] : pad(texts[c], width[c], right[c]) + "  ";
    }
    return out + "\n";
  };
  sink(line(headers));
  for (std::size_t r = 0; r < rows.count; ++r) sink(line(cells_of(axes, rows.at(r))));
}

std::string sweep_table(const std::vector<SweepAxis>& axes, const std::vector<nlohmann::json>& rows) {
  std::string out;
  sweep_table(axes, rows_of(rows), [&out](std::string_view piece) { out += piece; });
  return out;
}

}  // namespace hcisim::frontend
