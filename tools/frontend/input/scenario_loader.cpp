#include "tools/frontend/input/scenario_loader.hpp"

#include <algorithm>
#include <optional>

#include "models/run/precision_stop.hpp"
#include "models/storage/product_registry.hpp"
#include "tools/frontend/base/figure_names.hpp"
#include "tools/frontend/input/calibration_case.hpp"
#include "tools/frontend/input/part_overrides.hpp"
#include "tools/frontend/input/scenario_cloud.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/workload_gives.hpp"
#include "tools/frontend/input/yaml_include.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// Each section is read by a file of its own (scenario_sections.hpp).
using namespace scenario_sections;

models::ScenarioSpec load_scenario(const std::filesystem::path& file, const Catalog& catalog,
                                   const std::vector<std::string>& overrides) {
  // A file that names a workload form replaces the form of the files it includes, as a --set does.
  YamlNode tree = load_yaml_with_includes(file, replace_workload_form);
  for (const std::string& assignment : overrides) {
    const YamlNode over = override_tree(assignment);
    replace_workload_form(tree, over);
    deep_merge(tree, over);
  }
  const YamlValue root = root_value(tree);
  const YamlMap map =
      root.map({"schema_version", "include", "title", "description", "cluster", "vms", "run", "timeline", "reference"});
  // Checked in every file that states it; again here for a --set of it.
  const YamlValue version = map.required("schema_version");
  if (version.integer(0, 1'000'000) != 1) version.fail_expected("schema_version 1");

  models::ScenarioSpec scenario;
  // cluster.parts: the catalog as this scenario changes it (part_overrides.hpp),
  // in place of the catalog for everything below.
  std::optional<Catalog> overridden;
  const YamlNode* cluster_node = tree.kind == YamlNode::Kind::Map ? tree.find("cluster") : nullptr;
  if (cluster_node != nullptr && cluster_node->kind == YamlNode::Kind::Map) {
    if (const YamlNode* parts = cluster_node->find("parts")) {
      overridden = apply_part_overrides(catalog, YamlValue(*parts, "cluster.parts"), scenario.part_overrides);
    }
  }
  const Catalog& parts_catalog = overridden ? *overridden : catalog;
  scenario.id = file.stem().string();
  scenario.file = file.string();
  scenario.title = map.required("title").text();
  if (const auto description = map.optional("description")) scenario.description = description->text();
  scenario.cluster = read_cluster(map.required("cluster"), parts_catalog);
  const bool cloud = scenario.cluster.cloud.defined();
  scenario.run = cloud ? read_sas_run(map.required("run"), scenario.cluster) : read_run(map.required("run"));
  if (const auto timeline = map.optional("timeline"); timeline && cloud) {
    timeline->fail("failures on a cloud cluster (InfoScale) are not modelled yet");
  }
  if (!cloud && !map.optional("timeline")) {
    if (const auto fast_forward = map.required("run").map(kRunKeys).optional("fast_forward")) {
      fast_forward->fail("fast_forward skips the steady spans of a failure timeline: this scenario has no timeline");
    }
  }
  if (const auto timeline = map.optional("timeline")) {
    if (!scenario.cluster.stack.failure.defined) {
      timeline->fail("stack '" + scenario.cluster.stack.id + "' describes no failure handling (" +
                     std::string(models::product(scenario.cluster.stack.product).failure_section) + ":)");
    }
    scenario.timeline = read_timeline(*timeline, scenario.cluster, scenario.run);
    if (scenario.run.precision > 0) {
      map.required("run")
          .map(kRunKeys)
          .required("precision")
          .fail(
              "a run with a failure timeline measures its whole duration (its phases need it); precision stops only a "
              "steady-state run");
    }
  }
  scenario.vms = cloud ? read_sas_vms(map.required("vms"), scenario.cluster)
                       : read_vms(map.required("vms"), scenario.cluster, parts_catalog, scenario.timeline);
  const bool nodes_fail = scenario.timeline.random_failures ||
                          std::any_of(scenario.timeline.events.begin(), scenario.timeline.events.end(),
                                      [](const auto& e) { return e.part == models::FailurePart::Node; });
  for (const models::LatencyPercentile& p : scenario.run.precision_percentiles) {
    // A percentile of a direction the workload never issues could never be precise.
    if (const auto lacks = workload_lacks(scenario, figure_of(p))) {
      map.required("run")
          .map(kRunKeys)
          .required("precision_percentiles")
          .fail(models::latency_percentile_name(p) + ": " + *lacks);
    }
  }
  if (scenario.vms.oltp && nodes_fail) {
    map.required("timeline")
        .fail("node failures during an OLTP run are not modelled yet (the database's crash "
              "recovery after its VM restarts); use cluster.failed_nodes for a degraded steady "
              "state, or fail drives only");
  }
  if (const auto reference = map.optional("reference")) {
    const std::string calibration_case = calibration_case_name(scenario);
    scenario.references =
        read_reference(*reference, calibration_case, !parts_catalog.fields_calibrated_on(calibration_case).empty(),
                       cloud, scenario.measured_runs);
  }
  for (const std::string& assignment : overrides) {
    scenario.title += " [" + assignment + "]";
    if (changes_the_system(assignment)) scenario.what_if.push_back(assignment);
  }
  return scenario;
}

}  // namespace hcisim::frontend
