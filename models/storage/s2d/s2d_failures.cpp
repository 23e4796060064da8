// S2D when parts fail: what happens to I/O in flight, when the cluster notices,
// where a failed node's volumes go, and whether the pool keeps quorum.
//
// A node or drive fails at once, but the cluster only knows once it has been
// detected (node_detection: heartbeats missed; drive_detection: an I/O timeout
// of a drive that stops answering; a drive that returns errors is known at once).
// Until then I/O sent to it waits (it is "stalled"); at detection a stalled read
// is sent to another current copy and a stalled write skips the copy, which
// dirty-region tracking marks stale. A request whose volume owner failed is
// retried from the VM's node once the volume has moved to its new owner
// (volume_failover after detection). Nothing is dropped: a request that cannot
// be served (no current copy of some piece, or the pool without quorum) fails
// visibly and is counted.
#include <algorithm>
#include <string>

#include "models/failure/pool_quorum.hpp"
#include "models/storage/s2d/s2d_product.hpp"

namespace hcisim::models {

void S2dProduct::stall(std::uint32_t id, int k, std::vector<std::uint64_t>& list) {
  list.push_back(k == kWhole ? whole(id) : of_sub(id, k));
}

void S2dProduct::node_drained(int node) {
  take_down(node, RunEventWhat::NodeDrained);
  on_node_detected(static_cast<std::uint64_t>(node));
}

void S2dProduct::node_failed(int node) {
  take_down(node, RunEventWhat::NodeFails);
  engine_->schedule_timer_in(stack_.failure.node_detection_ns, node_detected_, static_cast<std::uint64_t>(node));
}

void S2dProduct::take_down(int node, RunEventWhat what) {
  ClusterNode& n = cluster_->node(node);
  if (!n.up) throw std::invalid_argument("node " + std::to_string(node + 1) + " goes down, but it is already down");
  n.up = false;
  log_event(engine_->now(), {.what = what, .node = node});
  // What was in flight toward the node stalls until the failure is detected.
  auto& stalled = stalled_on_node_[static_cast<std::size_t>(node)];
  for (std::uint32_t id = 0; id < states_.size(); ++id) {
    RequestState& st = states_[id];
    if (!st.in_product) continue;
    const IoRequest& r = req(id);
    if (r.node == node) continue;  // its VM is gone with the node
    if (owner_of(r) == node) {
      // The owner held the request: the VM's node times out and retries it.
      ++st.gen;
      for (int k = 0; k < st.subops; ++k) {
        SubOp& s = sub(id, k);
        if (s.live) ++s.gen;
        s.live = false;
      }
      stall(id, kWhole, stalled);
      continue;
    }
    for (int k = 0; k < st.subops; ++k) {
      SubOp& s = sub(id, k);
      if (!s.live || s.node != node) continue;
      ++s.gen;
      stall(id, k, stalled);
    }
  }
}

void S2dProduct::on_node_detected(std::uint64_t node) {
  const auto n = static_cast<std::size_t>(node);
  if (cluster_->up(static_cast<int>(node))) return;  // it came back before anyone noticed
  if (known_down_[n]) return;                        // known already (drained)
  known_down_[n] = 1;
  log_event(engine_->now(), {.what = RunEventWhat::NodeDetectedDown, .node = static_cast<int>(node)});
  update_quorum();
  for (std::size_t v = 0; v < volumes_.size(); ++v) {
    if (volumes_[v].owner != static_cast<int>(node)) continue;
    volumes_[v].available = false;
    engine_->schedule_timer_in(stack_.failure.volume_failover_ns, volume_moved_, v);
  }
  resolve_stalled(stalled_on_node_[n]);
}

void S2dProduct::drive_failed(int node, int drive, bool stops_answering) {
  auto& down = drive_down_.at(static_cast<std::size_t>(node));
  if (drive < 0 || drive >= static_cast<int>(down.size())) {
    throw std::invalid_argument("node " + std::to_string(node + 1) + " has no capacity drive " +
                                std::to_string(drive + 1));
  }
  if (down[static_cast<std::size_t>(drive)]) {
    throw std::invalid_argument("drive " + std::to_string(drive + 1) + " of node " + std::to_string(node + 1) +
                                " fails, but it has failed already");
  }
  down[static_cast<std::size_t>(drive)] = 1;
  log_event(engine_->now(),
            {.what = RunEventWhat::DriveFails, .node = node, .drive = drive, .stops_answering = stops_answering});
  const std::size_t key = static_cast<std::size_t>(node) * down.size() + static_cast<std::size_t>(drive);
  for (std::uint32_t id = 0; id < states_.size(); ++id) {
    if (!states_[id].in_product) continue;
    for (int k = 0; k < states_[id].subops; ++k) {
      SubOp& s = sub(id, k);
      if (!s.live || s.node != node || s.drive != drive) continue;
      ++s.gen;
      stall(id, k, stalled_on_drive_[key]);
    }
  }
  // A drive that returns errors is known failed at the first I/O to it (EST: the
  // error comes back in about a drive access; taken as at once); one that stops
  // answering, when an I/O to it times out.
  engine_->schedule_timer_in(stops_answering ? stack_.failure.drive_detection_ns : 0, drive_detected_, key);
}

void S2dProduct::on_drive_detected(std::uint64_t key) {
  const std::size_t drives = drive_down_.front().size();
  const int node = static_cast<int>(key / drives);
  const int drive = static_cast<int>(key % drives);
  drive_known_down_[static_cast<std::size_t>(node)][static_cast<std::size_t>(drive)] = 1;
  log_event(engine_->now(), {.what = RunEventWhat::DriveDetectedFailed, .node = node, .drive = drive});
  update_quorum();
  resolve_stalled(stalled_on_drive_[key]);
  // Its extent copies are lost: rebuild each on another drive of the same node
  // (the reserve capacity S2D keeps), from a current copy elsewhere.
  std::vector<bool> usable(drives);
  for (std::size_t d = 0; d < drives; ++d) usable[d] = !drive_down_[static_cast<std::size_t>(node)][d];
  const auto slots_per_drive = static_cast<std::uint32_t>(
      cluster_->node(node).drives.empty() ? 0 : drive_slots_[static_cast<std::size_t>(node)]);
  int lost = 0, unplaced = 0;
  for (std::size_t i = 0; i < layout_.copy_count(); ++i) {
    const Extent& e = layout_.copy_at(i);
    if (e.node != node || e.drive != drive) continue;
    ++lost;
    mark_stale(i);
    any_stale_ = true;
    if (layout_.move_copy(i, usable, slots_per_drive)) {
      queue_repair(static_cast<std::uint32_t>(i));
    } else {
      ++unplaced;
    }
  }
  log_event(engine_->now(), {.what = RunEventWhat::S2dRebuild,
                             .node = node,
                             .drive = drive,
                             .count = static_cast<std::uint64_t>(lost - unplaced)});
  if (unplaced > 0) {
    log_event(engine_->now(), {.what = RunEventWhat::ExtentsUnplaced,
                               .node = node,
                               .drive = drive,
                               .count = static_cast<std::uint64_t>(unplaced),
                               .total = static_cast<std::uint64_t>(lost)});
  }
}

void S2dProduct::resolve_stalled(std::vector<std::uint64_t>& list) {
  std::vector<std::uint64_t> work;
  work.swap(list);
  for (const std::uint64_t arg : work) {
    if (!current(arg)) continue;
    const std::uint32_t id = request_of(arg);
    if (sub_of(arg) == kWhole) {
      ++counters_.retried_ios;
      start(id);  // from the VM's node again, to the volume's (new) owner
    } else {
      retry_subop(id, sub_of(arg));
    }
  }
}

// A sub-op whose part failed: a write skips the copy (it is stale now), a read
// goes to another current copy of its piece.
void S2dProduct::retry_subop(std::uint32_t id, int k) {
  IoRequest& r = req(id);
  SubOp& s = sub(id, k);
  SubOpPlace& at = place(id, k);
  if (r.write) {
    mark_stale(at.copy);
    any_stale_ = true;
    ++counters_.degraded_ios;
    finish_subop(id, k);
    return;
  }
  const std::uint64_t extent = layout_.shape().extent_bytes;
  for (int c = 0; c < layout_.copies(); ++c) {
    const std::size_t copy = at.piece + static_cast<std::size_t>(c);
    if (copy == at.copy || !readable(copy)) continue;
    const Extent& e = layout_.copy_at(copy);
    s.node = e.node;
    s.drive = e.drive;
    at.copy = static_cast<std::uint32_t>(copy);
    s.drive_offset = static_cast<std::uint64_t>(e.slot) * extent + at.in_extent;
    ++counters_.retried_ios;
    launch(id, k);
    return;
  }
  // No current copy left: the whole request fails.
  for (int j = 0; j < states_[id].subops; ++j) {
    SubOp& other = sub(id, j);
    if (other.live) ++other.gen;
    other.live = false;
  }
  ++states_[id].gen;
  fail_request(id);
}

int S2dProduct::new_owner(int volume) const {
  const int preferred = volume_failover_[static_cast<std::size_t>(volume)];
  if (preferred >= 0 && !known_down_[static_cast<std::size_t>(preferred)]) return preferred;
  // The running node with the fewest volumes (the CSV balancer), lowest first.
  int best = -1, best_count = 0;
  for (int n = 0; n < cluster_->node_count(); ++n) {
    if (known_down_[static_cast<std::size_t>(n)]) continue;
    int count = 0;
    for (const Volume& v : volumes_) count += v.owner == n && v.available ? 1 : 0;
    if (best < 0 || count < best_count) {
      best = n;
      best_count = count;
    }
  }
  return best;
}

void S2dProduct::on_volume_moved(std::uint64_t index) {
  Volume& volume = volumes_[index];
  const int owner = new_owner(static_cast<int>(index));
  if (owner < 0) return;  // no node left: stays unavailable
  volume.owner = owner;
  volume.available = true;
  log_event(engine_->now(),
            {.what = RunEventWhat::VolumeFailover, .volume = static_cast<int>(index), .to_node = owner});
  while (!volume.waiting.empty()) start(volume.waiting.pop_front());
}

void S2dProduct::update_quorum() {
  int nodes_up = 0, drives_up = 0, drives = 0;
  for (int n = 0; n < cluster_->node_count(); ++n) {
    const bool up = !known_down_[static_cast<std::size_t>(n)];
    nodes_up += up ? 1 : 0;
    for (const std::uint8_t down : drive_known_down_[static_cast<std::size_t>(n)]) {
      ++drives;
      drives_up += up && !down ? 1 : 0;
    }
  }
  const bool online =
      pool_has_quorum(drives_up, drives) && cluster_has_quorum(nodes_up, cluster_->node_count(), witness_);
  if (online != pool_online_) {
    log_event(engine_->now(), online ? RunEventFacts{.what = RunEventWhat::PoolOnline}
                                     : RunEventFacts{.what = RunEventWhat::PoolOffline,
                                                     .count = static_cast<std::uint64_t>(drives_up),
                                                     .total = static_cast<std::uint64_t>(drives),
                                                     .up = nodes_up,
                                                     .of = cluster_->node_count()});
  }
  pool_online_ = online;
}

void S2dProduct::node_returned(int node) {
  ClusterNode& n = cluster_->node(node);
  if (n.up) throw std::invalid_argument("node " + std::to_string(node + 1) + " returns, but it is up");
  n.up = true;
  known_down_[static_cast<std::size_t>(node)] = 0;
  log_event(engine_->now(), {.what = RunEventWhat::NodeReturns, .node = node});
  update_quorum();
  // Dirty-region tracking: only the extents written while it was away are copied.
  int dirty = 0;
  for (std::size_t i = 0; i < layout_.copy_count(); ++i) {
    if (layout_.copy_at(i).node != node || !stale_[i]) continue;
    ++dirty;
    queue_repair(static_cast<std::uint32_t>(i));
  }
  log_event(engine_->now(),
            {.what = RunEventWhat::NodeResync, .node = node, .count = static_cast<std::uint64_t>(dirty)});
}

}  // namespace hcisim::models
