// What a storage product (S2D, ScaleIO, ...) offers the hypervisor: virtual
// disks on volumes, and the I/O path from the VM's host to the drives. Every
// product builds on the shared parts (Cluster, VolumeLayout, Connections,
// Fabric, drives) and adds its own path and costs.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/hardware/cpu_work.hpp"
#include "models/storage/repair_status.hpp"
#include "models/storage/run_event.hpp"
#include "models/storage/stack_charges.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

// The kinds of serial resource a product has, as the bottleneck names them and
// says why they limit; the simulator's products and the fast path share them.
struct SerialResourceKind {
  const char* resource;
  const char* why;
};
inline constexpr SerialResourceKind kVolumeStage{
    "volume stage", "each I/O holds its volume's stage on the owner, one at a time, before its drive I/Os go out "
                    "(a write for longer per byte than a read)"};
inline constexpr SerialResourceKind kStorageConnection{"storage connection",
                                                       "a connection's messages are handled one at a time at each end"};

// A product's busiest serial resource (its own queue, not a CPU, drive or NIC).
struct ProductHotspot {
  std::string resource;    // its kind, as the bottleneck names it: "storage connection", "volume stage"
  std::string what;        // which one, e.g. "ScaleIO socket SDC on node 1 -> SDS on node 2 (its end at node 2)"
  std::string why;         // why it limits: how it takes its work
  double utilisation = 0;  // share of time it had work
};

struct ProductCounters {
  std::uint64_t degraded_ios = 0;       // writes that skipped a copy on a failed node
  std::uint64_t redirected_ios = 0;     // I/Os sent to the volume's owner first
  std::uint64_t host_cache_hits = 0;    // reads served from the host's in-memory cache (S2D: CSV block cache)
  std::uint64_t host_cache_misses = 0;  // reads looked up there and not found
  std::uint64_t failed_ios = 0;         // I/Os the storage could not serve (volume offline, no copy left)
  std::uint64_t retried_ios = 0;        // copies re-sent elsewhere after a failure was detected
  StackCharges charges;                 // S2D only (others leave it empty)
};

class StorageProduct {
 public:
  virtual ~StorageProduct() = default;

  // Where completed requests go (the request index as the event argument).
  virtual void connect(sim::EventHandler& client) = 0;
  // A virtual disk of `bytes` on `volume` for a VM running on node `host`; returns its id.
  virtual std::uint32_t attach_disk(int host, int volume, std::uint64_t bytes) = 0;
  // Room for `disks` more disks of `bytes` each, before they are attached (a hint
  // that keeps attaching them from growing tables step by step).
  virtual void reserve_disks(std::size_t /*disks*/, std::uint64_t /*bytes*/) {}
  // Called once every disk is attached: sizes per-request path state (requests
  // of at most `max_bytes`, at offsets that are multiples of `align`) and sets the
  // caches to their starting state.
  virtual void reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) = 0;
  // Serves a request whose VM runs on its `node`; `host_work` is the hypervisor's
  // work on that node, run as part of the product's first burst there.
  virtual void submit(std::uint32_t request, const CpuWork& host_work) = 0;

  virtual const ProductCounters& counters() const = 0;

  // Failures during the run. A product that does not model one throws
  // std::invalid_argument when it happens.
  virtual void node_failed(int node) = 0;
  virtual void node_returned(int node) = 0;
  // A node taken down for maintenance: the cluster knows at once (no detection
  // wait), its volumes move to other owners.
  virtual void node_drained(int node) = 0;
  // `stops_answering`: I/O to it waits for the detection timeout; otherwise it
  // returns errors and is known failed at once.
  virtual void drive_failed(int node, int drive, bool stops_answering) = 0;
  virtual RepairStatus repair_status() const = 0;
  // Bytes repaired since the start (repair_status().bytes_repaired, cheaper: no scan).
  virtual std::uint64_t bytes_repaired() const { return repair_status().bytes_repaired; }
  // What the repair moves in one of its steps, over all its streams (S2D: an
  // extent per volume repairing): its pace is known only over many of them.
  virtual std::uint64_t repair_grain_bytes() const { return 0; }
  // Where the product reports what it did about failures (failover, repair done).
  void set_event_log(RunLog* log) { events_ = log; }
  // Its counters reset when measurement begins: a product enrols with the
  // run's statistics (sim/statistics.hpp).
  virtual ProductHotspot hotspot(sim::SimTime now) const = 0;

  // Fast-forward over a steady span (models/run/fast_forward.hpp); a product
  // offers it by overriding all four. Whether a span may be skipped now: what
  // changes in the background the product can advance (repair), and I/O
  // waiting on a timer (a detection, a volume's move) it can make wait the
  // span longer.
  virtual bool skippable() const { return false; }
  // A steady window starts: the product notes its background progress.
  virtual void open_window() {}
  // How long the background work may go on at the window's pace (since
  // open_window(), over `window` of time) before a part of it would finish,
  // where detailed simulation must resume; sim::kNever when nothing would.
  virtual sim::SimTime skippable_span(sim::SimTime /*window*/) const { return sim::kNever; }
  // Advances the background work by `span` at the window's pace; I/O waiting
  // on a timer was issued `span` sooner.
  virtual void skip(sim::SimTime /*span*/, sim::SimTime /*window*/) {}

 protected:
  void log_event(sim::SimTime at, const RunEventFacts& what) {
    if (events_) events_->add(at, what);
  }

 private:
  RunLog* events_ = nullptr;
};

}  // namespace hcisim::models
