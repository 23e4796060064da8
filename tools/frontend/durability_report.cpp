#include "tools/frontend/durability_report.hpp"
#include "tools/frontend/printf_string.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "tools/frontend/message_text.hpp"
#include "tools/frontend/quantity_format.hpp"

namespace hcisim::frontend {

namespace {

constexpr double kYear = models::kSecondsPerYear;

std::string years(double s) {
  if (std::isinf(s)) return "never";
  const double y = s / kYear;
  return y >= 1e6 ? printf_string("%.2e y", y) : printf_string("%.0f y", y);
}

std::string nines(double unavailability) {
  if (unavailability <= 0) return "100 %";
  return printf_string("%.1f nines", -std::log10(unavailability));
}

std::string seconds(double s, bool estimated) {
  return printf_string("%8.1f s%s", s, estimated ? "*" : " ");
}

}  // namespace

std::string format_durability_report(const models::ScenarioSpec& spec, const models::DurabilityStudy& study) {
  std::ostringstream out;
  const models::DurabilityInputs& in = study.base;
  out << "hcisim durability  " << printable(spec.title) << "\n\n";
  out << "  " << in.nodes << " nodes x " << in.capacity_drives_per_node << " capacity drives, " << in.layout.name
      << (in.witness ? ", with a witness" : ", no witness") << "\n";
  out << printf_string("  drive AFR %.2f %%, node MTBF %s, a failed node down for %.0f s; mission %.1f years\n",
                       in.drive_afr * 100,
                       std::isinf(in.node_mtbf_s) ? "none" : printf_string("%.0f h", in.node_mtbf_s / 3600).c_str(),
                       in.node_downtime_s, study.mission_s / kYear);
  out << "  (Markov model of a volume's copies, models/failure/durability.hpp; repair times from the simulated runs)\n\n";
  out << "  repair   node resync  drive rebuild  repair rate   p99 write healthy/repairing   IOPS repairing"
         "   MTTDL        P(loss in mission)  availability\n";
  for (std::size_t i = 0; i < study.repairs.size(); ++i) {
    const models::RepairObservation& r = study.repairs[i];
    const models::RepairDurability& d = study.by_repair_speed[i];
    out << printf_string("  %4d    %s  %s  %7.2f GB/s   %8.3f / %8.3f ms   %14s   %-12s %-19.3g %s\n", r.repair_speed,
                         seconds(r.node_resync_s, r.resync_estimated).c_str(),
                         seconds(r.drive_rebuild_s, r.rebuild_estimated).c_str(), r.repair_bytes_per_s / 1e9,
                         r.healthy_write_p99_s * 1e3, r.repairing_write_p99_s * 1e3,
                         format_count(std::round(r.repairing_iops)).c_str(), years(d.mttdl_s).c_str(),
                         d.loss_probability, nines(d.unavailability).c_str());
  }
  bool estimated = false;
  for (const auto& r : study.repairs) estimated = estimated || r.resync_estimated || r.rebuild_estimated;
  if (estimated) {
    out << "  * not in the run: estimated from the repair rate it reached (the node's or drive's share of the "
           "stored copies at that rate)\n";
  }
  out << "\n  layouts (repair at the same rate, their own volume of copies):\n";
  out << "  layout                   usable   MTTDL        P(loss in mission)  availability\n";
  for (const models::LayoutDurability& l : study.layouts) {
    if (!l.fits) {
      out << printf_string("  %-24s %5.0f %%  does not fit: %s\n", l.layout.name.c_str(), l.usable_fraction * 100,
                           l.why_not.c_str());
      continue;
    }
    out << printf_string("  %-24s %5.0f %%  %-12s %-19.3g %s\n", l.layout.name.c_str(), l.usable_fraction * 100,
                         years(l.mttdl_s).c_str(), l.loss_probability, nines(l.unavailability).c_str());
  }
  return out.str();
}

nlohmann::json repair_speed_json(const models::RepairObservation& r, const models::RepairDurability& d) {
  return {{"repair_speed", r.repair_speed},
          {"node_resync_s", r.node_resync_s},
          {"node_resync_estimated", r.resync_estimated},
          {"drive_rebuild_s", r.drive_rebuild_s},
          {"drive_rebuild_estimated", r.rebuild_estimated},
          {"repair_bw_bytes", r.repair_bytes_per_s},
          {"repaired_bytes", r.repaired_bytes},
          {"healthy_read_p99_ns", r.healthy_read_p99_s * 1e9},
          {"healthy_write_p99_ns", r.healthy_write_p99_s * 1e9},
          {"repairing_read_p99_ns", r.repairing_read_p99_s * 1e9},
          {"repairing_write_p99_ns", r.repairing_write_p99_s * 1e9},
          {"repairing_iops", r.repairing_iops},
          {"mttdl_s", std::isinf(d.mttdl_s) ? nlohmann::json(nullptr) : nlohmann::json(d.mttdl_s)},
          {"loss_probability", d.loss_probability},
          {"availability", d.availability},
          {"unavailability", d.unavailability}};
}

nlohmann::json durability_json(const models::ScenarioSpec& spec, const models::DurabilityStudy& study) {
  nlohmann::json j;
  j["scenario"] = {{"id", spec.id}, {"title", spec.title}, {"file", spec.file}};
  const models::DurabilityInputs& in = study.base;
  j["cluster"] = {{"nodes", in.nodes},
                  {"capacity_drives_per_node", in.capacity_drives_per_node},
                  {"layout", in.layout.name},
                  {"witness", in.witness},
                  {"drive_afr", in.drive_afr},
                  {"node_mtbf_s", std::isinf(in.node_mtbf_s) ? nlohmann::json(nullptr) : nlohmann::json(in.node_mtbf_s)},
                  {"node_downtime_s", in.node_downtime_s}};
  j["mission_s"] = study.mission_s;
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
      entry["mttdl_s"] = std::isinf(l.mttdl_s) ? nlohmann::json(nullptr) : nlohmann::json(l.mttdl_s);
      entry["loss_probability"] = l.loss_probability;
      entry["availability"] = l.availability;
      entry["unavailability"] = l.unavailability;
    } else {
      entry["why_not"] = l.why_not;
    }
    layouts.push_back(entry);
  }
  j["layouts"] = layouts;
  return j;
}

}  // namespace hcisim::frontend
