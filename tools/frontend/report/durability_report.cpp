#include "tools/frontend/report/durability_report.hpp"
#include "tools/frontend/base/printf_string.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "models/storage/product_registry.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/report/repair_text.hpp"

namespace hcisim::frontend {

namespace {

constexpr double kYear = models::kSecondsPerYear;

std::string nines(double unavailability) {
  if (unavailability <= 0) return "100 %";
  return printf_string("%.1f nines", -std::log10(unavailability));
}

std::string seconds(double s, models::RepairSource source) {
  return printf_string("%s%8.1f s%-1s", source == models::RepairSource::LowerBound ? ">" : " ", s, repair_mark(source));
}

// A figure, or null when the model could not compute it.
nlohmann::json figure(double value, bool computed) {
  return computed ? nlohmann::json(value) : nlohmann::json(nullptr);
}

nlohmann::json mttdl_json_value(double mttdl_s, const std::string& not_computable) {
  return not_computable.empty() && std::isfinite(mttdl_s) ? nlohmann::json(mttdl_s) : nlohmann::json(nullptr);
}

}  // namespace

std::string format_durability_report(const models::ScenarioSpec& spec, const models::DurabilityStudy& study) {
  std::ostringstream out;
  out << "hcisim durability  " << printable(spec.title) << "\n\n";
  if (!study.not_computable.empty()) {
    out << "  Durability cannot be computed: " << printable(study.not_computable) << ".\n";
    return out.str();
  }
  const models::DurabilityInputs& in = study.base;
  // A witness breaks a tie between node halves: said only where node failures are modelled.
  const bool nodes_fail = models::product(spec.cluster.stack.product).accepts.node_failures;
  out << "  " << in.nodes << " nodes x " << in.capacity_drives_per_node << " capacity drives, " << in.layout.name
      << (!nodes_fail  ? ""
          : in.witness ? ", with a witness"
                       : ", no witness")
      << "\n";
  const bool assumed = !study.repairs.empty() && study.repairs.front().downtime_assumed;
  out << printf_string("  drive AFR %s, node MTBF %s, a failed node down for %.0f s%s; mission %.1f years\n",
                       in.drive_afr > 0 ? printf_string("%.2f %%", in.drive_afr * 100).c_str() : "none",
                       std::isinf(in.node_mtbf_s) ? "none" : printf_string("%.0f h", in.node_mtbf_s / 3600).c_str(),
                       in.node_downtime_s, assumed ? " (assumed: EST, about an hour)" : "", study.mission_s / kYear);
  if (study.synthetic) out << "  " << printable(synthetic_failure_statement(study)) << ".\n";
  out << "  (Markov model of a volume's copies, models/failure/durability.hpp; repair times from the simulated "
         "runs)\n\n";
  out << "  repair    node resync    drive rebuild  repair rate   p99 write healthy/repairing   IOPS repairing"
         "   MTTDL        P(loss in mission)  availability\n";
  for (std::size_t i = 0; i < study.repairs.size(); ++i) {
    const models::RepairObservation& r = study.repairs[i];
    const models::RepairDurability& d = study.by_repair_speed[i];
    const bool computed = d.not_computable.empty();
    out << printf_string("  %4d    %s  %s  %7.2f GB/s   %8.3f / %8.3f ms   %14s   %-12s %-19s %s\n", r.repair_speed,
                         seconds(r.node_resync_s, r.resync_source).c_str(),
                         seconds(r.drive_rebuild_s, r.rebuild_source).c_str(), r.repair_bytes_per_s / 1e9,
                         r.healthy_write_p99_s * 1e3, r.repairing_write_p99_s * 1e3,
                         format_count(std::round(r.repairing_iops)).c_str(),
                         mttdl_years(d.mttdl_s, d.not_computable, d.unbounded_because).c_str(),
                         computed ? printf_string("%.3g", d.loss_probability).c_str() : "-",
                         computed ? nines(d.unavailability).c_str() : "-");
  }
  out << repair_mark_notes(study);
  if (const std::string_view knob = models::product(spec.cluster.stack.product).repair_knob; !knob.empty()) {
    out << "  repair: " << knob << "\n";
  }
  if (!study.by_repair_speed.empty()) {
    const models::RepairDurability& d = study.by_repair_speed.front();
    if (const std::string note = mttdl_note(d.not_computable, d.unbounded_because); !note.empty()) {
      out << "  " << printable(note) << ".\n";
    }
  }
  out << "\n  layouts (repair at the same rate, their own volume of copies):\n";
  out << "  layout                   usable   MTTDL        P(loss in mission)  availability\n";
  for (const models::LayoutDurability& l : study.layouts) {
    if (!l.fits) {
      out << printf_string("  %-24s %5.0f %%  does not fit: %s\n", l.layout.name.c_str(), l.usable_fraction * 100,
                           l.why_not.c_str());
      continue;
    }
    const bool computed = l.not_computable.empty();
    out << printf_string("  %-24s %5.0f %%  %-12s %-19s %s\n", l.layout.name.c_str(), l.usable_fraction * 100,
                         mttdl_years(l.mttdl_s, l.not_computable, l.unbounded_because).c_str(),
                         computed ? printf_string("%.3g", l.loss_probability).c_str() : "-",
                         computed ? nines(l.unavailability).c_str() : "-");
  }
  return out.str();
}

nlohmann::json repair_speed_json(const models::RepairObservation& r, const models::RepairDurability& d) {
  const bool computed = d.not_computable.empty();
  nlohmann::json j = {
      {"repair_speed", r.repair_speed},
      {"node_resync_s", r.node_resync_s},
      {"node_resync_estimated", r.resync_estimated},
      {"node_resync_source", repair_source_name(r.resync_source)},
      {"node_resync_simulated_s",
       std::isnan(r.resync_simulated_s) ? nlohmann::json(nullptr) : nlohmann::json(r.resync_simulated_s)},
      {"node_resync_simulated_source", std::isnan(r.resync_simulated_s)
                                           ? nlohmann::json(nullptr)
                                           : nlohmann::json(repair_source_name(r.resync_simulated_source))},
      {"drive_rebuild_s", r.drive_rebuild_s},
      {"drive_rebuild_estimated", r.rebuild_estimated},
      {"drive_rebuild_source", repair_source_name(r.rebuild_source)},
      {"repair_bw_bytes", r.repair_bytes_per_s},
      {"repaired_bytes", r.repaired_bytes},
      {"healthy_read_p99_ns", r.healthy_read_p99_s * 1e9},
      {"healthy_write_p99_ns", r.healthy_write_p99_s * 1e9},
      {"repairing_read_p99_ns", r.repairing_read_p99_s * 1e9},
      {"repairing_write_p99_ns", r.repairing_write_p99_s * 1e9},
      {"repairing_iops", r.repairing_iops},
      {"mttdl_s", mttdl_json_value(d.mttdl_s, d.not_computable)},
      {"loss_probability", figure(d.loss_probability, computed)},
      {"availability", figure(d.availability, computed)},
      {"unavailability", figure(d.unavailability, computed)}};
  if (!computed) j["mttdl_not_computable"] = d.not_computable;
  if (!d.unbounded_because.empty()) j["mttdl_unbounded_because"] = d.unbounded_because;
  return j;
}

nlohmann::json durability_json(const models::ScenarioSpec& spec, const models::DurabilityStudy& study) {
  nlohmann::json j;
  j["scenario"] = {{"id", spec.id}, {"title", spec.title}, {"file", spec.file}};
  j["not_computable"] = study.not_computable.empty() ? nlohmann::json(nullptr) : nlohmann::json(study.not_computable);
  j["synthetic_failure"] = synthetic_failure_json(study);
  j["mission_s"] = study.mission_s;
  if (!study.not_computable.empty()) {
    j["mttdl_s"] = nullptr;  // nothing can fail in the model, so nothing is repaired
    return j;
  }
  const models::DurabilityInputs& in = study.base;
  j["cluster"] = {
      {"nodes", in.nodes},
      {"capacity_drives_per_node", in.capacity_drives_per_node},
      {"layout", in.layout.name},
      // null where node failures are not modelled (a witness would break no tie)
      {"witness", models::product(spec.cluster.stack.product).accepts.node_failures ? nlohmann::json(in.witness)
                                                                                    : nlohmann::json(nullptr)},
      {"drive_afr", in.drive_afr},
      {"node_mtbf_s", std::isinf(in.node_mtbf_s) ? nlohmann::json(nullptr) : nlohmann::json(in.node_mtbf_s)},
      {"node_downtime_s", in.node_downtime_s},
      {"node_downtime_assumed", !study.repairs.empty() && study.repairs.front().downtime_assumed}};
  nlohmann::json speeds = nlohmann::json::array();
  for (std::size_t i = 0; i < study.repairs.size(); ++i) {
    const models::RepairObservation& r = study.repairs[i];
    const models::RepairDurability& d = study.by_repair_speed[i];
    speeds.push_back(repair_speed_json(r, d));
  }
  j["repair_speeds"] = speeds;
  nlohmann::json layouts = nlohmann::json::array();
  for (const models::LayoutDurability& l : study.layouts) {
    nlohmann::json entry = {{"layout", l.layout.name}, {"fits", l.fits}, {"usable_fraction", l.usable_fraction}};
    if (l.fits) {
      const bool computed = l.not_computable.empty();
      entry["mttdl_s"] = mttdl_json_value(l.mttdl_s, l.not_computable);
      if (!computed) entry["mttdl_not_computable"] = l.not_computable;
      if (!l.unbounded_because.empty()) entry["mttdl_unbounded_because"] = l.unbounded_because;
      entry["loss_probability"] = figure(l.loss_probability, computed);
      entry["availability"] = figure(l.availability, computed);
      entry["unavailability"] = figure(l.unavailability, computed);
    } else {
      entry["why_not"] = l.why_not;
    }
    layouts.push_back(entry);
  }
  j["layouts"] = layouts;
  return j;
}

}  // namespace hcisim::frontend
