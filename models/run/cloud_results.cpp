#include "models/run/cloud_results.hpp"

#include <algorithm>
#include <cmath>

namespace hcisim::models {

namespace {

CapUse use_of(const CloudCap& cap) { return {cap.utilisation(), cap.throttled_share()}; }

}  // namespace

std::vector<double> burst_seconds_left(const Cluster& cluster, double time_scale) {
  std::vector<double> left;
  for (int n = 0; n < cluster.node_count(); ++n) {
    left.push_back(cluster.node(n).cloud_vm->burst_seconds_left() * time_scale);
  }
  return left;
}

void fill_cloud(RunResult& result, const Cluster& cluster, const ScenarioSpec& spec) {
  CloudResult& c = result.cloud;
  c.present = true;
  c.time_scale = spec.cluster.cloud.time_scale;
  for (int h = 0; h < cluster.host_count(); ++h) {
    const ClusterNode& node = cluster.node(h);
    const AzureVm& vm = *node.cloud_vm;
    CloudVmResult r;
    r.host = h;
    r.client = node.compute_only;
    r.size = vm.spec().id;
    r.disk_iops = use_of(vm.disk_iops_cap());
    r.disk_bytes = use_of(vm.disk_bytes_cap());
    r.egress = use_of(vm.egress_cap());
    r.bursts = vm.disk_bytes_cap().bursts();
    r.burst_seconds_left = vm.burst_seconds_left() * c.time_scale;
    r.disks = static_cast<int>(node.managed_disks.size());
    double busiest = -1;
    for (int d = 0; d < r.disks; ++d) {
      const ManagedDisk& disk = *node.managed_disks[static_cast<std::size_t>(d)];
      const double use = disk.utilisation();
      for (const bool iops : {true, false}) {
        const CapUse cap = use_of(iops ? disk.iops_cap() : disk.bytes_cap());
        if (r.throttled_disk >= 0 && cap.throttled <= r.throttled_disk_cap.throttled) continue;
        r.throttled_disk = d;
        r.throttled_disk_iops = iops;
        r.throttled_disk_cap = cap;
      }
      if (use <= busiest) continue;
      busiest = use;
      r.busiest_disk = d;
      r.busiest_disk_iops = use_of(disk.iops_cap());
      r.busiest_disk_bytes = use_of(disk.bytes_cap());
    }
    c.vms.push_back(r);
  }
  // Bursting matters when a storage VM's credits moved during the run: spent,
  // or earned back after starting below full.
  const CloudVmSpec& storage = spec.cluster.cloud.storage_vm;
  if (!cluster.node(0).cloud_vm->disk_bytes_cap().bursts()) return;
  const double full = storage.burst_window_s;
  auto moved = [&](double left) { return std::abs(left - full) > 1e-3 * full; };
  for (const CloudVmResult& r : c.vms) {
    if (!r.client && moved(r.burst_seconds_left)) c.bursting_matters = true;
  }
  for (const TimelinePoint& p : result.timeline) {
    for (const double left : p.burst_seconds_left) {
      if (moved(left)) c.bursting_matters = true;
    }
  }
}

}  // namespace hcisim::models
