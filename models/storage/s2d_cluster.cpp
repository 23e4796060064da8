#include "models/storage/s2d_cluster.hpp"

#include <stdexcept>
#include <string>

namespace hcisim::models {

ClusterNode::ClusterNode(sim::Engine& engine, const ClusterSpec& spec, int index)
    : cpu(engine, spec.cpu, spec.node.sockets, spec.stack.cpu_burst_scv,
          engine.stream("node" + std::to_string(index + 1) + "/cpu")) {
  for (std::size_t g = 0; g < spec.node.drives.size(); ++g) {
    if (spec.node.drives[g].role != DriveRole::Capacity) {
      throw std::invalid_argument("node '" + spec.node.id + "' has cache drives: the S2D cache tier is not modelled yet");
    }
    for (int i = 0; i < spec.node.drives[g].count; ++i) {
      drives.push_back(std::make_unique<FlashDrive>(engine, spec.drives[g]));
    }
  }
  if (drives.empty()) throw std::invalid_argument("node '" + spec.node.id + "' has no capacity drives");
}

namespace {
int drives_per_node(const ClusterSpec& spec) {
  int n = 0;
  for (const auto& group : spec.node.drives) n += group.role == DriveRole::Capacity ? group.count : 0;
  return n;
}
}  // namespace

S2dCluster::S2dCluster(sim::Engine& engine, const ClusterSpec& spec, RequestTable& requests,
                       sim::EventHandler& client)
    : engine_(&engine),
      stack_(spec.stack),
      rdma_(spec.nic.rdma != RdmaKind::None),
      fabric_(engine, spec.node_count, spec.nic, spec.node.nic_count, spec.network_switch),
      slabs_(spec.node_count, drives_per_node(spec), copies(spec.resiliency),
             static_cast<std::uint64_t>(spec.stack.slab_bytes), engine.stream("s2d/placement")),
      requests_(&requests),
      client_(&client) {
  for (int i = 0; i < spec.node_count; ++i) nodes_.push_back(std::make_unique<ClusterNode>(engine, spec, i));
  for (const int failed : spec.failed_nodes) nodes_.at(static_cast<std::size_t>(failed))->up = false;
}

std::uint32_t S2dCluster::add_vm(int node, int vcpus, std::uint64_t disk_bytes) {
  if (!nodes_.at(static_cast<std::size_t>(node))->up) {
    throw std::invalid_argument("a VM cannot run on node " + std::to_string(node + 1) + ": it is down");
  }
  const std::uint32_t disk = slabs_.add_disk(disk_bytes);
  // A mirror stays online only while every slab keeps a copy on a running node.
  for (std::uint64_t offset = 0; offset < disk_bytes; offset += static_cast<std::uint64_t>(stack_.slab_bytes)) {
    const Extent* copies = slabs_.extents(disk, offset);
    bool survives = false;
    for (int c = 0; c < slabs_.copies() && !survives; ++c) survives = nodes_[copies[c].node]->up;
    if (!survives) {
      throw std::invalid_argument("with these nodes down, some slabs lose every copy (" +
                                  std::to_string(slabs_.copies()) +
                                  " per slab): the volume goes offline and no VM can run I/O on it");
    }
  }
  vms_.push_back(Vm{std::make_unique<VcpuSet>(*engine_, cpu(node), vcpus), disk});
  return static_cast<std::uint32_t>(vms_.size() - 1);
}

double S2dCluster::message_cycles(double bytes) const {
  double cycles = stack_.network_message.cycles(bytes);
  if (!rdma_) cycles += stack_.network_tcp_extra.cycles(bytes);
  return cycles;
}

double S2dCluster::charge(int node, CpuLayer layer, double cycles) {
  cpu(node).account(layer, cycles);
  return cycles;
}

// The burst of the node that holds a copy and serves it for another node: receive
// the request message, issue the drive I/O, send the reply message.
double S2dCluster::serve_remote_copy(int node, double received_bytes, double io_bytes, double sent_bytes) {
  return charge(node, CpuLayer::Network, message_cycles(received_bytes)) +
         charge(node, CpuLayer::DriveIo, stack_.drive_io.cycles(io_bytes)) +
         charge(node, CpuLayer::Network, message_cycles(sent_bytes));
}

void S2dCluster::submit(std::uint32_t request) {
  IoRequest& r = (*requests_)[request];
  r.stage_started = engine_->now();
  vms_[r.vm].vcpus->run(stack_.guest.cycles(r.bytes), guest_done_, request);
}

void S2dCluster::on_guest_done(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  stages_.guest[r.write] += engine_->now() - r.stage_started;
  r.stage_started = engine_->now();
  const double bytes = r.bytes;
  double cycles = charge(r.node, CpuLayer::Hypervisor, stack_.hypervisor.cycles(bytes)) +
                  charge(r.node, CpuLayer::StorageStack, stack_.storage_stack.cycles(bytes));
  const Extent* copies = slabs_.extents(vms_[r.vm].disk, r.offset);
  const int n = slabs_.copies();
  if (!r.write) {
    // A local copy when one exists; otherwise the first surviving copy (add_vm
    // made sure every slab of the disk has one).
    int chosen = -1;
    for (int c = 0; c < n; ++c) {
      if (!nodes_[copies[c].node]->up) continue;
      if (copies[c].node == r.node) {
        chosen = c;
        break;
      }
      if (chosen < 0) chosen = c;
    }
    r.read_copy = static_cast<std::uint8_t>(chosen);
    cycles += copies[chosen].node == r.node
                  ? charge(r.node, CpuLayer::DriveIo, stack_.drive_io.cycles(bytes))
                  : charge(r.node, CpuLayer::Network, message_cycles(stack_.control_message_bytes));
  } else {
    int surviving = 0;
    for (int c = 0; c < n; ++c) {
      if (!nodes_[copies[c].node]->up) continue;
      ++surviving;
      cycles += copies[c].node == r.node ? charge(r.node, CpuLayer::DriveIo, stack_.drive_io.cycles(bytes))
                                         : charge(r.node, CpuLayer::Network, message_cycles(bytes));
    }
    if (surviving < n) ++degraded_ios_;
    r.copies_pending = static_cast<std::uint8_t>(surviving);
  }
  cpu(r.node).run(cycles, host_done_, arg);
}

void S2dCluster::on_host_done(Arg arg) {
  const std::uint32_t id = request_of(arg);
  IoRequest& r = (*requests_)[id];
  stages_.host[r.write] += engine_->now() - r.stage_started;
  r.stage_started = engine_->now();
  if (!r.write) {
    const Extent& e = extent(r, r.read_copy);
    if (e.node == r.node) {
      drive(e).read(0, r.bytes, done_, id);
    } else {
      fabric_.send(r.node, e.node, stack_.control_message_bytes, read_request_arrived_, id);
    }
    return;
  }
  const int n = slabs_.copies();
  for (int c = 0; c < n; ++c) {
    const Extent& e = extent(r, c);
    if (!nodes_[e.node]->up) continue;
    if (e.node == r.node) {
      drive(e).write(0, r.bytes, copy_written_, arg_of(id, c));
    } else {
      fabric_.send(r.node, e.node, r.bytes, write_data_arrived_, arg_of(id, c));
    }
  }
}

void S2dCluster::on_read_request_arrived(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  const int at = extent(r, r.read_copy).node;
  cpu(at).run(serve_remote_copy(at, stack_.control_message_bytes, r.bytes, r.bytes), remote_read_cpu_done_, arg);
}

void S2dCluster::on_remote_read_cpu_done(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  drive(extent(r, r.read_copy)).read(0, r.bytes, remote_read_done_, arg);
}

void S2dCluster::on_remote_read_done(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  fabric_.send(extent(r, r.read_copy).node, r.node, r.bytes, read_data_arrived_, arg);
}

void S2dCluster::on_read_data_arrived(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  cpu(r.node).run(charge(r.node, CpuLayer::Network, message_cycles(r.bytes)), done_, arg);
}

void S2dCluster::on_write_data_arrived(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  const int at = extent(r, copy_of(arg)).node;
  cpu(at).run(serve_remote_copy(at, r.bytes, r.bytes, stack_.control_message_bytes), remote_write_cpu_done_, arg);
}

void S2dCluster::on_remote_write_cpu_done(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  drive(extent(r, copy_of(arg))).write(0, r.bytes, remote_written_, arg);
}

void S2dCluster::on_remote_written(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  fabric_.send(extent(r, copy_of(arg)).node, r.node, stack_.control_message_bytes, write_ack_arrived_, arg);
}

void S2dCluster::on_write_ack_arrived(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  cpu(r.node).run(charge(r.node, CpuLayer::Network, message_cycles(stack_.control_message_bytes)), copy_written_,
                  arg);
}

void S2dCluster::on_copy_written(Arg arg) {
  IoRequest& r = (*requests_)[request_of(arg)];
  if (--r.copies_pending == 0) on_done(request_of(arg));
}

void S2dCluster::on_done(Arg arg) {
  const IoRequest& r = (*requests_)[request_of(arg)];
  stages_.backend[r.write] += engine_->now() - r.stage_started;
  ++stages_.ios[r.write];
  client_->on_event(request_of(arg));
}

void S2dCluster::reset_stats() {
  for (auto& node : nodes_) {
    node->cpu.reset_stats();
    for (auto& d : node->drives) d->reset_stats();
  }
  for (auto& vm : vms_) vm.vcpus->reset_stats(engine_->now());
  fabric_.reset_stats();
  degraded_ios_ = 0;
  stages_ = StageTimes{};
}

}  // namespace hcisim::models
