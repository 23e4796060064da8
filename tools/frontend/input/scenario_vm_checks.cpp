// What the vms: section must fit: counts that feed memory, the pool's capacity,
// each host's memory and logical processors.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "models/capacity/capacity.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/input_limits.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

namespace {

// "307 TB": a byte count that need not be exact, for messages.
std::string approx_size(double bytes) {
  static const char* const kUnits[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB"};
  int unit = 0;
  while (bytes >= 1000 && unit < 7) {
    bytes /= 1000;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3g %s", bytes, kUnits[unit]);
  return text;
}

// Every VM's disk (the DISKSPD file, the database disk) against what the pool can
// hold, and the slabs it makes against what the slab map may hold.
void check_fits_pool(std::uint64_t vm_total, std::uint64_t bytes_per_vm, const models::ClusterSpec& cluster,
                     const YamlValue& size_key) {
  const double slab = cluster.stack.slab_bytes;
  const double slabs = std::ceil(static_cast<double>(bytes_per_vm) / slab) * static_cast<double>(vm_total);
  double pool = 0;
  for (std::size_t g = 0; g < cluster.node.drives.size(); ++g) {
    if (cluster.node.drives[g].role != models::DriveRole::Capacity) continue;
    pool += static_cast<double>(cluster.node.drives[g].count) * static_cast<double>(cluster.drives[g].capacity_bytes);
  }
  pool *= cluster.node_count;
  const double needed = slabs * slab * models::copies(cluster.resiliency);
  if (needed > pool) {
    size_key.fail(std::to_string(vm_total) + " VMs x " + format_size(bytes_per_vm) + " x " +
                  std::to_string(models::copies(cluster.resiliency)) + " copies need " + approx_size(needed) +
                  " in whole slabs; the pool's capacity drives hold " + approx_size(pool) +
                  "; expected a working set that fits");
  }
  // The slab map holds one extent per slab and copy; the pool holds every copy.
  if (slabs > static_cast<double>(limits::kMaxSlabs)) {
    size_key.fail("the VMs' disks make " + format_count(slabs) + " slabs of " +
                  format_size(static_cast<std::uint64_t>(slab)) + "; expected at most " +
                  format_count(static_cast<double>(limits::kMaxSlabs)) +
                  " (kMaxSlabs in tools/frontend/input/input_limits.hpp; or smaller disks)");
  }
}

}  // namespace

std::uint64_t check_vm_count(const YamlMap& map, const models::VmSpec& vms) {
  const std::uint64_t vm_total = std::accumulate(vms.per_node.begin(), vms.per_node.end(), std::uint64_t{0});
  if (vm_total > static_cast<std::uint64_t>(limits::kMaxVms)) {
    map.required("per_node")
        .fail("expected at most " + std::to_string(limits::kMaxVms) + " VMs in the cluster, got " +
              std::to_string(vm_total) + " (kMaxVms in tools/frontend/input/input_limits.hpp)");
  }
  return vm_total;
}

void check_vm_totals(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster,
                     const YamlValue& file_size_key) {
  const std::uint64_t vm_total = check_vm_count(map, vms);
  const models::DiskspdSpec& w = vms.workload;
  const std::uint64_t per_vm = static_cast<std::uint64_t>(w.outstanding_per_vm());
  const std::uint64_t requests = vm_total * per_vm;
  if (requests > limits::kMaxRequests) {
    map.required("workload")
        .fail("VMs x (threads x outstanding per VM) = " + std::to_string(vm_total) + " x " + std::to_string(per_vm) +
              " = " + std::to_string(requests) + " I/Os in flight; expected at most " +
              std::to_string(limits::kMaxRequests) + " (kMaxRequests in tools/frontend/input/input_limits.hpp)");
  }
  check_fits_pool(vm_total, w.file_bytes, cluster, file_size_key);
}

void check_oltp_totals(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster) {
  const std::uint64_t vm_total = check_vm_count(map, vms);
  const YamlMap oltp =
      map.required("oltp").map({"application", "users", "think_time", "buffer_pool", "database_size", "data_disk"});
  const std::uint64_t users = vm_total * static_cast<std::uint64_t>(vms.oltp->users_per_vm);
  if (users > limits::kMaxRequests) {
    oltp.required("users").fail("VMs x users per VM = " + std::to_string(vm_total) + " x " +
                                std::to_string(vms.oltp->users_per_vm) + " = " + std::to_string(users) +
                                " users; expected at most " + std::to_string(limits::kMaxRequests) +
                                " (kMaxRequests in tools/frontend/input/input_limits.hpp)");
  }
  check_fits_pool(vm_total, vms.data_disk_bytes, cluster, oltp.required("data_disk"));
}

void check_vm_memory(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster) {
  if (vms.memory_bytes == 0) return;
  models::ScenarioSpec placed;
  placed.cluster = cluster;
  placed.vms = vms;
  for (const models::HostCapacity& h : models::assess_capacity(placed).hosts) {
    if (h.vm_memory_bytes <= h.memory_bytes) continue;
    const std::string host = h.compute_host ? "compute host " + std::to_string(h.host - cluster.node_count + 1)
                                            : "node " + std::to_string(h.host + 1);
    const std::string part = h.compute_host ? cluster.compute_hosts.node.id : cluster.node.id;
    map.required("memory").fail(std::to_string(h.vms) + " VMs x " + format_size(vms.memory_bytes) + " on " + host +
                                " need more than the " + (h.compute_host ? "host" : "node") + "'s " +
                                format_size(h.memory_bytes) + " (node '" + part +
                                "', key 'memory'); vCPUs may be over-committed, memory may not");
  }
}

void check_vm_vcpus(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster) {
  const bool two_layer = cluster.compute_hosts.count > 0;
  const models::CpuSpec& cpu = two_layer ? cluster.compute_hosts.cpu : cluster.cpu;
  const int sockets = std::max(1, two_layer ? cluster.compute_hosts.node.sockets : cluster.node.sockets);
  const int lps = sockets * (cpu.threads > 0 ? cpu.threads : cpu.cores);
  if (vms.vcpus > lps) {
    map.required("vcpus").fail(
        "a VM with " + std::to_string(vms.vcpus) + " vCPUs cannot run on " +
        (two_layer ? "compute host '" + cluster.compute_hosts.node.id : "node '" + cluster.node.id) + "' with " +
        std::to_string(lps) + " logical processors; expected at most " + std::to_string(lps));
  }
}

}  // namespace hcisim::frontend::scenario_sections
