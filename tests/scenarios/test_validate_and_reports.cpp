// Issue 42, item 6, on real runs: validate names scenarios by folder, tells each
// as it finishes and runs several at once with the same report; a hybrid
// node's drives column counts its cache drives; the fast path's report is
// headed as the analytic answer it is.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <set>

#include "models/analytic/fast_path.hpp"
#include "models/run/simulation.hpp"
#include "tests/scenarios/cache_figure.hpp"
#include "tests/scenarios/sas_scenarios.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/report_text.hpp"
#include "tools/frontend/validation/validate.hpp"

using namespace hcisim;
using Catch::Matchers::Contains;

namespace {

const std::filesystem::path kScenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

}  // namespace

TEST_CASE("validate names a scenario with its folder", "[validate]") {
  const std::filesystem::path root = "/x/scenarios";
  CHECK(frontend::scenario_name(root / "azure-infoscale/test1.yaml", root) == "azure-infoscale/test1");
  CHECK(frontend::scenario_name(root / "ax7525/timeline/test3-4k-random-read.yaml", root) ==
        "ax7525/timeline/test3-4k-random-read");
  // Validating one folder: its files still carry its name.
  CHECK(frontend::scenario_name(root / "azure-infoscale/test1.yaml", root / "azure-infoscale") ==
        "azure-infoscale/test1");
  CHECK(frontend::scenario_name(root / "azure-infoscale/test1.yaml", "/x/scenarios/azure-infoscale/") ==
        "azure-infoscale/test1");
  CHECK(frontend::scenario_name(root / "r740xd/100-read.yaml") == "r740xd/100-read");
  const auto named = frontend::find_named_scenarios(kScenarios);
  std::set<std::string> names;
  for (const auto& f : named) names.insert(f.name);
  CHECK(names.size() == named.size());  // the two test1s and test2s stay apart
  CHECK(names.count("azure-infoscale/test1") == 1);
  CHECK(names.count("ax7525/test1-4k-random-read") == 1);
}

TEST_CASE("validate tells each scenario as it finishes and runs them in parallel, in file order", "[validate]") {
  // Two short scenarios with figures in two folders under the same name, one without figures.
  const test::Scratch scratch("validate-jobs");
  const auto write = [&](const std::string& relative, const std::string& base, const std::string& run) {
    std::filesystem::create_directories((scratch.dir / relative).parent_path());
    std::ofstream(scratch.dir / relative) << "include: " << (kScenarios / base).string() << "\nrun: " << run << "\n";
  };
  write("a/test1.yaml", "ax7525/test2-8k-random-30w.yaml", "{warmup: 5ms, duration: 10ms}");
  write("b/test1.yaml", "ax7525/test2-32k-random-50w.yaml", "{warmup: 5ms, duration: 10ms}");
  write("b/none.yaml", "ax7525/test2-4k-random-20w.yaml", "{warmup: 5ms, duration: 10ms}");
  const auto files = frontend::find_named_scenarios(scratch.dir);
  REQUIRE(files.size() == 3);

  std::mutex lock;
  std::vector<frontend::ScenarioDone> done;
  auto tell = [&](const frontend::ScenarioDone& d) {
    const std::lock_guard guard(lock);
    done.push_back(d);
  };
  const auto one = frontend::validate_scenarios(files, catalog(), tell, 1);
  REQUIRE(done.size() == 2);  // the one without figures is not run
  CHECK(done[0].name == "a/test1");
  CHECK(done[0].finished == 1);
  CHECK(done[0].count == 2);
  CHECK(done[0].figures == 2);
  CHECK(done[1].name == "b/test1");
  CHECK_THAT(frontend::format_scenario_done(done[1]), Contains("[2/2] b/test1: 2 figures, "));

  done.clear();
  const auto two = frontend::validate_scenarios(files, catalog(), tell, 4);
  REQUIRE(done.size() == 2);
  std::set<int> finished = {done[0].finished, done[1].finished};
  CHECK(finished == std::set<int>{1, 2});
  // The same report whatever the threads: rows in file order, the same numbers.
  CHECK(frontend::format_validation_table(one) == frontend::format_validation_table(two));
  REQUIRE(two.rows.size() == 4);
  CHECK(two.rows[0].scenario == "a/test1");
  CHECK(two.rows[3].scenario == "b/test1");
  CHECK_THAT(frontend::format_validation_table(two), Contains("\na/test1 ") && Contains("\nb/test1 "));
}

TEST_CASE("a hybrid node's drives column includes its busy cache drives", "[report]") {
  // R740xd 4K reads from a warm cache: the HDDs idle, the cache drives busy (the report said 0 %).
  models::ScenarioSpec spec = frontend::load_scenario(kScenarios / "r740xd/100-read.yaml", catalog());
  spec.run.warmup_ns = 10'000'000;
  spec.run.duration_ns = 20'000'000;
  const models::RunResult r = models::simulate(spec);
  for (const models::NodeResult& n : r.nodes) {
    CHECK(cache_figure(r, n, cache::kCapacityDriveMax) < 0.01);
    CHECK(cache_figure(r, n, cache::kCacheDriveMax) > 0.1);
    CHECK(n.drive_utilisation_max == Approx(cache_figure(r, n, cache::kCacheDriveMax)));
    // 4 cache drives and 8 capacity drives per node.
    CHECK(n.drive_utilisation_mean ==
          Approx((4 * cache_figure(r, n, cache::kCacheDriveMean) + 8 * cache_figure(r, n, cache::kCapacityDriveMean)) /
                 12));
  }
  const models::RunResult fast = models::analyse(spec);
  for (const models::NodeResult& n : fast.nodes) {
    CHECK(cache_figure(fast, n, cache::kCacheDriveMax) > 0.1);
    CHECK(n.drive_utilisation_max == Approx(cache_figure(fast, n, cache::kCacheDriveMax)));
  }
}

TEST_CASE("the fast path's report is headed as an analytic answer, with no simulated time", "[fast][report]") {
  const models::ScenarioSpec spec = frontend::load_scenario(kScenarios / "ax7525/test1-4k-random-read.yaml", catalog());
  const std::string report = frontend::format_run_report(spec, models::analyse(spec));
  const std::string heading = report.substr(0, report.find("\n  cluster"));
  INFO(heading);
  CHECK_THAT(heading, Contains("analytic fast path") && Contains("nothing simulated"));
  CHECK_THAT(heading, !Contains("simulated time") && !Contains("warm-up") && !Contains("seed"));
}
