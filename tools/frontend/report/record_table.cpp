#include "tools/frontend/report/record_table.hpp"

#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "models/run/reference_check.hpp"
#include "tools/frontend/base/figure_names.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

namespace hcisim::frontend {
namespace {

// "read_iops" as "read IOPS"; a figure per core in MB/s, which its cells then leave out.
std::string figure_label(models::Figure figure) {
  std::string label(figure_name(figure));
  for (char& c : label) c = c == '_' ? ' ' : c;
  static const std::pair<std::string, std::string> kWords[] = {
      {"iops", "IOPS"}, {"tps", "TPS"}, {"throughput per core", "MB/s per core"}};
  for (const auto& [from, to] : kWords) {
    if (const auto at = label.find(from); at != std::string::npos) label.replace(at, from.size(), to);
  }
  return label;
}

bool per_core(models::Figure figure) {
  return figure == models::Figure::WriteBytesPerSecPerCore || figure == models::Figure::ReadBytesPerSecPerCore;
}

// Counts grouped, latencies in ms to the microsecond, throughput in GB/s (per core: MB/s) to two decimals.
std::string value_cell(models::Figure figure, double value) {
  switch (figure_unit(figure)) {
    case FigureUnit::Iops:
    case FigureUnit::Tps: return format_count(std::round(value));
    case FigureUnit::Seconds: return format_fixed(value * 1e3, 3) + " ms";
    case FigureUnit::Percent: return format_fixed(value * 100, 1) + " %";
    case FigureUnit::BytesPerSecond:
      return per_core(figure) ? format_fixed(value / 1e6, 2) : format_fixed(value / 1e9, 2) + " GB/s";
  }
  return format_number(value);
}

// A sign as typeset: "+39.9 %", "−13.9 %" (a minus sign, not a hyphen).
std::string signed_percent(double fraction) {
  const std::string text = printf_string("%+.1f %%", fraction * 100);
  return text[0] == '-' ? "\u2212" + text.substr(1) : text;
}

std::string tolerance_cell(const models::ReferenceFigure& reference) {
  const std::string percent = printf_string("%.0f %%", reference.tolerance * 100);
  if (reference.comparison == models::Comparison::AtMost) {
    return reference.tolerance == 0 ? "\u2264 published" : "\u2264 +" + percent;
  }
  return "\u00b1" + percent;
}

}  // namespace

RecordTableCells record_table_cells(const RecordedFigure& figure, const models::ReferenceFigure& reference) {
  const bool within = models::within_tolerance(reference, figure.predicted);
  return {"`" + figure.scenario + "`",
          figure_label(reference.figure),
          value_cell(reference.figure, figure.published),
          value_cell(reference.figure, figure.predicted),
          signed_percent(figure.error),
          tolerance_cell(reference),
          std::string(within ? "within" : "outside") + (figure.calibration ? " (calibration)" : "")};
}

RecordTable record_table(const ValidationRecord& record, const std::filesystem::path& scenarios,
                         const Catalog& catalog) {
  std::map<std::string, models::ScenarioSpec> loaded;
  RecordTable table;
  for (const RecordedFigure& figure : record.figures) {
    auto spec = loaded.find(figure.scenario);
    if (spec == loaded.end()) {
      spec = loaded.emplace(figure.scenario, load_scenario(scenarios / (figure.scenario + ".yaml"), catalog)).first;
    }
    const models::ReferenceFigure* reference = nullptr;
    for (const models::ReferenceFigure& r : spec->second.references) {
      if (figure_name(r.figure) == figure.figure) reference = &r;
    }
    const std::string stale = "the validation record's " + figure.scenario + " " + figure.figure;
    if (reference == nullptr) throw std::runtime_error(stale + " is no longer a figure of the scenario");
    if (std::abs(reference->value - figure.published) > 1e-9 * std::abs(reference->value)) {
      throw std::runtime_error(stale + " was published at another value than the scenario's");
    }
    table.rows.push_back(record_table_cells(figure, *reference));
    if (!models::within_tolerance(*reference, figure.predicted)) ++table.outside;
  }
  table.scenarios = static_cast<int>(loaded.size());
  return table;
}

std::string record_table_summary(const RecordTable& table) {
  return printf_string("%d scenarios, %zu figures, %d outside.", table.scenarios, table.rows.size(), table.outside);
}

}  // namespace hcisim::frontend
