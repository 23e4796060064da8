// The memory reproducers of ../shared/reliability/more (section 4): a part's
// size or a tunable at its documented maximum must not size memory by itself.
// Each run here is checked against the same run at an ordinary value: the
// bookkeeping follows what the run touches, so the predictions are the same.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "models/run/simulation.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/report_json.hpp"

using namespace hcisim;
namespace fs = std::filesystem;

namespace {

const fs::path kScenarios = fs::path(HCISIM_SOURCE_DIR) / "scenarios";
const fs::path kMore = fs::path(HCISIM_SOURCE_DIR) / "tests/scenarios/bad/reliability/more";

// The run's predictions, without what names the inputs or sizes the cluster.
nlohmann::json predictions(const fs::path& scenario, const std::vector<fs::path>& catalog_folders,
                           const std::vector<std::string>& overrides) {
  const models::ScenarioSpec spec =
      frontend::load_scenario(scenario, frontend::Catalog::load(catalog_folders), overrides);
  auto json = frontend::run_report_json(spec, models::simulate(spec), /*with_performance=*/false);
  json.erase("scenario");
  json.erase("capacity");
  return json;
}

}  // namespace

TEST_CASE("more reproducers, section 4: a 1000 PB HDD behind the cache tier runs as the 2 TB one does",
          "[reliability][cache]") {
  // Dense page flags for 16 such drives took 29.8 GB each (std::bad_alloc).
  const std::vector<std::string> shorter = {"vms.per_node=4", "run.duration=3ms", "run.warmup=1ms"};
  const fs::path scenario = kScenarios / "r740xd/100-read.yaml";
  const auto huge = predictions(scenario, {kMore / "cat-hdd-capacity-1000PB"}, shorter);
  CHECK(huge == predictions(scenario, {}, shorter));
  CHECK(huge["total"]["iops"].get<double>() > 0);
}

TEST_CASE("more reproducers, section 4: InfoScale pref_io of 1 GiB on 16 MiB files runs as pref_io = 16 MiB does",
          "[reliability][azure]") {
  // Requests were reserved pieces for 1 GiB each: 3.16 GB for 16 MiB files.
  const fs::path scenario = kScenarios / "azure-infoscale/test1.yaml";
  for (const char* tunable : {"write_pref_io", "read_pref_io"}) {
    INFO(tunable);
    const std::vector<std::string> small = {"vms.sas_iotest.file_size=16MiB", "cluster.cloud.clients=1"};
    auto with = [&](const char* size) {
      std::vector<std::string> overrides = small;
      overrides.push_back(std::string("cluster.infoscale.vxfs.") + tunable + "=" + size);
      return predictions(scenario, {}, overrides);
    };
    const auto largest = with("1GiB");
    CHECK(largest == with("16MiB"));
    CHECK(largest != predictions(scenario, {}, small));  // the tunable does change the run
  }
}

TEST_CASE("more reproducers, section 5: 256 fio jobs, each zipf with its own theta over 10 M blocks, set up at once",
          "[reliability]") {
  // Each sampler summed up to 10 M terms of its zeta: 26.7 s of set-up for 4 ms simulated.
  // The normaliser's accuracy is tested in tests/models; here the run itself completes.
  const auto json = predictions(kMore / "fio-zipf-256-jobs.yaml", {}, {});
  CHECK(json["total"]["iops"].get<double>() > 0);
  CHECK(json["read"]["iops"].get<double>() == json["total"]["iops"].get<double>());  // randread jobs only
}
