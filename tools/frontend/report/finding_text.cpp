#include "tools/frontend/report/finding_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "models/result/duration_text.hpp"
#include "models/run/precision_stop.hpp"

namespace hcisim::frontend {

using models::duration_text;
using models::Finding;
using models::FindingKind;

namespace {

// A precision as asked for: "2%", "0.25%", "0.01%".
std::string target_text(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g%%", fraction * 100);
  return text;
}

std::string run_text(const Finding& f) {
  return duration_text(f.measured_s) + " measured after a " + duration_text(f.warmup_s) + " warm-up";
}

std::string gb(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GB", bytes / 1e9);
  return text;
}

std::string tb(double bytes) {
  char text[48];
  std::snprintf(text, sizeof text, "%.1f TB", bytes / 1e12);
  return text;
}

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, s < 100 ? "%.1f s" : "%.0f s", s);
  return text;
}

std::string users_not_steady(const Finding& f) {
  char users[96];
  std::snprintf(users, sizeof users, "%.0f users looping (TPS x (think + transaction latency)) against the %d",
                f.users_looping, f.users);
  return std::string("not at steady state: ") + users + " that run; " + run_text(f) +
         " is too short for their cycle of " + duration_text(f.cycle_s) + "; try a warm-up of " +
         duration_text(f.suggested_warmup_s) + " and a duration of " + duration_text(f.suggested_duration_s);
}

std::string latency_not_steady(const Finding& f) {
  return "not at steady state: mean latency " + duration_text(f.latency_s) + " against Little's law " +
         std::to_string(f.in_flight) + " I/Os in flight / IOPS = " + duration_text(f.little_s) + "; " + run_text(f) +
         " is too short for these latencies; try a warm-up of " + duration_text(f.suggested_warmup_s) +
         " and a duration of " + duration_text(f.suggested_duration_s);
}

std::string precision_not_reached(const Finding& f) {
  std::string widths =
      "IOPS " + (f.iops_relative > 0 ? "+/- " + percent_text(f.iops_relative) : std::string("too few intervals")) +
      ", mean latency " +
      (f.latency_relative > 0 ? "+/- " + percent_text(f.latency_relative) : std::string("too few intervals"));
  for (const models::PercentileWidth& p : f.percentiles) {
    widths += ", " + models::latency_percentile_name(p.percentile) + " ";
    widths += p.relative ? "+/- " + percent_text(*p.relative) : std::string("too few samples beyond it");
  }
  return "the run measured its whole duration without reaching its precision of +/- " + target_text(f.precision) +
         " (95% intervals: " + widths + ")" +
         (f.suggested_duration_s > 0 ? "; try a duration of " + duration_text(f.suggested_duration_s) : std::string());
}

std::string wide_interval(const Finding& f, const char* on) {
  return std::string("the 95% interval on ") + on + " is +/- " + percent_text(f.relative) + "; for +/- " +
         target_text(f.precision) + " try a duration of " + duration_text(f.suggested_duration_s);
}

std::string moving_tail(const Finding& f) {
  char moved[160];
  std::snprintf(moved, sizeof moved,
                " p99 moved from %.3f ms over the first half of the measured time to %.3f ms over "
                "the second (%+.1f%%, beyond the 95%% interval of the change)",
                f.first_ns * 1e-6, f.second_ns * 1e-6, f.change * 100);
  return std::string("the ") + (f.of == models::LatencyPercentile::Of::Write ? "write" : "read") + moved +
         ": the tail had not settled, which its own interval cannot see; try a warm-up of " +
         duration_text(f.suggested_warmup_s) + " or more, and measure as long";
}

std::string short_streams(const Finding& f) {
  char least[32];  // two digits: a short run's share can be a small fraction of a percent
  std::snprintf(least, sizeof least, "%.2g%%", f.least_covered * 100);
  return "sequential streams passed over only " + std::string(least) + " of their region in the run (" +
         percent_text(f.short_share) +
         " of the I/O): the figures are those of the few slabs they passed, not the average over "
         "the file that a benchmark covering it measures; try a warm-up + duration of at least " +
         duration_text(f.suggested_run_s);
}

std::string iotest_cut(const Finding& f) {
  const char* where = f.phase == models::SasPhase::Write   ? "write"
                      : f.phase == models::SasPhase::Flush ? "flush"
                                                           : "read";
  return std::string("the run's time limit ended the iotest in its ") + where +
         " phase: the MB/s per core cover only what was done; give run.time_limit more time";
}

std::string repair_stalled(const Finding& f) {
  const std::string cause = f.starved ? "repair was queued but starved; the run's busiest resource is " +
                                            starved_by_text(f.starved_by, f.starved_by_utilisation)
                                      : repair_hold_text(f.hold, f.node);
  return "no repair progress from " + seconds(f.from_s) + " to " + seconds(f.to_s) + " with " + gb(f.degraded_bytes) +
         " degraded: " + cause;
}

std::string repair_unfinished(const Finding& f) {
  std::string text = "the run ended with repair unfinished: " + gb(f.degraded_bytes) + " degraded, " +
                     gb(f.bytes_to_repair) + " queued for repair; ";
  text += f.eta_s >= 0
              ? "at the last interval's rate (" + gb(f.repair_bytes_per_s) + "/s) it would take " + seconds(f.eta_s) +
                    " more"
              : "no repair moved in the last interval" +
                    (f.hold != models::RepairHold::None ? ": " + repair_hold_text(f.hold, f.node) : std::string());
  return text;
}

std::string reserve_not_kept(const Finding& f) {
  return "capacity: the VMs' disks need " + tb(f.footprint_bytes) + " with " + std::to_string(f.copies) +
         " copies, more than the " + tb(f.room_bytes) + " left after the repair reserve (" + tb(f.reserve_bytes) +
         "): a failed drive could not be rebuilt in place";
}

std::string vcpu_overcommit(const Finding& f) {
  char text[256];
  std::snprintf(text, sizeof text,
                "capacity: %s %d runs %d vCPUs on %d logical processors (%.2f:1 over-commit): the VMs' "
                "vCPUs wait for each other",
                f.compute_host ? "host" : "node", f.host + 1, f.vcpus, f.logical_processors, f.vcpu_ratio);
  return text;
}

}  // namespace

std::string finding_text(const Finding& f) {
  switch (f.kind) {
    case FindingKind::UsersNotSteady: return users_not_steady(f);
    case FindingKind::LatencyNotSteady: return latency_not_steady(f);
    case FindingKind::SlowestIoCut:
      return "the slowest I/O took " + duration_text(f.slowest_s) + " of a " + duration_text(f.run_s) +
             " run: the latency distribution is cut off by the run length; try a duration of " +
             duration_text(f.suggested_duration_s);
    case FindingKind::PrecisionNotReached: return precision_not_reached(f);
    case FindingKind::WideIopsInterval: return wide_interval(f, "IOPS");
    case FindingKind::WideLatencyInterval: return wide_interval(f, "the mean latency");
    case FindingKind::MovingTail: return moving_tail(f);
    case FindingKind::ShortStreams: return short_streams(f);
    case FindingKind::IotestCut: return iotest_cut(f);
    case FindingKind::RepairStalled: return repair_stalled(f);
    case FindingKind::RepairUnfinished: return repair_unfinished(f);
    case FindingKind::ReserveNotKept: return reserve_not_kept(f);
    case FindingKind::VcpuOvercommit: return vcpu_overcommit(f);
  }
  return "";
}

std::vector<std::string> finding_texts(const std::vector<Finding>& findings) {
  std::vector<std::string> texts;
  texts.reserve(findings.size());
  for (const Finding& f : findings) texts.push_back(finding_text(f));
  return texts;
}

std::string repair_hold_text(models::RepairHold hold, int node) {
  using models::RepairHold;
  const std::string name = "node " + std::to_string(node + 1);
  switch (hold) {
    case RepairHold::None: return "";
    case RepairHold::Detection:
      return "the failure is not detected yet (I/O to the failed part waits for the stack's detection time)";
    case RepairHold::PartDown:
      return name + " is down: the copies it holds are resynced when it returns (S2D repairs a node's copies in place)";
    case RepairHold::NoCopy: return "no current copy is left to copy from";
    case RepairHold::NoRoom: return name + " has no reserve capacity left to rebuild into";
  }
  return "";
}

std::string starved_by_text(const std::string& resource, double utilisation) {
  return resource + " (" + std::to_string(static_cast<int>(std::lround(utilisation * 100))) + " % busy over the run)";
}

std::string percent_text(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", fraction * 100);
  return text;
}

}  // namespace hcisim::frontend
