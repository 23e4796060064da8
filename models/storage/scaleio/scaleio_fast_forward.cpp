// ScaleIO under a fast-forward (models/run/fast_forward.hpp): when a span may
// be skipped, and how its rebuild advances over one.
//
// The rebuild is the background work that changes over a span: each source
// device's queue goes on at the pace the window measured for it, a whole
// chunk at a time (the bytes short of a chunk carry to the next skip), taken
// in queue order after the copies under way, which finish in detail; each
// chunk goes where the detailed rebuild would send it (the least-used device
// of another node, pick_target). The span ends before a queue would have no
// chunk left to start, so the end of the rebuild (and its event) is
// simulated. Nothing is skipped while a failed device is not yet detected:
// I/O to it waits for its error, a wait the span would have to lengthen.
#include <algorithm>

#include "models/storage/scaleio/scaleio_product.hpp"

namespace hcisim::models {

bool ScaleIoProduct::skippable() const {
  for (std::size_t d = 0; d < device_down_.size(); ++d) {
    if (device_down_[d] != 0 && device_known_down_[d] == 0) return false;
  }
  return true;
}

std::uint64_t ScaleIoProduct::repair_grain_bytes() const {
  std::uint64_t grain = 0;
  for (std::size_t source = 0; source < rebuild_queue_.size(); ++source) {
    if (rebuild_next_[source] < rebuild_queue_[source].size() || rebuild_in_flight_[source] > 0) {
      grain += layout_.shape().extent_bytes;
    }
  }
  return grain;
}

void ScaleIoProduct::open_window() { window_rebuilt_ = rebuilt_by_source_; }

double ScaleIoProduct::window_pace(std::size_t source, sim::SimTime window) const {
  return static_cast<double>(rebuilt_by_source_[source] - window_rebuilt_[source]) / static_cast<double>(window);
}

sim::SimTime ScaleIoProduct::skippable_span(sim::SimTime window) const {
  const auto chunk = static_cast<double>(layout_.shape().extent_bytes);
  sim::SimTime span = sim::kNever;
  for (std::size_t source = 0; source < rebuild_queue_.size(); ++source) {
    const std::size_t unstarted = rebuild_queue_[source].size() - rebuild_next_[source];
    if (unstarted == 0) continue;
    const double rate = window_pace(source, window);
    if (!(rate > 0)) continue;  // not moving: it does not move over a span either
    span = std::min(span, static_cast<sim::SimTime>(static_cast<double>(unstarted) * chunk / rate));
  }
  return span;
}

void ScaleIoProduct::skip(sim::SimTime span, sim::SimTime window) {
  const std::uint64_t chunk = layout_.shape().extent_bytes;
  for (std::size_t source = 0; source < rebuild_queue_.size(); ++source) {
    const double rate = window_pace(source, window);
    if (!(rate > 0)) continue;
    skip_carry_[source] += rate * static_cast<double>(span);
    std::vector<std::uint32_t>& queue = rebuild_queue_[source];
    std::size_t& next = rebuild_next_[source];
    while (skip_carry_[source] >= static_cast<double>(chunk) && next < queue.size()) {
      const std::uint32_t copy = queue[next];
      const Extent src = layout_.copy_at(other_copy(copy));
      int node = 0, drive = 0;
      if (!pick_target(src.node, node, drive)) break;  // pump_rebuild says so, in detail
      ++next;
      layout_.relocate_copy(copy, node, drive);
      chunk_rebuilt(copy, source);
      skip_carry_[source] -= static_cast<double>(chunk);
    }
  }
}

}  // namespace hcisim::models
