#include "models/storage/infoscale/infoscale_product.hpp"

#include <stdexcept>
#include <string>

namespace hcisim::models {

namespace {

constexpr int kNetwork = 0, kRemoteCpu = 1, kDrive = 2, kCompletionCpu = 3;
constexpr IoStage kBackendStages[4] = {IoStage::Network, IoStage::RemoteCpu, IoStage::Drive, IoStage::CompletionCpu};

const ClusterSpec& checked(const ClusterSpec& spec) {
  if (const std::string why = InfoScaleProduct::refusal(spec); !why.empty()) throw std::invalid_argument(why);
  return spec;
}

}  // namespace

std::string InfoScaleProduct::refusal(const ClusterSpec& spec) {
  if (!spec.cloud.defined())
    return "InfoScale FSS is modelled on cloud VMs only: the cluster needs storage VMs (cloud)";
  if (spec.resiliency != Resiliency::Simple) {
    return "InfoScale: the modelled volumes are striped, not mirrored (resiliency must be simple)";
  }
  if (!spec.failed_nodes.empty()) return "InfoScale with failed nodes is not modelled";
  if (!spec.volume_owners.empty()) return "InfoScale has no volume owners: every client ships I/O to the disks' nodes";
  const int volumes = spec.stack.infoscale.volumes;
  if (volumes != spec.cloud.disks_per_vm) {
    return "InfoScale: each volume's column on a storage VM is one of its disks, so the volume set needs one volume "
           "per data disk of a storage VM (" +
           std::to_string(spec.cloud.disks_per_vm) + "), got " + std::to_string(volumes);
  }
  return "";
}

InfoScaleProduct::InfoScaleProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster,
                                   RequestTable& requests)
    : engine_(&engine),
      cluster_(&cluster),
      stack_(checked(spec).stack),
      layout_(cluster.node_count(), spec.stack.infoscale.volumes, spec.stack.infoscale.stripe_unit_bytes,
              spec.cloud.disk.capacity_bytes),
      requests_(&requests) {}

std::uint32_t InfoScaleProduct::attach_disk(int host, int volume, std::uint64_t bytes) {
  if (host < 0 || host >= cluster_->host_count()) {
    throw std::invalid_argument("a stream cannot run on host " + std::to_string(host + 1) + ": there is no such host");
  }
  return layout_.add_file(volume % layout_.volumes(), bytes);
}

void InfoScaleProduct::reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) {
  max_pieces_ = layout_.max_pieces(max_bytes, align);
  pieces_.resize(static_cast<std::size_t>(max_pieces_));
  subops_.assign(requests * static_cast<std::size_t>(max_pieces_), SubOp{});
}

std::uint64_t InfoScaleProduct::to_server_bytes(bool write, std::uint64_t bytes) const {
  return write ? bytes + stack_.control_message_bytes : stack_.control_message_bytes;
}

std::uint64_t InfoScaleProduct::to_client_bytes(bool write, std::uint64_t bytes) const {
  return write ? stack_.control_message_bytes : bytes + stack_.control_message_bytes;
}

void InfoScaleProduct::step(SubOp& s, int backend) {
  const sim::SimTime now = engine_->now();
  s.backend[static_cast<std::size_t>(backend)] += now - s.started;
  s.started = now;
}

// 1. The client: the file system's work and one message per piece, in one burst.
void InfoScaleProduct::submit(std::uint32_t id, const CpuWork& host_work) {
  IoRequest& r = req(id);
  const int pieces = layout_.split(r.disk, r.offset, r.bytes, pieces_.data(), max_pieces_);
  CpuWork work = host_work;
  work.add(CpuLayer::StorageStack, stack_.storage_stack.cycles(static_cast<double>(r.bytes)));
  for (int p = 0; p < pieces; ++p) {
    SubOp& s = sub(arg_of(id, p));
    s = SubOp{};
    s.piece = pieces_[static_cast<std::size_t>(p)];
    work.add(CpuLayer::Network, message_cycles(static_cast<double>(to_server_bytes(r.write, s.piece.bytes))));
  }
  r.pending = static_cast<std::uint16_t>(pieces);
  cluster_->cpu(r.node).run(work, client_done_, id);
}

void InfoScaleProduct::on_client_done(Arg arg) {
  const std::uint32_t id = request_of(arg);
  IoRequest& r = req(id);
  const sim::SimTime now = engine_->now();
  r.enter(IoStage::Host, now);
  for (int p = 0; p < r.pending; ++p) {
    const Arg a = arg_of(id, p);
    SubOp& s = sub(a);
    s.started = now;
    if (s.piece.node == r.node) {
      at_server(a);  // the client is the disk's node: no wire
    } else {
      cluster_->fabric().send(r.node, s.piece.node, to_server_bytes(r.write, s.piece.bytes), request_arrived_, a);
    }
  }
}

void InfoScaleProduct::on_request_arrived(Arg arg) {
  step(sub(arg), kNetwork);
  at_server(arg);
}

// 3. The storage node: receive, serve, issue the drive I/O, and send the reply, in one burst.
void InfoScaleProduct::at_server(Arg arg) {
  const SubOp& s = sub(arg);
  const IoRequest& r = req(request_of(arg));
  const double b = static_cast<double>(s.piece.bytes);
  CpuWork work;
  work.add(CpuLayer::Network, message_cycles(static_cast<double>(to_server_bytes(r.write, s.piece.bytes))));
  work.add(CpuLayer::StorageStack, stack_.server_io.cycles(b));
  work.add(CpuLayer::DriveIo, stack_.drive_io.cycles(b));
  work.add(CpuLayer::Network, message_cycles(static_cast<double>(to_client_bytes(r.write, s.piece.bytes))));
  cluster_->cpu(s.piece.node).run(work, server_done_, arg);
}

void InfoScaleProduct::on_server_done(Arg arg) {
  SubOp& s = sub(arg);
  step(s, kRemoteCpu);
  const IoRequest& r = req(request_of(arg));
  cluster_->node(s.piece.node)
      .drives[s.piece.disk]
      ->submit(DriveIo{s.piece.disk_offset, s.piece.bytes, r.write, true}, drive_done_, arg);
}

// 4. The reply, through the storage VM's egress cap.
void InfoScaleProduct::on_drive_done(Arg arg) {
  SubOp& s = sub(arg);
  step(s, kDrive);
  const IoRequest& r = req(request_of(arg));
  if (s.piece.node == r.node) {
    on_reply_arrived(arg);
    return;
  }
  cluster_->fabric().send(s.piece.node, r.node, to_client_bytes(r.write, s.piece.bytes), reply_arrived_, arg);
}

void InfoScaleProduct::on_reply_arrived(Arg arg) {
  SubOp& s = sub(arg);
  step(s, kNetwork);
  const IoRequest& r = req(request_of(arg));
  cluster_->cpu(r.node).run(
      CpuWork::of(CpuLayer::Network, message_cycles(static_cast<double>(to_client_bytes(r.write, s.piece.bytes)))),
      received_, arg);
}

// 5. The last piece to finish is the critical path: its steps are the request's backend stages.
void InfoScaleProduct::on_received(Arg arg) {
  SubOp& s = sub(arg);
  step(s, kCompletionCpu);
  const std::uint32_t id = request_of(arg);
  IoRequest& r = req(id);
  if (--r.pending > 0) return;
  for (int i = 0; i < 4; ++i) r.stages[static_cast<int>(kBackendStages[i])] += s.backend[static_cast<std::size_t>(i)];
  r.stage_started = engine_->now();
  client_->on_event(id);
}

void InfoScaleProduct::node_failed(int node) {
  throw std::invalid_argument("storage VM " + std::to_string(node + 1) + " fails: InfoScale failures are not modelled");
}

void InfoScaleProduct::node_returned(int node) {
  throw std::invalid_argument("storage VM " + std::to_string(node + 1) +
                              " returns: InfoScale failures are not modelled");
}

void InfoScaleProduct::drive_failed(int node, int drive, bool /*stops_answering*/) {
  throw std::invalid_argument("disk " + std::to_string(node + 1) + "." + std::to_string(drive + 1) +
                              " fails: InfoScale failures are not modelled");
}

}  // namespace hcisim::models
