// reference: the published figures to compare with, those taken from a result
// file, and the measured runs of this cluster (vmfleet_runs).
#include <filesystem>
#include <map>
#include <set>

#include "tools/frontend/base/figure_names.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/measured_results.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/vmfleet_runs.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

namespace {

double read_figure_value(const YamlValue& value, models::Figure figure) {
  double parsed = 0;
  switch (figure_unit(figure)) {
    case FigureUnit::Iops:
    case FigureUnit::Tps: parsed = value.count(); break;
    case FigureUnit::BytesPerSecond: parsed = value.byte_rate(); break;
    case FigureUnit::Seconds: parsed = static_cast<double>(value.duration_ns()) * 1e-9; break;
    case FigureUnit::Percent: parsed = value.percent(); break;
  }
  if (parsed <= 0) value.fail_expected("a value greater than 0");
  return parsed;
}

// reference.measured: figures taken from a result file (a VMFleet table row or
// a fio job), one entry or a list: {file, row (or job), figures: [...], tolerance}.
void read_measured(const YamlValue& value, const std::string& source, std::vector<models::ReferenceFigure>& figures,
                   std::set<models::Figure>& seen) {
  const std::vector<YamlValue> entries = value.is_list() ? value.items() : std::vector<YamlValue>{value};
  for (const YamlValue& entry_value : entries) {
    const YamlMap entry = entry_value.map({"file", "row", "job", "figures", "tolerance", "comparison", "note"});
    const YamlValue file = entry.required("file");
    const auto row = entry.optional("row");
    const auto job = entry.optional("job");
    if (row.has_value() == job.has_value()) {
      entry.fail("expected exactly one of row (a VMFleet table row) or job (a fio job name)");
    }
    const std::filesystem::path path = profile_path(file);
    const std::string which = (row ? *row : *job).text();
    std::map<models::Figure, double> values;
    try {
      values = read_measured_figures(path, which);
    } catch (const LoadError& e) {
      file.fail(e.what());  // the result file's own error, with this scenario's line
    }
    const std::string note = entry.optional("note") ? entry.optional("note")->text()
                                                    : "measured: " + file.text() + (row ? " row " : " job ") + which +
                                                          (source.empty() ? "" : " (" + source + ")");
    const YamlValue list = entry.required("figures");
    if (!list.is_list() || list.items().empty())
      list.fail_expected("a list of figure names, like [total_iops, vmfleet_cpu]");
    for (const YamlValue& name : list.items()) {
      const auto figure = figure_from_name(name.text());
      if (!figure) name.fail_expected("one of " + join_choices(figure_names()));
      if (!seen.insert(*figure).second) name.fail("figure " + in_quotes(name.text()) + " is given twice");
      const auto found = values.find(*figure);
      if (found == values.end()) {
        std::vector<std::string> has;
        for (const auto& [f, v] : values) has.emplace_back(figure_name(f));
        name.fail("figure " + in_quotes(name.text()) + " is not in " + file.text() + (row ? " row " : " job ") +
                  in_quotes(which) + " (it has: " + (has.empty() ? std::string("none") : join_choices(has)) + ")");
      }
      models::ReferenceFigure f;
      f.figure = *figure;
      f.value = found->second;
      if (const auto tolerance = entry.optional("tolerance")) f.tolerance = tolerance->percent();
      if (const auto comparison = entry.optional("comparison")) {
        f.comparison = comparison->choice<models::Comparison>(
            {{"approximately", models::Comparison::Approximately}, {"at_most", models::Comparison::AtMost}});
      }
      f.note = note;
      f.measured = true;
      figures.push_back(f);
    }
  }
}

// reference.vmfleet_runs: {file, where: {column: value, ...}} (measured_cases.hpp).
models::MeasuredRunsRef read_vmfleet_runs_ref(const YamlValue& value) {
  const YamlMap map = value.map({"file", "where"});
  models::MeasuredRunsRef runs;
  runs.file = profile_path(map.required("file")).string();
  if (const auto where = map.optional("where")) {
    if (!where->is_map()) where->fail_expected("a map of column names to values, like {cluster: R640-All-NVMe}");
    for (const YamlNode& item : where->node().children) {
      if (item.kind != YamlNode::Kind::Scalar || item.scalar.empty()) {
        where->fail("column " + in_quotes(item.key) + ": expected the value its rows must have, got " +
                    item.describe());
      }
      runs.where.emplace_back(item.key, item.scalar);
    }
  }
  try {
    (void)read_vmfleet_runs(runs.file, runs.where);  // its errors now, with this scenario
  } catch (const LoadError& e) {
    map.required("file").fail(e.what());
  }
  return runs;
}

}  // namespace

std::vector<models::ReferenceFigure> read_reference(const YamlValue& value, const std::string& calibration_case,
                                                    bool catalog_names_case, bool sas_run,
                                                    std::optional<models::MeasuredRunsRef>& runs) {
  const YamlMap map = value.map({"source", "figures", "measured", "vmfleet_runs"});
  std::string source;
  if (const auto given = map.optional("source")) source = given->text();
  std::vector<models::ReferenceFigure> figures;
  std::set<models::Figure> seen;
  if (const auto measured = map.optional("measured")) read_measured(*measured, source, figures, seen);
  if (const auto vmfleet = map.optional("vmfleet_runs")) runs = read_vmfleet_runs_ref(*vmfleet);
  const auto list = map.optional("figures");
  if (!list) return figures;
  for (const YamlValue& item : list->items()) {
    const YamlMap entry = item.map({"figure", "value", "tolerance", "comparison", "calibration", "note"});
    models::ReferenceFigure figure;
    const YamlValue name = entry.required("figure");
    const auto parsed = figure_from_name(name.text());
    if (!parsed) name.fail_expected("one of " + join_choices(figure_names()));
    if (!seen.insert(*parsed).second) name.fail("figure " + in_quotes(name.node().scalar) + " is given twice");
    figure.figure = *parsed;
    const bool per_core = figure.figure == models::Figure::WriteBytesPerSecPerCore ||
                          figure.figure == models::Figure::ReadBytesPerSecPerCore;
    if (per_core && !sas_run) name.fail("only a SAS iotest run (vms.sas_iotest) reports MB/s per core");
    const bool oltp = figure.figure == models::Figure::Tps || figure.figure == models::Figure::TransactionLatencyAvg;
    if (oltp && sas_run) name.fail("a SAS iotest run reports MB/s per core, not an application's transactions");
    figure.value = read_figure_value(entry.required("value"), figure.figure);
    if (const auto tolerance = entry.optional("tolerance")) figure.tolerance = tolerance->percent();
    if (const auto comparison = entry.optional("comparison")) {
      figure.comparison = comparison->choice<models::Comparison>(
          {{"approximately", models::Comparison::Approximately}, {"at_most", models::Comparison::AtMost}});
    }
    if (const auto calibration = entry.optional("calibration")) {
      figure.calibration = calibration->boolean();
      // A fitted figure is no prediction: the catalog must say what was fitted on it.
      if (figure.calibration && !catalog_names_case) {
        calibration->fail("no catalog constant is calibrated on case '" + calibration_case +
                          "' (a field whose source is \"calibrated: " + calibration_case +
                          "\"); a figure is a calibration figure only when a constant was fitted on it");
      }
    }
    figure.note = source;
    if (const auto note = entry.optional("note")) figure.note = note->text();
    figures.push_back(figure);
  }
  return figures;
}

}  // namespace hcisim::frontend::scenario_sections
