#include "models/run/durability_study.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "models/run/precision_stop.hpp"
#include "models/run/simulation.hpp"

namespace hcisim::models {

namespace {

// One repair as a run shows it: from the first event of `start` to the next
// "repair done", or, when the run ends first, extrapolated from the rate it reached.
struct EpisodeReading {
  double seconds = kNotSeen;  // the repair's time (NaN: the run has no such repair)
  double elapsed_s = 0;       // of which simulated
  double bytes = 0;           // repaired and still to repair when the run ended
  RepairSource source = RepairSource::Simulated;
};

EpisodeReading read_episode(const RunResult& run, RunEventKind start) {
  EpisodeReading r;
  for (std::size_t i = 0; i < run.events.size(); ++i) {
    if (run.events[i].kind() != start) continue;
    const double from = run.events[i].at_s;
    for (std::size_t j = i + 1; j < run.events.size(); ++j) {
      if (run.events[j].kind() != RunEventKind::RepairDone) continue;
      r.seconds = r.elapsed_s = run.events[j].at_s - from;
      r.bytes = run.repaired_bytes;
      return r;
    }
    r.elapsed_s = std::max(0.0, run.warmup_seconds + run.measured_seconds - from);
    const double to_go = run.timeline.empty() ? 0 : run.timeline.back().repair_bytes_to_go;
    r.bytes = run.repaired_bytes + to_go;
    if (r.bytes <= 0) {  // nothing to repair (a resync with nothing written while the node was away)
      r.seconds = r.elapsed_s = 0;
      return r;
    }
    const double rate = r.elapsed_s > 0 ? run.repaired_bytes / r.elapsed_s : 0;
    if (rate > 0 && to_go > 0) {
      r.seconds = r.elapsed_s + to_go / rate;
      r.source = RepairSource::Extrapolated;
    } else {
      r.seconds = r.elapsed_s;
      r.source = to_go > 0 ? RepairSource::LowerBound : RepairSource::Simulated;
    }
    return r;
  }
  return r;
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

void read_phases(RepairObservation& o, const RunResult& run) {
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
  const EpisodeReading resync = read_episode(run, RunEventKind::Resync);
  const EpisodeReading rebuild = read_episode(run, RunEventKind::Rebuild);
  o.node_resync_s = resync.seconds;
  o.resync_source = resync.source;
  o.drive_rebuild_s = rebuild.seconds;
  o.rebuild_source = rebuild.source;
  o.repaired_bytes = run.repaired_bytes;
  const double repairing_s = resync.elapsed_s + rebuild.elapsed_s;
  if (repairing_s > 0) o.repair_bytes_per_s = run.repaired_bytes / repairing_s;
  read_phases(o, run);
  return o;
}

bool timeline_repairs(const ScenarioSpec& spec) {
  if (spec.timeline.random_failures) return true;
  return std::any_of(spec.timeline.events.begin(), spec.timeline.events.end(), [](const TimelineEvent& e) {
    return (e.part == FailurePart::Drive && e.fail) || (e.part == FailurePart::Node && !e.fail);
  });
}

namespace {

// Why MTTDL cannot be computed for these parts (empty: it can).
std::string missing_failure_rate(const ClusterSpec& c) {
  std::string drive = c.node.id;
  for (std::size_t g = 0; g < c.node.drives.size(); ++g) {
    if (c.node.drives[g].role == DriveRole::Capacity) {
      drive = c.drives[g].id;
      break;
    }
  }
  if (!(capacity_drive_afr(c) > 0)) return "capacity drive '" + drive + "' has no failure rate (no afr in the catalog)";
  if (!(c.node.mtbf_hours > 0)) return "node '" + c.node.id + "' has no failure rate (no mtbf in the catalog)";
  return "";
}

}  // namespace

DurabilityInputs durability_inputs(const ScenarioSpec& spec, RepairObservation& seen) {
  const ClusterSpec& c = spec.cluster;
  DurabilityInputs in;
  in.nodes = c.node_count;
  in.capacity_drives_per_node = capacity_drives_per_node(c);
  in.layout = layout_of(c.resiliency);
  in.drive_afr = capacity_drive_afr(c);
  in.node_mtbf_s = c.node.mtbf_hours > 0 ? c.node.mtbf_hours * 3600.0 : kNever;
  in.witness = c.witness;
  in.not_computable = missing_failure_rate(c);
  if (!(seen.repair_bytes_per_s > 0)) {
    throw std::invalid_argument("scenario '" + spec.id +
                                "': the run repaired nothing measurable, so it says "
                                "nothing about repair times; give it a timeline where a node returns or a drive "
                                "fails, and a run long enough for the repair to start");
  }
  const double stored = stored_copy_bytes(spec);
  if (std::isnan(seen.node_resync_s)) {
    seen.node_resync_s = stored / in.nodes / seen.repair_bytes_per_s;
    seen.resync_source = RepairSource::FromOtherRepair;
  }
  if (std::isnan(seen.drive_rebuild_s)) {
    seen.drive_rebuild_s = stored / (in.nodes * in.capacity_drives_per_node) / seen.repair_bytes_per_s;
    seen.rebuild_source = RepairSource::FromOtherRepair;
  }
  seen.resync_estimated = seen.resync_source != RepairSource::Simulated;
  seen.rebuild_estimated = seen.rebuild_source != RepairSource::Simulated;
  if (std::isnan(seen.node_downtime_s)) {
    seen.downtime_assumed = std::isfinite(in.node_mtbf_s);
    seen.node_downtime_s = seen.downtime_assumed ? kAssumedNodeDowntimeS : 0;
  }
  in.node_downtime_s = seen.node_downtime_s;
  in.node_resync_s = seen.node_resync_s;
  in.drive_rebuild_s = seen.drive_rebuild_s;
  return in;
}

namespace {

// The resync the model uses after a synthetic outage: the model's node is
// away for kAssumedNodeDowntimeS, so when the workload writes, what it left
// stale is every copy the node holds unless the short outage already did.
void size_model_resync(const ScenarioSpec& spec, RepairObservation& o, const EpisodeReading& r) {
  o.resync_simulated_s = r.seconds;
  o.resync_simulated_source = r.source;
  const double share = stored_copy_bytes(spec) / spec.cluster.node_count;
  const bool writes = workload_issues(spec, LatencyPercentile::Of::Write);
  if (!writes || r.bytes >= 0.99 * share) {
    o.node_resync_s = r.seconds;  // nothing to resync, or all of it already
    o.resync_source = r.source;
    return;
  }
  // Copied (or copied and extrapolated) over its time: the rate reached; a lower bound gives none.
  const double rate = r.source != RepairSource::LowerBound && r.seconds > 0 ? r.bytes / r.seconds : 0;
  if (rate > 0) {
    o.node_resync_s = share / rate;
    o.resync_source = RepairSource::WholeNodeShare;
  }  // else: left NaN, estimated from the rebuild's rate (FromOtherRepair)
}

// One repair speed with hcisim's own failures: a run per possible episode,
// each sized for this speed's repair-rate bound.
RepairObservation observe_synthetic(const ScenarioSpec& trial, const SyntheticPlan& plan) {
  const SyntheticFailure f = plan_synthetic_failure(trial, plan);
  RepairObservation o;
  o.repair_speed = trial.cluster.stack.failure.repair_outstanding;
  double bytes = 0, elapsed = 0;
  bool phases_read = false;
  if (f.rebuild.possible) {
    const RunResult run = simulate(spec_with_episode(trial, f.rebuild));
    const EpisodeReading r = read_episode(run, RunEventKind::Rebuild);
    o.drive_rebuild_s = r.seconds;
    o.rebuild_source = r.source;
    bytes += run.repaired_bytes;
    elapsed += r.elapsed_s;
    o.repaired_bytes += run.repaired_bytes;
    read_phases(o, run);
    phases_read = true;
  }
  if (f.resync.possible) {
    const RunResult run = simulate(spec_with_episode(trial, f.resync));
    const EpisodeReading r = read_episode(run, RunEventKind::Resync);
    if (!std::isnan(r.seconds)) size_model_resync(trial, o, r);
    bytes += run.repaired_bytes;
    elapsed += r.elapsed_s;
    o.repaired_bytes += run.repaired_bytes;
    if (!phases_read) read_phases(o, run);
  }
  if (elapsed > 0) o.repair_bytes_per_s = bytes / elapsed;
  return o;
}

}  // namespace

DurabilityStudy study_durability(const ScenarioSpec& spec, const std::vector<int>& repair_speeds, double mission_s,
                                 const std::function<void(int, int, int)>& on_run, double repair_cap_s) {
  if (repair_speeds.empty()) throw std::invalid_argument("durability: no repair speed to run");
  DurabilityStudy study;
  study.mission_s = mission_s;
  if (const std::string why = parts_cannot_fail(spec); !why.empty()) {
    study.not_computable = why;
    return study;
  }
  // Switches to hcisim's own failures; false when no part can fail.
  auto go_synthetic = [&](const std::string& reason) {
    study.synthetic = true;
    study.synthetic_reason = reason;
    study.failure = plan_synthetic_failure(spec, default_synthetic_plan(spec, repair_cap_s));
    study.not_computable = study.failure.why_none;
    return study.not_computable.empty();
  };
  if (!timeline_repairs(spec)) {
    const bool any = !spec.timeline.events.empty();
    if (!go_synthetic(any ? "the timeline fails no drive and returns no node" : "no failure in the scenario")) {
      return study;
    }
  }
  const int own = spec.cluster.stack.failure.repair_outstanding;
  std::size_t reference = 0;
  std::vector<RepairTimes> times;
  for (std::size_t i = 0; i < repair_speeds.size(); ++i) {
    if (on_run) on_run(repair_speeds[i], static_cast<int>(i), static_cast<int>(repair_speeds.size()));
    ScenarioSpec trial = spec;
    trial.cluster.stack.failure.repair_outstanding = repair_speeds[i];
    RepairObservation seen;
    if (!study.synthetic) {
      seen = observe_repair(trial, simulate(trial));
      if (!(seen.repair_bytes_per_s > 0) && i == 0 &&
          !go_synthetic("the timeline's failures repaired nothing measurable within the run")) {
        return study;
      }
    }
    if (study.synthetic) seen = observe_synthetic(trial, study.failure.plan);
    const DurabilityInputs in = durability_inputs(trial, seen);
    if (repair_speeds[i] == own || i == 0) {
      reference = i;
      study.base = in;
    }
    study.repairs.push_back(seen);
    times.push_back({"repair speed " + std::to_string(repair_speeds[i]), seen.drive_rebuild_s, seen.node_resync_s});
  }
  study.reference = reference;
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
