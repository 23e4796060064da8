// S2D repair: bringing stale extent copies up to date (resync of a returning
// node, rebuild of a failed drive's extents into reserve capacity).
//
// Repair is I/O that competes with the workload: each repair copy of
// repair_io_bytes is read from a current copy on another node and written to
// the stale copy's drive, over the same Storage Bus connections; the
// destination pulls it (request, the source's connection end reads the drive
// and replies with the data, the destination writes it). At most
// repair_outstanding copies are in flight per volume (S2D's repair speed: 1, 2,
// 4 by default, 8, 16). A copy is current again once all its bytes have landed.
#include <algorithm>
#include <string>

#include "models/storage/s2d/s2d_product.hpp"

namespace hcisim::models {

void S2dProduct::queue_repair(std::uint32_t copy) {
  if (queued_[copy]) return;
  queued_[copy] = 1;
  const int volume = copy_volume_[copy];
  repair_[static_cast<std::size_t>(volume)].tasks.push_back(RepairTask{copy});
  repair_bytes_queued_ += layout_.shape().extent_bytes;
  pump_repair(volume);
}

// A current copy of the same extent on a reachable node, -1 if none.
int S2dProduct::repair_source(std::uint32_t copy) const {
  const std::size_t base = copy - copy % static_cast<std::size_t>(layout_.copies());
  for (int c = 0; c < layout_.copies(); ++c) {
    const std::size_t other = base + static_cast<std::size_t>(c);
    if (other != copy && readable(other)) return static_cast<int>(other);
  }
  return -1;
}

void S2dProduct::pump_repair(int volume) {
  RepairQueue& q = repair_[static_cast<std::size_t>(volume)];
  const std::uint64_t extent = layout_.shape().extent_bytes;
  while (q.in_flight < stack_.failure.repair_outstanding && q.head < q.tasks.size()) {
    RepairTask& task = q.tasks[q.head];
    const Extent& dst = layout_.copy_at(task.copy);
    const int source = repair_source(task.copy);
    if (task.issued >= extent || source < 0 || !reachable(dst.node, dst.drive)) {
      if (task.issued < extent) {
        // Nothing current to copy from, or the copy's node is gone again: it
        // stays stale until a later failure or return queues it again.
        queued_[task.copy] = 0;
        repair_bytes_queued_ -= extent - task.issued;
      }
      ++q.head;
      continue;
    }
    const Extent& src = layout_.copy_at(static_cast<std::size_t>(source));
    const std::uint32_t index = repair_ops_.take(RepairOp{});
    RepairOp& op = repair_ops_[index];
    op.copy = task.copy;
    op.volume = volume;
    op.source_node = src.node;
    op.source_drive = src.drive;
    op.node = dst.node;
    op.drive = dst.drive;
    op.bytes = std::min<std::uint64_t>(stack_.failure.repair_io_bytes, extent - task.issued);
    op.source_offset = static_cast<std::uint64_t>(src.slot) * extent + task.issued;
    op.offset = static_cast<std::uint64_t>(dst.slot) * extent + task.issued;
    task.issued += op.bytes;
    op.last = task.issued >= extent;
    ++q.in_flight;
    // The destination asks the source for the data.
    cluster_->cpu(op.node).run(CpuLayer::Network, message(stack_.control_message_bytes), repair_sent_, index);
  }
  // Tasks before the head are finished (or given up): drop them once the queue drains.
  if (q.head == q.tasks.size() && q.in_flight == 0) {
    q.tasks.clear();
    q.head = 0;
  }
}

void S2dProduct::on_repair_sent(std::uint64_t index) {
  const RepairOp& op = repair_ops_[index];
  cluster_->fabric().send(op.node, op.source_node, stack_.control_message_bytes, repair_arrived_, index);
}

void S2dProduct::on_repair_arrived(std::uint64_t index) {
  const RepairOp& op = repair_ops_[index];
  CpuWork work;
  work.add(CpuLayer::Network, message(stack_.control_message_bytes) +
                                  message(static_cast<double>(op.bytes + stack_.control_message_bytes)));
  work.add(CpuLayer::DriveIo, drive_cycles(op.source_node, static_cast<double>(op.bytes)));
  cluster_->cpu(op.source_node).run(work, repair_cpu_done_, index);
}

void S2dProduct::on_repair_cpu_done(std::uint64_t index) {
  const RepairOp& op = repair_ops_[index];
  cluster_->node(op.source_node)
      .drives[static_cast<std::size_t>(op.source_drive)]
      ->submit(DriveIo{op.source_offset, op.bytes, false, false}, repair_read_, index);
}

void S2dProduct::on_repair_read(std::uint64_t index) {
  const RepairOp& op = repair_ops_[index];
  cluster_->fabric().send(op.source_node, op.node, op.bytes + stack_.control_message_bytes, repair_data_, index);
}

void S2dProduct::on_repair_data(std::uint64_t index) {
  const RepairOp& op = repair_ops_[index];
  CpuWork work;
  work.add(CpuLayer::Network, message(static_cast<double>(op.bytes + stack_.control_message_bytes)));
  work.add(CpuLayer::DriveIo, drive_cycles(op.node, static_cast<double>(op.bytes)));
  cluster_->cpu(op.node).run(work, repair_received_, index);
}

void S2dProduct::on_repair_received(std::uint64_t index) {
  const RepairOp& op = repair_ops_[index];
  cluster_->node(op.node).drives[static_cast<std::size_t>(op.drive)]->submit(DriveIo{op.offset, op.bytes, true, true},
                                                                             repair_written_, index);
}

void S2dProduct::on_repair_written(std::uint64_t index) {
  const RepairOp op = repair_ops_[index];
  repair_ops_.release(static_cast<std::uint32_t>(index));
  RepairQueue& q = repair_[static_cast<std::size_t>(op.volume)];
  --q.in_flight;
  q.bytes_done += op.bytes;
  repair_bytes_done_ += op.bytes;
  repair_bytes_queued_ -= op.bytes;
  if (op.last) {
    stale_[op.copy] = 0;
    queued_[op.copy] = 0;
  }
  pump_repair(op.volume);
  bool any = false;
  for (const RepairQueue& other : repair_) any = any || other.in_flight > 0 || other.head < other.tasks.size();
  if (!any) log_event(engine_->now(), {.what = RunEventWhat::S2dRepairDone});
}

RepairStatus S2dProduct::repair_status() const {
  RepairStatus s;
  s.bytes_to_repair = repair_bytes_queued_;
  s.bytes_repaired = repair_bytes_done_;
  s.stale_marks = stale_marks_;
  for (const RepairQueue& q : repair_) s.repairing = s.repairing || q.in_flight > 0 || q.head < q.tasks.size();
  // Nothing can be degraded while every node and drive is up and no copy was
  // ever stale: skip the scan over every copy (it costs a large cluster dearly).
  bool all_up = !any_stale_;
  for (int n = 0; n < cluster_->node_count(); ++n) {
    const auto i = static_cast<std::size_t>(n);
    all_up = all_up && cluster_->up(n);
    s.detecting = s.detecting || (!cluster_->up(n) && !known_down_[i]);
    for (std::size_t d = 0; d < drive_down_[i].size(); ++d) {
      all_up = all_up && drive_down_[i][d] == 0;
      s.detecting = s.detecting || (drive_down_[i][d] != 0 && drive_known_down_[i][d] == 0);
    }
  }
  if (all_up) return s;
  const std::uint64_t extent = layout_.shape().extent_bytes;
  // Why what is degraded is not being repaired, the first reason in this order.
  RepairHold hold = s.detecting ? RepairHold::Detection : RepairHold::None;
  int hold_node = -1;
  auto consider = [&](RepairHold why, int node) {
    if (hold == RepairHold::None || static_cast<int>(why) < static_cast<int>(hold)) {
      hold = why;
      hold_node = node;
    }
  };
  for (std::size_t i = 0; i < layout_.copy_count(); ++i) {
    const Extent& e = layout_.copy_at(i);
    const bool node_down = !cluster_->up(e.node);
    const bool drive_down = drive_down_[e.node][e.drive] != 0;
    if (!stale_[i] && !node_down && !drive_down) continue;
    s.degraded_bytes += extent;
    if (queued_[i]) continue;
    if (node_down) {
      consider(RepairHold::PartDown, e.node);
    } else if (drive_down) {
      consider(RepairHold::NoRoom, e.node);  // a lost copy that found no reserve slot
    } else if (repair_source(static_cast<std::uint32_t>(i)) < 0) {
      consider(RepairHold::NoCopy, e.node);
    }
  }
  if (!s.repairing && s.degraded_bytes > 0) {
    s.hold = hold;
    s.hold_node = hold_node;
  }
  return s;
}

}  // namespace hcisim::models
