#include "tools/frontend/report/report_fingerprint.hpp"

#include <filesystem>
#include <stdexcept>

#include "sim/random.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/report/report_json.hpp"
#include "tools/frontend/report/report_text.hpp"

namespace hcisim::frontend {

std::string deterministic_report_json(const models::ScenarioSpec& spec, const models::RunResult& result) {
  auto json = run_report_json(spec, result, /*with_performance=*/false);
  json["scenario"].erase("file");
  return json.dump(1);
}

std::string deterministic_report_text(const models::ScenarioSpec& spec, const models::RunResult& result) {
  models::ScenarioSpec named = spec;
  named.file = std::filesystem::path(spec.file).filename().string();
  std::string text = format_run_report(named, result);
  const std::string speed = format_speed_line(result);
  if (text.size() < speed.size() || text.compare(text.size() - speed.size(), speed.size(), speed) != 0) {
    throw std::logic_error("the text report no longer ends with the simulator's speed line");
  }
  text.resize(text.size() - speed.size());
  return text;
}

std::uint64_t report_fingerprint(const models::ScenarioSpec& spec, const models::RunResult& result) {
  return sim::stable_hash(deterministic_report_json(spec, result) + "\n" + deterministic_report_text(spec, result));
}

std::string format_fingerprint(std::uint64_t fingerprint) {
  return printf_string("%016llx", static_cast<unsigned long long>(fingerprint));
}

}  // namespace hcisim::frontend
