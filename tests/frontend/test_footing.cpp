// A run's footing: the validated figures of regimes near its own, the fitted
// constants it uses, and a warning when it is near no validated run.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "temp_dir.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/footing.hpp"
#include "tools/frontend/report/validation_record.hpp"
#include "tools/frontend/validation/validate.hpp"

using namespace hcisim;
using namespace hcisim::frontend;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

const fs::path kScenarios = fs::path(HCISIM_SOURCE_DIR) / "scenarios";

RunRegime s2d(std::uint64_t block, double writes, bool failed = false) {
  RunRegime r;
  r.product = "s2d";
  r.media = "all-flash";
  r.workload = "diskspd";
  r.block_min = r.block_max = block;
  r.writes_min = r.writes_max = writes;
  r.failed = failed;
  return r;
}

ValidationRecord record() {
  ValidationRecord rec;
  rec.figures.push_back({"ax7525/test1-4k-random-read", s2d(4096, 0), "read_iops", 5.7e6, 8.0e6, 0.399, false});
  rec.figures.push_back({"ax7525/test1-512k-seq-read", s2d(524288, 0), "read_bytes_per_sec", 1e11, 1e11, 0.0, true});
  RecordedMeasuredRuns geos;
  geos.scenario = "geos/ax6515-2node";
  geos.regime = s2d(4096, 0);
  geos.regime.writes_max = 0.3;
  geos.runs = 137;
  geos.peaks = 8;
  geos.peak_iops_error = 0.093;
  rec.measured.push_back(geos);
  return rec;
}

}  // namespace

TEST_CASE(
    "footing: a regime is near a recorded one by product, media, state, block within 2x and writes within 20 points",
    "[footing]") {
  CHECK(near(s2d(4096, 0), s2d(4096, 0)));
  CHECK(near(s2d(8192, 0.15), s2d(4096, 0)));
  CHECK_FALSE(near(s2d(16384, 0), s2d(4096, 0)));       // 4x the block
  CHECK_FALSE(near(s2d(4096, 0.3), s2d(4096, 0)));      // 30 points more writes
  CHECK_FALSE(near(s2d(4096, 0, true), s2d(4096, 0)));  // a failure changes the regime
  RunRegime hybrid = s2d(4096, 0);
  hybrid.media = "hybrid";
  CHECK_FALSE(near(hybrid, s2d(4096, 0)));
  RunRegime wide = s2d(4096, 0);
  wide.writes_max = 0.3;
  CHECK(near(s2d(4096, 0.5), wide));  // within 20 points of the recorded 0-30 %
}

TEST_CASE("footing: a bundled run finds the validated figures near it and the fitted constants it uses", "[footing]") {
  const Catalog catalog = Catalog::load();
  const models::ScenarioSpec read4k = load_scenario(kScenarios / "ax7525/test1-4k-random-read.yaml", catalog);
  const Footing f = footing_of(read4k, catalog, record());
  REQUIRE(f.validated.size() == 1);
  CHECK(f.validated[0].scenario == "ax7525/test1-4k-random-read");
  REQUIRE(f.measured.size() == 1);
  CHECK(footing_warning(f).empty());
  bool stack_cost = false, byte_cost = false;
  for (const FittedConstant& c : f.fitted) {
    stack_cost = stack_cost || (c.part == "s2d" && c.key == "storage_stack.cycles_per_io" &&
                                c.cases.find("geos-ax6515-2node") != std::string::npos);
    byte_cost = byte_cost || (c.part == "s2d" && c.key == "volume_read.cycles_per_byte");
  }
  CHECK(stack_cost);
  CHECK(byte_cost);
  const std::string text = format_footing(f);
  CHECK_THAT(text, Contains("published ax7525/test1-4k-random-read: read_iops +39.9 %"));
  CHECK_THAT(text, Contains("measured geos/ax6515-2node: 137 runs"));
}

TEST_CASE("footing: a run near no validated regime says so under Warnings, in text and JSON", "[footing]") {
  const Catalog catalog = Catalog::load();
  // 64K at 70 % writes: no validated S2D run is within 2x and 20 points of it.
  const models::ScenarioSpec spec = load_scenario(kScenarios / "ax7525/test1-4k-random-read.yaml", catalog,
                                                  {"vms.workload.diskspd=\"-b64K -t2 -o8 -w70 -r -Sh\""});
  const Footing f = footing_of(spec, catalog, record());
  CHECK(f.validated.empty());
  CHECK(outside_every_validated_regime(f));
  CHECK_THAT(footing_warning(f), Contains("no validated run is near this one (S2D all-flash, 64 KiB, 70 % writes"));
  CHECK(footing_json(f)["outside_every_validated_regime"] == true);
  // With a failure it is a regime of its own too.
  const models::ScenarioSpec failed = load_scenario(kScenarios / "ax7525/whatif-drive-errors.yaml", catalog);
  const Footing f_failed = footing_of(failed, catalog, record());
  CHECK(f_failed.regime.failed);
  CHECK(outside_every_validated_regime(f_failed));
}

TEST_CASE("footing: the validation record reads back what validate writes", "[footing]") {
  testing::TempDir dir;
  const fs::path file = dir.write("r.json", validation_record_json(record()).dump(1));
  const ValidationRecord back = read_validation_record(file);
  REQUIRE(back.figures.size() == 2);
  CHECK(back.figures[1].regime == record().figures[1].regime);
  CHECK(back.figures[1].calibration);
  CHECK(back.measured[0].regime.writes_max == 0.3);
  dir.write("bad.json", "{\"figures\": 3}");
  CHECK_THROWS_WITH(read_validation_record(dir.path() / "bad.json"), Contains("not a validation record"));
}

TEST_CASE("footing: the bundled validation record covers every bundled scenario with published figures", "[footing]") {
  // Stale when a scenario with published figures is added or renamed without
  // running `hcisim validate --record scenarios/validation-record.json`.
  const ValidationRecord bundled = read_validation_record(bundled_validation_record());
  std::set<std::string> recorded;
  for (const RecordedFigure& f : bundled.figures) recorded.insert(f.scenario);
  for (const RecordedMeasuredRuns& m : bundled.measured) recorded.insert(m.scenario);
  const Catalog catalog = Catalog::load();
  for (const ScenarioFile& file : find_named_scenarios(kScenarios)) {
    const models::ScenarioSpec spec = load_scenario(file.path, catalog);
    if (spec.references.empty() && !spec.measured_runs) continue;
    INFO(file.path.string());
    CHECK(recorded.count(file.name) == 1);  // the name validate gives it
  }
}
