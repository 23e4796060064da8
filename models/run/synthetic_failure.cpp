#include "models/run/synthetic_failure.hpp"

#include <algorithm>

#include "models/run/durability_study.hpp"
#include "models/run/explain.hpp"
#include "models/storage/product_registry.hpp"

namespace hcisim::models {

namespace {

constexpr sim::SimTime kMinStretch = 10 * sim::kMillisecond;
constexpr sim::SimTime kMaxStretch = 1000 * sim::kMillisecond;
constexpr sim::SimTime kMinWindow = 50 * sim::kMillisecond;
// The window a repair is given: this many times its duration at the hardware's
// bound (foreground I/O and CPU slow it below the bound), within the cap.
constexpr double kWindowOverBound = 8;

bool is_failed(const ClusterSpec& c, int node) {
  return std::find(c.failed_nodes.begin(), c.failed_nodes.end(), node) != c.failed_nodes.end();
}

int capacity_drives(const ClusterSpec& c) {
  int drives = 0;
  for (const NodeDriveGroup& g : c.node.drives) drives += g.role == DriveRole::Capacity ? g.count : 0;
  return drives;
}

int vms_on(const ScenarioSpec& spec, int node) {
  const auto n = static_cast<std::size_t>(node);
  return n < spec.vms.per_node.size() ? spec.vms.per_node[n] : 0;
}

// The repair window, the run's end, and whether the cap set it.
void size_run(SyntheticEpisode& e, const ScenarioSpec& spec, const SyntheticPlan& plan) {
  const double bound = repair_rate_bound(spec).bytes_per_s;
  e.expected_s = bound > 0 ? e.expected_bytes / bound : 0;
  const auto wanted = static_cast<sim::SimTime>(kWindowOverBound * e.expected_s * 1e9);
  sim::SimTime window = std::max(kMinWindow, wanted);
  e.capped = window > plan.repair_cap_ns;
  window = std::min(window, plan.repair_cap_ns);
  e.run_end = e.repair_from + window + std::max(kMinStretch, window / 20);
}

SyntheticEpisode drive_episode(const ScenarioSpec& spec, const SyntheticPlan& plan, double stored) {
  SyntheticEpisode e;
  e.part = FailurePart::Drive;
  const ClusterSpec& c = spec.cluster;
  const int drives = capacity_drives(c);
  if (drives < 1) {
    e.why_not = "node '" + c.node.id + "' has no capacity drive to fail";
    return e;
  }
  int node = 0;
  while (node < c.node_count && is_failed(c, node)) ++node;
  if (node >= c.node_count) {
    e.why_not = "every node is in cluster.failed_nodes";
    return e;
  }
  e.possible = true;
  e.node = node;
  e.drive = 0;
  e.fail_at = spec.run.warmup_ns + plan.healthy_ns;
  // The drive fails with errors, so S2D knows at once (ScaleIO after its device
  // error time): the rebuild's length does not depend on how it was noticed,
  // and the run is spared a detection timeout at full load.
  e.repair_from =
      e.fail_at + (product(c.stack.product).offers.drive_errors_known_at_once ? 0 : c.stack.failure.drive_detection_ns);
  e.expected_bytes = stored / (static_cast<double>(c.node_count) * drives);
  size_run(e, spec, plan);
  return e;
}

SyntheticEpisode node_episode(const ScenarioSpec& spec, const SyntheticPlan& plan, double stored) {
  SyntheticEpisode e;
  e.part = FailurePart::Node;
  const ClusterSpec& c = spec.cluster;
  if (const ProductEntry& p = product(c.stack.product); !p.accepts.node_failures) {
    e.why_not = std::string(p.title) + " node failures (" + std::string(p.node_role) + ") are not modelled yet";
    return e;
  }
  int up = 0;
  for (int n = 0; n < c.node_count; ++n) up += is_failed(c, n) ? 0 : 1;
  if (up < 2) {
    e.why_not = "the cluster has one running node: its outage would take all the data with it";
    return e;
  }
  // The last running node whose VMs can move (only DISKSPD VMs live-migrate).
  int node = -1;
  for (int n = c.node_count - 1; n >= 0 && node < 0; --n) {
    if (!is_failed(c, n) && (!spec.vms.oltp || vms_on(spec, n) == 0)) node = n;
  }
  if (node < 0) {
    e.why_not = "every node runs OLTP VMs, which cannot move off a drained node";
    return e;
  }
  e.possible = true;
  e.node = node;
  e.fail_at = spec.run.warmup_ns + plan.healthy_ns;
  e.return_at = e.fail_at + plan.outage_ns;
  e.repair_from = e.return_at;
  e.expected_bytes = stored / c.node_count;
  size_run(e, spec, plan);
  return e;
}

}  // namespace

SyntheticPlan default_synthetic_plan(const ScenarioSpec& spec, double repair_cap_s) {
  SyntheticPlan p;
  p.healthy_ns = std::clamp<sim::SimTime>(spec.run.duration_ns, kMinStretch, kMaxStretch);
  p.outage_ns = p.healthy_ns;
  p.repair_cap_ns = std::max<sim::SimTime>(kMinWindow, static_cast<sim::SimTime>(repair_cap_s * 1e9));
  return p;
}

std::string parts_cannot_fail(const ScenarioSpec& spec) {
  const ClusterSpec& c = spec.cluster;
  if (c.cloud.defined()) return "a cloud cluster's parts (VMs, managed disks) cannot fail in the model";
  const ProductEntry& stack_product = product(c.stack.product);
  if (!stack_product.accepts.node_failures && !stack_product.accepts.drive_failures) {
    return std::string(stack_product.title) + " failures are not modelled";
  }
  if (!c.stack.failure.defined) {
    return "stack '" + c.stack.id + "' describes no failure handling (" + std::string(stack_product.failure_section) +
           ":)";
  }
  return "";
}

SyntheticFailure plan_synthetic_failure(const ScenarioSpec& spec, const SyntheticPlan& plan) {
  SyntheticFailure f;
  f.plan = plan;
  f.why_none = parts_cannot_fail(spec);
  if (!f.why_none.empty()) {
    f.rebuild.why_not = f.resync.why_not = f.why_none;
    f.resync.part = FailurePart::Node;
    return f;
  }
  const double stored = stored_copy_bytes(spec);
  f.rebuild = drive_episode(spec, plan, stored);
  f.resync = node_episode(spec, plan, stored);
  if (!f.rebuild.possible && !f.resync.possible) f.why_none = f.rebuild.why_not + "; " + f.resync.why_not;
  return f;
}

ScenarioSpec spec_with_episode(const ScenarioSpec& spec, const SyntheticEpisode& e) {
  ScenarioSpec s = spec;
  s.timeline = {};
  TimelineEvent fail;
  fail.at = e.fail_at;
  fail.part = e.part;
  fail.node = e.node;
  fail.drive = e.part == FailurePart::Drive ? e.drive : -1;
  fail.planned = e.part == FailurePart::Node;
  fail.stops_answering = false;
  s.timeline.events.push_back(fail);
  if (e.part == FailurePart::Node) {
    TimelineEvent back = fail;
    back.at = e.return_at;
    back.fail = false;
    back.planned = false;
    s.timeline.events.push_back(back);
  }
  s.run.duration_ns = e.run_end - spec.run.warmup_ns;
  s.run.interval_ns = 0;  // the measured time / 32
  s.run.precision = 0;    // phases need the whole run
  s.run.precision_percentiles.clear();
  return s;
}

}  // namespace hcisim::models
