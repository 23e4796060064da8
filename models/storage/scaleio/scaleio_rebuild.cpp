// ScaleIO with a failed device: degraded reads and writes, and the
// many-to-many rebuild of its chunks onto the other nodes' spare capacity
// (scaleio_product.hpp says what is modelled).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "models/storage/scaleio/scaleio_product.hpp"

namespace hcisim::models {

namespace {
std::string device_name(int node, int drive) {
  return "drive " + std::to_string(drive + 1) + " of node " + std::to_string(node + 1);
}
}  // namespace

// An SDS's work on one whole chunk: its I/O path and the drive command.
CpuWork ScaleIoProduct::chunk_work() const {
  const double chunk = static_cast<double>(layout_.shape().extent_bytes);
  CpuWork work;
  work.add(CpuLayer::StorageStack, stack_.server_io.cycles(chunk));
  work.add(CpuLayer::DriveIo, stack_.drive_io.cycles(chunk));
  return work;
}

// What the SDC would use: not being rebuilt, on a device not known failed
// (until the failure is detected, I/O still goes to it and waits for its error).
bool ScaleIoProduct::copy_usable(std::size_t copy) const {
  const Extent& e = layout_.copy_at(copy);
  return rebuilding_[copy] == 0 && device_known_down_[device_key(e.node, e.drive)] == 0;
}

bool ScaleIoProduct::route(SubOp& s) const {
  if (!any_device_down_) {
    s.copy = {0, 1};
    s.mirrored = true;
    return true;
  }
  const bool first = copy_usable(s.base_copy), second = copy_usable(s.base_copy + 1);
  if (!first && !second) return false;
  s.copy = first ? std::array<std::uint8_t, 2>{0, 1} : std::array<std::uint8_t, 2>{1, 0};
  s.mirrored = first && second;
  return true;
}

// An I/O finished at a device that has failed (it was there, or on its way,
// when the device died): its error reaches the SDS once the device is known
// failed; then it continues as `kind` says.
bool ScaleIoProduct::device_failed_under(Arg arg, int node, int drive, DeviceError kind) {
  if (!any_device_down_ || !device_down(node, drive)) return false;
  const sim::SimTime error_at = device_failed_at_[device_key(node, drive)] + stack_.failure.drive_detection_ns;
  engine_->schedule_timer_at(std::max(engine_->now(), error_at), device_error_,
                             arg | (static_cast<std::uint64_t>(kind) << kErrorShift));
  return true;
}

void ScaleIoProduct::on_device_error(Arg tagged) {
  const auto kind = static_cast<DeviceError>(tagged >> kErrorShift);
  const Arg arg = tagged & ~(std::uint64_t{3} << kErrorShift);
  SubOp& s = sub(arg);
  IoRequest& r = req(request_of(arg));
  if (kind == kLocalWrite) {
    // The primary's copy is lost; the write stands if the secondary takes it.
    if (s.mirrored) {
      ++counters_.degraded_ios;
    } else if (!r.failed) {
      r.failed = true;
      ++counters_.failed_ios;
    }
    local_write_finished(arg);
    return;
  }
  if (kind == kSecondaryWrite) {
    ++counters_.degraded_ios;  // the primary holds it; the secondary's copy is rebuilt
    secondary_write_finished(arg);
    return;
  }
  // A read: the SDC asks the chunk's other copy.
  const int other = 1 - s.copy[0];
  if (!copy_usable(s.base_copy + static_cast<std::uint32_t>(other))) {
    if (!r.failed) {
      r.failed = true;
      ++counters_.failed_ios;
    }
    step(s, IoStage::Drive);
    finish_piece(arg);
    return;
  }
  const Extent& e = layout_.copy_at(s.base_copy + static_cast<std::uint32_t>(other));
  s.copy = {static_cast<std::uint8_t>(other), static_cast<std::uint8_t>(1 - other)};
  s.node[0] = e.node;
  s.drive[0] = e.drive;
  s.drive_offset[0] = static_cast<std::uint64_t>(e.slot) * layout_.shape().extent_bytes + s.in_extent;
  ++counters_.retried_ios;
  step(s, IoStage::Drive);  // the wait for the error counts as drive time
  send_to_primary(arg);
}

// Neither copy of a piece is usable: the I/O fails after the SDC's work.
void ScaleIoProduct::fail_request(std::uint32_t id) {
  IoRequest& r = req(id);
  r.failed = true;
  ++counters_.failed_ios;
  cluster_->cpu(r.node).run(CpuWork::of(CpuLayer::StorageStack, stack_.storage_stack.cycles(0)), failed_done_, id);
}

void ScaleIoProduct::on_failed_done(Arg arg) {
  const std::uint32_t id = request_of(arg);
  req(id).enter(IoStage::Host, engine_->now());
  req(id).stage_started = engine_->now();
  client_->on_event(id);
}

void ScaleIoProduct::drive_failed(int node, int drive, bool /*stops_answering*/) {
  const std::size_t key = device_key(node, drive);
  if (device_down_[key]) return;
  if (!stack_.failure.defined) {
    throw std::invalid_argument("ScaleIO stack '" + stack_.id + "' describes no rebuild (rebuild:): a failed " +
                                device_name(node, drive) + " cannot be handled");
  }
  device_down_[key] = 1;
  any_device_down_ = true;
  device_failed_at_[key] = engine_->now();
  for (std::size_t i = 0; i < layout_.copy_count(); ++i) {  // its copies are gone now
    const Extent& e = layout_.copy_at(i);
    if (e.node == node && e.drive == drive && rebuilding_[i] == 0) ++lost_copies_;
  }
  log_event(engine_->now(), {.what = RunEventWhat::DeviceFails, .node = node, .drive = drive});
  engine_->schedule_timer_in(stack_.failure.drive_detection_ns, device_detected_, key);
}

void ScaleIoProduct::on_device_detected(std::uint64_t key) {
  const int drives = cluster_->drives_per_node();
  const int node = static_cast<int>(key / static_cast<std::uint64_t>(drives));
  const int drive = static_cast<int>(key % static_cast<std::uint64_t>(drives));
  device_known_down_[key] = 1;
  log_event(engine_->now(), {.what = RunEventWhat::DriveDetectedFailed, .node = node, .drive = drive});
  std::uint64_t queued = 0, lost_both = 0;
  for (std::size_t i = 0; i < layout_.copy_count(); ++i) {
    const Extent& e = layout_.copy_at(i);
    if (e.node != node || e.drive != drive || rebuilding_[i]) continue;
    rebuilding_[i] = 1;
    const std::size_t other = other_copy(i);
    if (!copy_usable(other)) {
      ++lost_both;  // its other copy is gone too: nothing to rebuild from
      continue;
    }
    const Extent& src = layout_.copy_at(other);
    rebuild_queue_[device_key(src.node, src.drive)].push_back(static_cast<std::uint32_t>(i));
    ++queued;
  }
  rebuild_pending_ += queued;
  log_event(engine_->now(), {.what = RunEventWhat::ScaleIoRebuild, .node = node, .drive = drive, .count = queued});
  if (lost_both > 0) {
    log_event(engine_->now(), {.what = RunEventWhat::ChunksLost, .node = node, .drive = drive, .count = lost_both});
  }
  for (std::size_t source = 0; source < rebuild_queue_.size(); ++source) pump_rebuild(source);
  if (queued == 0) log_event(engine_->now(), {.what = RunEventWhat::NothingToRebuild});
}

// The least-used running device of a node other than `avoid_node` with a free slot.
bool ScaleIoProduct::pick_target(int avoid_node, int& node, int& drive) const {
  std::uint32_t best = 0;
  bool found = false;
  for (int n = 0; n < cluster_->node_count(); ++n) {
    if (n == avoid_node || !cluster_->up(n)) continue;
    for (int d = 0; d < cluster_->drives_per_node(); ++d) {
      const std::uint32_t used = layout_.extents_on(n, d);
      if (device_down(n, d) || used >= device_slots_) continue;
      if (!found || used < best) {
        best = used;
        node = n;
        drive = d;
        found = true;
      }
    }
  }
  return found;
}

// Starts rebuild copies from one source device up to its concurrency limit.
void ScaleIoProduct::pump_rebuild(std::size_t source) {
  std::vector<std::uint32_t>& queue = rebuild_queue_[source];
  std::size_t& next = rebuild_next_[source];
  const std::uint64_t chunk = layout_.shape().extent_bytes;
  while (rebuild_in_flight_[source] < stack_.failure.repair_outstanding && next < queue.size()) {
    const std::uint32_t copy = queue[next];
    const Extent src = layout_.copy_at(other_copy(copy));
    RebuildJob job{copy, src.node, src.drive, 0, 0, static_cast<std::uint64_t>(src.slot) * chunk, 0};
    if (!pick_target(src.node, job.dst_node, job.dst_drive)) {
      log_event(engine_->now(),
                {.what = RunEventWhat::NoSpareLeft, .count = static_cast<std::uint64_t>(queue.size() - next)});
      rebuild_pending_ -= queue.size() - next;
      next = queue.size();
      break;
    }
    ++next;
    layout_.relocate_copy(copy, job.dst_node, job.dst_drive);  // reserves the slot; read only once rebuilt
    job.dst_offset = static_cast<std::uint64_t>(layout_.copy_at(copy).slot) * chunk;
    const std::uint32_t id = jobs_.take(job);
    ++rebuild_in_flight_[source];
    cluster_->cpu(job.src_node).run(chunk_work(), rebuild_read_cpu_, id);
  }
  if (next == queue.size() && rebuild_in_flight_[source] == 0) {
    queue.clear();
    queue.shrink_to_fit();
    next = 0;
  }
}

void ScaleIoProduct::on_rebuild_read_cpu(std::uint64_t id) {
  const RebuildJob& j = jobs_[id];
  cluster_->node(j.src_node)
      .drives[static_cast<std::size_t>(j.src_drive)]
      ->submit(DriveIo{j.src_offset, layout_.shape().extent_bytes, false, true}, rebuild_read_, id);
}

void ScaleIoProduct::on_rebuild_read(std::uint64_t id) {
  const RebuildJob& j = jobs_[id];
  const double chunk = static_cast<double>(layout_.shape().extent_bytes);
  cluster_->cpu(j.src_node)
      .run(CpuWork::of(CpuLayer::Network, message_cycles(chunk + stack_.control_message_bytes)), rebuild_send_cpu_, id);
}

// Sent by the source SDS (its CPU burst above): over the wire to the target SDS.
void ScaleIoProduct::on_rebuild_send_cpu(std::uint64_t id) {
  const RebuildJob& j = jobs_[id];
  cluster_->fabric().send(j.src_node, j.dst_node, layout_.shape().extent_bytes + stack_.control_message_bytes,
                          rebuild_arrived_, id);
}

void ScaleIoProduct::on_rebuild_arrived(std::uint64_t id) {
  const RebuildJob& j = jobs_[id];
  const double chunk = static_cast<double>(layout_.shape().extent_bytes);
  CpuWork work = chunk_work();
  work.add(CpuLayer::Network, message_cycles(chunk + stack_.control_message_bytes));
  cluster_->cpu(j.dst_node).run(work, rebuild_target_cpu_, id);
}

void ScaleIoProduct::on_rebuild_target_cpu(std::uint64_t id) {
  const RebuildJob& j = jobs_[id];
  cluster_->node(j.dst_node)
      .drives[static_cast<std::size_t>(j.dst_drive)]
      ->submit(DriveIo{j.dst_offset, layout_.shape().extent_bytes, true, true}, rebuild_written_, id);
}

// The chunk is on the target device: the copy is whole again.
void ScaleIoProduct::on_rebuild_written(std::uint64_t id) {
  const RebuildJob& j = jobs_[id];
  const std::size_t source = device_key(j.src_node, j.src_drive);
  chunk_rebuilt(j.copy, source);
  --rebuild_in_flight_[source];
  jobs_.release(static_cast<std::uint32_t>(id));
  pump_rebuild(source);
  if (rebuild_pending_ == 0) {
    log_event(engine_->now(), {.what = RunEventWhat::ScaleIoRebuildDone});
  }
}

void ScaleIoProduct::chunk_rebuilt(std::uint32_t copy, std::size_t source) {
  rebuilding_[copy] = 0;
  --lost_copies_;
  --rebuild_pending_;
  rebuilt_bytes_ += layout_.shape().extent_bytes;
  rebuilt_by_source_[source] += layout_.shape().extent_bytes;
}

RepairStatus ScaleIoProduct::repair_status() const {
  const std::uint64_t chunk = layout_.shape().extent_bytes;
  RepairStatus s;
  s.bytes_to_repair = rebuild_pending_ * chunk;
  s.bytes_repaired = rebuilt_bytes_;
  s.degraded_bytes = lost_copies_ * chunk;
  s.repairing = rebuild_pending_ > 0;
  for (std::size_t d = 0; d < device_down_.size() && !s.detecting; ++d) {
    s.detecting = device_down_[d] != 0 && device_known_down_[d] == 0;
  }
  if (s.detecting && !s.repairing) s.hold = RepairHold::Detection;
  return s;
}

}  // namespace hcisim::models
