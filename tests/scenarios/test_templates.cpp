// The node template's scenario (scenarios/templates/) runs in seconds, and
// swapping parts under the same paced load moves it the way a storage engineer
// expects: faster drives are less busy, a faster clock leaves the CPUs less busy,
// and neither changes the IOPS the VMs are held to.
#include <catch2/catch.hpp>

#include "models/run/simulation.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/report_json.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kTemplate =
    std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/templates/nvme-gen5-8k-70-30.yaml";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

models::ScenarioSpec scenario(std::vector<std::string> sets = {}) {
  return frontend::load_scenario(kTemplate, catalog(), sets);
}

double mean_drive_utilisation(const models::RunResult& r) {
  double sum = 0;
  for (const models::NodeResult& n : r.nodes) sum += n.drive_utilisation_mean;
  return sum / static_cast<double>(r.nodes.size());
}

double mean_cpu_utilisation(const models::RunResult& r) {
  double sum = 0;
  for (const models::NodeResult& n : r.nodes) sum += n.cpu_utilisation;
  return sum / static_cast<double>(r.nodes.size());
}

}  // namespace

TEST_CASE("the Gen5 template runs its paced load; Gen4 drives at the same load are busier, the IOPS the same",
          "[templates]") {
  const auto gen5_spec = scenario();
  const models::RunResult gen5 = models::simulate(gen5_spec);
  // 4 nodes x 32 VMs x 3,000 IOPS: the VMs are held to their rate, not limited by the cluster.
  CHECK(gen5.total_iops() == Approx(4 * 32 * 3000).epsilon(0.03));
  CHECK(gen5.write_iops / gen5.total_iops() == Approx(0.3).margin(0.02));

  const models::RunResult gen4 = models::simulate(scenario({"cluster.node=template-2s-2u-nvme-gen4"}));
  CHECK(gen4.total_iops() == Approx(gen5.total_iops()).epsilon(0.02));
  // Per drive the same I/Os; each is a smaller share of a Gen5 drive's rated IOPS
  // (2.7 M / 600 K against 1.1 M / 180 K), so the Gen5 drives are well under half as busy.
  const double u5 = mean_drive_utilisation(gen5), u4 = mean_drive_utilisation(gen4);
  CAPTURE(u5, u4);
  CHECK(u5 > 0);
  CHECK(u5 < 0.5 * u4);
  // Neither is near saturation at this load, and both read their NAND in the same
  // QD1 time: the latency is the same within the noise of two runs (every event moves).
  CHECK(gen5.all_latency.mean_s == Approx(gen4.all_latency.mean_s).epsilon(0.05));
  // The same CPUs do the same work.
  CHECK(mean_cpu_utilisation(gen5) == Approx(mean_cpu_utilisation(gen4)).epsilon(0.05));
}

TEST_CASE("a part overridden from the command line changes the run; the JSON report names it", "[templates]") {
  const auto base_spec = scenario();
  const models::RunResult base = models::simulate(base_spec);
  // No turbo: every burst takes 2.6 / 2.1 times as long, so the CPUs are busier at the same IOPS.
  const auto slow_spec = scenario({"cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=2.1GHz"});
  const models::RunResult slow = models::simulate(slow_spec);
  CHECK(slow.total_iops() == Approx(base.total_iops()).epsilon(0.02));
  CAPTURE(mean_cpu_utilisation(slow), mean_cpu_utilisation(base));
  CHECK(mean_cpu_utilisation(slow) == Approx(mean_cpu_utilisation(base) * 2.6 / 2.1).epsilon(0.08));

  const auto json = frontend::run_report_json(slow_spec, slow, false);
  REQUIRE(json["scenario"]["part_overrides"].size() == 1);
  CHECK(json["scenario"]["part_overrides"][0]["field"] == "all_core_clock");
  CHECK(json["scenario"]["part_overrides"][0]["value"] == "2.1 GHz");
  CHECK(json["scenario"]["part_overrides"][0]["source"] ==
        "scenario override (--set cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=2.1GHz)");
  CHECK_FALSE(frontend::run_report_json(base_spec, base, false)["scenario"].contains("part_overrides"));
}
