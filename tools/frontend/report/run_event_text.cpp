#include "tools/frontend/report/run_event_text.hpp"

#include <cstdio>
#include <stdexcept>

namespace hcisim::frontend {

namespace {

std::string number(long long n) { return std::to_string(n); }
std::string node(int n) { return "node " + number(n + 1); }
std::string drive(const models::RunEventFacts& e) { return "drive " + number(e.drive + 1) + " of " + node(e.node); }
// A count of seconds or Gb/s as %g prints it: "45 s", "25".
std::string shortest(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace

std::string run_event_text(const models::RunEventFacts& e) {
  using W = models::RunEventWhat;
  const std::string count = number(static_cast<long long>(e.count));
  switch (e.what) {
    case W::NodeFails: return node(e.node) + " fails";
    case W::NodeDrained: return node(e.node) + " goes down for maintenance (drained: its VMs moved first)";
    case W::NodeDetectedDown: return node(e.node) + " detected down";
    case W::NodeReturns: return node(e.node) + " returns";
    case W::DriveFails: return drive(e) + (e.stops_answering ? " stops answering" : " fails with errors");
    case W::DriveDetectedFailed: return drive(e) + " detected failed";
    case W::S2dRebuild:
      return "rebuild of the " + count + " extents of " + drive(e) + " into reserve capacity on its other drives";
    case W::ExtentsUnplaced:
      return count + " of " + number(static_cast<long long>(e.total)) + " extents of " + drive(e) +
             " find no room on the node's other drives: they stay degraded";
    case W::VolumeFailover: return "volume " + number(e.volume + 1) + " now owned by " + node(e.to_node);
    case W::PoolOffline:
      return "pool offline: " + count + " of " + number(static_cast<long long>(e.total)) + " drives and " +
             number(e.up) + " of " + number(e.of) + " nodes lose quorum; every volume fails its I/O";
    case W::PoolOnline: return "pool back online (quorum regained)";
    case W::NodeResync: return "resync of " + node(e.node) + ": " + count + " extents written while it was away";
    case W::S2dRepairDone: return "repair done: nothing left to resync or rebuild";
    case W::DeviceFails: return drive(e) + " fails";
    case W::ScaleIoRebuild:
      return "rebuild of the " + count + " chunks of " + drive(e) +
             " from their other copies onto the spare capacity of the other nodes' drives (many-to-many)";
    case W::ChunksLost:
      return count + " chunks of " + drive(e) + " have lost both copies: their data is gone and their I/O fails";
    case W::NothingToRebuild: return "nothing to rebuild";
    case W::NoSpareLeft: return "no spare capacity left on the other nodes: " + count + " chunks stay with one copy";
    case W::ScaleIoRebuildDone: return "rebuild done: every chunk has two copies again";
    case W::VmsStop:
      return count + " VMs of " + node(e.node) +
             " stop; they restart once the failure is detected and they have booted (" + shortest(e.seconds) + " s)";
    case W::NicPortFails:
    case W::NicPortReturns:
      return "NIC port " + number(e.port + 1) + " of " + node(e.node) +
             (e.what == W::NicPortFails ? " fails" : " returns") + ": " + number(e.up) + " of " + number(e.of) +
             " ports up, " + shortest(e.gbps) + " Gb/s each way";
    case W::NoNodeForVms: return "no running node is left for the VMs of " + node(e.node);
    case W::VmsMigrated: return count + " VMs of " + node(e.node) + " live-migrated to " + node(e.to_node);
    case W::VmsRestarted: return count + " VMs of " + node(e.node) + " restarted on " + node(e.to_node);
  }
  throw std::logic_error("a run event without words");
}

}  // namespace hcisim::frontend
