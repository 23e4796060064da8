// Veritas InfoScale with Flexible Storage Sharing (FSS): the I/O path below
// the VxFS cluster file system on a cloud cluster (seed-systems.md section 4,
// mechanisms.md 4.4).
//
// Every client VM mounts the file system in cluster mode (a CVM/CFS member);
// the storage VMs export their managed disks over the network (FSS). Volumes
// are striped one column per storage node (VolumeSetLayout), so a request is
// cut at stripe-unit boundaries and each piece shipped to the node holding its
// column:
//   1. client (its vCPUs): VxFS/CVM/FSS client work per request (storage_stack)
//      and one message per piece (network_message), in one burst;
//   2. the piece's request to its storage node (a write carries its data):
//      the client's egress cap meters it, ingress is free;
//   3. storage node: receive, FSS server work (server_io) and the drive issue
//      (drive_io), then the disk: the VM's uncached caps, the disk's caps and
//      latency (AzureVm, ManagedDisk);
//   4. the reply (a read carries its data, a write is acknowledged) through
//      the storage VM's egress cap;
//   5. client: receive burst; the request completes when its last piece has.
// Stages (IoStage): Host = step 1; Network = steps 2 and 4 on the wire;
// RemoteCpu = the storage node's burst; Drive = step 3's disk; CompletionCpu =
// step 5; for a request in several pieces, those of the piece that finished last.
//
// No mirror: the seed's volumes are striped (a two-way mirror does not fit its
// figures, mechanisms.md 5.4); the product refuses any resiliency but simple.
// Not modelled: failures (the product throws), SmartIO caching, CVM's
// metadata traffic and the volume set's allocation policy (files are dealt
// over the volumes, see VolumeSetLayout).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "models/cluster/cluster.hpp"
#include "models/io/io_request.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/infoscale/volume_set_layout.hpp"
#include "models/storage/storage_product.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

class InfoScaleProduct final : public StorageProduct {
 public:
  InfoScaleProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster, RequestTable& requests);
  // What it does not model of a cluster (product_registry.hpp); "" when it models it.
  static std::string refusal(const ClusterSpec& spec);

  void connect(sim::EventHandler& client) override { client_ = &client; }
  // A file of `bytes` for a stream on `host`, on volume `volume` mod the volume count.
  std::uint32_t attach_disk(int host, int volume, std::uint64_t bytes) override;
  void reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) override;
  void submit(std::uint32_t request, const CpuWork& host_work) override;
  const ProductCounters& counters() const override { return counters_; }
  // Failures are not modelled (the loader refuses them): these throw std::invalid_argument.
  void node_failed(int node) override;
  void node_returned(int node) override;
  void node_drained(int node) override { node_failed(node); }
  void drive_failed(int node, int drive, bool stops_answering) override;
  RepairStatus repair_status() const override { return {}; }
  ProductHotspot hotspot(sim::SimTime) const override { return {}; }
  void reset_stats() { counters_ = ProductCounters{}; }

  const VolumeSetLayout& layout() const { return layout_; }
  // Bytes on the wire to the storage node and back for a piece of `bytes`.
  std::uint64_t to_server_bytes(bool write, std::uint64_t bytes) const;
  std::uint64_t to_client_bytes(bool write, std::uint64_t bytes) const;

 private:
  struct SubOp {
    StripePiece piece;
    sim::SimTime started = 0;
    std::array<sim::SimTime, 4> backend{};  // Network, RemoteCpu, Drive, CompletionCpu
  };
  using Arg = std::uint64_t;  // request | piece << 32
  static Arg arg_of(std::uint32_t request, int piece) { return request | (static_cast<std::uint64_t>(piece) << 32); }
  static std::uint32_t request_of(Arg arg) { return static_cast<std::uint32_t>(arg); }
  static int piece_of(Arg arg) { return static_cast<int>(arg >> 32); }

  IoRequest& req(std::uint32_t id) { return (*requests_)[id]; }
  SubOp& sub(Arg arg) {
    return subops_[static_cast<std::size_t>(request_of(arg)) * static_cast<std::size_t>(max_pieces_) +
                   static_cast<std::size_t>(piece_of(arg))];
  }
  void step(SubOp& s, int backend);
  double message_cycles(double bytes) const { return stack_.network_message.cycles(bytes); }

  void on_client_done(Arg arg);
  void on_request_arrived(Arg arg);
  void at_server(Arg arg);
  void on_server_done(Arg arg);
  void on_drive_done(Arg arg);
  void on_reply_arrived(Arg arg);
  void on_received(Arg arg);

  sim::Engine* engine_;
  Cluster* cluster_;
  StackSpec stack_;
  VolumeSetLayout layout_;
  RequestTable* requests_;
  sim::EventHandler* client_ = nullptr;
  std::vector<SubOp> subops_;
  int max_pieces_ = 0;
  std::vector<StripePiece> pieces_;  // scratch for split()
  ProductCounters counters_;

  template <void (InfoScaleProduct::*Method)(Arg)>
  using Step = sim::MemberEvent<InfoScaleProduct, Method>;
  Step<&InfoScaleProduct::on_client_done> client_done_{*this};
  Step<&InfoScaleProduct::on_request_arrived> request_arrived_{*this};
  Step<&InfoScaleProduct::on_server_done> server_done_{*this};
  Step<&InfoScaleProduct::on_drive_done> drive_done_{*this};
  Step<&InfoScaleProduct::on_reply_arrived> reply_arrived_{*this};
  Step<&InfoScaleProduct::on_received> received_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "product", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
