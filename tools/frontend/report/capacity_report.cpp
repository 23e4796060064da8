#include "tools/frontend/report/capacity_report.hpp"

#include <fmt/format.h>

#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/report/finding_text.hpp"

namespace hcisim::frontend {

namespace {

std::string tb(double bytes) { return format_fixed(bytes / 1e12, 1) + " TB"; }
std::string gib(std::uint64_t bytes) { return format_fixed(static_cast<double>(bytes) / (1u << 30), 0) + " GiB"; }

}  // namespace

std::string format_capacity(const models::CapacityReport& c, int storage_nodes) {
  std::string out = "Capacity\n";
  out += fmt::format("  pool      raw {}, repair reserve {}, usable {} after {} cop{} ({}% efficient)\n",
                     tb(c.raw_bytes), tb(c.reserve_bytes), tb(c.usable_bytes), c.copies, c.copies == 1 ? "y" : "ies",
                     format_fixed(c.efficiency * 100, 1));
  out += fmt::format("  failures  {} at once tolerated{}\n", c.failures_tolerated,
                     c.nodes_down > 0
                         ? fmt::format(" ({} node{} already down)", c.nodes_down, c.nodes_down == 1 ? "" : "s")
                         : std::string());
  out += fmt::format("  VM disks  {} VMs: {} ({} with copies) of {} raw: {}\n", format_count(c.vm_count),
                     tb(c.vm_disk_bytes), tb(c.vm_footprint_bytes), tb(c.raw_bytes),
                     !c.disks_fit     ? "do not fit"
                     : c.reserve_kept ? "fit, reserve kept"
                                      : "fit, reserve NOT kept");
  out += "  hosts     VMs  vCPUs / LPs  over-commit  VM memory / host memory\n";
  for (const models::HostCapacity& h : c.hosts) {
    if (h.vms == 0 && !h.up) {
      out += fmt::format("  node {:<4} down\n", h.host + 1);
      continue;
    }
    const int number = h.compute_host ? h.host - storage_nodes + 1 : h.host + 1;
    out += fmt::format("  {} {:<4} {:>4} {:>6} / {:<5} {:>10}  {} / {}\n", h.compute_host ? "host" : "node", number,
                       h.vms, h.vcpus, h.logical_processors, format_fixed(h.vcpu_ratio, 2) + ":1",
                       gib(h.vm_memory_bytes), gib(h.memory_bytes));
  }
  return out;
}

nlohmann::json capacity_json(const models::CapacityReport& c, int storage_nodes) {
  nlohmann::json hosts = nlohmann::json::array();
  for (const models::HostCapacity& h : c.hosts) {
    hosts.push_back({{h.compute_host ? "host" : "node", h.compute_host ? h.host - storage_nodes + 1 : h.host + 1},
                     {"up", h.up},
                     {"vms", h.vms},
                     {"vcpus", h.vcpus},
                     {"logical_processors", h.logical_processors},
                     {"vcpu_ratio", h.vcpu_ratio},
                     {"vm_memory_bytes", h.vm_memory_bytes},
                     {"memory_bytes", h.memory_bytes}});
  }
  return {{"raw_bytes", c.raw_bytes},
          {"reserve_bytes", c.reserve_bytes},
          {"usable_bytes", c.usable_bytes},
          {"copies", c.copies},
          {"efficiency", c.efficiency},
          {"failures_tolerated", c.failures_tolerated},
          {"vm_disk_bytes", c.vm_disk_bytes},
          {"vm_footprint_bytes", c.vm_footprint_bytes},
          {"disks_fit", c.disks_fit},
          {"reserve_kept", c.reserve_kept},
          {"hosts", hosts},
          {"warnings", finding_texts(c.warnings)}};
}

}  // namespace hcisim::frontend
