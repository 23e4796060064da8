// S2D under a fast-forward (models/run/fast_forward.hpp): when a span may be
// skipped, and how its repair advances over one.
//
// A span may be skipped only while nothing waits on a timer: every down part
// known (no I/O stalled for a detection) and every volume at its owner (none
// moving). Repair is the background work that changes over a span: each
// volume's queue goes on at the pace the window measured for it, a whole
// extent copy at a time (the bytes short of an extent carry to the next
// skip), taken in queue order after the copies under way, which finish in
// detail. The span ends before a queue would run dry, so the end of each
// repair (and its event) is simulated. A CSV block cache, whose contents age,
// is not advanced: a cluster with one is not skipped.
#include <algorithm>

#include "models/storage/s2d/s2d_product.hpp"

namespace hcisim::models {

bool S2dProduct::skippable() const {
  if (!csv_cache_.empty()) return false;  // its contents age: not advanced over a span
  for (const auto& stalled : stalled_on_node_) {
    if (!stalled.empty()) return false;
  }
  for (const auto& stalled : stalled_on_drive_) {
    if (!stalled.empty()) return false;
  }
  for (const Volume& v : volumes_) {
    if (!v.available) return false;
  }
  for (int n = 0; n < cluster_->node_count(); ++n) {
    const auto i = static_cast<std::size_t>(n);
    if (!cluster_->up(n) && !known_down_[i]) return false;
    for (std::size_t d = 0; d < drive_down_[i].size(); ++d) {
      if (drive_down_[i][d] != 0 && drive_known_down_[i][d] == 0) return false;
    }
  }
  return true;
}

void S2dProduct::open_window() {
  for (RepairQueue& q : repair_) q.window_done = q.bytes_done;
}

// Bytes of a queue no copy has started on yet.
std::uint64_t S2dProduct::unstarted_repair_bytes(const RepairQueue& q) const {
  std::uint64_t bytes = 0;
  for (std::size_t t = q.head; t < q.tasks.size(); ++t) {
    if (q.tasks[t].issued == 0) bytes += layout_.shape().extent_bytes;
  }
  return bytes;
}

sim::SimTime S2dProduct::skippable_span(sim::SimTime window) const {
  sim::SimTime span = sim::kNever;
  for (const RepairQueue& q : repair_) {
    if (q.head == q.tasks.size() && q.in_flight == 0) continue;  // nothing to repair
    const double rate = static_cast<double>(q.bytes_done - q.window_done) / static_cast<double>(window);  // bytes/ns
    if (!(rate > 0)) continue;  // held (no source, its node down): it does not move over a span either
    // Only copies under way are left: the repair ends within them, in detail.
    span = std::min(span, static_cast<sim::SimTime>(static_cast<double>(unstarted_repair_bytes(q)) / rate));
  }
  return span;
}

void S2dProduct::skip(sim::SimTime span, sim::SimTime window) {
  const std::uint64_t extent = layout_.shape().extent_bytes;
  for (RepairQueue& q : repair_) {
    const double rate = static_cast<double>(q.bytes_done - q.window_done) / static_cast<double>(window);
    if (!(rate > 0)) continue;
    q.skip_carry += rate * static_cast<double>(span);
    for (std::size_t t = q.head; t < q.tasks.size() && q.skip_carry >= static_cast<double>(extent); ++t) {
      RepairTask& task = q.tasks[t];
      if (task.issued != 0) continue;  // under way: it finishes in detail
      const Extent& dst = layout_.copy_at(task.copy);
      if (repair_source(task.copy) < 0 || !reachable(dst.node, dst.drive)) continue;  // pump_repair gives it up
      task.issued = extent;
      stale_[task.copy] = 0;
      queued_[task.copy] = 0;
      repair_bytes_done_ += extent;
      repair_bytes_queued_ -= extent;
      q.bytes_done += extent;
      q.skip_carry -= static_cast<double>(extent);
    }
  }
}

}  // namespace hcisim::models
