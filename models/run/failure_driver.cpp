#include "models/run/failure_driver.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "models/failure/durability_inputs.hpp"

namespace hcisim::models {

std::vector<TimelineEvent> random_failures(const ScenarioSpec& spec, sim::SimTime end, sim::RandomStream rng) {
  std::vector<TimelineEvent> out;
  const ClusterSpec& c = spec.cluster;
  for (int n = 0; n < c.node_count; ++n) {
    if (c.node.mtbf_hours > 0) {
      const double t = rng.exponential(c.node.mtbf_hours * 3600.0) * 1e9;
      if (t < static_cast<double>(end)) {
        const auto at = static_cast<sim::SimTime>(t);
        out.push_back({at, true, FailurePart::Node, n, -1});
        const sim::SimTime back = at + spec.timeline.random_node_outage_ns;
        if (back < end) out.push_back({back, false, FailurePart::Node, n, -1});
      }
    }
    int drive = 0;
    for (std::size_t g = 0; g < c.node.drives.size(); ++g) {
      if (c.node.drives[g].role != DriveRole::Capacity) continue;
      const double afr = c.drives[g].afr;
      for (int i = 0; i < c.node.drives[g].count; ++i, ++drive) {
        if (afr <= 0) continue;
        const double lambda_per_s = failure_rate_per_s(afr);
        const double t = rng.exponential(1.0 / lambda_per_s) * 1e9;
        if (t < static_cast<double>(end))
          out.push_back({static_cast<sim::SimTime>(t), true, FailurePart::Drive, n, drive});
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const TimelineEvent& a, const TimelineEvent& b) { return a.at < b.at; });
  return out;
}

FailureDriver::FailureDriver(sim::Engine& engine, const ScenarioSpec& spec, Cluster& cluster, StorageProduct& product,
                             VmIoPath& vms, RestartableWorkload* workload, RunLog& log)
    : engine_(&engine),
      cluster_(&cluster),
      product_(&product),
      vms_(&vms),
      workload_(workload),
      log_(&log),
      events_(spec.timeline.events),
      failover_(spec.vms.failover),
      detection_ns_(spec.cluster.stack.failure.node_detection_ns),
      vm_restart_ns_(spec.cluster.hypervisor.vm_restart_ns) {
  failover_.resize(static_cast<std::size_t>(spec.cluster.node_count), -1);
  if (spec.timeline.random_failures) {
    const sim::SimTime end = spec.run.warmup_ns + spec.run.duration_ns;
    for (const TimelineEvent& e : random_failures(spec, end, engine.stream("failures/random"))) events_.push_back(e);
    std::stable_sort(events_.begin(), events_.end(),
                     [](const TimelineEvent& a, const TimelineEvent& b) { return a.at < b.at; });
  }
}

void FailureDriver::start() {
  for (std::size_t i = 0; i < events_.size(); ++i) engine_->schedule_timer_at(events_[i].at, *this, i);
}

int FailureDriver::failover_node(int failed) const {
  const int named = failover_[static_cast<std::size_t>(failed)];
  if (named >= 0 && cluster_->up(named)) return named;
  int best = -1, best_vms = 0;
  for (int n = 0; n < cluster_->node_count(); ++n) {
    if (!cluster_->up(n)) continue;
    int count = 0;
    for (std::uint32_t vm = 0; vm < vms_->vm_count(); ++vm) count += vms_->running(vm) && vms_->host(vm) == n ? 1 : 0;
    if (best < 0 || count < best_vms) {
      best = n;
      best_vms = count;
    }
  }
  return best;
}

void FailureDriver::on_event(std::uint64_t index) {
  const TimelineEvent& e = events_[index];
  if (e.part == FailurePart::NicPort) {
    port_event(e);
    return;
  }
  if (e.part == FailurePart::Drive) {
    if (!e.fail) throw std::invalid_argument("a failed drive's return is not modelled: S2D rebuilds it elsewhere");
    if (!cluster_->up(e.node)) return;  // its node is down: the drive went with it
    product_->drive_failed(e.node, e.drive, e.stops_answering);
    return;
  }
  if (e.fail && e.planned) {
    drain(e.node);
  } else if (e.fail) {
    if (!cluster_->up(e.node)) return;
    const std::vector<std::uint32_t> stopped = vms_->stop_vms_on(e.node);
    product_->node_failed(e.node);
    if (!stopped.empty()) {
      if (workload_ == nullptr) {
        throw std::invalid_argument("node " + std::to_string(e.node + 1) +
                                    " fails with VMs whose workload cannot restart (only DISKSPD VMs fail over)");
      }
      restarts_.push_back(stopped);
      engine_->schedule_timer_in(detection_ns_ + vm_restart_ns_, restart_event_,
                                 (static_cast<std::uint64_t>(e.node) << 32) | (restarts_.size() - 1));
      log_->add(engine_->now(), {.what = RunEventWhat::VmsStop,
                                 .node = e.node,
                                 .count = stopped.size(),
                                 .seconds = sim::to_seconds(detection_ns_ + vm_restart_ns_)});
    }
  } else {
    if (cluster_->up(e.node)) return;
    product_->node_returned(e.node);
  }
}

// A NIC port fails or returns: the node's pipes lose or regain one port's
// capacity; nothing is detected or moved (SMB Multichannel and SET carry on
// over the other ports; the seconds their failover takes are not modelled).
void FailureDriver::port_event(const TimelineEvent& e) {
  Fabric& fabric = cluster_->fabric();
  const int up = fabric.ports_up(e.node) + (e.fail ? -1 : 1);
  fabric.set_ports_up(e.node, up);
  log_->add(engine_->now(), {.what = e.fail ? RunEventWhat::NicPortFails : RunEventWhat::NicPortReturns,
                             .node = e.node,
                             .port = e.port,
                             .up = up,
                             .of = fabric.ports(e.node),
                             .gbps = fabric.node_bytes_per_s(e.node) * 8 / 1e9});
}

// Planned maintenance (Suspend-ClusterNode -Drain, then a reboot): the VMs are
// live-migrated first (their brief blackout is not modelled), then the node
// goes down with the cluster knowing it.
void FailureDriver::drain(int node) {
  if (!cluster_->up(node)) return;
  const std::vector<std::uint32_t> moving = vms_->stop_vms_on(node);
  product_->node_drained(node);
  if (moving.empty()) return;
  if (workload_ == nullptr) {
    throw std::invalid_argument("node " + std::to_string(node + 1) +
                                " is drained with VMs whose workload cannot move (only DISKSPD VMs do)");
  }
  const int host = failover_node(node);
  if (host < 0) {
    log_->add(engine_->now(), {.what = RunEventWhat::NoNodeForVms, .node = node});
    return;
  }
  for (const std::uint32_t vm : moving) vms_->restart_vm(vm, host, cluster_->cpu(host), *workload_);
  log_->add(engine_->now(), {.what = RunEventWhat::VmsMigrated, .node = node, .to_node = host, .count = moving.size()});
}

void FailureDriver::restart(std::uint64_t token) {
  const int failed = static_cast<int>(token >> 32);
  const std::vector<std::uint32_t>& stopped = restarts_[token & 0xFFFFFFFFu];
  const int host = failover_node(failed);
  if (host < 0) {
    log_->add(engine_->now(), {.what = RunEventWhat::NoNodeForVms, .node = failed});
    return;
  }
  for (const std::uint32_t vm : stopped) vms_->restart_vm(vm, host, cluster_->cpu(host), *workload_);
  log_->add(engine_->now(),
            {.what = RunEventWhat::VmsRestarted, .node = failed, .to_node = host, .count = stopped.size()});
}

}  // namespace hcisim::models
