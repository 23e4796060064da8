#include "models/storage/scaleio/scaleio_product.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hcisim::models {

namespace {

constexpr int kRemoteCpu = 1;
constexpr IoStage kBackendStages[4] = {IoStage::Network, IoStage::RemoteCpu, IoStage::Drive, IoStage::CompletionCpu};

int backend_index(IoStage stage) {
  for (int i = 0; i < 4; ++i) {
    if (kBackendStages[i] == stage) return i;
  }
  return kRemoteCpu;
}

LayoutShape shape_of(const ClusterSpec& spec) {
  if (!(spec.stack.slab_bytes > 0) || spec.stack.slab_bytes != spec.stack.interleave_bytes || spec.stack.columns > 1) {
    throw std::invalid_argument("ScaleIO stack '" + spec.stack.id +
                                "': one chunk size is both extent and stripe unit, in one column");
  }
  LayoutShape shape;
  shape.copies = 2;
  shape.columns = 1;
  shape.interleave_bytes = static_cast<std::uint64_t>(spec.stack.slab_bytes);
  shape.extent_bytes = static_cast<std::uint64_t>(spec.stack.slab_bytes);
  return shape;
}

const ClusterSpec& checked(const ClusterSpec& spec) {
  if (const std::string why = ScaleIoProduct::refusal(spec); !why.empty()) throw std::invalid_argument(why);
  return spec;
}

}  // namespace

std::string ScaleIoProduct::refusal(const ClusterSpec& spec) {
  if (!spec.failed_nodes.empty()) return "ScaleIO with failed nodes (degraded mirrors, rebuild) is not modelled yet";
  if (!spec.volume_owners.empty()) return "ScaleIO has no volume owners: every SDC talks to every SDS directly";
  if (spec.resiliency != Resiliency::TwoWayMirror) {
    return "ScaleIO keeps exactly two copies of every chunk (mesh mirror): resiliency must be two-way-mirror";
  }
  return "";
}

ScaleIoProduct::ScaleIoProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster, RequestTable& requests)
    : engine_(&engine),
      cluster_(&cluster),
      stack_(checked(spec).stack),
      layout_(cluster.node_count(), cluster.drives_per_node(), shape_of(spec), engine.stream("scaleio/placement")),
      sdc_(cluster.cpus(), spec.stack.connections_per_pair),
      sds_(cluster.cpus(), spec.stack.connections_per_pair),
      requests_(&requests) {
  const std::size_t devices =
      static_cast<std::size_t>(cluster.node_count()) * static_cast<std::size_t>(cluster.drives_per_node());
  device_down_.assign(devices, 0);
  device_known_down_.assign(devices, 0);
  device_failed_at_.assign(devices, 0);
  rebuild_queue_.resize(devices);
  rebuild_next_.assign(devices, 0);
  rebuild_in_flight_.assign(devices, 0);
  rebuilt_by_source_.assign(devices, 0);
  window_rebuilt_.assign(devices, 0);
  skip_carry_.assign(devices, 0.0);
  // Chunk copies a device holds.
  device_slots_ = static_cast<std::uint32_t>(spec.smallest_capacity_drive_bytes() / layout_.shape().extent_bytes);
}

std::uint32_t ScaleIoProduct::attach_disk(int host, int /*volume*/, std::uint64_t bytes) {
  if (host < 0 || host >= cluster_->host_count()) {
    throw std::invalid_argument("a VM cannot run on host " + std::to_string(host + 1) + ": there is no such host");
  }
  return layout_.add_disk(bytes);
}

void ScaleIoProduct::reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) {
  max_pieces_ = layout_.max_pieces(max_bytes, align);
  pieces_.resize(static_cast<std::size_t>(max_pieces_));
  subops_.assign(requests * static_cast<std::size_t>(max_pieces_), SubOp{});
  rebuilding_.assign(layout_.copy_count(), 0);
}

double ScaleIoProduct::message_cycles(double bytes) const {
  return stack_.network_message.cycles(bytes) + stack_.network_tcp_extra.cycles(bytes);
}

std::uint64_t ScaleIoProduct::to_primary_bytes(const IoRequest& r, const SubOp& s) const {
  return r.write ? s.bytes + stack_.control_message_bytes : stack_.control_message_bytes;
}

std::uint64_t ScaleIoProduct::to_sdc_bytes(const IoRequest& r, const SubOp& s) const {
  return r.write ? stack_.control_message_bytes : s.bytes + stack_.control_message_bytes;
}

void ScaleIoProduct::step(SubOp& s, IoStage stage) {
  const sim::SimTime now = engine_->now();
  s.backend[static_cast<std::size_t>(backend_index(stage))] += now - s.started;
  s.started = now;
}

void ScaleIoProduct::mirror_step(SubOp& s, IoStage stage) {
  const sim::SimTime now = engine_->now();
  s.mirror[static_cast<std::size_t>(backend_index(stage))] += now - s.mirror_started;
  s.mirror_started = now;
}

// 1. The SDC: split into chunk pieces, one request message to each primary.
void ScaleIoProduct::submit(std::uint32_t id, const CpuWork& host_work) {
  IoRequest& r = req(id);
  const int pieces = layout_.split(r.disk, r.offset, r.bytes, pieces_.data(), max_pieces_);
  if (pieces > max_pieces_) throw std::logic_error("scaleio: an I/O has more chunk pieces than reserved");
  const std::uint64_t chunk = layout_.shape().extent_bytes;
  CpuWork work = host_work;
  work.add(CpuLayer::StorageStack, stack_.storage_stack.cycles(static_cast<double>(r.bytes)));
  for (int p = 0; p < pieces; ++p) {
    const Piece& piece = pieces_[static_cast<std::size_t>(p)];
    SubOp& s = sub(arg_of(id, p));
    s = SubOp{};
    s.base_copy = static_cast<std::uint32_t>(layout_.index_of(piece.copies));
    if (!route(s)) {
      fail_request(id);
      return;
    }
    for (int c = 0; c < 2; ++c) {
      const int copy = s.copy[static_cast<std::size_t>(c)];
      s.node[static_cast<std::size_t>(c)] = piece.copies[copy].node;
      s.drive[static_cast<std::size_t>(c)] = piece.copies[copy].drive;
      s.drive_offset[static_cast<std::size_t>(c)] = piece.drive_offset(copy, chunk);
    }
    s.bytes = piece.bytes;
    s.in_extent = piece.in_extent;
    s.lane = next_lane_++;
    work.add(CpuLayer::Network, message_cycles(static_cast<double>(to_primary_bytes(r, s))));
  }
  r.pending = static_cast<std::uint16_t>(pieces);
  cluster_->cpu(r.node).run(work, sdc_done_, id);
}

void ScaleIoProduct::on_sdc_done(Arg arg) {
  const std::uint32_t id = request_of(arg);
  IoRequest& r = req(id);
  const sim::SimTime now = engine_->now();
  r.enter(IoStage::Host, now);
  for (int p = 0; p < r.pending; ++p) {
    sub(arg_of(id, p)).started = now;
    send_to_primary(arg_of(id, p));
  }
}

void ScaleIoProduct::send_to_primary(Arg a) {
  const SubOp& s = sub(a);
  const IoRequest& r = req(request_of(a));
  if (s.node[0] == r.node) {
    at_primary(a);  // the local SDS, through the host's virtual switch
  } else {
    cluster_->fabric().send(r.node, s.node[0], to_primary_bytes(r, s), request_arrived_, a);
  }
}

void ScaleIoProduct::on_request_arrived(Arg arg) {
  step(sub(arg), IoStage::Network);
  at_primary(arg);
}

// 2. The primary SDS at its end of the SDC's socket.
void ScaleIoProduct::at_primary(Arg arg) {
  SubOp& s = sub(arg);
  const IoRequest& r = req(request_of(arg));
  const double b = static_cast<double>(s.bytes);
  CpuWork work;
  work.add(CpuLayer::Network, message_cycles(static_cast<double>(to_primary_bytes(r, s))));
  work.add(CpuLayer::StorageStack, stack_.server_io.cycles(b));
  work.add(CpuLayer::DriveIo, stack_.drive_io.cycles(b));
  // A read sends its reply, a write forwards its data to the secondary, in the same burst.
  if (!r.write) {
    work.add(CpuLayer::Network, message_cycles(static_cast<double>(to_sdc_bytes(r, s))));
  } else if (s.mirrored) {
    work.add(CpuLayer::Network, message_cycles(static_cast<double>(s.bytes + stack_.control_message_bytes)));
  }
  sdc_.run(r.node, s.node[0], s.lane, s.node[0], work, primary_cpu_done_, arg);
}

void ScaleIoProduct::on_primary_cpu_done(Arg arg) {
  SubOp& s = sub(arg);
  step(s, IoStage::RemoteCpu);
  const IoRequest& r = req(request_of(arg));
  Drive& drive = *cluster_->node(s.node[0]).drives[s.drive[0]];
  if (!r.write) {
    drive.submit(DriveIo{s.drive_offset[0], s.bytes, false, true}, primary_read_done_, arg);
    return;
  }
  // Both at once: the local copy and the forward to the secondary (none when degraded).
  s.branches = s.mirrored ? 2 : 1;
  s.mirror_started = s.started;
  drive.submit(DriveIo{s.drive_offset[0], s.bytes, true, true}, local_write_done_, arg);
  if (s.mirrored) {
    cluster_->fabric().send(s.node[0], s.node[1], s.bytes + stack_.control_message_bytes, mirror_arrived_, arg);
  }
}

void ScaleIoProduct::on_primary_read_done(Arg arg) {
  const SubOp& done = sub(arg);
  if (device_failed_under(arg, done.node[0], done.drive[0], kReadRetry)) return;
  step(sub(arg), IoStage::Drive);
  to_sdc(arg, reply_arrived_);
}

// The reply (read data or write acknowledgement) from the primary to the SDC.
void ScaleIoProduct::to_sdc(Arg arg, sim::EventHandler& arrived) {
  const SubOp& s = sub(arg);
  const IoRequest& r = req(request_of(arg));
  if (s.node[0] == r.node) {
    arrived.on_event(arg);  // local: no wire
    return;
  }
  cluster_->fabric().send(s.node[0], r.node, to_sdc_bytes(r, s), arrived, arg);
}

void ScaleIoProduct::on_reply_arrived(Arg arg) {
  SubOp& s = sub(arg);
  step(s, IoStage::Network);
  const IoRequest& r = req(request_of(arg));
  sdc_.run(r.node, s.node[0], s.lane, r.node,
           CpuWork::of(CpuLayer::Network, message_cycles(static_cast<double>(to_sdc_bytes(r, s)))), piece_received_,
           arg);
}

void ScaleIoProduct::on_piece_received(Arg arg) {
  step(sub(arg), IoStage::CompletionCpu);
  finish_piece(arg);
}

// ---- A write's two branches ----

void ScaleIoProduct::on_local_write_done(Arg arg) {
  const SubOp& done = sub(arg);
  if (device_failed_under(arg, done.node[0], done.drive[0], kLocalWrite)) return;
  local_write_finished(arg);
}

void ScaleIoProduct::local_write_finished(Arg arg) {
  SubOp& s = sub(arg);
  if (--s.branches > 0) return;
  step(s, IoStage::Drive);  // the local copy finished last: the wait was the drive
  on_branch_done(arg);
}

void ScaleIoProduct::on_mirror_arrived(Arg arg) {
  SubOp& s = sub(arg);
  mirror_step(s, IoStage::Network);
  const double b = static_cast<double>(s.bytes);
  const double ctl = stack_.control_message_bytes;
  CpuWork work;
  work.add(CpuLayer::Network, message_cycles(b + ctl) + message_cycles(ctl));  // receive, and send the ack
  work.add(CpuLayer::StorageStack, stack_.server_io.cycles(b));
  work.add(CpuLayer::DriveIo, stack_.drive_io.cycles(b));
  sds_.run(s.node[0], s.node[1], s.lane, s.node[1], work, secondary_cpu_done_, arg);
}

void ScaleIoProduct::on_secondary_cpu_done(Arg arg) {
  SubOp& s = sub(arg);
  mirror_step(s, IoStage::RemoteCpu);
  cluster_->node(s.node[1]).drives[s.drive[1]]->submit(DriveIo{s.drive_offset[1], s.bytes, true, true},
                                                       secondary_write_done_, arg);
}

void ScaleIoProduct::on_secondary_write_done(Arg arg) {
  const SubOp& done = sub(arg);
  if (device_failed_under(arg, done.node[1], done.drive[1], kSecondaryWrite)) return;
  secondary_write_finished(arg);
}

void ScaleIoProduct::secondary_write_finished(Arg arg) {
  SubOp& s = sub(arg);
  mirror_step(s, IoStage::Drive);
  cluster_->fabric().send(s.node[1], s.node[0], stack_.control_message_bytes, mirror_ack_arrived_, arg);
}

void ScaleIoProduct::on_mirror_ack_arrived(Arg arg) {
  SubOp& s = sub(arg);
  mirror_step(s, IoStage::Network);
  sds_.run(s.node[0], s.node[1], s.lane, s.node[0],
           CpuWork::of(CpuLayer::Network, message_cycles(stack_.control_message_bytes)), mirror_done_, arg);
}

void ScaleIoProduct::on_mirror_done(Arg arg) {
  SubOp& s = sub(arg);
  mirror_step(s, IoStage::RemoteCpu);
  if (--s.branches > 0) return;
  // The mirror finished last: the wait since the branches began was its steps.
  for (int i = 0; i < 4; ++i) s.backend[static_cast<std::size_t>(i)] += s.mirror[static_cast<std::size_t>(i)];
  s.started = engine_->now();
  on_branch_done(arg);
}

// Both copies are on drives: the primary acknowledges to the SDC.
void ScaleIoProduct::on_branch_done(Arg arg) {
  SubOp& s = sub(arg);
  const IoRequest& r = req(request_of(arg));
  sdc_.run(r.node, s.node[0], s.lane, s.node[0],
           CpuWork::of(CpuLayer::Network, message_cycles(stack_.control_message_bytes)), ack_sent_, arg);
}

void ScaleIoProduct::on_ack_sent(Arg arg) {
  step(sub(arg), IoStage::RemoteCpu);
  to_sdc(arg, reply_arrived_);
}

// The last piece to finish is the critical path: its steps are the request's backend stages.
void ScaleIoProduct::finish_piece(Arg arg) {
  const std::uint32_t id = request_of(arg);
  IoRequest& r = req(id);
  if (--r.pending > 0) return;
  const SubOp& s = sub(arg);
  for (int i = 0; i < 4; ++i) r.stages[static_cast<int>(kBackendStages[i])] += s.backend[static_cast<std::size_t>(i)];
  r.stage_started = engine_->now();
  client_->on_event(id);
}

ProductHotspot ScaleIoProduct::hotspot(sim::SimTime now) const {
  ProductHotspot h;
  auto consider = [&](const Connections& c, const char* what, const char* client, const char* server) {
    const Connections::Busiest b = c.busiest(now);
    if (b.at < 0 || b.utilisation <= h.utilisation) return;
    h.utilisation = b.utilisation;
    auto name = [&](int host) {
      return (host < cluster_->node_count() ? "node " + std::to_string(host + 1)
                                            : "compute host " + std::to_string(host - cluster_->node_count() + 1));
    };
    h.what = std::string(what) + " " + client + " on " + name(b.client) + " -> " + server + " on " + name(b.server) +
             " (its end at " + name(b.at) + ")";
  };
  consider(sdc_, "ScaleIO socket", "SDC", "SDS");
  consider(sds_, "ScaleIO mirror socket", "SDS", "SDS");
  h.resource = kStorageConnection.resource;
  h.why = kStorageConnection.why;
  return h;
}

void ScaleIoProduct::node_failed(int node) {
  throw std::invalid_argument("node " + std::to_string(node + 1) +
                              " fails: ScaleIO failures (degraded mirrors, rebuild) are not modelled yet");
}

void ScaleIoProduct::node_returned(int node) {
  throw std::invalid_argument("node " + std::to_string(node + 1) +
                              " returns: ScaleIO failures (degraded mirrors, rebuild) are not modelled yet");
}

}  // namespace hcisim::models
