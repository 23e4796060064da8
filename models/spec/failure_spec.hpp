// Failures over time: parts that fail and return at given times, or at random
// from their failure rates, and how the storage product handles them.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/time.hpp"

namespace hcisim::models {

enum class FailurePart { Node, Drive, NicPort };

struct TimelineEvent {
  sim::SimTime at = 0;  // since the start of the run (warm-up included)
  bool fail = true;     // false: the part returns
  FailurePart part = FailurePart::Node;
  int node = 0;          // 0-based
  int drive = -1;        // 0-based capacity drive of the node, for FailurePart::Drive
  int port = -1;         // 0-based NIC port of the node (over all its NICs), for FailurePart::NicPort
  bool planned = false;  // a node taken down for maintenance (drained): its VMs live-migrate first
  // A failing drive (S2D): true, it stops answering and I/O to it waits for the
  // stack's drive_detection timeout; false, it returns errors, so the cluster
  // knows at the first I/O to it and re-sends at once.
  bool stops_answering = true;
};

struct FailureTimeline {
  std::vector<TimelineEvent> events;  // in time order
  // Draw failures at random over the run from the parts' rates (drive AFR, node
  // MTBF), with the seed's own stream; returns after the outage time.
  bool random_failures = false;
  sim::SimTime random_node_outage_ns = 0;  // how long a randomly failed node stays down
};

// How a product handles failures (stack profile), and how fast it repairs.
struct FailureHandlingSpec {
  bool defined = false;                  // the profile describes it
  sim::SimTime node_detection_ns = 0;    // until the cluster declares a silent node down
  sim::SimTime drive_detection_ns = 0;   // until an I/O to a failed drive gives up
  sim::SimTime volume_failover_ns = 0;   // a volume's ownership moving to another node
  std::uint64_t repair_io_bytes = 0;     // one repair (resync / rebuild) copy
  int repair_outstanding = 4;            // repair I/Os in flight per volume (S2D: 1, 2, 4, 8, 16)
  std::uint64_t dirty_region_bytes = 0;  // granularity of dirty-region tracking (what a resync copies)
  int reserve_drives_per_node = 1;       // capacity kept free for in-place rebuilds
  // ScaleIO (stack `rebuild:`): drive_detection_ns is the device error time,
  // repair_io_bytes the chunk, repair_outstanding the rebuild I/Os in flight per
  // device; the share of every device kept free as spare for rebuilds.
  double spare_fraction = 0;
};

}  // namespace hcisim::models
