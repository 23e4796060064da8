// Small S2D clusters with a failure profile, for the failure and durability tests.
#pragma once

#include "model_specs.hpp"
#include "models/spec/scenario_spec.hpp"
#include "sim/time.hpp"

namespace mtest {

using hcisim::sim::kMillisecond;

constexpr std::uint64_t kSlab = 8 * MiB;
constexpr std::uint64_t kFile = 256 * MiB;  // 32 slabs per VM

// 4 AX-7525-like nodes (4 drives each), one VM per node on its own volume,
// 4K random 70/30 T1 O4; short detection and restart times so the run stays
// small; 8 MiB slabs (and dirty regions).
inline ScenarioSpec failing_cluster(Resiliency resiliency = Resiliency::ThreeWayMirror) {
  ScenarioSpec s;
  s.id = "unit-failures";
  s.title = "4 nodes, failures during the run";
  s.cluster = ax7525_cluster(4, 4, resiliency);
  s.cluster.stack.slab_bytes = static_cast<double>(kSlab);
  FailureHandlingSpec& f = s.cluster.stack.failure;
  f.defined = true;
  f.node_detection_ns = 10 * kMillisecond;
  f.drive_detection_ns = 5 * kMillisecond;
  f.volume_failover_ns = 3 * kMillisecond;
  f.repair_io_bytes = 1 * MiB;
  f.repair_outstanding = 4;
  f.dirty_region_bytes = kSlab;
  f.reserve_drives_per_node = 1;
  s.cluster.hypervisor.vm_restart_ns = 20 * kMillisecond;
  s.vms.vcpus = 2;
  s.vms.per_node = {1, 1, 1, 1};
  s.vms.workload.file_bytes = kFile;
  DiskspdTarget& w = s.vms.workload.targets[0];
  w.block_bytes = 4 * KiB;
  w.threads = 1;
  w.outstanding = 4;
  w.write_fraction = 0.3;
  w.pattern = AccessPattern::Random;
  s.run.warmup_ns = 5 * kMillisecond;
  s.run.duration_ns = 300 * kMillisecond;
  s.run.seed = 7;
  return s;
}

inline TimelineEvent node_event(double at_ms, bool fail, int node) {
  return {static_cast<hcisim::sim::SimTime>(at_ms * 1e6), fail, FailurePart::Node, node, -1};
}

}  // namespace mtest
