// Storage Spaces Direct: the I/O path of a VM's virtual disk (a VHDX on a CSV
// volume with ReFS, over a mirrored Storage Spaces virtual disk).
//
// 1. Host: the hypervisor's work and, on the volume's owner, CSVFS/ReFS/Spaces
//    (storage_stack), one burst on the VM's node.
// 2. Redirection: ReFS CSVs run file-system-redirected on every node but the
//    owner: a VM away from its volume's owner sends the I/O over SMB (the CSV
//    connection) to the owner, which runs the stack, and replies.
// 3. Spaces: the I/O is split into the pieces of each column it touches
//    (columns x interleave); a read piece uses a local copy when the owner holds
//    one, else the first surviving copy; a write piece goes to every surviving
//    copy (on distinct nodes) and completes when all are persisted.
// 4. Software Storage Bus: a copy on another node is reached over SMB Direct:
//    request message -> the copy node's connection end (receive, drive I/O,
//    reply) -> drive -> reply message -> the owner's connection end. Each end of
//    a node pair's connection handles its messages one at a time (Connections),
//    which is what limits remote traffic between two nodes.
// Stages are recorded on the request (IoStage); the backend ones are those of
// the piece/copy that finished last.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "models/cluster/cluster.hpp"
#include "models/io/io_request.hpp"
#include "models/network/connections.hpp"
#include "models/placement/volume_layout.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/cache/block_cache.hpp"
#include "models/storage/storage_product.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

// S2D's column rule: one column per capacity drive of a node, at most 8
// (fits the documented observations; the rule for large nodes is unpublished).
int s2d_default_columns(int capacity_drives_per_node);

class S2dProduct final : public StorageProduct {
 public:
  S2dProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster, RequestTable& requests);

  void connect(sim::EventHandler& client) override { client_ = &client; }
  std::uint32_t attach_disk(int host, int volume, std::uint64_t bytes) override;
  void reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) override;
  void submit(std::uint32_t request, const CpuWork& host_work) override;
  const ProductCounters& counters() const override { return counters_; }
  ProductHotspot hotspot(sim::SimTime now) const override;
  void reset_stats() override { counters_ = ProductCounters{}; }

  const VolumeLayout& layout() const { return layout_; }
  // CSV block cache of node `n` (null when the cluster has none).
  const BlockCache* csv_cache(int n) const { return csv_cache_.empty() ? nullptr : csv_cache_[static_cast<std::size_t>(n)].get(); }
  int volume_owner(int volume) const { return owners_[static_cast<std::size_t>(volume)]; }

 private:
  // One drive I/O of a request: a piece's copy, local or on another node.
  struct SubOp {
    std::uint16_t node = 0;
    std::uint16_t drive = 0;
    std::uint64_t drive_offset = 0;
    std::uint64_t bytes = 0;
    sim::SimTime started = 0;  // when its current step began
    std::array<sim::SimTime, 4> backend{};  // Network, RemoteCpu, Drive, CompletionCpu
  };
  using Arg = std::uint64_t;  // request | sub-op << 32
  static Arg arg_of(std::uint32_t request, int sub) { return request | (static_cast<std::uint64_t>(sub) << 32); }
  static std::uint32_t request_of(Arg arg) { return static_cast<std::uint32_t>(arg); }
  static int sub_of(Arg arg) { return static_cast<int>(arg >> 32); }

  IoRequest& req(std::uint32_t id) { return (*requests_)[id]; }
  SubOp& sub(Arg arg) { return subops_[static_cast<std::size_t>(request_of(arg)) * max_subops_ + sub_of(arg)]; }
  int owner_of(const IoRequest& r) const { return owners_[static_cast<std::size_t>(disk_volume_[r.disk])]; }
  double message(double bytes) const;
  double drive_cycles(int node, double bytes) const;  // issuing a drive I/O, through the cache tier if there is one
  std::uint64_t request_bytes(const IoRequest& r) const;  // on the wire toward the copy
  std::uint64_t reply_bytes(const IoRequest& r) const;    // on the wire back
  void step(SubOp& s, IoStage stage);
  int plan(std::uint32_t id, int owner, CpuWork& work);
  void run_stack(std::uint32_t id, const CpuWork& extra);
  void finish_subop(Arg arg);

  void on_csv_hit(Arg arg);
  void on_redirect_sent(Arg arg);
  void on_redirect_arrived(Arg arg);
  void on_redirect_received(Arg arg);
  void on_stack_done(Arg arg);
  void on_local_done(Arg arg);
  void on_remote_arrived(Arg arg);
  void on_remote_cpu_done(Arg arg);
  void on_remote_drive_done(Arg arg);
  void on_reply_arrived(Arg arg);
  void on_reply_received(Arg arg);
  void on_redirect_reply_sent(Arg arg);
  void on_redirect_reply_arrived(Arg arg);
  void on_done(Arg arg);

  sim::Engine* engine_;
  Cluster* cluster_;
  StackSpec stack_;
  bool rdma_;
  VolumeLayout layout_;
  Connections sbl_;  // Software Storage Bus: copies on other nodes
  Connections csv_;  // CSV file-system redirection to the owner
  RequestTable* requests_;
  sim::EventHandler* client_ = nullptr;
  std::vector<int> owners_;
  std::vector<int> disk_volume_;
  std::vector<SubOp> subops_;
  int max_subops_ = 0;
  std::vector<Piece> pieces_;  // scratch for split()
  std::vector<std::unique_ptr<BlockCache>> csv_cache_;  // per node, when the cluster has a CSV block cache
  bool cache_warmup_;
  ProductCounters counters_;

  template <void (S2dProduct::*Method)(Arg)>
  using Step = sim::MemberEvent<S2dProduct, Method>;
  Step<&S2dProduct::on_csv_hit> csv_hit_{*this};
  Step<&S2dProduct::on_redirect_sent> redirect_sent_{*this};
  Step<&S2dProduct::on_redirect_arrived> redirect_arrived_{*this};
  Step<&S2dProduct::on_redirect_received> redirect_received_{*this};
  Step<&S2dProduct::on_stack_done> stack_done_{*this};
  Step<&S2dProduct::on_local_done> local_done_{*this};
  Step<&S2dProduct::on_remote_arrived> remote_arrived_{*this};
  Step<&S2dProduct::on_remote_cpu_done> remote_cpu_done_{*this};
  Step<&S2dProduct::on_remote_drive_done> remote_drive_done_{*this};
  Step<&S2dProduct::on_reply_arrived> reply_arrived_{*this};
  Step<&S2dProduct::on_reply_received> reply_received_{*this};
  Step<&S2dProduct::on_redirect_reply_sent> redirect_reply_sent_{*this};
  Step<&S2dProduct::on_redirect_reply_arrived> redirect_reply_arrived_{*this};
  Step<&S2dProduct::on_done> done_{*this};
};

}  // namespace hcisim::models
