#include "models/run/cloud_bottleneck.hpp"
#include "models/run/percent_text.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace hcisim::models {

namespace {

std::string figure(double value, const char* unit) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.0f %s", value, unit);
  return buf;
}

struct Candidate {
  std::string resource;  // the bottleneck's name: "disk cap", "VM uncached disk cap", ...
  std::string kind;      // the cap, for the list of others that bound: "disk IOPS cap", ...
  std::string what;
  CapUse use;
};

std::string vm_name(const CloudVmResult& vm, const ScenarioSpec& spec) {
  return vm.client ? "client VM " + std::to_string(vm.host - spec.cluster.node_count + 1) + " (" + vm.size + ")"
                   : "storage VM " + std::to_string(vm.host + 1) + " (" + vm.size + ")";
}

}  // namespace

bool cloud_cap_bottleneck(const RunResult& result, const ScenarioSpec& spec, Bottleneck& out) {
  const CloudClusterSpec& cloud = spec.cluster.cloud;
  std::vector<Candidate> caps;  // the busiest of each kind of cap
  auto consider = [&](std::string resource, std::string kind, std::string what, const CapUse& use) {
    for (Candidate& c : caps) {
      if (c.kind != kind) continue;
      if (use.throttled > c.use.throttled) c = {std::move(resource), std::move(kind), std::move(what), use};
      return;
    }
    caps.push_back({std::move(resource), std::move(kind), std::move(what), use});
  };
  for (const CloudVmResult& vm : result.cloud.vms) {
    const CloudVmSpec& size = vm.client ? cloud.client_vm : cloud.storage_vm;
    const std::string name = vm_name(vm, spec);
    const std::string owner = vm.client ? "client " : "";
    if (vm.throttled_disk >= 0) {
      const bool iops = vm.throttled_disk_iops;
      consider(vm.client ? "client disk cap" : "disk cap", owner + (iops ? "disk IOPS cap" : "disk MB/s cap"),
               name + " disk " + std::to_string(vm.throttled_disk + 1) + " (" + cloud.disk.id +
                   "): " + (iops ? "IOPS" : "MB/s") + " at " + percent(vm.throttled_disk_cap.utilisation) + " of " +
                   (iops ? figure(cloud.disk.iops, "IOPS") : figure(cloud.disk.bytes_per_s / 1e6, "MB/s")),
               vm.throttled_disk_cap);
    }
    if (vm.disks > 0) {
      const std::string resource = vm.client ? "client disk cap" : "VM uncached disk cap";
      consider(
          resource, owner + "VM uncached IOPS cap",
          name + " uncached IOPS at " + percent(vm.disk_iops.utilisation) + " of " + figure(size.uncached_iops, "IOPS"),
          vm.disk_iops);
      std::string bytes = name + " uncached MB/s at " + percent(vm.disk_bytes.utilisation) + " of " +
                          figure(size.uncached_bytes_per_s / 1e6, "MB/s");
      if (vm.disk_bytes.utilisation > 1.001) {
        bytes += " (bursting towards " + figure(size.burst_bytes_per_s / 1e6, "MB/s") + ", credits for " +
                 figure(vm.burst_seconds_left / 60, "min") + " of full burst left)";
      }
      consider(resource, owner + "VM uncached MB/s cap", bytes, vm.disk_bytes);
    }
    consider(vm.client ? "client egress cap" : "VM egress cap", vm.client ? "client egress cap" : "VM egress cap",
             name + " network egress at " + percent(vm.egress.utilisation) + " of " +
                 figure(size.egress_bits_per_s / 1e6, "Mb/s"),
             vm.egress);
  }
  std::stable_sort(caps.begin(), caps.end(),
                   [](const Candidate& a, const Candidate& b) { return a.use.throttled > b.use.throttled; });
  if (caps.empty() || caps.front().use.throttled < kBindingShare) return false;
  const Candidate& best = caps.front();
  out = {best.resource, best.use.utilisation,
         best.what + "; I/O waited at this cap " + percent(best.use.throttled) +
             " of the time (a cap delays what exceeds it: latency grows, nothing fails)"};
  std::string others;
  for (std::size_t i = 1; i < caps.size() && caps[i].use.throttled >= kAlsoBindingShare; ++i) {
    others += (others.empty() ? "" : ", ") + caps[i].kind + " " + percent(caps[i].use.throttled);
  }
  if (!others.empty()) {
    out.reason += "; other caps held I/O back too (share of the time): " + others;
    if (result.cloud.bursting_matters) out.reason += " (the burst credits over time show when)";
  }
  return true;
}

Bottleneck sas_window_bottleneck(const Bottleneck& busiest, const ScenarioSpec& spec) {
  const InfoScaleSpec& fs = spec.cluster.stack.infoscale;
  return {"file system windows", busiest.utilisation,
          "no resource is above 80 % and no cap holds I/O back (busiest: " + busiest.resource + " " +
              percent(busiest.utilisation) + "); each stream's flush-behind (write_nstream " +
              std::to_string(fs.vxfs.write_nstream) + ") and read-ahead (read_nstream " +
              std::to_string(fs.vxfs.read_nstream) + ") requests in flight set the rate by latency"};
}

}  // namespace hcisim::models
