#include "tools/frontend/input/vmfleet_runs.hpp"

#include <charconv>
#include <cmath>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/result_table.hpp"

namespace hcisim::frontend {

namespace {

struct MeasuredColumn {
  const char* name;  // lower case
  models::Figure figure;
  double scale;  // to SI
};

constexpr MeasuredColumn kMeasured[] = {
    {"iops", models::Figure::TotalIops, 1},
    {"averagereadiops", models::Figure::ReadIops, 1},
    {"averagewriteiops", models::Figure::WriteIops, 1},
    {"averagereadbw", models::Figure::ReadBytesPerSec, 1},
    {"averagewritebw", models::Figure::WriteBytesPerSec, 1},
    {"averagecpu", models::Figure::VmfleetCpu, 0.01},
    {"averagereadmilliseconds", models::Figure::ReadLatencyAvg, 1e-3},
    {"averagewritemilliseconds", models::Figure::WriteLatencyAvg, 1e-3},
    {"readmilliseconds50", models::Figure::ReadLatencyP50, 1e-3},
    {"readmilliseconds90", models::Figure::ReadLatencyP90, 1e-3},
    {"readmilliseconds99", models::Figure::ReadLatencyP99, 1e-3},
    {"writemilliseconds50", models::Figure::WriteLatencyP50, 1e-3},
    {"writemilliseconds90", models::Figure::WriteLatencyP90, 1e-3},
    {"writemilliseconds99", models::Figure::WriteLatencyP99, 1e-3},
    {"averagecsvreadmilliseconds", models::Figure::CsvReadLatencyAvg, 1e-3},
    {"averagecsvwritemilliseconds", models::Figure::CsvWriteLatencyAvg, 1e-3},
};

constexpr const char* kSetup[] = {"workload",       "vmcount",  "processorcount",
                                  "vmalignmentpct", "qospervm", "datadiskbytes"};
constexpr const char* kLabels[] = {"cluster", "computetemplate"};

class RowReader {
 public:
  RowReader(const ResultTable& table, const ResultTable::Row& row) : table_(table), row_(row) {}

  [[noreturn]] void fail(int column, const std::string& expected) const {
    throw LoadError(table_.label + ":" + std::to_string(row_.line) + ": column " + in_quotes(table_.header[column]) +
                    ": expected " + expected + ", got " + in_quotes(table_.field(row_, column)));
  }
  // A number (>= 0); `missing` when the field is empty or the column absent.
  double number(int column, double missing) const {
    if (column < 0) return missing;
    const std::string& text = table_.field(row_, column);
    if (text.empty()) return missing;
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !(value >= 0) || !std::isfinite(value)) {
      fail(column, "a number of at least 0");
    }
    return value;
  }
  int whole(int column, int missing, int lo, int hi) const {
    const double v = number(column, missing);
    if (v != std::floor(v) || v < lo || v > hi)
      fail(column, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v);
  }

 private:
  const ResultTable& table_;
  const ResultTable::Row& row_;
};

}  // namespace

VmfleetRuns read_vmfleet_runs(const std::filesystem::path& file,
                              const std::vector<std::pair<std::string, std::string>>& where) {
  const ResultTable table = read_result_table(file, "VMFleet result table");
  VmfleetRuns out;
  out.label = table.label;
  if (table.header.empty())
    throw LoadError(table.label + ": expected a header line (Workload, VMCount, IOPS, ...), got an empty table");
  for (const char* required : {"workload", "vmcount"}) {
    if (table.column(required) < 0) {
      throw LoadError(table.label + ":" + std::to_string(table.header_line) + ": expected a column " +
                      in_quotes(required) +
                      " (VMFleet 2.0's Measure-FleetCoreWorkload writes Workload, VMCount, "
                      "ProcessorCount, VMAlignmentPct, QOSperVM, IOPS, AverageCPU, ...)");
    }
  }
  std::vector<std::pair<int, std::string>> filters;
  for (const auto& [name, value] : where) {
    const int c = table.column(name);
    if (c < 0) throw LoadError(table.label + ": no column " + in_quotes(name) + " to select rows by");
    filters.emplace_back(c, value);
  }
  std::vector<const MeasuredColumn*> measured(table.header.size(), nullptr);
  for (std::size_t c = 0; c < table.header.size(); ++c) {
    const std::string name = lower_case(table.header[c]);
    bool known = false;
    for (const MeasuredColumn& m : kMeasured) {
      if (name == m.name) {
        measured[c] = &m;
        known = true;
      }
    }
    for (const char* s : kSetup) known = known || name == s;
    for (const char* s : kLabels) known = known || name == s;
    if (!known) out.unused_columns.push_back(table.header[c]);
  }
  const int workload = table.column("workload"), vms = table.column("vmcount"), vcpus = table.column("processorcount"),
            alignment = table.column("vmalignmentpct"), qos = table.column("qospervm"),
            disk = table.column("datadiskbytes");
  for (const ResultTable::Row& row : table.rows) {
    bool selected = true;
    for (const auto& [c, value] : filters) selected = selected && table.field(row, c) == value;
    if (!selected) continue;
    const RowReader reader(table, row);
    VmfleetRun run;
    run.line = row.line;
    run.workload = table.field(row, workload);
    if (run.workload.empty()) reader.fail(workload, "a VMFleet 2.0 workload name");
    run.vm_count = reader.whole(vms, 0, 1, 1 << 20);
    run.vcpus = reader.whole(vcpus, 0, 0, 1024);
    const double pct = reader.number(alignment, 100);
    if (pct > 100) reader.fail(alignment, "a share from 0 to 100");
    run.alignment = pct / 100;
    run.qos_per_vm = reader.number(qos, 0);
    run.data_disk_bytes = static_cast<std::uint64_t>(reader.number(disk, 0));
    for (std::size_t c = 0; c < measured.size(); ++c) {
      if (!measured[c]) continue;
      const double v = reader.number(static_cast<int>(c), 0);
      if (v > 0) run.measured[measured[c]->figure] = v * measured[c]->scale;
    }
    out.runs.push_back(run);
  }
  if (out.runs.empty())
    throw LoadError(table.label + ": no run (row) to read" + (where.empty() ? "" : " with the selected values"));
  return out;
}

}  // namespace hcisim::frontend
