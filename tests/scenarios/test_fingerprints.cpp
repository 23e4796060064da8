// Every bundled scenario's reports against the fingerprint stored for it
// (tests/scenarios/fingerprints.txt): a change that moves any figure of any
// bundled scenario, or how a report prints it, fails here until the file is
// rewritten on purpose:
//
//   HCISIM_UPDATE_FINGERPRINTS=1 build/bin/scenario_tests "[fingerprint]"
//
// and the commit says why the predictions moved. Each scenario runs short
// (fingerprint_runs.hpp says how, and why where it differs).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "models/run/simulation.hpp"
#include "tests/scenarios/fingerprint_file.hpp"
#include "tests/scenarios/fingerprint_runs.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/report_fingerprint.hpp"
#include "tools/frontend/validation/validate.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kSource = HCISIM_SOURCE_DIR;
const std::filesystem::path kScenarios = kSource / "scenarios";
const std::filesystem::path kFingerprints = kSource / "tests/scenarios/fingerprints.txt";
constexpr const char* kRewrite =
    "HCISIM_UPDATE_FINGERPRINTS=1 build/bin/scenario_tests \"[fingerprint]\" rewrites the file";

// Runs the scenario as fingerprint_runs.hpp says; its line of the fingerprint file.
test::FingerprintLine fingerprint(const frontend::ScenarioFile& scenario, const frontend::Catalog& catalog) {
  const std::vector<std::string> run = test::fingerprint_run(scenario.name);
  const models::ScenarioSpec spec = frontend::load_scenario(scenario.path, catalog, run);
  const models::RunResult result = models::simulate(spec);
  // Nothing of this checkout may reach the fingerprint.
  for (const std::string& report :
       {frontend::deterministic_report_json(spec, result), frontend::deterministic_report_text(spec, result)}) {
    INFO(scenario.name);
    CHECK(report.find(kSource.string()) == std::string::npos);
  }
  return {scenario.name, test::describe_run(run),
          frontend::format_fingerprint(frontend::report_fingerprint(spec, result))};
}

}  // namespace

TEST_CASE("every bundled scenario's reports match their stored fingerprint", "[fingerprint]") {
  const frontend::Catalog catalog = frontend::Catalog::load();
  const std::vector<frontend::ScenarioFile> scenarios = frontend::find_named_scenarios(kScenarios);
  std::vector<test::FingerprintLine> actual;
  for (const frontend::ScenarioFile& scenario : scenarios) {
    try {
      actual.push_back(fingerprint(scenario, catalog));
    } catch (const std::exception& e) {
      FAIL_CHECK(scenario.name << " cannot run as fingerprint_runs.cpp says (give it a run of its own there): "
                               << e.what());
    }
  }
  if (std::getenv("HCISIM_UPDATE_FINGERPRINTS") != nullptr) {
    REQUIRE(actual.size() == scenarios.size());  // every scenario ran: a partial file would pass next time
    test::write_fingerprints(kFingerprints, actual);
    WARN("rewrote " << kFingerprints.string() << ": " << actual.size() << " scenarios");
    return;
  }
  std::map<std::string, test::FingerprintLine> stored;
  for (const test::FingerprintLine& line : test::read_fingerprints(kFingerprints)) {
    if (!stored.emplace(line.scenario, line).second) FAIL_CHECK(line.scenario << " is in fingerprints.txt twice");
  }
  for (const test::FingerprintLine& line : actual) {
    const auto it = stored.find(line.scenario);
    if (it == stored.end()) {
      FAIL_CHECK(line.scenario << " has no fingerprint in fingerprints.txt (a new scenario?): " << kRewrite);
      continue;
    }
    if (it->second.run != line.run) {
      FAIL_CHECK(line.scenario << " ran with '" << line.run << "', its fingerprint is of '" << it->second.run
                               << "' (fingerprint_runs.cpp changed?): " << kRewrite);
    } else if (it->second.fingerprint != line.fingerprint) {
      FAIL_CHECK(line.scenario << "'s reports changed (fingerprint " << line.fingerprint << ", stored "
                               << it->second.fingerprint << "): if that is meant, " << kRewrite
                               << ", and the commit message says why the predictions moved");
    }
    stored.erase(it);
  }
  for (const auto& [name, line] : stored) {
    FAIL_CHECK("fingerprints.txt has a line for " << name << ", which is no longer a bundled scenario: " << kRewrite);
  }
}

TEST_CASE("every scenario with a fingerprint run of its own is a bundled scenario", "[fingerprint]") {
  std::vector<std::string> bundled;
  for (const frontend::ScenarioFile& scenario : frontend::find_named_scenarios(kScenarios)) {
    bundled.push_back(scenario.name);
  }
  for (const std::string& name : test::scenarios_with_own_runs()) {
    INFO(name);
    CHECK(std::find(bundled.begin(), bundled.end(), name) != bundled.end());
  }
}
