// S2D under a fast-forward (models/run/fast_forward.hpp): when a span may be
// skipped, and how its repair advances over one.
//
// I/O waiting on a timer over a span (stalled until a failure is detected,
// or waiting for its volume's ownership to move) was issued the span sooner
// on the scenario's clock: its latency includes the span. Repair is the
// background work that changes over a span: each volume's queue goes on at the pace the window measured for it, a whole
// extent copy at a time (the bytes short of an extent carry to the next
// skip), taken in queue order after the copies under way, which finish in
// detail. The span ends before a queue would run dry, so the end of each
// repair (and its event) is simulated. A CSV block cache, whose contents age,
// is not advanced: a cluster with one is not skipped.
#include <algorithm>
#include <vector>

#include "models/storage/s2d/s2d_product.hpp"

namespace hcisim::models {

bool S2dProduct::skippable() const {
  return csv_cache_.empty();  // its contents age: not advanced over a span
}

std::uint64_t S2dProduct::repair_grain_bytes() const {
  std::uint64_t grain = 0;
  for (const RepairQueue& q : repair_) {
    if (q.head < q.tasks.size() || q.in_flight > 0) grain += layout_.shape().extent_bytes;
  }
  return grain;
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
  // I/O waiting on a timer (a detection, a volume's move) waits the span longer:
  // it was issued that much sooner on the scenario's clock.
  std::vector<std::uint32_t> waiting;
  auto add_stalled = [&](const std::vector<std::uint64_t>& stalled) {
    for (const std::uint64_t arg : stalled) {
      if (current(arg)) waiting.push_back(request_of(arg));
    }
  };
  for (const auto& stalled : stalled_on_node_) add_stalled(stalled);
  for (const auto& stalled : stalled_on_drive_) add_stalled(stalled);
  for (const Volume& v : volumes_) {
    for (std::size_t i = 0; i < v.waiting.size(); ++i) waiting.push_back(v.waiting.at(i));
  }
  std::sort(waiting.begin(), waiting.end());
  waiting.erase(std::unique(waiting.begin(), waiting.end()), waiting.end());
  for (const std::uint32_t id : waiting) req(id).issued_at -= span;

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
