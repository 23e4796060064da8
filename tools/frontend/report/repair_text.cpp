#include "tools/frontend/report/repair_text.hpp"

#include <cmath>

#include "tools/frontend/base/printf_string.hpp"

namespace hcisim::frontend {

namespace {

std::string secs(sim::SimTime ns) { return printf_string("%.3g s", sim::to_seconds(ns)); }

std::string drive_text(const models::SyntheticEpisode& e) {
  return "failed drive " + std::to_string(e.drive + 1) + " of node " + std::to_string(e.node + 1) + " at " +
         secs(e.fail_at) +
         (e.repair_from == e.fail_at ? " with errors (its rebuild starts at once)"
                                     : " (its rebuild starts once detected, at " + secs(e.repair_from) + ")");
}

std::string node_text(const models::SyntheticEpisode& e) {
  return "drained node " + std::to_string(e.node + 1) + " at " + secs(e.fail_at) + " and returned it at " +
         secs(e.return_at) + " (its resync)";
}

nlohmann::json episode_json(const models::SyntheticEpisode& e) {
  if (!e.possible) return {{"possible", false}, {"why_not", e.why_not}};
  nlohmann::json j = {{"possible", true},
                      {"node", e.node + 1},
                      {"fail_at_s", sim::to_seconds(e.fail_at)},
                      {"repair_from_s", sim::to_seconds(e.repair_from)},
                      {"run_end_s", sim::to_seconds(e.run_end)},
                      {"expected_bytes", e.expected_bytes},
                      {"repair_window_at_cap", e.capped}};
  if (e.part == models::FailurePart::Drive) j["drive"] = e.drive + 1;
  if (e.part == models::FailurePart::Node) j["return_at_s"] = sim::to_seconds(e.return_at);
  return j;
}

}  // namespace

std::string synthetic_failure_statement(const models::DurabilityStudy& study) {
  if (!study.synthetic) return "";
  const models::SyntheticFailure& f = study.failure;
  std::string text = study.synthetic_reason + ": hcisim ";
  if (f.rebuild.possible) text += drive_text(f.rebuild);
  if (f.rebuild.possible && f.resync.possible) text += " and ";
  if (f.resync.possible) text += node_text(f.resync);
  text += f.rebuild.possible && f.resync.possible ? ", each in its own run" : ", in a run of its own";
  text += " at each repair speed; a repair is given at most " + secs(f.plan.repair_cap_ns) + " of simulated time";
  if (!f.rebuild.possible) {
    text += "; no drive failed (" + f.rebuild.why_not + "), so the rebuild is estimated from the resync's rate";
  }
  if (!f.resync.possible) {
    text += "; no node failed (" + f.resync.why_not + "), so the resync is estimated from the rebuild's rate";
  }
  return text;
}

nlohmann::json synthetic_failure_json(const models::DurabilityStudy& study) {
  if (!study.synthetic) return nullptr;
  const models::SyntheticFailure& f = study.failure;
  return {{"reason", study.synthetic_reason},
          {"statement", synthetic_failure_statement(study)},
          {"repair_cap_s", sim::to_seconds(f.plan.repair_cap_ns)},
          {"healthy_s", sim::to_seconds(f.plan.healthy_ns)},
          {"node_outage_s", sim::to_seconds(f.plan.outage_ns)},
          {"drive_rebuild", episode_json(f.rebuild)},
          {"node_resync", episode_json(f.resync)}};
}

const char* repair_mark(models::RepairSource source) {
  switch (source) {
    case models::RepairSource::Simulated: return "";
    case models::RepairSource::Extrapolated: return "~";
    case models::RepairSource::LowerBound: return ">";
    case models::RepairSource::FromOtherRepair: return "*";
    case models::RepairSource::WholeNodeShare: return "+";
  }
  return "?";
}

const char* repair_source_name(models::RepairSource source) {
  switch (source) {
    case models::RepairSource::Simulated: return "simulated";
    case models::RepairSource::Extrapolated: return "extrapolated";
    case models::RepairSource::LowerBound: return "lower bound";
    case models::RepairSource::FromOtherRepair: return "from the other repair's rate";
    case models::RepairSource::WholeNodeShare: return "the node's whole share";
  }
  return "?";
}

std::string repair_mark_notes(const models::DurabilityStudy& study) {
  bool used[5] = {};
  for (const models::RepairObservation& r : study.repairs) {
    used[static_cast<int>(r.resync_source)] = used[static_cast<int>(r.rebuild_source)] = true;
  }
  std::string text;
  if (used[static_cast<int>(models::RepairSource::Extrapolated)]) {
    text += "  ~ the run ended (the cap) before the repair was done: the time so far plus what was left, at the rate "
            "it reached (an estimate)\n";
  }
  if (used[static_cast<int>(models::RepairSource::LowerBound)]) {
    text += "  > the run ended before the repair copied anything measurable: a lower bound\n";
  }
  if (used[static_cast<int>(models::RepairSource::FromOtherRepair)]) {
    text += "  * not in the run: the part's share of the stored copies at the repair rate the run reached\n";
  }
  bool nothing_to_resync = false;
  for (const models::RepairObservation& r : study.repairs)
    nothing_to_resync = nothing_to_resync || r.node_resync_s == 0;
  if (nothing_to_resync) text += "  a resync of 0 s: nothing was written while the node was away\n";
  if (used[static_cast<int>(models::RepairSource::WholeNodeShare)]) {
    text += "  + the model's node is away an hour, which leaves every copy it holds stale: all of them at the rate "
            "its simulated (shorter) resync reached\n";
  }
  return text;
}

std::string mttdl_years(double mttdl_s, const std::string& not_computable, const std::string& unbounded_because) {
  if (!not_computable.empty()) return "cannot be computed";
  if (!unbounded_because.empty() || std::isinf(mttdl_s)) return "unbounded";
  const double y = mttdl_s / models::kSecondsPerYear;
  return y >= 1e5 ? printf_string("%.2e y", y) : printf_string("%.0f y", y);
}

std::string mttdl_note(const std::string& not_computable, const std::string& unbounded_because) {
  if (!not_computable.empty()) return "MTTDL cannot be computed: " + not_computable;
  if (!unbounded_because.empty()) return "MTTDL unbounded: " + unbounded_because;
  return "";
}

}  // namespace hcisim::frontend
