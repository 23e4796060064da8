#include "tools/frontend/report/report_text.hpp"

#include "tools/frontend/base/printf_string.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <utility>

#include "models/cache/cache_statistics.hpp"
#include "models/run/precision_stop.hpp"
#include "models/run/repair_progress.hpp"
#include "tools/frontend/base/figure_names.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/base/workload_names.hpp"
#include "tools/frontend/report/capacity_report.hpp"
#include "tools/frontend/report/finding_text.hpp"
#include "tools/frontend/report/footing.hpp"
#include "tools/frontend/report/report_cloud.hpp"
#include "tools/frontend/report/run_event_names.hpp"
#include "tools/frontend/report/run_event_text.hpp"

namespace hcisim::frontend {

namespace {

std::string pct(double fraction) { return printf_string("%.0f%%", fraction * 100); }

std::string latency_row(const char* name, const models::LatencySummary& l) {
  if (l.count == 0) return printf_string("  %-6s %9s\n", name, "-");
  const std::string max = l.observed ? printf_string("%9.3f", l.max_s * 1e3) : printf_string("%9s", "-");
  return printf_string("  %-6s %9.3f %9.3f %9.3f %9.3f %9.3f %s\n", name, l.mean_s * 1e3, l.p50_s * 1e3, l.p90_s * 1e3,
                       l.p99_s * 1e3, l.p999_s * 1e3, max.c_str());
}

// Columns of the latency breakdown, in path order.
constexpr const char* kStageHeads[models::kIoStageCount] = {"guest",   "vm-queue",   "host-cpu", "redirect",
                                                            "network", "remote-cpu", "drive",    "completion"};

std::string stage_header() {
  std::string line = "  where it goes (mean ms)";
  for (const char* head : kStageHeads) line += printf_string(" %10s", head);
  return line + "\n";
}

std::string stage_row(const char* name, const models::StageBreakdown& s) {
  std::string line = printf_string("    %-21s", name);
  for (const double mean : s.mean_s) line += printf_string(" %10.3f", mean * 1e3);
  return line + "\n";
}

// Each node's SAS/SATA path: its fullest drive's device queue, and its HBA's
// modelled limits as shares of them ("-": not modelled).
std::string sas_path_section(const models::RunResult& r) {
  bool any = false;
  for (const auto& n : r.nodes) any = any || (n.up && (n.hba.present || n.device_queue_depth > 0));
  if (!any) return "";
  std::string out =
      "\nSAS/SATA    device queue   HBA commands/s   tags in use      processing   host link to/from host\n";
  for (const auto& n : r.nodes) {
    if (!n.up || (!n.hba.present && n.device_queue_depth == 0)) continue;
    const models::HbaResult& h = n.hba;
    auto held = [](double occupancy, int depth) {
      return depth > 0 ? printf_string("%.1f of %d", occupancy * depth, depth) : std::string("-");
    };
    const std::string queue = held(n.device_queue_occupancy_max, n.device_queue_depth);
    const std::string tags = held(h.tag_occupancy, h.queue_depth);
    const std::string link = h.link_modelled ? pct(h.link_to_host) + "/" + pct(h.link_from_host) : "-";
    out += printf_string("  node %-3d  %-12s %16s   %-16s %-12s %s\n", n.node + 1, queue.c_str(),
                         h.present ? format_fixed(h.commands_per_s, 0).c_str() : "-", tags.c_str(),
                         h.processing_modelled ? pct(h.processing).c_str() : "-", link.c_str());
  }
  return out +
         "  device queue: slots in use on average at the node's fullest drive, of its depth; HBA: tags in use on\n"
         "  average, of its queue depth, and each other limit its catalog entry gives as a share of it (\"-\": no\n"
         "  such figure, so none is modelled)\n";
}

const char* resiliency_name(models::Resiliency r) {
  switch (r) {
    case models::Resiliency::Simple: return "simple (no mirror)";
    case models::Resiliency::TwoWayMirror: return "two-way mirror";
    case models::Resiliency::ThreeWayMirror: return "three-way mirror";
  }
  return "?";
}

// Failures over time: what happened when, I/O the storage could not serve, and
// the interval table (IOPS, p99, CPU, repair) when there is something to see.
std::string failures_section(const models::RunResult& r) {
  if (r.events.empty() && r.failed_ios == 0) return {};
  std::string text = "\nFailures and repair\n";
  for (const auto& e : r.events)
    text += printf_string("  %10.3f s  %s\n", e.at_s, printable(run_event_text(e.what)).c_str());
  if (r.failed_ios > 0) {
    text += printf_string("  failed I/Os (the storage could not serve them: volume offline or no copy left): %s\n",
                          format_count(static_cast<double>(r.failed_ios)).c_str());
  }
  if (!r.phases.empty()) {
    text += "\n  Phase         time s    IOPS read   IOPS write  mean rd ms  p99 rd ms  mean wr ms  p99 wr ms   failed"
            "  CPU busiest node  IOPS 95% CI\n";
    for (const auto& p : r.phases) {
      const std::string cpu = p.cpu_busiest_node >= 0
                                  ? printf_string("%.0f%% (node %d)", p.cpu_busiest * 100, p.cpu_busiest_node + 1)
                                  : "-";
      // An interval only where the phase is steady and long enough; otherwise why not.
      const std::string ci =
          p.steady ? printf_string("+/- %.1f%%", 100 * p.iops_ci_half_width / (p.read_iops + p.write_iops))
          : p.steady_intervals >= models::kSteadyIntervals ? std::string("not steady")
                                                           : std::string("too short");
      text += printf_string("  %-10s %9.2f %12s %12s %11.3f %10.3f %11.3f %10.3f %8s  %-16s  %s\n",
                            std::string(phase_name(p.phase)).c_str(), p.seconds,
                            format_count(std::round(p.read_iops)).c_str(),
                            format_count(std::round(p.write_iops)).c_str(), p.read_latency.mean_s * 1e3,
                            p.read_latency.p99_s * 1e3, p.write_latency.mean_s * 1e3, p.write_latency.p99_s * 1e3,
                            format_count(static_cast<double>(p.failed_ios)).c_str(), cpu.c_str(), ci.c_str());
    }
    text += printf_string(
        "  (95%% CI over the %g s sampling intervals wholly inside a phase, each stretch's first left out%s;\n"
        "  given with at least %d of them and the two halves' means agreeing)\n",
        r.timeline.size() >= 2 ? r.timeline[1].end_s - r.timeline[0].end_s : r.measured_seconds,
        r.fast_forwarded.empty() ? "" : " and the\n  fast-forwarded ones too", models::kSteadyIntervals);
  }
  if (!r.fast_forwarded.empty()) {
    text += printf_string(
        "\n  Fast-forwarded: %.1f s of the %.1f s measured were simulated I/O by I/O; each span below was\n"
        "  skipped at the pace of the steady window just before it (its IOPS, latency distribution,\n"
        "  CPU and repair), rows marked ~ in the timeline (--no-fast-forward simulates every I/O).\n"
        "  Node, drive and NIC figures are over the simulated time.%s\n",
        r.simulated_seconds, r.measured_seconds,
        r.fast_forwarded.front().warmup
            ? "\n  The warm-up was steady before its end: the rest of it was skipped too (phase warm-up)."
            : "");
    text += "      from s       to s   skipped s  phase       window s\n";
    for (const models::FastForwardSpan& f : r.fast_forwarded) {
      text += printf_string("  %10.3f %10.3f %11.3f  %-10s  %.3f..%.3f\n", f.begin_s, f.end_s, f.end_s - f.begin_s,
                            f.warmup ? "warm-up" : std::string(phase_name(f.phase)).c_str(), f.window_begin_s,
                            f.window_begin_s + f.window_s);
    }
  }
  if (r.repaired_bytes > 0) text += printf_string("  repaired (resync and rebuild): %.2f GB\n", r.repaired_bytes / 1e9);
  if (r.repair_left.unfinished) {
    const models::RepairLeft& left = r.repair_left;
    text += printf_string("  UNFINISHED at the end of the run: %.2f GB degraded, %.2f GB queued for repair; ",
                          left.degraded_bytes / 1e9, left.bytes_to_repair / 1e9);
    text +=
        left.eta_s >= 0
            ? printf_string("about %.0f s more at the last interval's %.1f MB/s\n", left.eta_s, left.bytes_per_s / 1e6)
            : "no repair moved in the last interval" +
                  (left.hold != models::RepairHold::None ? ": " + repair_hold_text(left.hold, left.hold_node)
                                                         : std::string()) +
                  "\n";
  }
  constexpr std::size_t kMaxRows = 120;
  if (r.timeline.empty()) return text;
  if (r.timeline.size() > kMaxRows) {
    return text + printf_string("  (%zu intervals: the timeline is in --csv and --json)\n", r.timeline.size());
  }
  text += "\n  Timeline     IOPS read    IOPS write   p99 read ms  p99 write ms  failed/s  max node CPU"
          "  repair MB/s  degraded GB\n";
  std::size_t next_event = 0;
  for (std::size_t i = 0; i < r.timeline.size(); ++i) {
    const auto& p = r.timeline[i];
    double cpu = 0;
    for (const double c : p.node_cpu) cpu = std::max(cpu, c);
    std::string marks;
    while (next_event < r.events.size() && (i + 1 == r.timeline.size() || r.events[next_event].at_s <= p.end_s)) {
      marks += marks.empty() ? "  <- " : "; ";
      marks += printable(run_event_text(r.events[next_event++].what));
    }
    text += printf_string("  %8.2f s%s%12s %13s %13.3f %13.3f %9s %12.1f%% %12.1f %12.2f%s\n", p.end_s,
                          p.advanced ? "~" : " ", format_count(std::round(p.read_iops)).c_str(),
                          format_count(std::round(p.write_iops)).c_str(), p.read_p99_s * 1e3, p.write_p99_s * 1e3,
                          format_count(std::round(p.failed_iops)).c_str(), cpu * 100, p.repair_bytes_per_s / 1e6,
                          p.degraded_bytes / 1e9, marks.c_str());
  }
  return text;
}

// The application's figures of an OLTP run: TPS, transaction latency, the database's I/O.
std::string oltp_section(const models::OltpResult& o) {
  std::string text = printf_string("Application (OLTP)  %s TPS", format_fixed(o.tps, 1).c_str());
  text += printf_string(", %s users (%.1f in a transaction on average), think time %.3f s\n",
                        format_count(o.users).c_str(), o.users_in_transaction, o.think_time_s);
  text += "Transaction latency (ms)   avg       p50       p90       p99     p99.9       max\n";
  text += latency_row("all", o.latency);
  if (o.latency_ci_half_width_s > 0)
    text += printf_string("    (95%% CI on the mean +/- %.3f ms)\n", o.latency_ci_half_width_s * 1e3);
  for (int t = 0; t < models::kOltpTransactionTypes; ++t) {
    text += printf_string("  %-12s", models::oltp_transaction_name(t)) +
            latency_row("", o.by_type[static_cast<std::size_t>(t)]).substr(2);
  }
  text += printf_string("  buffer pool hit ratio %.4f, %.1f page reads from storage per transaction\n", o.hit_ratio,
                        o.buffer_misses_per_transaction);
  constexpr const char* kinds[3] = {"page reads", "log writes", "flush writes"};
  for (int k = 0; k < 3; ++k) {
    const models::OltpIoResult& io = o.io[static_cast<std::size_t>(k)];
    text +=
        printf_string("  %-12s %10s/s %9s MB/s  mean %.3f ms\n", kinds[k], format_count(std::round(io.per_s)).c_str(),
                      format_fixed(io.bytes_per_s / 1e6, 1).c_str(), io.mean_latency_s * 1e3);
  }
  return text + "Storage I/O of the databases:\n";
}

// "  p99 read 3.875 ms (95% CI +/- 11.7%), write ...": the sectioning intervals
// on the p99s (sim::BatchQuantiles), where the run gives them.
std::string p99_intervals(const models::RunResult& r) {
  std::string text;
  for (const auto& [name, latency] : {std::pair{"read", &r.read_latency}, std::pair{"write", &r.write_latency}}) {
    if (!(latency->p99_ci_half_width_s > 0 && latency->p99_s > 0)) continue;
    text += printf_string("%s %s %.3f ms (95%% CI +/- %.1f%%)", text.empty() ? "  p99" : ",", name,
                          latency->p99_s * 1e3, 100 * latency->p99_ci_half_width_s / latency->p99_s);
  }
  return text.empty() ? text : text + "\n";
}

// The measured time; with a precision, whether the run stopped there and the most it could have measured.
std::string measured_text(const models::ScenarioSpec& spec, const models::RunResult& r) {
  const std::string whole = format_duration(spec.run.duration_ns) + " of simulated time";
  if (spec.run.precision <= 0) return whole;
  std::string target = "run.precision +/- " + format_percent(spec.run.precision);
  for (const models::LatencyPercentile& p : spec.run.precision_percentiles) {
    target += p == spec.run.precision_percentiles.front() ? " with " : ", ";
    target += models::latency_percentile_name(p);
  }
  if (!r.precision_reached) return whole + ", " + target + " not reached";
  return format_duration(static_cast<std::int64_t>(std::llround(r.measured_seconds * 1e9))) +
         " of simulated time, stopped at " + target + " (at most " + format_duration(spec.run.duration_ns) + ")";
}

}  // namespace

std::string reference_word(const std::vector<models::FigureComparison>& comparisons) {
  bool measured = false, published = false;
  for (const models::FigureComparison& c : comparisons) (c.reference.measured ? measured : published) = true;
  return measured && published ? "published/measured" : measured ? "measured" : "published";
}

std::vector<std::string> format_comparison_lines(const std::vector<models::FigureComparison>& comparisons) {
  constexpr std::size_t kColumns = 5;  // then the verdict, last, as long as it is
  std::vector<std::array<std::string, kColumns + 1>> cells;
  cells.push_back({"figure", reference_word(comparisons), "predicted", "error", "tolerance", "verdict"});
  for (const models::FigureComparison& c : comparisons) {
    const auto& ref = c.reference;
    const std::string tolerance =
        (ref.comparison == models::Comparison::AtMost ? "<=+" : "+/-") + printf_string("%.0f%%", ref.tolerance * 100);
    const std::string verdict =
        !c.graded
            ? std::string("not graded: ") + (ref.measured ? "measured" : "published") + " for the unmodified scenario"
        : c.unsettled && std::isinf(c.interval)
            ? std::string("UNSETTLED: the run is shorter than four of the application's checkpoint cycles, too short "
                          "to know the figure its constant is fitted to; fit it on a longer run")
        : c.unsettled ? printf_string("UNSETTLED: the run's 95%% interval (+/-%.1f%%) is wider than the tolerance its "
                                      "constant is fitted to; fit it on a longer run",
                                      c.interval * 100)
        : c.within    ? "within"
                      : "OUTSIDE";
    cells.push_back({std::string(figure_name(ref.figure)), format_figure_value(ref.figure, ref.value),
                     format_figure_value(ref.figure, c.predicted), printf_string("%+.1f%%", c.error * 100), tolerance,
                     verdict + (ref.calibration && c.graded ? " (calibration)" : "")});
  }
  // At least the widths the table always had, wider where a cell needs it.
  std::array<std::size_t, kColumns> width = {18, 16, 16, 8, 10};
  for (const auto& row : cells) {
    for (std::size_t k = 0; k < kColumns; ++k) width[k] = std::max(width[k], row[k].size());
  }
  std::vector<std::string> lines;
  for (const auto& row : cells) {
    std::string line = row[0] + std::string(width[0] - row[0].size(), ' ');  // names left, numbers right
    for (std::size_t k = 1; k < kColumns; ++k) line.append(width[k] - row[k].size() + 1, ' ').append(row[k]);
    lines.push_back(line.append("  ").append(row[kColumns]));
  }
  return lines;
}

namespace {
// Millions a second with at least three significant digits in fixed notation:
// "1.95", "0.572", "0.00452" (a sanitized or tiny run is not "0.00").
std::string millions(double per_second) {
  const double m = per_second / 1e6;
  const int decimals = m > 0 ? std::clamp(2 - static_cast<int>(std::floor(std::log10(m))), 2, 8) : 2;
  return printf_string("%.*f", decimals, m);
}
}  // namespace

std::string format_speed_line(const models::RunResult& r) {
  const auto& p = r.performance;
  if (r.analytic) {
    return printf_string("analytic fast path: %.2f ms wall (mean value analysis, no simulation; percentiles are a "
                         "two-moment estimate, the maximum is not estimated)\n",
                         p.wall_seconds * 1e3);
  }
  const double measured_rate =
      p.measured_wall_seconds > 0 ? static_cast<double>(p.measured_ios) / p.measured_wall_seconds : 0.0;
  return printf_string("simulator speed: %.2f s wall (%.2f s set-up), %s simulated I/Os (%s M per wall second, "
                       "%s M past warm-up), %.2f M events per wall second (%.2f cancelled per event), peak %llu "
                       "pending events\n",
                       p.wall_seconds, p.setup_seconds, format_count(static_cast<double>(p.simulated_ios)).c_str(),
                       millions(p.ios_per_wall_second).c_str(), millions(measured_rate).c_str(),
                       p.events_per_wall_second / 1e6,
                       p.events > 0 ? static_cast<double>(p.events_cancelled) / static_cast<double>(p.events) : 0.0,
                       static_cast<unsigned long long>(p.peak_pending_events));
}

std::string format_run_report(const models::ScenarioSpec& spec, const models::RunResult& r, const Footing* footing) {
  std::ostringstream out;
  int vms = 0;
  for (const int n : spec.vms.per_node) vms += n;
  out << printable(r.title) << "\n";
  if (spec.cluster.cloud.defined()) {
    out << cloud_heading_text(spec, r) << sas_text(r);  // report_cloud.cpp
  } else {
    out << "  scenario  " << printable(spec.file);
    if (r.analytic) {
      // The fast path simulates nothing: no seed, no warm-up, no measured time.
      out << " (analytic fast path: mean value analysis of the steady state; nothing simulated)\n";
    } else {
      out << " (seed " << r.seed << ", warm-up " << format_duration(spec.run.warmup_ns) << ", measured "
          << measured_text(spec, r) << ")\n";
    }
    out << "  cluster   " << spec.cluster.node_count << " x " << printable(spec.cluster.node.id) << ", "
        << resiliency_name(spec.cluster.resiliency) << ", stack " << spec.cluster.stack.id << ", hypervisor "
        << spec.cluster.hypervisor.id;
    if (!spec.cluster.failed_nodes.empty()) {
      out << ", failed nodes:";
      for (const int f : spec.cluster.failed_nodes) out << " " << f + 1;
    }
    if (spec.cluster.compute_hosts.count > 0) {
      out << ", VMs on " << spec.cluster.compute_hosts.count << " x " << spec.cluster.compute_hosts.node.id
          << " compute hosts (two-layer)";
    }
    if (spec.vms.oltp) {
      out << "\n  workload  " << vms << " VMs x OLTP database, " << format_count(spec.vms.oltp->users_per_vm)
          << " users each, think time " << format_duration(spec.vms.oltp->think_time_ns) << ", "
          << format_size(spec.vms.data_disk_bytes) << " data/log disk per VM\n\n";
      out << oltp_section(r.oltp);
    } else {
      out << "\n  workload  " << vms << " VMs x " << workload_name(spec.vms.workload) << ", "
          << format_size(spec.vms.workload.file_bytes) << " per VM\n\n";
    }
  }

  out << "Throughput          IOPS          MB/s\n";
  out << printf_string("  read   %14s %13s\n", format_count(std::round(r.read_iops)).c_str(),
                       format_fixed(r.read_bytes_per_s / 1e6, 1).c_str());
  out << printf_string("  write  %14s %13s\n", format_count(std::round(r.write_iops)).c_str(),
                       format_fixed(r.write_bytes_per_s / 1e6, 1).c_str());
  out << printf_string("  total  %14s %13s", format_count(std::round(r.total_iops())).c_str(),
                       format_fixed(r.total_bytes_per_s() / 1e6, 1).c_str());
  if (r.total_iops_ci_half_width > 0) {
    out << printf_string("   (95%% CI +/- %.2f%%)", 100 * r.total_iops_ci_half_width / r.total_iops());
  }
  out << "\n\nLatency (ms)       avg       p50       p90       p99     p99.9       max\n";
  out << latency_row("read", r.read_latency) << latency_row("write", r.write_latency);
  if (r.latency_ci_half_width_s > 0 && r.all_latency.mean_s > 0) {
    out << printf_string("  mean of all I/Os %.3f ms (95%% CI +/- %.2f%%)\n", r.all_latency.mean_s * 1e3,
                         100 * r.latency_ci_half_width_s / r.all_latency.mean_s);
  }
  out << p99_intervals(r);
  out << stage_header();
  if (r.read_latency.count > 0) out << stage_row("read", r.read_stages);
  if (r.write_latency.count > 0) out << stage_row("write", r.write_stages);
  out << "\n";

  bool hybrid = false;
  for (const auto& n : r.nodes) hybrid = hybrid || n.has_cache_tier;
  // The hypervisor layer's column is headed with the hypervisor's own catalog id (hyper-v, esxi-6.0, ...).
  // A cloud VM has none of its own ("none": the host's work is outside the VM).
  const std::string& hv_id = spec.cluster.hypervisor.id;
  const std::string hypervisor = printable(hv_id.empty() || hv_id == "none" ? "(none)" : hv_id, 24);
  const int hv = static_cast<int>(std::max<std::size_t>(7, hypervisor.size() + 1));
  out << printf_string(
      "Utilisation   CPU  VMFleet  guest %*s  stack  drv-io    net   vCPU  drives mean/max  NIC tx/rx\n", hv,
      hypervisor.c_str());
  for (const auto& n : r.nodes) {
    const char* role = n.compute_host ? "host" : "node";
    const int number = n.compute_host ? n.node + 1 - spec.cluster.node_count : n.node + 1;
    if (!n.up) {
      out << printf_string("  %s %-3d   down\n", role, number);
      continue;
    }
    out << printf_string("  %s %-3d %5s %8s %6s %*s %6s %7s %6s %6s %8s/%-6s %5s/%s\n", role, number,
                         pct(n.cpu_utilisation).c_str(), pct(n.vmfleet_cpu).c_str(), pct(n.cpu_by_layer[0]).c_str(), hv,
                         pct(n.cpu_by_layer[1]).c_str(), pct(n.cpu_by_layer[2]).c_str(), pct(n.cpu_by_layer[3]).c_str(),
                         pct(n.cpu_by_layer[4]).c_str(), n.vms > 0 ? pct(n.vcpu_utilisation).c_str() : "-",
                         pct(n.drive_utilisation_mean).c_str(), pct(n.drive_utilisation_max).c_str(),
                         pct(n.nic_tx_utilisation).c_str(), pct(n.nic_rx_utilisation).c_str());
  }
  out << "  CPU = work done over what every core could do (cores x SMT yield); VMFleet = share of logical\n"
         "  processors busy x actual/nominal clock, as VMFleet reports it (cluster mean "
      << pct(r.vmfleet_cpu) << ")\n"
      << "  drives = all of the node's drives, cache and capacity alike: their mean / the busiest one"
      << (hybrid ? "\n  (each tier's mean: Cache tier below)" : "") << "\n";
  out << sas_path_section(r);
  if (hybrid) {
    namespace s = models::cache_statistics;
    const auto tier = [&r](int node, const s::Declared& d) { return r.statistics.value(s::name(node, d)); };
    const auto count = [&tier](int node, const s::Declared& d) { return format_count(tier(node, d)); };
    // One unit per column (a node with 38,416 KiB dirty beside one with 38 MiB read as far apart).
    double most_dirty = 0, most_destage = 0;
    for (const auto& n : r.nodes) {
      if (!n.has_cache_tier || !n.up) continue;
      most_dirty = std::max(most_dirty, tier(n.node, s::kDirtyBytes));
      most_destage = std::max(most_destage, tier(n.node, s::kDestage));
    }
    const ColumnUnit dirty_unit = size_column_unit(most_dirty);
    const ColumnUnit destage_unit = byte_rate_column_unit(most_destage);
    // Header and rows share the widths: each cell ends under its heading's end.
    const char* format = "%-10s %11s %23s %24s %6s %10s %12s   %s\n";
    out << "\n"
        << printf_string(format, "Cache tier", "read hits", "reads hit/miss/bypass", "writes cached/bypassed", "fill",
                         "dirty", "destage", "cache/capacity drives");
    for (const auto& n : r.nodes) {
      if (!n.has_cache_tier || !n.up) continue;
      const int c = n.node;
      const std::string reads =
          count(c, s::kReadHits) + "/" + count(c, s::kReadMisses) + "/" + count(c, s::kReadBypasses);
      const std::string writes = count(c, s::kWritesCached) + "/" + count(c, s::kWritesBypassed);
      const std::string drives = pct(tier(c, s::kCacheDriveMean)) + "/" + pct(tier(c, s::kCapacityDriveMean));
      out << printf_string(format, printf_string("  node %d", c + 1).c_str(), pct(tier(c, s::kReadHitRatio)).c_str(),
                           reads.c_str(), writes.c_str(), pct(tier(c, s::kFill)).c_str(),
                           format_in(tier(c, s::kDirtyBytes), dirty_unit).c_str(),
                           format_in(tier(c, s::kDestage), destage_unit).c_str(), drives.c_str());
    }
  }
  if (r.host_cache_hits + r.host_cache_misses > 0) {
    out << "  CSV block cache: "
        << pct(static_cast<double>(r.host_cache_hits) / static_cast<double>(r.host_cache_hits + r.host_cache_misses))
        << " of reads hit (" << format_count(static_cast<double>(r.host_cache_hits)) << " hits)\n";
  }
  if (r.cloud.present) out << "\n" << cloud_caps_text(spec, r) << burst_timeline_text(r);
  if (r.degraded_ios > 0)
    out << "  degraded writes (a copy on a failed node): " << format_count(r.degraded_ios) << "\n";
  if (r.redirected_ios > 0) {
    out << "  redirected I/Os (VM away from its volume's owner): " << format_count(r.redirected_ios) << "\n";
  }
  out << failures_section(r);
  const models::CapacityReport capacity = models::assess_capacity(spec);
  out << "\n" << format_capacity(capacity, spec.cluster.node_count);
  out << "\nBottleneck: " << r.bottleneck.resource << " (" << pct(r.bottleneck.utilisation)
      << "): " << r.bottleneck.reason << "\n";

  const std::string footing_line = footing ? footing_warning(*footing) : std::string();
  if (!r.warnings.empty() || !capacity.warnings.empty() || !footing_line.empty()) {
    out << "\nWarnings\n";
    for (const models::Finding& warning : r.warnings) out << "  " << printable(finding_text(warning)) << "\n";
    for (const models::Finding& warning : capacity.warnings) out << "  " << printable(finding_text(warning)) << "\n";
    if (!footing_line.empty()) out << "  " << printable(footing_line) << "\n";
  }
  if (!r.references.empty()) {
    // A user's own measured figures (reference.measured) are headed as such, with where they come from.
    const std::string word = reference_word(r.references);
    const std::string heading = word == "published/measured" ? "Published and measured"
                                : word == "measured"         ? "Measured"
                                                             : "Published";
    out << "\n"
        << (spec.what_if.empty() ? heading + " vs predicted\n"
                                 : heading + " for the unmodified scenario (this run is a what-if: not graded)\n");
    for (const std::string& line : format_comparison_lines(r.references)) out << "  " << line << "\n";
    std::vector<std::string> sources;
    for (const auto& c : r.references) {
      if (!c.reference.measured) continue;
      const std::string& note = c.reference.note;
      std::string source = note.rfind("measured", 0) == 0 ? note : "measured: " + note;
      if (std::find(sources.begin(), sources.end(), source) == sources.end()) sources.push_back(source);
    }
    for (const std::string& source : sources) out << "  (" << printable(source) << ")\n";
  }
  if (footing) out << "\n" << format_footing(*footing);
  out << "\n" << format_speed_line(r);
  return out.str();
}

}  // namespace hcisim::frontend
