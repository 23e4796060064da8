#include "models/storage/s2d/s2d_product.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

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

std::vector<int> owners_of(const ClusterSpec& spec) {
  std::vector<int> owners = spec.volume_owners;
  if (owners.empty()) {
    for (int n = 0; n < spec.node_count; ++n) owners.push_back(n);
  }
  return owners;
}

constexpr int kNetwork = 0, kRemoteCpu = 1, kDrive = 2, kCompletionCpu = 3;
constexpr IoStage kBackendStages[4] = {IoStage::Network, IoStage::RemoteCpu, IoStage::Drive, IoStage::CompletionCpu};

}  // namespace

S2dProduct::S2dProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster, RequestTable& requests)
    : engine_(&engine),
      cluster_(&cluster),
      stack_(spec.stack),
      rdma_(spec.nic.rdma != RdmaKind::None),
      layout_(cluster.node_count(), cluster.drives_per_node(), shape_of(spec, cluster.drives_per_node()),
              engine.stream("s2d/placement")),
      sbl_(cluster.cpus(), spec.stack.connections_per_pair),
      csv_(cluster.cpus(), spec.stack.connections_per_pair),
      requests_(&requests),
      owners_(owners_of(spec)) {
  if (spec.compute_hosts.count > 0) {
    throw std::invalid_argument("Storage Spaces Direct is modelled hyperconverged only: cluster.compute_hosts is not "
                                "supported for it");
  }
  if (spec.hypervisor.kind != HypervisorKind::HyperV) {
    throw std::invalid_argument("Storage Spaces Direct runs on Hyper-V hosts; hypervisor '" + spec.hypervisor.id +
                                "' is not Hyper-V");
  }
  for (const int owner : owners_) {
    if (owner < 0 || owner >= cluster.node_count() || !cluster.up(owner)) {
      throw std::invalid_argument("volume owner node " + std::to_string(owner + 1) + " is not a running node");
    }
  }
}

std::uint32_t S2dProduct::attach_disk(int host, int volume, std::uint64_t bytes) {
  if (volume < 0 || volume >= static_cast<int>(owners_.size())) {
    throw std::invalid_argument("no volume " + std::to_string(volume + 1));
  }
  if (!cluster_->up(host)) {
    throw std::invalid_argument("a VM cannot run on node " + std::to_string(host + 1) + ": it is down");
  }
  const std::uint32_t disk = layout_.add_disk(bytes);
  // A mirror stays online only while every extent keeps a copy on a running node.
  for (int column = 0; column < layout_.columns(); ++column) {
    for (std::uint64_t row = 0; row < layout_.extents_per_column(disk); ++row) {
      const Extent* copies = layout_.extents(disk, column, row);
      bool survives = false;
      for (int c = 0; c < layout_.copies() && !survives; ++c) survives = cluster_->up(copies[c].node);
      if (!survives) {
        throw std::invalid_argument("with these nodes down, some slabs lose every copy (" +
                                    std::to_string(layout_.copies()) +
                                    " per slab): the volume goes offline and no VM can run I/O on it");
      }
    }
  }
  disk_volume_.push_back(volume);
  return disk;
}

void S2dProduct::reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) {
  const int pieces = layout_.max_pieces(max_bytes, align);
  max_subops_ = pieces * layout_.copies();
  pieces_.resize(static_cast<std::size_t>(pieces));
  subops_.assign(requests * static_cast<std::size_t>(max_subops_), SubOp{});
}

double S2dProduct::message(double bytes) const {
  double cycles = stack_.network_message.cycles(bytes);
  if (!rdma_) cycles += stack_.network_tcp_extra.cycles(bytes);
  return cycles;
}

std::uint64_t S2dProduct::request_bytes(const IoRequest& r) const {
  return r.write ? r.bytes + stack_.control_message_bytes : stack_.control_message_bytes;
}

std::uint64_t S2dProduct::reply_bytes(const IoRequest& r) const {
  return r.write ? stack_.control_message_bytes : r.bytes + stack_.control_message_bytes;
}

void S2dProduct::step(SubOp& s, IoStage stage) {
  const sim::SimTime now = engine_->now();
  for (int i = 0; i < 4; ++i) {
    if (kBackendStages[i] == stage) s.backend[static_cast<std::size_t>(i)] += now - s.started;
  }
  s.started = now;
}

void S2dProduct::submit(std::uint32_t id, const CpuWork& host_work) {
  IoRequest& r = req(id);
  const int owner = owner_of(r);
  if (owner == r.node) {
    run_stack(id, host_work);
    return;
  }
  // ReFS CSV, file-system redirected: ship the I/O to the owner over SMB.
  ++counters_.redirected_ios;
  CpuWork work = host_work;
  work.add(CpuLayer::Network, message(static_cast<double>(request_bytes(r))));
  cluster_->cpu(r.node).run(work, redirect_sent_, id);
}

void S2dProduct::on_redirect_sent(Arg arg) {
  IoRequest& r = req(request_of(arg));
  r.enter(IoStage::Host, engine_->now());
  cluster_->fabric().send(r.node, owner_of(r), request_bytes(r), redirect_arrived_, arg);
}

void S2dProduct::on_redirect_arrived(Arg arg) {
  IoRequest& r = req(request_of(arg));
  const int owner = owner_of(r);
  csv_.run(r.node, owner, request_of(arg), owner,
           CpuWork::of(CpuLayer::Network, message(static_cast<double>(request_bytes(r)))), redirect_received_, arg);
}

void S2dProduct::on_redirect_received(Arg arg) {
  IoRequest& r = req(request_of(arg));
  r.enter(IoStage::Redirect, engine_->now());
  run_stack(request_of(arg), CpuWork{});
}

// Splits the request into drive I/Os (sub-ops) and adds the owner's cost of
// issuing them to `work`; returns how many there are.
int S2dProduct::plan(std::uint32_t id, int owner, CpuWork& work) {
  IoRequest& r = req(id);
  const int pieces = layout_.split(r.disk, r.offset, r.bytes, pieces_.data(), static_cast<int>(pieces_.size()));
  if (pieces > static_cast<int>(pieces_.size())) throw std::logic_error("s2d: an I/O has more pieces than reserved");
  const double extent = static_cast<double>(layout_.shape().extent_bytes);
  int n = 0;
  bool degraded = false;
  for (int p = 0; p < pieces; ++p) {
    const Piece& piece = pieces_[static_cast<std::size_t>(p)];
    auto add = [&](int c) {
      SubOp& s = subops_[static_cast<std::size_t>(id) * max_subops_ + n++];
      s.node = piece.copies[c].node;
      s.drive = piece.copies[c].drive;
      s.drive_offset = piece.drive_offset(c, static_cast<std::uint64_t>(extent));
      s.bytes = piece.bytes;
      s.backend = {};
      const double b = static_cast<double>(piece.bytes);
      if (s.node == owner) {
        work.add(CpuLayer::DriveIo, stack_.drive_io.cycles(b));
      } else {
        work.add(CpuLayer::Network,
                 message(static_cast<double>(r.write ? piece.bytes + stack_.control_message_bytes
                                                     : stack_.control_message_bytes)));
      }
    };
    if (!r.write) {
      // A local copy when the owner holds one, else the first surviving copy
      // (attach_disk made sure one survives).
      int chosen = -1;
      for (int c = 0; c < layout_.copies(); ++c) {
        if (!cluster_->up(piece.copies[c].node)) continue;
        if (piece.copies[c].node == owner) {
          chosen = c;
          break;
        }
        if (chosen < 0) chosen = c;
      }
      add(chosen);
    } else {
      for (int c = 0; c < layout_.copies(); ++c) {
        if (cluster_->up(piece.copies[c].node)) {
          add(c);
        } else {
          degraded = true;
        }
      }
    }
  }
  if (degraded) ++counters_.degraded_ios;
  return n;
}

void S2dProduct::run_stack(std::uint32_t id, const CpuWork& extra) {
  IoRequest& r = req(id);
  const int owner = owner_of(r);
  CpuWork work = extra;
  work.add(CpuLayer::StorageStack, stack_.storage_stack.cycles(static_cast<double>(r.bytes)));
  r.pending = static_cast<std::uint16_t>(plan(id, owner, work));
  cluster_->cpu(owner).run(work, stack_done_, id);
}

void S2dProduct::on_stack_done(Arg arg) {
  const std::uint32_t id = request_of(arg);
  IoRequest& r = req(id);
  const sim::SimTime now = engine_->now();
  r.enter(IoStage::Host, now);
  const int owner = owner_of(r);
  const int n = r.pending;
  for (int k = 0; k < n; ++k) {
    SubOp& s = subops_[static_cast<std::size_t>(id) * max_subops_ + k];
    s.started = now;
    const Arg a = arg_of(id, k);
    if (s.node == owner) {
      cluster_->node(s.node).drives[s.drive]->submit(DriveIo{s.drive_offset, s.bytes, r.write, true}, local_done_, a);
    } else {
      const std::uint64_t bytes = r.write ? s.bytes + stack_.control_message_bytes : stack_.control_message_bytes;
      cluster_->fabric().send(owner, s.node, bytes, remote_arrived_, a);
    }
  }
}

void S2dProduct::on_local_done(Arg arg) {
  step(sub(arg), IoStage::Drive);
  finish_subop(arg);
}

void S2dProduct::on_remote_arrived(Arg arg) {
  SubOp& s = sub(arg);
  step(s, IoStage::Network);
  const IoRequest& r = req(request_of(arg));
  const double in = static_cast<double>(r.write ? s.bytes + stack_.control_message_bytes : stack_.control_message_bytes);
  const double out = static_cast<double>(r.write ? stack_.control_message_bytes : s.bytes + stack_.control_message_bytes);
  CpuWork work;
  work.add(CpuLayer::Network, message(in) + message(out));
  work.add(CpuLayer::DriveIo, stack_.drive_io.cycles(static_cast<double>(s.bytes)));
  sbl_.run(owner_of(r), s.node, request_of(arg), s.node, work, remote_cpu_done_, arg);
}

void S2dProduct::on_remote_cpu_done(Arg arg) {
  SubOp& s = sub(arg);
  step(s, IoStage::RemoteCpu);
  const IoRequest& r = req(request_of(arg));
  cluster_->node(s.node).drives[s.drive]->submit(DriveIo{s.drive_offset, s.bytes, r.write, true}, remote_drive_done_,
                                                 arg);
}

void S2dProduct::on_remote_drive_done(Arg arg) {
  SubOp& s = sub(arg);
  step(s, IoStage::Drive);
  const IoRequest& r = req(request_of(arg));
  const std::uint64_t bytes = r.write ? stack_.control_message_bytes : s.bytes + stack_.control_message_bytes;
  cluster_->fabric().send(s.node, owner_of(r), bytes, reply_arrived_, arg);
}

void S2dProduct::on_reply_arrived(Arg arg) {
  SubOp& s = sub(arg);
  step(s, IoStage::Network);
  const IoRequest& r = req(request_of(arg));
  const double in = static_cast<double>(r.write ? stack_.control_message_bytes : s.bytes + stack_.control_message_bytes);
  const int owner = owner_of(r);
  sbl_.run(owner, s.node, request_of(arg), owner, CpuWork::of(CpuLayer::Network, message(in)), reply_received_, arg);
}

void S2dProduct::on_reply_received(Arg arg) {
  step(sub(arg), IoStage::CompletionCpu);
  finish_subop(arg);
}

// The last sub-op to finish is the critical path: its steps are the request's backend stages.
void S2dProduct::finish_subop(Arg arg) {
  const std::uint32_t id = request_of(arg);
  IoRequest& r = req(id);
  if (--r.pending > 0) return;
  const SubOp& s = sub(arg);
  for (int i = 0; i < 4; ++i) r.stages[static_cast<int>(kBackendStages[i])] += s.backend[static_cast<std::size_t>(i)];
  r.stage_started = engine_->now();
  const int owner = owner_of(r);
  if (owner == r.node) {
    on_done(id);
    return;
  }
  csv_.run(r.node, owner, id, owner, CpuWork::of(CpuLayer::Network, message(static_cast<double>(reply_bytes(r)))),
           redirect_reply_sent_, id);
}

void S2dProduct::on_redirect_reply_sent(Arg arg) {
  IoRequest& r = req(request_of(arg));
  cluster_->fabric().send(owner_of(r), r.node, reply_bytes(r), redirect_reply_arrived_, arg);
}

void S2dProduct::on_redirect_reply_arrived(Arg arg) {
  IoRequest& r = req(request_of(arg));
  csv_.run(r.node, owner_of(r), request_of(arg), r.node,
           CpuWork::of(CpuLayer::Network, message(static_cast<double>(reply_bytes(r)))), done_, arg);
}

ProductHotspot S2dProduct::hotspot(sim::SimTime now) const {
  ProductHotspot h;
  auto consider = [&](const Connections& c, const char* what) {
    const Connections::Busiest b = c.busiest(now);
    if (b.at < 0 || b.utilisation <= h.utilisation) return;
    h.utilisation = b.utilisation;
    h.what = std::string(what) + " node " + std::to_string(b.client + 1) + " -> node " + std::to_string(b.server + 1) +
             " (its end at node " + std::to_string(b.at + 1) + ")";
  };
  consider(sbl_, "Storage Bus SMB Direct connection");
  consider(csv_, "CSV redirection SMB connection");
  return h;
}

void S2dProduct::on_done(Arg arg) {
  IoRequest& r = req(request_of(arg));
  if (owner_of(r) != r.node) r.enter(IoStage::Redirect, engine_->now());
  client_->on_event(request_of(arg));
}

}  // namespace hcisim::models
