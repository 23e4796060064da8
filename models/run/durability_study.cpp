#include "models/run/durability_study.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "models/run/simulation.hpp"

namespace hcisim::models {

namespace {

// From the first event of `start` to the next "repair done"; NaN if none completes.
double episode_s(const RunResult& run, RunEventKind start) {
  for (std::size_t i = 0; i < run.events.size(); ++i) {
    if (run.events[i].kind != start) continue;
    for (std::size_t j = i + 1; j < run.events.size(); ++j) {
      if (run.events[j].kind == RunEventKind::RepairDone) return run.events[j].at_s - run.events[i].at_s;
    }
    return kNotSeen;
  }
  return kNotSeen;
}

double node_downtime_s(const ScenarioSpec& spec) {
  const auto& events = spec.timeline.events;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].part != FailurePart::Node || !events[i].fail) continue;
    for (std::size_t j = i + 1; j < events.size(); ++j) {
      if (events[j].part == FailurePart::Node && !events[j].fail && events[j].node == events[i].node) {
        return sim::to_seconds(events[j].at - events[i].at);
      }
    }
  }
  if (spec.timeline.random_failures) return sim::to_seconds(spec.timeline.random_node_outage_ns);
  return kNotSeen;
}

const PhaseResult* phase_of(const RunResult& run, RunPhase p) {
  for (const PhaseResult& r : run.phases) {
    if (r.phase == p) return &r;
  }
  return nullptr;
}

int capacity_drives_per_node(const ClusterSpec& c) {
  int drives = 0;
  for (const NodeDriveGroup& g : c.node.drives) drives += g.role == DriveRole::Capacity ? g.count : 0;
  return drives;
}

double capacity_drive_afr(const ClusterSpec& c) {
  for (std::size_t g = 0; g < c.node.drives.size(); ++g) {
    if (c.node.drives[g].role == DriveRole::Capacity) return c.drives[g].afr;
  }
  return 0;
}

CopyLayout layout_of(Resiliency r) {
  switch (r) {
    case Resiliency::Simple: return simple_layout();
    case Resiliency::TwoWayMirror: return two_way_mirror();
    case Resiliency::ThreeWayMirror: return three_way_mirror();
  }
  return three_way_mirror();
}

}  // namespace

double stored_copy_bytes(const ScenarioSpec& spec) {
  const double slab = spec.cluster.stack.slab_bytes;
  const double per_vm = static_cast<double>(spec.vms.oltp ? spec.vms.data_disk_bytes : spec.vms.workload.file_bytes);
  double vms = 0;
  for (const int n : spec.vms.per_node) vms += n;
  return std::ceil(per_vm / slab) * slab * vms * copies(spec.cluster.resiliency);
}

RepairObservation observe_repair(const ScenarioSpec& spec, const RunResult& run) {
  RepairObservation o;
  o.repair_speed = spec.cluster.stack.failure.repair_outstanding;
  o.node_downtime_s = node_downtime_s(spec);
  o.node_resync_s = episode_s(run, RunEventKind::Resync);
  o.drive_rebuild_s = episode_s(run, RunEventKind::Rebuild);
  o.repaired_bytes = run.repaired_bytes;
  double repairing_s = 0;
  if (!std::isnan(o.node_resync_s)) repairing_s += o.node_resync_s;
  if (!std::isnan(o.drive_rebuild_s)) repairing_s += o.drive_rebuild_s;
  if (repairing_s > 0) o.repair_bytes_per_s = run.repaired_bytes / repairing_s;
  if (const PhaseResult* h = phase_of(run, RunPhase::Healthy)) {
    o.healthy_read_p99_s = h->read_latency.p99_s;
    o.healthy_write_p99_s = h->write_latency.p99_s;
    o.healthy_iops = h->read_iops + h->write_iops;
  }
  if (const PhaseResult* r = phase_of(run, RunPhase::Repairing)) {
    o.repairing_read_p99_s = r->read_latency.p99_s;
    o.repairing_write_p99_s = r->write_latency.p99_s;
    o.repairing_iops = r->read_iops + r->write_iops;
  }
  return o;
}

DurabilityInputs durability_inputs(const ScenarioSpec& spec, RepairObservation& seen) {
  const ClusterSpec& c = spec.cluster;
  DurabilityInputs in;
  in.nodes = c.node_count;
  in.capacity_drives_per_node = capacity_drives_per_node(c);
  in.layout = layout_of(c.resiliency);
  in.drive_afr = capacity_drive_afr(c);
  in.node_mtbf_s = c.node.mtbf_hours > 0 ? c.node.mtbf_hours * 3600.0 : kNever;
  in.witness = c.witness;
  if (!(seen.repair_bytes_per_s > 0)) {
    throw std::invalid_argument("scenario '" + spec.id + "': the run completed no resync or rebuild, so it says "
                                "nothing about repair times; give it a timeline where a node returns or a drive "
                                "fails, and a run long enough for the repair to finish");
  }
  const double stored = stored_copy_bytes(spec);
  if (std::isnan(seen.node_resync_s)) {
    seen.node_resync_s = stored / in.nodes / seen.repair_bytes_per_s;
    seen.resync_estimated = true;
  }
  if (std::isnan(seen.drive_rebuild_s)) {
    seen.drive_rebuild_s = stored / (in.nodes * in.capacity_drives_per_node) / seen.repair_bytes_per_s;
    seen.rebuild_estimated = true;
  }
  if (std::isnan(seen.node_downtime_s)) {
    if (std::isfinite(in.node_mtbf_s)) {
      throw std::invalid_argument("scenario '" + spec.id + "': node '" + c.node.id + "' has an MTBF, but the "
                                  "timeline never says how long a failed node stays down (a node that fails and "
                                  "returns, or random: {node_outage: ...})");
    }
    seen.node_downtime_s = 0;
  }
  in.node_downtime_s = seen.node_downtime_s;
  in.node_resync_s = seen.node_resync_s;
  in.drive_rebuild_s = seen.drive_rebuild_s;
  return in;
}

DurabilityStudy study_durability(const ScenarioSpec& spec, const std::vector<int>& repair_speeds, double mission_s,
                                 const std::function<void(int, int, int)>& on_run) {
  if (repair_speeds.empty()) throw std::invalid_argument("durability: no repair speed to run");
  if (spec.timeline.events.empty() && !spec.timeline.random_failures) {
    throw std::invalid_argument("scenario '" + spec.id + "' has no failure timeline: nothing is repaired");
  }
  DurabilityStudy study;
  study.mission_s = mission_s;
  const int own = spec.cluster.stack.failure.repair_outstanding;
  std::size_t reference = 0;
  std::vector<RepairTimes> times;
  for (std::size_t i = 0; i < repair_speeds.size(); ++i) {
    if (on_run) on_run(repair_speeds[i], static_cast<int>(i), static_cast<int>(repair_speeds.size()));
    ScenarioSpec trial = spec;
    trial.cluster.stack.failure.repair_outstanding = repair_speeds[i];
    const RunResult run = simulate(trial);
    RepairObservation seen = observe_repair(trial, run);
    const DurabilityInputs in = durability_inputs(trial, seen);
    if (repair_speeds[i] == own || i == 0) {
      reference = i;
      study.base = in;
    }
    study.repairs.push_back(seen);
    times.push_back({"repair speed " + std::to_string(repair_speeds[i]), seen.drive_rebuild_s, seen.node_resync_s});
  }
  study.by_repair_speed = durability_by_repair_time(study.base, times, mission_s);
  // The other layouts repair at the same rate; what there is to repair scales with their copies.
  for (const CopyLayout& layout : {two_way_mirror(), three_way_mirror(), nested_two_way_mirror()}) {
    DurabilityInputs in = study.base;
    const double scale = static_cast<double>(layout.copies()) / study.base.layout.copies();
    in.node_resync_s = study.repairs[reference].node_resync_s * scale;
    in.drive_rebuild_s = study.repairs[reference].drive_rebuild_s * scale;
    for (const LayoutDurability& d : compare_mirror_layouts(in, mission_s)) {
      if (d.layout.name == layout.name) study.layouts.push_back(d);
    }
  }
  return study;
}

}  // namespace hcisim::models
