#include "models/storage/s2d/s2d_product.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "sim/prefetch.hpp"

namespace hcisim::models {

int s2d_default_columns(int capacity_drives_per_node) { return std::clamp(capacity_drives_per_node, 1, 8); }

namespace {

LayoutShape shape_of(const ClusterSpec& spec, int drives_per_node) {
  LayoutShape shape;
  shape.copies = copies(spec.resiliency);
  shape.columns = spec.stack.columns > 0 ? spec.stack.columns : s2d_default_columns(drives_per_node);
  shape.interleave_bytes = static_cast<std::uint64_t>(spec.stack.interleave_bytes);
  shape.extent_bytes = static_cast<std::uint64_t>(spec.stack.slab_bytes);
  return shape;
}

constexpr IoStage kBackendStages[4] = {IoStage::Network, IoStage::RemoteCpu, IoStage::Drive, IoStage::CompletionCpu};

}  // namespace

std::string S2dProduct::refusal(const ClusterSpec& spec) {
  if (spec.compute_hosts.count > 0) {
    return "Storage Spaces Direct is modelled hyperconverged only: cluster.compute_hosts is not supported for it";
  }
  if (spec.hypervisor.kind != HypervisorKind::HyperV) {
    return "Storage Spaces Direct runs on Hyper-V hosts; hypervisor '" + spec.hypervisor.id + "' is not Hyper-V";
  }
  return "";
}

S2dProduct::S2dProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster, RequestTable& requests)
    : engine_(&engine),
      cluster_(&cluster),
      stack_(spec.stack),
      rdma_(spec.nic.rdma != RdmaKind::None),
      witness_(spec.witness),
      layout_(cluster.node_count(), cluster.drives_per_node(), shape_of(spec, cluster.drives_per_node()),
              engine.stream("s2d/placement")),
      requests_(&requests),
      cache_warmup_(spec.cache_warmup) {
  if (const std::string why = refusal(spec); !why.empty()) throw std::invalid_argument(why);
  const int nodes = cluster.node_count();
  std::vector<int> owners = spec.volume_owners;
  if (owners.empty()) {
    for (int n = 0; n < nodes; ++n) owners.push_back(n);
  }
  volumes_.resize(owners.size());
  for (std::size_t v = 0; v < owners.size(); ++v) {
    const int owner = owners[v];
    if (owner < 0 || owner >= nodes || !cluster.up(owner)) {
      throw std::invalid_argument("volume owner node " + std::to_string(owner + 1) + " is not a running node");
    }
    volumes_[v].owner = owner;
  }
  volume_failover_ = spec.volume_failover;
  volume_failover_.resize(volumes_.size(), -1);
  repair_.resize(volumes_.size());
  if (spec.csv_cache_bytes > 0) {
    for (int n = 0; n < nodes; ++n) {
      csv_cache_.push_back(std::make_unique<BlockCache>(spec.csv_cache_bytes, spec.stack.csv_cache_block_bytes));
    }
  }
  known_down_.assign(static_cast<std::size_t>(nodes), 0);
  stalled_on_node_.resize(static_cast<std::size_t>(nodes));
  for (int n = 0; n < nodes; ++n) {
    known_down_[static_cast<std::size_t>(n)] = cluster.up(n) ? 0 : 1;
    drive_down_.emplace_back(static_cast<std::size_t>(cluster.drives_per_node()), 0);
    drive_known_down_.emplace_back(static_cast<std::size_t>(cluster.drives_per_node()), 0);
  }
  stalled_on_drive_.resize(static_cast<std::size_t>(nodes) * static_cast<std::size_t>(cluster.drives_per_node()));
  // Extents a capacity drive holds.
  const auto slots = static_cast<std::uint32_t>(spec.smallest_capacity_drive_bytes() / layout_.shape().extent_bytes);
  drive_slots_.assign(static_cast<std::size_t>(nodes), slots);
  reserve_slots_ =
      static_cast<std::uint64_t>(std::min(spec.stack.failure.reserve_drives_per_node, cluster.drives_per_node() - 1)) *
      slots;
  update_quorum();
}

std::uint64_t S2dProduct::room_on_node(int node) const {
  return static_cast<std::uint64_t>(cluster_->drives_per_node()) * drive_slots_[static_cast<std::size_t>(node)] -
         reserve_slots_;
}

void S2dProduct::reserve_disks(std::size_t disks, std::uint64_t bytes) {
  layout_.reserve_disks(disks, bytes);
  const std::size_t copies = layout_.copy_count() + disks * layout_.copies_of_disk(bytes);
  stale_.reserve(copies);
  queued_.reserve(copies);
  copy_volume_.reserve(copies);
  disk_volume_.reserve(disk_volume_.size() + disks);
}

std::uint32_t S2dProduct::attach_disk(int host, int volume, std::uint64_t bytes) {
  if (volume < 0 || volume >= static_cast<int>(volumes_.size())) {
    throw std::invalid_argument("no volume " + std::to_string(volume + 1));
  }
  if (!cluster_->up(host)) {
    throw std::invalid_argument("a VM cannot run on node " + std::to_string(host + 1) + ": it is down");
  }
  const std::uint32_t disk = layout_.add_disk(bytes);
  stale_.resize(layout_.copy_count(), 0);
  queued_.resize(layout_.copy_count(), 0);
  copy_volume_.resize(layout_.copy_count(), static_cast<std::uint16_t>(volume));
  // A mirror stays online only while every extent keeps a copy on a running node.
  // The pool keeps reserve capacity (a capacity drive's worth per node) free for
  // in-place rebuilds: the volumes must fit without it. Only the nodes this disk
  // placed copies on can have run out of room (the others passed when the
  // previous disk was attached): the lowest of them is named, as a check of
  // every node would (which costs nodes x disks in all).
  int full = -1;
  for (int column = 0; column < layout_.columns(); ++column) {
    for (std::uint64_t row = 0; row < layout_.extents_per_column(disk); ++row) {
      const Extent* copies = layout_.extents(disk, column, row);
      bool survives = false;
      for (int c = 0; c < layout_.copies(); ++c) {
        const int n = copies[c].node;
        survives = survives || cluster_->up(n);
        if (layout_.extents_on_node(n) > room_on_node(n) && (full < 0 || n < full)) full = n;
      }
      if (!survives) {
        throw std::invalid_argument("with these nodes down, some slabs lose every copy (" +
                                    std::to_string(layout_.copies()) +
                                    " per slab): the volume goes offline and no VM can run I/O on it");
      }
    }
  }
  if (full >= 0) {
    throw std::invalid_argument("the VMs' disks do not fit on node " + std::to_string(full + 1) + ": " +
                                std::to_string(layout_.extents_on_node(full)) + " extents of " +
                                std::to_string(layout_.shape().extent_bytes >> 20) + " MiB, room for " +
                                std::to_string(room_on_node(full)) + " beside the rebuild reserve");
  }
  disk_volume_.push_back(volume);
  return disk;
}

void S2dProduct::reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) {
  const int pieces = layout_.max_pieces(max_bytes, align);
  max_subops_ = pieces * layout_.copies();
  pieces_.resize(static_cast<std::size_t>(pieces));
  subops_.assign_zeroed(requests * static_cast<std::size_t>(max_subops_));  // SubOp{} is all zero
  subop_places_.assign_zeroed(requests * static_cast<std::size_t>(max_subops_));
  states_.assign_zeroed(requests);
  if (cache_warmup_) {
    for (int n = 0; n < cluster_->node_count(); ++n) {
      ClusterNode& node = cluster_->node(n);
      if (!node.cache || !node.up) continue;
      std::vector<std::uint32_t> slots;
      for (int d = 0; d < static_cast<int>(node.drives.size()); ++d) slots.push_back(layout_.extents_on(n, d));
      node.cache->warm_up(slots);
    }
  }
}

void S2dProduct::reset_stats() {
  counters_ = ProductCounters{};
  for (Volume& v : volumes_) v.stage_busy_time.reset(engine_->now());
}

ProductHotspot S2dProduct::hotspot(sim::SimTime now) const {
  ProductHotspot h;
  for (std::size_t v = 0; v < volumes_.size(); ++v) {
    const double busy = volumes_[v].stage_busy_time.average(now);
    if (busy <= h.utilisation) continue;
    h.utilisation = busy;
    h.what = "volume " + std::to_string(v + 1) + "'s stage (on node " + std::to_string(volumes_[v].owner + 1) + ")";
  }
  h.resource = kVolumeStage.resource;
  h.why = kVolumeStage.why;
  return h;
}

double S2dProduct::message(double bytes) {
  counters_.charges.network_message.add(bytes);
  double cycles = stack_.network_message.cycles(bytes);
  if (!rdma_) cycles += stack_.network_tcp_extra.cycles(bytes);
  return cycles;
}

double S2dProduct::drive_cycles(int node, double bytes) {
  counters_.charges.drive_io.add(bytes);
  const double lookup = cluster_->node(node).cache ? stack_.cache.lookup_cycles_per_io : 0.0;
  return stack_.drive_io.cycles(bytes) + lookup;
}

std::uint64_t S2dProduct::request_bytes(const IoRequest& r) const {
  return r.write ? r.bytes + stack_.control_message_bytes : stack_.control_message_bytes;
}

std::uint64_t S2dProduct::reply_bytes(const IoRequest& r) const {
  return r.write ? stack_.control_message_bytes : r.bytes + stack_.control_message_bytes;
}

bool S2dProduct::current(Arg arg) const {
  const std::uint32_t id = request_of(arg);
  const int k = sub_of(arg);
  if (k == kWhole) return states_[id].gen == gen_of(arg);
  return subops_[sub_index(id, k)].gen == gen_of(arg);
}

void S2dProduct::hint(Arg arg) const {
  const std::uint32_t id = request_of(arg);
  const auto* request = reinterpret_cast<const char*>(&(*requests_)[id]);
  sim::prefetch_for_read(request);
  sim::prefetch_for_read(request + sim::kCacheLine);
  if (sub_of(arg) != kWhole) sim::prefetch_for_read(&subops_[sub_index(id, sub_of(arg))]);
}

bool S2dProduct::reachable(int node, int drive) const {
  return !known_down_[static_cast<std::size_t>(node)] &&
         !drive_known_down_[static_cast<std::size_t>(node)][static_cast<std::size_t>(drive)];
}

bool S2dProduct::readable(std::size_t copy) const {
  const Extent& e = layout_.copy_at(copy);
  return reachable(e.node, e.drive) && !stale_[copy];
}

void S2dProduct::step(SubOp& s, IoStage stage) {
  const sim::SimTime now = engine_->now();
  for (int i = 0; i < 4; ++i) {
    if (kBackendStages[i] == stage) s.backend[static_cast<std::size_t>(i)] += now - s.started;
  }
  s.started = now;
}

bool S2dProduct::volume_online(int volume) const {
  (void)volume;
  return pool_online_;
}

void S2dProduct::enter_product(std::uint32_t id, const CpuWork& host_work) {
  req(id).failed = false;
  for (int l = 0; l < kCpuLayerCount; ++l) {
    if (l != static_cast<int>(CpuLayer::Hypervisor) && host_work.cycles[static_cast<std::size_t>(l)] != 0) {
      throw std::logic_error("s2d: host work beyond the hypervisor's layer");
    }
  }
  states_[id].host_cycles = host_work.cycles[static_cast<int>(CpuLayer::Hypervisor)];
  states_[id].subops = 0;
  states_[id].in_product = true;
}

void S2dProduct::submit(std::uint32_t id, const CpuWork& host_work) {
  IoRequest& r = req(id);
  enter_product(id, host_work);
  if (!csv_cache_.empty()) {
    // The CSV block cache of the VM's host: reads it holds are copied from memory;
    // writes make every host drop what they overwrite.
    if (r.write) {
      for (auto& cache : csv_cache_) cache->invalidate(r.disk, r.offset, r.bytes);
    } else if (csv_cache_[r.node]->lookup(r.disk, r.offset, r.bytes)) {
      ++counters_.host_cache_hits;
      CpuWork work = host_work;
      work.add(CpuLayer::StorageStack, stack_.storage_stack.cycles_per_io +
                                           stack_.csv_cache_hit_cycles_per_byte * static_cast<double>(r.bytes));
      counters_.charges.storage_stack.add(0);  // its per-I/O part; the copy is the cache's per-byte cost
      cluster_->cpu(r.node).run(work, csv_hit_, whole(id));
      return;
    } else {
      ++counters_.host_cache_misses;
    }
  }
  start(id);
}

// Toward the volume's owner: at once, or after its ownership has moved.
void S2dProduct::start(std::uint32_t id) {
  IoRequest& r = req(id);
  Volume& volume = volumes_[static_cast<std::size_t>(volume_of(r))];
  if (!pool_online_) {
    fail_request(id);
    return;
  }
  if (!volume.available) {
    volume.waiting.push_back(id);
    return;
  }
  const int owner = volume.owner;
  if (owner == r.node) {
    run_stack(id, states_[id].host_work());
    return;
  }
  // ReFS CSV, file-system redirected: ship the I/O to the owner over SMB.
  ++counters_.redirected_ios;
  CpuWork work = states_[id].host_work();
  work.add(CpuLayer::Network, message(static_cast<double>(request_bytes(r))));
  cluster_->cpu(r.node).run(work, redirect_sent_, whole(id));
}

void S2dProduct::on_csv_hit(Arg arg) {
  if (!current(arg)) return;
  req(request_of(arg)).enter(IoStage::Host, engine_->now());
  complete(request_of(arg));
}

void S2dProduct::complete(std::uint32_t id) {
  states_[id].in_product = false;
  client_->on_event(id);
}

void S2dProduct::on_redirect_sent(Arg arg) {
  if (!current(arg)) return;
  IoRequest& r = req(request_of(arg));
  r.enter(IoStage::Host, engine_->now());
  const int owner = owner_of(r);
  if (cluster_->up(owner)) {
    cluster_->fabric().send(r.node, owner, request_bytes(r), redirect_arrived_, arg);
  } else {
    stall(request_of(arg), kWhole, stalled_on_node_[static_cast<std::size_t>(owner)]);
  }
}

void S2dProduct::on_redirect_arrived(Arg arg) {
  if (!current(arg)) return;
  IoRequest& r = req(request_of(arg));
  const int owner = owner_of(r);
  cluster_->cpu(owner).run(CpuWork::of(CpuLayer::Network, message(static_cast<double>(request_bytes(r)))),
                           redirect_received_, arg);
}

void S2dProduct::on_redirect_received(Arg arg) {
  if (!current(arg)) return;
  IoRequest& r = req(request_of(arg));
  r.enter(IoStage::Redirect, engine_->now());
  run_stack(request_of(arg), CpuWork{});
}

// Splits the request into drive I/Os (sub-ops) and adds the owner's cost of
// issuing them to `work`; returns how many there are, or -1 when some piece has
// no current copy to read (or no reachable copy to write).
int S2dProduct::plan(std::uint32_t id, int owner, CpuWork& work) {
  IoRequest& r = req(id);
  const int pieces = layout_.split(r.disk, r.offset, r.bytes, pieces_.data(), static_cast<int>(pieces_.size()));
  if (pieces > static_cast<int>(pieces_.size())) throw std::logic_error("s2d: an I/O has more pieces than reserved");
  const std::uint64_t extent = layout_.shape().extent_bytes;
  int n = 0;
  bool degraded = false;
  for (int p = 0; p < pieces; ++p) {
    const Piece& piece = pieces_[static_cast<std::size_t>(p)];
    const std::size_t base = layout_.index_of(piece.copies);
    auto add = [&](int c) {
      SubOpPlace& at = place(id, n);
      at.copy = static_cast<std::uint32_t>(base + static_cast<std::size_t>(c));
      at.piece = static_cast<std::uint32_t>(base);
      at.in_extent = piece.in_extent;
      SubOp& s = sub(id, n++);
      s.node = piece.copies[c].node;
      s.drive = piece.copies[c].drive;
      s.drive_offset = piece.drive_offset(c, extent);
      s.bytes = piece.bytes;
      s.backend = {};
      const double b = static_cast<double>(piece.bytes);
      if (s.node == owner) {
        work.add(CpuLayer::DriveIo, drive_cycles(owner, b));
      } else {
        work.add(CpuLayer::Network, message(static_cast<double>(r.write ? piece.bytes + stack_.control_message_bytes
                                                                        : stack_.control_message_bytes)));
      }
    };
    if (!r.write) {
      // A current local copy when the owner holds one, else the first current copy.
      int chosen = -1;
      for (int c = 0; c < layout_.copies(); ++c) {
        if (!readable(base + static_cast<std::size_t>(c))) continue;
        if (piece.copies[c].node == owner) {
          chosen = c;
          break;
        }
        if (chosen < 0) chosen = c;
      }
      if (chosen < 0) return -1;
      add(chosen);
    } else {
      int written = 0;
      for (int c = 0; c < layout_.copies(); ++c) {
        const Extent& e = piece.copies[c];
        if (reachable(e.node, e.drive)) {
          add(c);
          ++written;
        } else {
          // Dirty-region tracking: the copy missed this write and needs a resync.
          mark_stale(base + static_cast<std::size_t>(c));
          any_stale_ = true;
          degraded = true;
        }
      }
      if (written == 0) return -1;
    }
  }
  if (degraded) ++counters_.degraded_ios;
  return n;
}

bool S2dProduct::prepare_stack(std::uint32_t id, const CpuWork& extra, CpuWork& work) {
  IoRequest& r = req(id);
  work = extra;
  const auto bytes = static_cast<double>(r.bytes);
  work.add(CpuLayer::StorageStack, stack_.storage_stack.cycles(bytes));
  counters_.charges.storage_stack.add(bytes);
  if (r.write) {
    work.add(CpuLayer::StorageStack, stack_.mirror_write.cycles(bytes));
    counters_.charges.mirror_write.add(bytes);
  }
  const int n = plan(id, owner_of(r), work);
  if (n < 0) return false;
  states_[id].subops = static_cast<std::uint16_t>(n);
  r.pending = static_cast<std::uint16_t>(n);
  return true;
}

void S2dProduct::run_stack(std::uint32_t id, const CpuWork& extra) {
  CpuWork work;
  if (!prepare_stack(id, extra, work)) {
    fail_request(id);
    return;
  }
  cluster_->cpu(owner_of(req(id))).run(work, stack_done_, whole(id));
}

void S2dProduct::on_stack_done(Arg arg) {
  if (!current(arg)) return;
  const std::uint32_t id = request_of(arg);
  IoRequest& r = req(id);
  r.enter(IoStage::Host, engine_->now());
  if (stage_cost(r).cycles(static_cast<double>(r.bytes)) > 0) {
    Volume& volume = volumes_[static_cast<std::size_t>(volume_of(r))];
    if (volume.stage_busy) {
      (r.write ? volume.writes_waiting : volume.reads_waiting).push_back(arg);
    } else {
      start_stage(id);
    }
    return;
  }
  for (int k = 0; k < states_[id].subops; ++k) launch(id, k);
}

void S2dProduct::next_stage(Volume& volume) {
  for (;;) {
    sim::FifoRing<std::uint64_t>& queue = volume.reads_waiting.empty() ? volume.writes_waiting : volume.reads_waiting;
    if (queue.empty()) break;
    const Arg next = queue.pop_front();
    if (current(next)) {
      start_stage(request_of(next));
      return;
    }
  }
  volume.stage_busy = false;
  volume.stage_busy_time.set(engine_->now(), 0.0);
}

void S2dProduct::start_stage(std::uint32_t id) {
  const IoRequest& r = req(id);
  Volume& volume = volumes_[static_cast<std::size_t>(volume_of(r))];
  volume.stage_busy = true;
  volume.stage_busy_time.set(engine_->now(), 1.0);
  const auto bytes = static_cast<double>(r.bytes);
  (r.write ? counters_.charges.volume_write : counters_.charges.volume_read).add(bytes);
  cluster_->cpu(owner_of(r))
      .run(CpuWork::of(CpuLayer::StorageStack, stage_cost(r).cycles(bytes)), volume_stage_done_, whole(id));
}

// The stage has taken the I/O: its drive I/Os go out, and the next I/O waiting takes the stage
// (also when this one was abandoned meanwhile).
void S2dProduct::on_volume_stage_done(Arg arg) {
  const std::uint32_t id = request_of(arg);
  next_stage(volumes_[static_cast<std::size_t>(volume_of(req(id)))]);
  if (!current(arg)) return;
  req(id).enter(IoStage::Host, engine_->now());
  for (int k = 0; k < states_[id].subops; ++k) launch(id, k);
}

// Sends one sub-op on its way; one to a part that failed (and the cluster does
// not know yet) waits until the failure is detected.
void S2dProduct::launch(std::uint32_t id, int k) {
  IoRequest& r = req(id);
  SubOp& s = sub(id, k);
  s.started = engine_->now();
  s.live = true;
  const int owner = owner_of(r);
  if (!reachable(s.node, s.drive)) {
    // Detected down between plan() and now (take_down() stalls live sub-ops
    // only): no detection is left to come, so it is retried at once.
    retry_subop(id, k);
    return;
  }
  if (!cluster_->up(s.node)) {
    stall(id, k, stalled_on_node_[s.node]);
    return;
  }
  if (drive_down_[s.node][s.drive]) {
    stall(id, k, stalled_on_drive_[static_cast<std::size_t>(s.node) * drive_down_[s.node].size() + s.drive]);
    return;
  }
  const Arg a = of_sub(id, k);
  if (s.node == owner) {
    cluster_->node(s.node).drives[s.drive]->submit(DriveIo{s.drive_offset, s.bytes, r.write, true}, local_done_, a);
  } else {
    const std::uint64_t bytes = r.write ? s.bytes + stack_.control_message_bytes : stack_.control_message_bytes;
    cluster_->fabric().send(owner, s.node, bytes, remote_arrived_, a);
  }
}

void S2dProduct::on_local_done(Arg arg) {
  if (!current(arg)) return;
  step(sub(arg), IoStage::Drive);
  finish_subop(request_of(arg), sub_of(arg));
}

void S2dProduct::on_remote_arrived(Arg arg) {
  if (!current(arg)) return;
  SubOp& s = sub(arg);
  step(s, IoStage::Network);
  const IoRequest& r = req(request_of(arg));
  const double in =
      static_cast<double>(r.write ? s.bytes + stack_.control_message_bytes : stack_.control_message_bytes);
  const double out =
      static_cast<double>(r.write ? stack_.control_message_bytes : s.bytes + stack_.control_message_bytes);
  CpuWork work;
  work.add(CpuLayer::Network, message(in) + message(out));
  work.add(CpuLayer::DriveIo, drive_cycles(s.node, static_cast<double>(s.bytes)));
  cluster_->cpu(s.node).run(work, remote_cpu_done_, arg);
}

void S2dProduct::on_remote_cpu_done(Arg arg) {
  if (!current(arg)) return;
  SubOp& s = sub(arg);
  step(s, IoStage::RemoteCpu);
  const IoRequest& r = req(request_of(arg));
  cluster_->node(s.node).drives[s.drive]->submit(DriveIo{s.drive_offset, s.bytes, r.write, true}, remote_drive_done_,
                                                 arg);
}

void S2dProduct::on_remote_drive_done(Arg arg) {
  if (!current(arg)) return;
  SubOp& s = sub(arg);
  step(s, IoStage::Drive);
  const IoRequest& r = req(request_of(arg));
  const std::uint64_t bytes = r.write ? stack_.control_message_bytes : s.bytes + stack_.control_message_bytes;
  cluster_->fabric().send(s.node, owner_of(r), bytes, reply_arrived_, arg);
}

void S2dProduct::on_reply_arrived(Arg arg) {
  if (!current(arg)) return;
  SubOp& s = sub(arg);
  step(s, IoStage::Network);
  const IoRequest& r = req(request_of(arg));
  const double in =
      static_cast<double>(r.write ? stack_.control_message_bytes : s.bytes + stack_.control_message_bytes);
  const int owner = owner_of(r);
  cluster_->cpu(owner).run(CpuWork::of(CpuLayer::Network, message(in)), reply_received_, arg);
}

void S2dProduct::on_reply_received(Arg arg) {
  if (!current(arg)) return;
  step(sub(arg), IoStage::CompletionCpu);
  finish_subop(request_of(arg), sub_of(arg));
}

// The last sub-op to finish is the critical path: its steps are the request's backend stages.
void S2dProduct::finish_subop(std::uint32_t id, int k) {
  IoRequest& r = req(id);
  SubOp& s = sub(id, k);
  s.live = false;
  if (--r.pending > 0) return;
  for (int i = 0; i < 4; ++i) r.stages[static_cast<int>(kBackendStages[i])] += s.backend[static_cast<std::size_t>(i)];
  r.stage_started = engine_->now();
  const int owner = owner_of(r);
  if (owner == r.node) {
    on_done(whole(id));
    return;
  }
  cluster_->cpu(owner).run(CpuWork::of(CpuLayer::Network, message(static_cast<double>(reply_bytes(r)))),
                           redirect_reply_sent_, whole(id));
}

void S2dProduct::on_redirect_reply_sent(Arg arg) {
  if (!current(arg)) return;
  IoRequest& r = req(request_of(arg));
  cluster_->fabric().send(owner_of(r), r.node, reply_bytes(r), redirect_reply_arrived_, arg);
}

void S2dProduct::on_redirect_reply_arrived(Arg arg) {
  if (!current(arg)) return;
  IoRequest& r = req(request_of(arg));
  cluster_->cpu(r.node).run(CpuWork::of(CpuLayer::Network, message(static_cast<double>(reply_bytes(r)))), done_, arg);
}

void S2dProduct::on_done(Arg arg) {
  if (!current(arg)) return;
  IoRequest& r = req(request_of(arg));
  if (owner_of(r) != r.node) r.enter(IoStage::Redirect, engine_->now());
  if (!r.write && !csv_cache_.empty()) csv_cache_[r.node]->admit(r.disk, r.offset, r.bytes);
  complete(request_of(arg));
}

// The volume cannot serve the I/O: it completes at once, failed.
void S2dProduct::fail_request(std::uint32_t id) {
  IoRequest& r = req(id);
  r.failed = true;
  ++counters_.failed_ios;
  engine_->schedule_in(0, failed_, whole(id));
}

void S2dProduct::on_failed(Arg arg) {
  if (!current(arg)) return;
  req(request_of(arg)).enter(IoStage::Host, engine_->now());
  complete(request_of(arg));
}

}  // namespace hcisim::models
