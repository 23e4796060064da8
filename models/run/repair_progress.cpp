#include "models/run/repair_progress.hpp"

#include <cmath>

#include "sim/batch_means.hpp"

namespace hcisim::models {

namespace {

bool inside(const std::vector<PhaseSpan>& spans, RunPhase phase, sim::SimTime begin, sim::SimTime end) {
  for (const PhaseSpan& s : spans) {
    // The span's first interval is its transition: start one interval later.
    if (s.phase == phase && begin >= s.begin + (end - begin) && end <= s.end) return true;
  }
  return false;
}

}  // namespace

void steady_phase_intervals(PhaseResult& phase, const std::vector<PhaseSpan>& spans,
                            const std::vector<TimelinePoint>& timeline, sim::SimTime interval) {
  std::vector<double> iops, latency;
  for (const TimelinePoint& p : timeline) {
    const sim::SimTime end = sim::from_seconds(p.end_s);
    if (!inside(spans, phase.phase, end - interval, end)) continue;
    if (p.advanced) continue;  // a fast-forwarded span's pace is its window's: not a batch of its own
    const double total = p.read_iops + p.write_iops;
    iops.push_back(total);
    latency.push_back(total > 0 ? (p.read_iops * p.read_latency_mean_s + p.write_iops * p.write_latency_mean_s) / total
                                : 0);
  }
  phase.steady_intervals = static_cast<int>(iops.size());
  if (phase.steady_intervals < kSteadyIntervals) return;
  // Each sampling interval is a batch (it is long compared with an I/O).
  auto interval_of = [](const std::vector<double>& xs) {
    sim::BatchMeans batches(xs.size());
    for (const double x : xs) batches.add(x);
    return batches.interval(0.95);
  };
  auto half_means_agree = [](const std::vector<double>& xs, double half_width) {
    const std::size_t half = xs.size() / 2;
    double first = 0, second = 0;
    for (std::size_t i = 0; i < half; ++i) first += xs[i];
    for (std::size_t i = xs.size() - half; i < xs.size(); ++i) second += xs[i];
    return std::fabs(first - second) / static_cast<double>(half) <= 2 * half_width;
  };
  const auto on_iops = interval_of(iops);
  const auto on_latency = interval_of(latency);
  phase.steady = half_means_agree(iops, on_iops.half_width) && half_means_agree(latency, on_latency.half_width);
  if (!phase.steady) return;
  phase.iops_ci_half_width = on_iops.half_width;
  phase.latency_mean_s = on_latency.mean;
  phase.latency_ci_half_width_s = on_latency.half_width;
}

void summarise_repair(RunResult& result, const RepairStatus& at_end) {
  RepairLeft& left = result.repair_left;
  left.bytes_to_repair = static_cast<double>(at_end.bytes_to_repair);
  left.degraded_bytes = static_cast<double>(at_end.degraded_bytes);
  left.unfinished = at_end.degraded_bytes > 0 || at_end.bytes_to_repair > 0 || at_end.repairing;
  left.hold = at_end.hold;
  left.hold_node = at_end.hold_node;
  if (!result.timeline.empty()) left.bytes_per_s = result.timeline.back().repair_bytes_per_s;
  if (left.unfinished && !result.timeline.empty()) left.eta_s = repair_eta_s(result.timeline.back());

  const double interval_s =
      result.timeline.size() >= 2 ? result.timeline[1].end_s - result.timeline[0].end_s : result.measured_seconds;
  // Each interval is judged by the state at its start (the previous point): what
  // held repair then held it through the interval, unless it changed at its end.
  const TimelinePoint* before = nullptr;
  for (const TimelinePoint& p : result.timeline) {
    const TimelinePoint* start = before;
    before = &p;
    if (start == nullptr || start->degraded_bytes <= 0 || p.degraded_bytes <= 0 || p.repair_bytes_per_s > 0) continue;
    const bool starved = start->repairing && p.repairing;
    const RepairHold hold = starved                                  ? RepairHold::None
                            : start->repair_hold != RepairHold::None ? start->repair_hold
                                                                     : p.repair_hold;
    const int hold_node = starved                                  ? -1
                          : start->repair_hold != RepairHold::None ? start->repair_hold_node
                                                                   : p.repair_hold_node;
    const double from_s = p.end_s - interval_s;
    RepairStall* last = result.repair_stalls.empty() ? nullptr : &result.repair_stalls.back();
    if (last != nullptr && std::fabs(last->to_s - from_s) < 1e-9 && last->starved == starved && last->hold == hold &&
        last->hold_node == hold_node) {
      last->to_s = p.end_s;
      last->degraded_bytes = p.degraded_bytes;
      continue;
    }
    RepairStall stall;
    stall.from_s = from_s;
    stall.to_s = p.end_s;
    stall.degraded_bytes = p.degraded_bytes;
    stall.hold = hold;
    stall.hold_node = hold_node;
    stall.starved = starved;
    if (starved) {
      stall.starved_by = result.bottleneck.resource;
      stall.starved_by_utilisation = result.bottleneck.utilisation;
    }
    result.repair_stalls.push_back(stall);
  }
  for (const RepairStall& stall : result.repair_stalls) {
    Finding f;
    f.kind = FindingKind::RepairStalled;
    f.from_s = stall.from_s;
    f.to_s = stall.to_s;
    f.degraded_bytes = stall.degraded_bytes;
    f.hold = stall.hold;
    f.node = stall.hold_node;
    f.starved = stall.starved;
    f.starved_by = stall.starved_by;
    f.starved_by_utilisation = stall.starved_by_utilisation;
    result.warnings.push_back(f);
  }
  if (left.unfinished) {
    Finding f;
    f.kind = FindingKind::RepairUnfinished;
    f.degraded_bytes = left.degraded_bytes;
    f.bytes_to_repair = left.bytes_to_repair;
    f.repair_bytes_per_s = left.bytes_per_s;
    f.eta_s = left.eta_s;
    f.hold = left.hold;
    f.node = left.hold_node;
    result.warnings.push_back(f);
  }
}

}  // namespace hcisim::models
