// Processor sharing over k cores: every job in the station runs at the same
// speed, each using at most one core; with n > k jobs each gets k/n of a core.
// Models CPU cores shared by threads (hyper-threading as a speed factor < 1).
//
// Structure: a SharedCapacity of capacity k * speed (in ns of one-core work per
// second) with one rate class capped at `speed` (one core). Work is given as the
// SimTime one core at speed 1 would need.
// Cost per arrival or departure: O(log n) for n jobs in service (one class).
// Memory per job: one 32 B heap entry (see shared_capacity.hpp).
// Re-entrancy: as SharedCapacity, done.on_event(arg) runs from inside the
// station's own event once its state is consistent; the callee may submit again.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sim/engine.hpp"
#include "sim/shared_capacity.hpp"
#include "sim/time.hpp"

namespace hcisim::sim {

class PsStation {
 public:
  PsStation(Engine& engine, int cores, double speed = 1.0);

  // Enqueues a job needing `work_one_core` (>= 0) ns of one core at speed 1.
  void submit(SimTime work_one_core, EventHandler& done, std::uint64_t arg);

  int cores() const { return cores_; }
  double speed() const { return speed_; }
  // Jobs in service now (all jobs present are in service under PS).
  std::size_t active() const { return shared_.active(); }
  // Jobs completed since construction or the last reset_stats().
  std::uint64_t completed() const { return shared_.completed(); }
  // Time-average fraction of the cores busy since the last reset_stats();
  // utilisation() * cores() is the average number of busy cores.
  double utilisation() const { return shared_.utilisation(); }
  double mean_busy_cores() const { return shared_.utilisation() * cores_; }
  // Time-average number of jobs present since the last reset_stats().
  double mean_active() const { return shared_.mean_active(); }
  void reset_stats() { shared_.reset_stats(); }

 private:
  SharedCapacity shared_;
  int cores_;
  double speed_;
  int one_core_class_;
};

}  // namespace hcisim::sim
