#include "tools/frontend/report/report_cloud.hpp"
#include "tools/frontend/base/printf_string.hpp"

#include <cstdio>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {

namespace {

std::string pct(double fraction) { return printf_string("%.0f%%", fraction * 100); }

std::string vm_label(const models::CloudVmResult& vm, const models::ScenarioSpec& spec) {
  return vm.client ? printf_string("client %-3d", vm.host - spec.cluster.node_count + 1)
                   : printf_string("storage %-2d", vm.host + 1);
}

nlohmann::json cap_json(const models::CapUse& cap) {
  return {{"utilisation", cap.utilisation}, {"throttled", cap.throttled}};
}

}  // namespace

std::string cloud_heading_text(const models::ScenarioSpec& spec, const models::RunResult& r) {
  const models::CloudClusterSpec& c = spec.cluster.cloud;
  std::string text = "  run       time limit " + format_duration(spec.run.duration_ns) + ", ended after " +
                     printf_string("%.3f s", r.measured_seconds) + " of simulated time (seed " +
                     std::to_string(r.seed) + ")";
  if (c.time_scale != 1) {
    text += printf_string("; coarse time scale 1:%g (burst windows and files %g x smaller; phase times below are "
                          "real time)",
                          c.time_scale, c.time_scale);
  }
  text += "\n  cluster   " + std::to_string(c.storage_vms) + " x " + printable(c.storage_vm.id) + " storage VMs with " +
          std::to_string(c.disks_per_vm) + " x " + printable(c.disk.id) + " each, " + std::to_string(c.clients) +
          " x " + printable(c.client_vm.id) + " client VMs; stack " + spec.cluster.stack.id + ", " +
          std::to_string(spec.cluster.stack.infoscale.volumes) + " volumes " + std::to_string(c.storage_vms) +
          "-way striped, stripe unit " + format_size(spec.cluster.stack.infoscale.stripe_unit_bytes) + "\n";
  if (spec.vms.sas) {
    const models::SasIotestSpec& s = *spec.vms.sas;
    text += "  workload  SAS rhel_iotest: " + std::to_string(r.sas.cores) + " streams (one per physical core), " +
            format_size(s.file_bytes) + " file each, " + format_size(s.block_bytes) + " per call\n";
  }
  return text + "\n";
}

std::string sas_text(const models::RunResult& r) {
  const models::SasResult& s = r.sas;
  if (!s.present) return "";
  std::string text = printf_string("SAS iotest   MB/s per core   write %8.2f   read %8.2f   (%d cores%s)\n",
                                   s.write_bytes_per_s_per_core / 1e6, s.read_bytes_per_s_per_core / 1e6, s.cores,
                                   s.complete ? "" : ", INCOMPLETE: the time limit ended it");
  text +=
      printf_string("  all clients   %8.1f MB/s written in %.1f s, %8.1f MB/s read in %.1f s (flush between: %.1f s)\n",
                    s.write_bytes_per_s / 1e6, s.write_phase_s, s.read_bytes_per_s / 1e6, s.read_phase_s, s.flush_s);
  for (const models::SasClientResult& c : s.clients) {
    text += printf_string("  client %-3d    write %8.2f   read %8.2f MB/s per core (%d cores)\n", c.client + 1,
                          c.write_bytes_per_s_per_core / 1e6, c.read_bytes_per_s_per_core / 1e6, c.cores);
  }
  return text + "  (MB = 10^6 bytes; a phase runs from its first call to the last stream's last call)\n\n";
}

std::string cloud_caps_text(const models::ScenarioSpec& spec, const models::RunResult& r) {
  if (!r.cloud.present) return "";
  const models::ManagedDiskSpec& d = spec.cluster.cloud.disk;
  std::string text =
      "Cloud caps (use of the base figure / share of time I/O waited there)\n"
      "  VM            uncached IOPS    uncached MB/s    egress           disk cap waited at most      burst left\n";
  for (const models::CloudVmResult& vm : r.cloud.vms) {
    const std::string iops = pct(vm.disk_iops.utilisation) + " / " + pct(vm.disk_iops.throttled);
    const std::string bytes = pct(vm.disk_bytes.utilisation) + " / " + pct(vm.disk_bytes.throttled);
    const std::string egress = pct(vm.egress.utilisation) + " / " + pct(vm.egress.throttled);
    std::string disk = "-";
    if (vm.throttled_disk >= 0) {
      // "disk 4 MB/s cap": the disk's number on the VM, then which of its caps (not "4 IOPS").
      disk = printf_string("disk %d %s cap ", vm.throttled_disk + 1, vm.throttled_disk_iops ? "IOPS" : "MB/s") +
             pct(vm.throttled_disk_cap.utilisation) + " / " + pct(vm.throttled_disk_cap.throttled);
    }
    const std::string burst = vm.bursts ? printf_string("%.1f min", vm.burst_seconds_left / 60) : std::string("-");
    if (vm.disks == 0) {
      text += printf_string("  %s    %-16s %-16s %-16s %-28s %s\n", vm_label(vm, spec).c_str(), "(no data disks)", "",
                            egress.c_str(), "-", "-");
      continue;
    }
    text += printf_string("  %s    %-16s %-16s %-16s %-28s %s\n", vm_label(vm, spec).c_str(), iops.c_str(),
                          bytes.c_str(), egress.c_str(), disk.c_str(), burst.c_str());
  }
  text += "  disk cap waited at most: of the VM's data disks (each " + printable(d.id) + ", capped at " +
          format_count(d.iops) + " IOPS and " + format_byte_rate(d.bytes_per_s) +
          "),\n  the cap where I/O waited longest: the disk's number on the VM, which cap, use / waited\n";
  return text + "  (only egress is metered; a cap delays what exceeds it: latency grows, nothing fails)\n\n";
}

std::string burst_timeline_text(const models::RunResult& r) {
  if (!r.cloud.present || !r.cloud.bursting_matters || r.timeline.empty()) return "";
  std::string text = "Burst credits over time (minutes of full MB/s burst left per storage VM)\n  end (s)  ";
  const std::size_t vms = r.timeline.front().burst_seconds_left.size();
  for (std::size_t v = 0; v < vms; ++v) text += printf_string(" %8s", ("vm " + std::to_string(v + 1)).c_str());
  text += "   MB/s read   MB/s written\n";
  for (const models::TimelinePoint& p : r.timeline) {
    text += printf_string("  %8.1f ", p.end_s);
    for (const double left : p.burst_seconds_left) text += printf_string(" %8.1f", left / 60);
    text += printf_string("   %9.1f   %12.1f\n", p.read_bytes_per_s / 1e6, p.write_bytes_per_s / 1e6);
  }
  return text + "\n";
}

nlohmann::json sas_json(const models::RunResult& r) {
  const models::SasResult& s = r.sas;
  nlohmann::json clients = nlohmann::json::array();
  for (const models::SasClientResult& c : s.clients) {
    clients.push_back({{"client", c.client + 1},
                       {"cores", c.cores},
                       {"write_bw_bytes_per_core", c.write_bytes_per_s_per_core},
                       {"read_bw_bytes_per_core", c.read_bytes_per_s_per_core}});
  }
  return {{"cores", s.cores},
          {"complete", s.complete},
          {"write_bw_bytes_per_core", s.write_bytes_per_s_per_core},
          {"read_bw_bytes_per_core", s.read_bytes_per_s_per_core},
          {"write_bw_bytes", s.write_bytes_per_s},
          {"read_bw_bytes", s.read_bytes_per_s},
          {"write_phase_s", s.write_phase_s},
          {"read_phase_s", s.read_phase_s},
          {"flush_s", s.flush_s},
          {"clients", clients}};
}

nlohmann::json cloud_json(const models::ScenarioSpec& spec, const models::RunResult& r) {
  nlohmann::json vms = nlohmann::json::array();
  for (const models::CloudVmResult& vm : r.cloud.vms) {
    nlohmann::json j = {
        {vm.client ? "client" : "storage_vm", vm.client ? vm.host - spec.cluster.node_count + 1 : vm.host + 1},
        {"size", vm.size},
        {"uncached_iops", cap_json(vm.disk_iops)},
        {"uncached_bw", cap_json(vm.disk_bytes)},
        {"egress", cap_json(vm.egress)},
        {"disks", vm.disks}};
    if (vm.bursts) j["burst_seconds_left"] = vm.burst_seconds_left;
    if (vm.throttled_disk >= 0) {
      j["most_throttled_disk"] = {{"disk", vm.throttled_disk + 1},
                                  {"cap", vm.throttled_disk_iops ? "iops" : "bw"},
                                  {"use", cap_json(vm.throttled_disk_cap)}};
    }
    vms.push_back(j);
  }
  return {{"time_scale", r.cloud.time_scale}, {"bursting_matters", r.cloud.bursting_matters}, {"vms", vms}};
}

std::string cloud_csv_header(const models::RunResult& r) {
  if (!r.cloud.present || r.timeline.empty()) return "";
  std::string header;
  for (std::size_t v = 0; v < r.timeline.front().burst_seconds_left.size(); ++v) {
    header += ",vm" + std::to_string(v + 1) + "_burst_s_left";
  }
  return header;
}

std::string cloud_csv_cells(const models::TimelinePoint& p) {
  std::string cells;
  for (const double left : p.burst_seconds_left) cells += printf_string(",%.1f", left);
  return cells;
}

}  // namespace hcisim::frontend
