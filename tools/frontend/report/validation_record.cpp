#include "tools/frontend/report/validation_record.hpp"

#include <fstream>
#include <iterator>

#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"

namespace hcisim::frontend {

namespace {

nlohmann::json regime_json(const RunRegime& r) {
  return {{"product", r.product},       {"media", r.media},         {"workload", r.workload},
          {"block_min", r.block_min},   {"block_max", r.block_max}, {"writes_min", r.writes_min},
          {"writes_max", r.writes_max}, {"failed", r.failed}};
}

RunRegime regime_from(const nlohmann::json& j) {
  RunRegime r;
  r.product = j.at("product").get<std::string>();
  r.media = j.at("media").get<std::string>();
  r.workload = j.at("workload").get<std::string>();
  r.block_min = j.at("block_min").get<std::uint64_t>();
  r.block_max = j.at("block_max").get<std::uint64_t>();
  r.writes_min = j.at("writes_min").get<double>();
  r.writes_max = j.at("writes_max").get<double>();
  r.failed = j.at("failed").get<bool>();
  return r;
}

}  // namespace

nlohmann::json recorded_figure_json(const RecordedFigure& f) {
  return {{"scenario", f.scenario},      {"regime", regime_json(f.regime)}, {"figure", f.figure},
          {"published", f.published},    {"predicted", f.predicted},        {"error", f.error},
          {"calibration", f.calibration}};
}

nlohmann::json recorded_measured_json(const RecordedMeasuredRuns& m) {
  return {{"scenario", m.scenario},    {"regime", regime_json(m.regime)},      {"runs", m.runs},
          {"peaks", m.peaks},          {"peak_iops_error", m.peak_iops_error}, {"latency_error", m.latency_error},
          {"cpu_points", m.cpu_points}};
}

nlohmann::json validation_record_json(const ValidationRecord& record) {
  nlohmann::json figures = nlohmann::json::array();
  for (const RecordedFigure& f : record.figures) figures.push_back(recorded_figure_json(f));
  nlohmann::json measured = nlohmann::json::array();
  for (const RecordedMeasuredRuns& m : record.measured) measured.push_back(recorded_measured_json(m));
  return {{"written_by", "hcisim validate --record"}, {"figures", figures}, {"measured", measured}};
}

ValidationRecord read_validation_record(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw LoadError(printable(file.string()) + ": cannot read the validation record");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ValidationRecord record;
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    for (const nlohmann::json& f : j.at("figures")) {
      record.figures.push_back({f.at("scenario").get<std::string>(), regime_from(f.at("regime")),
                                f.at("figure").get<std::string>(), f.at("published").get<double>(),
                                f.at("predicted").get<double>(), f.at("error").get<double>(),
                                f.at("calibration").get<bool>()});
    }
    for (const nlohmann::json& m : j.at("measured")) {
      record.measured.push_back({m.at("scenario").get<std::string>(), regime_from(m.at("regime")),
                                 m.at("runs").get<int>(), m.at("peaks").get<int>(),
                                 m.at("peak_iops_error").get<double>(), m.at("latency_error").get<double>(),
                                 m.at("cpu_points").get<double>()});
    }
  } catch (const nlohmann::json::exception& e) {
    throw LoadError(printable(file.string()) + ": not a validation record written by `hcisim validate --record` (" +
                    printable(e.what(), 120) + ")");
  }
  return record;
}

std::filesystem::path bundled_validation_record() {
  return std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios" / "validation-record.json";
}

}  // namespace hcisim::frontend
