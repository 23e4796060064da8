#include "tools/frontend/report/footing.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {

namespace {

// The catalog parts a run is built from (ids; empty ones skipped).
std::vector<std::string> parts_of(const models::ScenarioSpec& spec, const Catalog& catalog) {
  const models::ClusterSpec& c = spec.cluster;
  std::vector<std::string> ids = {c.node.id, c.cpu.id,   c.nic.id,       c.network_switch.id,
                                  c.hba.id,  c.stack.id, c.hypervisor.id};
  for (const models::DriveSpec& d : c.drives) ids.push_back(d.id);
  if (c.cloud.defined()) {
    ids.push_back(c.cloud.storage_vm.id);
    ids.push_back(c.cloud.disk.id);
  }
  if (spec.vms.oltp) {
    for (const PartSummary& p : catalog.list()) {
      if (p.kind == "application") ids.push_back(p.id);
    }
  }
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const std::string& id : ids) {
    if (!id.empty() && seen.insert(id).second) unique.push_back(id);
  }
  return unique;
}

std::string signed_percent(double error) {
  const double p = std::round(error * 1000) / 10;
  return (p > 0 ? "+" : p < 0 ? "\u2212" : "") + format_number(std::fabs(p)) + " %";
}

std::string unsigned_percent(double error) { return format_number(std::round(std::fabs(error) * 1000) / 10) + " %"; }

}  // namespace

Footing footing_of(const models::ScenarioSpec& spec, const Catalog& catalog, const ValidationRecord& record) {
  Footing f;
  f.regime = regime_of(spec);
  for (const RecordedFigure& r : record.figures) {
    if (near(f.regime, r.regime)) f.validated.push_back(r);
  }
  for (const RecordedMeasuredRuns& m : record.measured) {
    if (near(f.regime, m.regime)) f.measured.push_back(m);
  }
  for (const std::string& id : parts_of(spec, catalog)) {
    for (auto& [key, cases] : catalog.calibrated_fields_of(id)) f.fitted.push_back({id, key, cases});
  }
  return f;
}

Footing footing_of(const models::ScenarioSpec& spec, const Catalog& catalog) {
  const std::filesystem::path file = bundled_validation_record();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    Footing f = footing_of(spec, catalog, ValidationRecord{});
    f.recorded = false;
    return f;
  }
  return footing_of(spec, catalog, read_validation_record(file));
}

bool outside_every_validated_regime(const Footing& f) {
  return f.recorded && f.validated.empty() && f.measured.empty();
}

std::string footing_warning(const Footing& f) {
  if (!outside_every_validated_regime(f)) return {};
  return "footing: no validated run is near this one (" + describe(f.regime) +
         "): its figures are predictions the model has not been checked on; see 'hcisim validate'";
}

std::string format_footing(const Footing& f) {
  std::ostringstream out;
  out << "Footing (validated near this run: " << describe(f.regime) << ")\n";
  if (!f.recorded) out << "  no validation record found (scenarios/validation-record.json)\n";
  for (const RecordedMeasuredRuns& m : f.measured) {
    out << "  measured " << m.scenario << ": " << m.runs << " runs (" << describe(m.regime) << "), median error "
        << unsigned_percent(m.peak_iops_error) << " on the " << m.peaks << " peaks' IOPS, "
        << unsigned_percent(m.latency_error) << " on mean latency, " << format_fixed(m.cpu_points, 1)
        << " points of CPU (the fit's residuals)\n";
  }
  for (const RecordedFigure& r : f.validated) {
    out << "  " << (r.calibration ? "fitted on " : "published ") << r.scenario << ": " << r.figure << " "
        << signed_percent(r.error) << (r.calibration ? " (a constant was fitted on it)" : "") << "\n";
  }
  if (outside_every_validated_regime(f)) out << "  none: no validated run of this regime (see Warnings)\n";
  if (!f.fitted.empty()) {
    out << "  fitted constants used:\n";
    for (const FittedConstant& c : f.fitted) out << "    " << c.part << " " << c.key << " on " << c.cases << "\n";
  }
  return out.str();
}

nlohmann::json footing_json(const Footing& f) {
  nlohmann::json validated = nlohmann::json::array();
  for (const RecordedFigure& r : f.validated) validated.push_back(recorded_figure_json(r));
  nlohmann::json measured = nlohmann::json::array();
  for (const RecordedMeasuredRuns& m : f.measured) measured.push_back(recorded_measured_json(m));
  nlohmann::json fitted = nlohmann::json::array();
  for (const FittedConstant& c : f.fitted) fitted.push_back({{"part", c.part}, {"key", c.key}, {"fitted_on", c.cases}});
  return {{"regime", describe(f.regime)},
          {"validated", validated},
          {"measured", measured},
          {"fitted", fitted},
          {"outside_every_validated_regime", outside_every_validated_regime(f)},
          {"record_found", f.recorded}};
}

}  // namespace hcisim::frontend
