#include "tools/frontend/report/explain_report.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/report/durability_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "models/failure/durability_inputs.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/base/workload_names.hpp"
#include "tools/frontend/report/finding_text.hpp"
#include "tools/frontend/report/repair_text.hpp"

namespace hcisim::frontend {

namespace {

std::string pct(double fraction) { return printf_string("%.0f %%", fraction * 100); }

std::string count(double value) { return format_count(std::round(value)); }

// "850.0 us", "2.868 ms", "34.2 s", "1.5 h"
std::string duration(double s) {
  if (s < 1e-3) return printf_string("%.1f us", s * 1e6);
  if (s < 1) return printf_string("%.3f ms", s * 1e3);
  if (s < 3600) return printf_string("%.1f s", s);
  return printf_string("%.1f h", s / 3600);
}

std::string byte_rate(double bytes_per_s) {
  return bytes_per_s >= 1e9 ? printf_string("%.2f GB/s", bytes_per_s / 1e9)
                            : printf_string("%.1f MB/s", bytes_per_s / 1e6);
}

// What limits a what-if run; a utilisation only for a resource near saturation
// (below 80 % the limit is the workload itself, and the figure would be another resource's).
std::string limit_cell(const models::Bottleneck& b) {
  return b.utilisation >= 0.8 ? b.resource + " " + pct(b.utilisation) : b.resource;
}

std::string terabytes(double bytes) { return printf_string("%.1f TB", bytes / 1e12); }

std::string years(const models::MttdlFigure& m) { return mttdl_years(m.mttdl_s, "", m.unbounded_because); }

bool estimated(const models::MttdlFigure& m) {
  return !m.repair_simulated || m.downtime_assumed || m.rebuild_estimated || m.resync_estimated;
}

std::string mttdl_cell(const models::MttdlFigure& m) {
  if (!m.available) return "-";
  return years(m) + (estimated(m) ? "*" : "");
}

// Names of the latency stages in path order, as `hcisim run` prints them.
const char* stage_name(models::IoStage s) {
  constexpr const char* kNames[models::kIoStageCount] = {"guest",   "vm-queue",   "host-cpu", "redirect",
                                                         "network", "remote-cpu", "drive",    "completion"};
  return kNames[static_cast<int>(s)];
}

const char* mirror_name(models::Resiliency r) {
  switch (r) {
    case models::Resiliency::Simple: return "simple (no mirror)";
    case models::Resiliency::TwoWayMirror: return "two-way mirror";
    case models::Resiliency::ThreeWayMirror: return "three-way mirror";
  }
  return "?";
}

int vm_total(const models::ScenarioSpec& spec) {
  int vms = 0;
  for (const int n : spec.vms.per_node) vms += n;
  return vms;
}

std::string setup_section(const models::ScenarioSpec& spec, const models::RunResult& run) {
  std::string text = "hcisim explain  " + printable(run.title) + "\n";
  text += "  " + std::to_string(spec.cluster.node_count) + " x " + printable(spec.cluster.node.id) + ", stack " +
          spec.cluster.stack.id + ", " + mirror_name(spec.cluster.resiliency) + ", " + std::to_string(vm_total(spec)) +
          (vm_total(spec) == 1 ? " VM x " : " VMs x ");
  text += spec.vms.oltp ? std::string("OLTP database") : workload_name(spec.vms.workload);
  text += "; " + format_duration(spec.run.duration_ns) + " measured after a " + format_duration(spec.run.warmup_ns) +
          " warm-up, seed " + std::to_string(run.seed) + "\n";
  return text;
}

std::string result_section(const models::RunResult& run) {
  std::string text = "\nWhat the run gives\n";
  text += "  " + count(run.total_iops()) + " IOPS (" + count(run.read_iops) + " reads, " + count(run.write_iops) +
          " writes), " + byte_rate(run.total_bytes_per_s()) + "; mean latency " + duration(run.all_latency.mean_s);
  if (run.read_latency.count > 0) text += ", read p99 " + duration(run.read_latency.p99_s);
  if (run.write_latency.count > 0) text += ", write p99 " + duration(run.write_latency.p99_s);
  text += ".\n";
  if (run.oltp.present) {
    text += "  The databases run " + count(run.oltp.tps) + " transactions per second, " +
            duration(run.oltp.latency.mean_s) + " each on average.\n";
  }
  return text;
}

std::string limits_section(const models::RunExplanation& why) {
  std::string text = "\nWhat limits it\n";
  const models::Bottleneck& b = why.bottleneck;
  if (b.utilisation >= 0.8) {
    text += "  The limit is the " + b.resource + ", " + pct(b.utilisation) + " busy: " + printable(b.reason) + ".\n";
  } else {
    text += "  No resource is saturated; the limit is the " + b.resource + ": " + printable(b.reason) + ".\n";
  }
  for (const models::Limit& l : why.chain) {
    if (l.can_limit && l.resource != b.resource && l.utilisation >= 0.8) {
      text += "  Also at " + pct(l.utilisation) + ": the " + l.resource + " (" + printable(l.reason) + ").\n";
    }
  }
  text += "  The chain, busiest first (a share of what each resource can do):\n";
  for (const models::Limit& l : why.chain) {
    text += printf_string("    %-20s %5s  %s%s\n", l.resource.c_str(), pct(l.utilisation).c_str(),
                          printable(l.reason).c_str(),
                          l.can_limit ? "" : " [busy because the host CPU is: waiting for host cores counts as busy]");
  }
  return text;
}

std::string cpu_section(const models::ScenarioSpec& spec, const models::RunResult& run,
                        const models::RunExplanation& why) {
  std::string text = "\nHost CPU by node and layer (share of each node's capacity)\n";
  text += "    node        busy";
  for (int l = 0; l < models::kCpuLayerCount; ++l) {
    text += printf_string(" %13s", models::cpu_layer_name(static_cast<models::CpuLayer>(l)));
  }
  text += "\n";
  for (const models::NodeResult& n : run.nodes) {
    const std::string name = n.compute_host ? "host " + std::to_string(n.node + 1 - spec.cluster.node_count)
                                            : "node " + std::to_string(n.node + 1);
    if (!n.up) {
      text += printf_string("    %-9s   down\n", name.c_str());
      continue;
    }
    text += printf_string("    %-9s %6s", name.c_str(), pct(n.cpu_utilisation).c_str());
    for (const double share : n.cpu_by_layer) text += printf_string(" %13s", pct(share).c_str());
    text += "\n";
  }
  double total = 0;
  for (const double c : why.cycles_per_io) total += c;
  if (total > 0) {
    text += "  CPU work per I/O, all nodes: " + count(total) + " cycles (";
    for (int l = 0; l < models::kCpuLayerCount; ++l) {
      text += (l ? ", " : "") + std::string(models::cpu_layer_name(static_cast<models::CpuLayer>(l))) + " " +
              count(why.cycles_per_io[static_cast<std::size_t>(l)]);
    }
    text += ").\n";
  }
  return text;
}

std::string stages_sentence(const char* what, double mean_s, std::vector<models::StageShare> stages) {
  std::stable_sort(stages.begin(), stages.end(),
                   [](const models::StageShare& a, const models::StageShare& b) { return a.share > b.share; });
  std::string text = std::string("  A ") + what + " takes " + duration(mean_s) + " on average: ";
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const double share = stages[i].share;
    text += (i ? ", " : "") + std::string(stage_name(stages[i].stage)) + " " + duration(stages[i].mean_s) + " (" +
            (share < 0.005 ? std::string("<1 %") : pct(share)) + ")";
  }
  return text + ".\n";
}

std::string time_section(const models::RunResult& run, const models::RunExplanation& why) {
  std::string text = "\nWhere the time goes (each stage's share of the mean latency)\n";
  if (run.read_latency.count > 0) text += stages_sentence("read", run.read_latency.mean_s, why.read_stages);
  if (run.write_latency.count > 0) text += stages_sentence("write", run.write_latency.mean_s, why.write_stages);
  text += "  (path: guest -> vm-queue -> host-cpu -> redirect -> network -> remote-cpu -> drive -> completion;\n"
          "  for an I/O split into copies, the backend stages are those of the copy that finished last)\n";
  return text;
}

std::string little_section(const models::ScenarioSpec& spec, const models::RunExplanation& why) {
  const models::LittleCheck& l = why.little;
  std::string text = "\nLittle's law\n";
  const double off = l.configured > 0 ? (l.in_flight - l.configured) / l.configured : 0;
  if (l.oltp) {
    text += "  Users = TPS x (think time + transaction latency): " + count(l.rate) + " TPS x " + duration(l.time_s) +
            " = " + count(l.in_flight) + ", against the " + count(l.configured) + " users the VMs run (" +
            printf_string("%+.1f %%", off * 100) + "). Every user is thinking or in a transaction.\n";
    return text;
  }
  text += "  I/Os in flight = IOPS x mean latency: " + count(l.rate) + " x " + duration(l.time_s) + " = " +
          count(l.in_flight) + ".\n";
  text += "  The VMs keep " + std::to_string(vm_total(spec)) + " x " +
          std::to_string(spec.vms.workload.outstanding_per_vm()) + " = " + count(l.configured) + " in flight";
  if (l.must_close) {
    text += printf_string(" (%+.1f %%): a closed loop, so the mean latency is that number over the IOPS", off * 100);
    text += " (" + count(l.configured) + " / " + count(l.rate) + " = " +
            duration(l.rate > 0 ? l.configured / l.rate : 0) + ").\n";
  } else {
    text += " at most; on average " + pct(l.configured > 0 ? l.in_flight / l.configured : 0) +
            " of them are (a thread paced by -g, or a VM stopped by a failure, has nothing in flight while it "
            "waits).\n";
  }
  return text;
}

std::string capacity_section(const models::ScenarioSpec& spec, const models::RunExplanation& why) {
  const models::CapacityFigures& c = why.capacity;
  std::string text = "\nCapacity and durability\n";
  text += "  Usable: " + terabytes(c.raw_bytes) + " raw on the capacity drives";
  if (c.reserve_bytes > 0) {
    text += ", less the rebuild reserve (" + std::to_string(spec.cluster.stack.failure.reserve_drives_per_node) +
            " drive per node, " + terabytes(c.reserve_bytes) + ")";
  }
  text += ", over " + std::to_string(c.copies) + (c.copies == 1 ? " copy" : " copies") + " = " +
          terabytes(c.usable_bytes) + ".\n";
  const models::MttdlFigure& m = why.mttdl;
  if (!m.available) {
    text += "  Mean time to data loss cannot be computed: " + printable(m.why_not) + ".\n";
    return text;
  }
  text += "  Mean time to data loss " + years(m) + " (Markov model of a volume's copies), with a drive rebuild of " +
          duration(m.drive_rebuild_s) + (m.rebuild_estimated ? " (estimated)" : " (simulated)") +
          ", a node resync of " + duration(m.node_resync_s) + (m.resync_estimated ? " (estimated)" : " (simulated)") +
          " and a failed node down for " + duration(m.node_downtime_s) +
          (m.downtime_assumed ? " (assumed: the timeline has no node that returns)" : "") +
          (m.from_study ? "; repair times from the repair-speed runs below at the scenario's speed" : "") + ".\n";
  if (!m.unbounded_because.empty()) text += "  Unbounded: " + printable(m.unbounded_because) + ".\n";
  if (!m.repair_simulated) {
    text += "  ESTIMATE: the run repaired nothing, so repairs run at the fastest rate the hardware allows, " +
            printf_string("%.2f GB/s", m.repair_bytes_per_s / 1e9) + " (bound by the " + m.rate_bound +
            "; foreground I/O and CPU left out): a rebuild is one drive's share of the stored copies at that rate,\n"
            "  a resync every copy a node holds. Real repairs are slower, so the true MTTDL is lower.\n";
  }
  return text;
}

std::string what_if_section(const models::WhatIfs& w) {
  std::string text = "\nWhat if (each a simulation of the changed scenario, same seed, " +
                     format_duration(std::llround(w.measured_s * 1e9)) + " measured" +
                     (w.quick ? "; --quick: shorter than the run above, the first row ran again at it" : "") + ")\n";
  text += printf_string("  %-28s %12s %8s %11s %11s %9s %10s  %s\n", "variant", "IOPS", "change", "p99 read",
                        "p99 write", "usable", "MTTDL", "limit now");
  auto row = [&](const std::string& name, const models::Outcome& o, const std::string& change) {
    return printf_string("  %-28s %12s %8s %11s %11s %9s %10s  %s\n", name.c_str(), count(o.iops).c_str(),
                         change.c_str(), o.read_iops > 0 ? duration(o.read_p99_s).c_str() : "-",
                         o.write_iops > 0 ? duration(o.write_p99_s).c_str() : "-", terabytes(o.usable_bytes).c_str(),
                         mttdl_cell(o.mttdl).c_str(), limit_cell(o.limit).c_str());
  };
  text += row("as is", w.baseline, "");
  for (const models::Counterfactual& c : w.rows) {
    if (!c.ran) {
      text += printf_string("  %-28s %12s\n", c.name.c_str(), "not run (see below)");
      continue;
    }
    text += row(c.name, c.outcome, printf_string("%s%+.1f%%", c.within_noise ? "~" : "", c.iops_change * 100));
  }
  bool noise = false;
  for (const auto& c : w.rows) noise = noise || (c.ran && c.within_noise);
  if (noise) text += "  ~ within the two runs' 95 % intervals: a longer run is needed to tell it from noise\n";
  bool star = estimated(w.baseline.mttdl) && w.baseline.mttdl.available;
  for (const auto& c : w.rows) star = star || (c.ran && c.outcome.mttdl.available && estimated(c.outcome.mttdl));
  if (star)
    text += "  * MTTDL with estimated repair times (see Capacity and durability; variants repair at the hardware's "
            "bound)\n";
  for (const models::Counterfactual& c : w.rows) {
    text += "  " + c.name + ": " + (c.ran ? printable(c.change) : "not run: " + printable(c.why_not)) + "\n";
    for (const models::Finding& warning : c.outcome.warnings) {
      text += "    warning: " + printable(finding_text(warning)) + "\n";
    }
  }
  return text;
}

std::string repair_section(const models::WhatIfs& w) {
  if (!w.repair) return "\nRepair speeds: not simulated (" + printable(w.repair_skipped) + ").\n";
  const models::DurabilityStudy& s = *w.repair;
  if (!s.not_computable.empty())
    return "\nRepair speeds: durability cannot be computed: " + printable(s.not_computable) + ".\n";
  std::string text = "\nRepair speeds (outstanding repair I/Os per volume; each a full run of the timeline)\n";
  if (s.synthetic) {
    text =
        "\nRepair speeds (outstanding repair I/Os per volume)\n  " + printable(synthetic_failure_statement(s)) + ".\n";
  }
  text += printf_string("  %5s %12s %14s %15s %13s %13s %10s\n", "speed", "node resync", "drive rebuild",
                        "IOPS repairing", "p99 rd rep.", "p99 wr rep.", "MTTDL");
  for (std::size_t i = 0; i < s.repairs.size(); ++i) {
    const models::RepairObservation& r = s.repairs[i];
    const models::RepairDurability& d = s.by_repair_speed[i];
    text += printf_string(
        "  %5d %11s%-1s %13s%-1s %15s %13s %13s %10s\n", r.repair_speed, duration(r.node_resync_s).c_str(),
        repair_mark(r.resync_source), duration(r.drive_rebuild_s).c_str(), repair_mark(r.rebuild_source),
        count(r.repairing_iops).c_str(), r.repairing_read_p99_s > 0 ? duration(r.repairing_read_p99_s).c_str() : "-",
        r.repairing_write_p99_s > 0 ? duration(r.repairing_write_p99_s).c_str() : "-",
        mttdl_years(d.mttdl_s, d.not_computable, d.unbounded_because).c_str());
  }
  text += "  p99 while repairing, against the healthy phase: read " + duration(s.repairs.front().healthy_read_p99_s) +
          ", write " + duration(s.repairs.front().healthy_write_p99_s) + " (speed " +
          std::to_string(s.repairs.front().repair_speed) + ")\n";
  text += repair_mark_notes(s);
  const models::RepairDurability& d = s.by_repair_speed.front();
  if (const std::string note = mttdl_note(d.not_computable, d.unbounded_because); !note.empty()) {
    text += "  " + printable(note) + ".\n";
  }
  return text;
}

nlohmann::json mttdl_json(const models::MttdlFigure& m) {
  if (!m.available) return {{"available", false}, {"mttdl_s", nullptr}, {"why_not", m.why_not}};
  return {{"available", true},
          {"mttdl_s", std::isinf(m.mttdl_s) ? nlohmann::json(nullptr) : nlohmann::json(m.mttdl_s)},
          {"unbounded_because",
           m.unbounded_because.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.unbounded_because)},
          {"from_repair_study", m.from_study},
          {"repair_simulated", m.repair_simulated},
          {"repair_bw_bytes", m.repair_bytes_per_s},
          {"repair_rate_bound", m.repair_simulated ? nlohmann::json(nullptr) : nlohmann::json(m.rate_bound)},
          {"drive_rebuild_s", m.drive_rebuild_s},
          {"drive_rebuild_estimated", m.rebuild_estimated},
          {"node_resync_s", m.node_resync_s},
          {"node_resync_estimated", m.resync_estimated},
          {"node_downtime_s", m.node_downtime_s},
          {"node_downtime_assumed", m.downtime_assumed}};
}

nlohmann::json outcome_json(const models::Outcome& o) {
  return {{"iops", o.iops},
          {"iops_ci95_half_width", o.iops_ci_half_width},
          {"read_iops", o.read_iops},
          {"write_iops", o.write_iops},
          {"read_p99_ns", o.read_p99_s * 1e9},
          {"write_p99_ns", o.write_p99_s * 1e9},
          {"usable_bytes", o.usable_bytes},
          {"mttdl", mttdl_json(o.mttdl)},
          {"limit", {{"resource", o.limit.resource}, {"utilisation", o.limit.utilisation}, {"reason", o.limit.reason}}},
          {"warnings", finding_texts(o.warnings)}};
}

nlohmann::json stages_json(const std::vector<models::StageShare>& stages) {
  nlohmann::json j = nlohmann::json::array();
  for (const models::StageShare& s : stages) {
    j.push_back({{"stage", models::io_stage_name(s.stage)}, {"mean_ns", s.mean_s * 1e9}, {"share", s.share}});
  }
  return j;
}

}  // namespace

std::string format_explain_report(const models::ScenarioSpec& spec, const models::RunResult& run,
                                  const models::RunExplanation& why, const models::WhatIfs& what_ifs) {
  std::ostringstream out;
  out << setup_section(spec, run) << result_section(run) << limits_section(why) << cpu_section(spec, run, why)
      << time_section(run, why) << little_section(spec, why) << capacity_section(spec, why) << what_if_section(what_ifs)
      << repair_section(what_ifs);
  if (!run.warnings.empty()) {
    out << "\nWarnings about the run\n";
    for (const models::Finding& warning : run.warnings) out << "  " << printable(finding_text(warning)) << "\n";
  }
  return out.str();
}

nlohmann::json explain_json(const models::ScenarioSpec& spec, const models::RunResult& run,
                            const models::RunExplanation& why, const models::WhatIfs& w) {
  nlohmann::json j;
  j["hcisim_version"] = HCISIM_VERSION;
  j["scenario"] = {{"id", spec.id},
                   {"file", spec.file},
                   {"title", run.title},
                   {"seed", run.seed},
                   {"warmup_s", run.warmup_seconds},
                   {"measured_s", run.measured_seconds}};
  j["run"] = outcome_json(models::outcome_of(spec, run));
  j["run"]["mttdl"] = mttdl_json(why.mttdl);  // the repair-speed study's, when adopted
  j["bottleneck"] = {{"resource", why.bottleneck.resource},
                     {"utilisation", why.bottleneck.utilisation},
                     {"reason", why.bottleneck.reason}};
  nlohmann::json chain = nlohmann::json::array();
  for (const models::Limit& l : why.chain) {
    chain.push_back(
        {{"resource", l.resource}, {"utilisation", l.utilisation}, {"reason", l.reason}, {"can_limit", l.can_limit}});
  }
  j["chain"] = chain;
  nlohmann::json nodes = nlohmann::json::array();
  for (const models::NodeResult& n : run.nodes) {
    nlohmann::json layers;
    for (int l = 0; l < models::kCpuLayerCount; ++l) {
      layers[models::cpu_layer_name(static_cast<models::CpuLayer>(l))] = n.cpu_by_layer[static_cast<std::size_t>(l)];
    }
    nodes.push_back({{"node", n.node + 1},
                     {"compute_host", n.compute_host},
                     {"up", n.up},
                     {"cpu_utilisation", n.cpu_utilisation},
                     {"cpu_by_layer", layers}});
  }
  j["cpu"] = {{"nodes", nodes}};
  nlohmann::json per_io;
  for (int l = 0; l < models::kCpuLayerCount; ++l) {
    per_io[models::cpu_layer_name(static_cast<models::CpuLayer>(l))] = why.cycles_per_io[static_cast<std::size_t>(l)];
  }
  j["cpu"]["cycles_per_io"] = per_io;
  j["stages"] = {{"read", stages_json(why.read_stages)}, {"write", stages_json(why.write_stages)}};
  const models::LittleCheck& l = why.little;
  j["little"] = {{"unit", l.oltp ? "users" : "ios"},
                 {"rate", l.rate},
                 {"time_s", l.time_s},
                 {"in_flight", l.in_flight},
                 {"configured", l.configured},
                 {"must_close", l.must_close}};
  j["capacity"] = {{"raw_bytes", why.capacity.raw_bytes},
                   {"reserve_bytes", why.capacity.reserve_bytes},
                   {"copies", why.capacity.copies},
                   {"usable_bytes", why.capacity.usable_bytes}};
  j["mttdl"] = mttdl_json(why.mttdl);
  nlohmann::json rows = nlohmann::json::array();
  for (const models::Counterfactual& c : w.rows) {
    nlohmann::json row = {{"name", c.name}, {"change", c.change}, {"ran", c.ran}};
    if (c.ran) {
      row["outcome"] = outcome_json(c.outcome);
      row["iops_change"] = c.iops_change;
      row["within_noise"] = c.within_noise;
    } else {
      row["why_not"] = c.why_not;
    }
    rows.push_back(row);
  }
  j["what_if"] = {
      {"measured_s", w.measured_s}, {"quick", w.quick}, {"baseline", outcome_json(w.baseline)}, {"variants", rows}};
  if (w.repair && !w.repair->not_computable.empty()) {
    j["repair_speeds"] = nullptr;
    j["repair_speeds_skipped"] = "cannot be computed: " + w.repair->not_computable;
  } else if (w.repair) {
    j["synthetic_failure"] = synthetic_failure_json(*w.repair);
    nlohmann::json speeds = nlohmann::json::array();
    for (std::size_t i = 0; i < w.repair->repairs.size(); ++i) {
      const models::RepairObservation& r = w.repair->repairs[i];
      const models::RepairDurability& d = w.repair->by_repair_speed[i];
      speeds.push_back(repair_speed_json(r, d));
    }
    j["repair_speeds"] = speeds;
  } else {
    j["repair_speeds"] = nullptr;
    j["repair_speeds_skipped"] = w.repair_skipped;
  }
  j["warnings"] = finding_texts(run.warnings);
  return j;
}

}  // namespace hcisim::frontend
