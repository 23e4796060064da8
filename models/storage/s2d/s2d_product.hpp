// Storage Spaces Direct: the I/O path of a VM's virtual disk (a VHDX on a CSV
// volume with ReFS, over a mirrored Storage Spaces virtual disk).
//
// 1. Host: the hypervisor's work and, on the volume's owner, CSVFS/ReFS/Spaces
//    (storage_stack), one burst on the VM's node. A read the host's CSV block
//    cache holds is copied from memory.
// 2. Redirection: ReFS CSVs run file-system-redirected on every node but the
//    owner: a VM away from its volume's owner sends the I/O over SMB (the CSV
//    connection) to the owner, which runs the stack, and replies.
// 3. Spaces: the I/O is split into the pieces of each column it touches
//    (columns x interleave); a read piece uses a current local copy when the
//    owner holds one, else the first current copy; a write piece goes to every
//    reachable copy (on distinct nodes) and completes when all are persisted.
// 4. Software Storage Bus: a copy on another node is reached over SMB Direct:
//    request message -> the copy node's CPU (receive, drive I/O, reply) ->
//    drive -> reply message -> the owner's CPU (receive). Each message costs
//    network_message at each end, as an ordinary burst on that node's cores: no
//    source or measurement shows remote work serialised per node pair
//    (docs/s2d-calibration.md).
//    A write also costs mirror_write on the owner. Before its drive I/Os go
//    out, an I/O holds its volume's stage on the owner (volume_write,
//    volume_read: per I/O and per byte), one I/O at a time per volume: a
//    serial step the measurements require (the R640's CSV write latency, the
//    AX-7525's 512K hero runs, docs/s2d-calibration.md "The volume stage")
//    and no source names.
// Failures (s2d_failures.cpp): I/O to a node or drive that failed stalls until
// the failure is detected (a drive that fails with errors: at once), then a read goes to another current copy and a
// write skips the copy, which dirty-region tracking marks stale; the failed node's volumes move to another owner; a
// volume without a current copy of some data, or a pool without quorum, fails its I/O. Repair (s2d_repair.cpp): a
// returning node is resynced (its stale extents copied from a current copy), a failed drive's extents are rebuilt into
// reserve capacity on the same node, repair_outstanding copies in flight per volume, sharing drives, network and CPUs
// with the workload on equal terms (S2D's preference for application I/O is not modelled). Stages are recorded on the
// request (IoStage); the backend ones are those of the piece/copy that finished last.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "models/cache/block_cache.hpp"
#include "models/cluster/cluster.hpp"
#include "models/io/io_request.hpp"
#include "models/placement/volume_layout.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/storage_product.hpp"
#include "sim/cache_line.hpp"
#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/record_pool.hpp"
#include "sim/time_weighted.hpp"
#include "sim/zeroed_array.hpp"

namespace hcisim::models {

// S2D's column rule: one column per capacity drive of a node, at most 8
// (fits the documented observations; the rule for large nodes is unpublished).
int s2d_default_columns(int capacity_drives_per_node);

class S2dProduct final : public StorageProduct {
 public:
  S2dProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster, RequestTable& requests);
  // What it does not model of a cluster (product_registry.hpp); "" when it models it.
  static std::string refusal(const ClusterSpec& spec);

  void connect(sim::EventHandler& client) override { client_ = &client; }
  std::uint32_t attach_disk(int host, int volume, std::uint64_t bytes) override;
  void reserve_disks(std::size_t disks, std::uint64_t bytes) override;
  void reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) override;
  void submit(std::uint32_t request, const CpuWork& host_work) override;
  const ProductCounters& counters() const override { return counters_; }
  ProductHotspot hotspot(sim::SimTime now) const override;  // the busiest volume's stage
  void reset_stats();

  void node_failed(int node) override;
  void node_drained(int node) override;
  void node_returned(int node) override;
  void drive_failed(int node, int drive, bool stops_answering) override;
  RepairStatus repair_status() const override;
  std::uint64_t bytes_repaired() const override { return repair_bytes_done_; }
  std::uint64_t repair_grain_bytes() const override;
  // Fast-forward (s2d_fast_forward.cpp).
  bool skippable() const override;
  void open_window() override;
  sim::SimTime skippable_span(sim::SimTime window) const override;
  void skip(sim::SimTime span, sim::SimTime window) override;

  const VolumeLayout& layout() const { return layout_; }
  // CSV block cache of node `n` (null when the cluster has none).
  const BlockCache* csv_cache(int n) const {
    return csv_cache_.empty() ? nullptr : csv_cache_[static_cast<std::size_t>(n)].get();
  }
  int volume_owner(int volume) const { return volumes_[static_cast<std::size_t>(volume)].owner; }
  bool volume_online(int volume) const;
  bool copy_stale(std::size_t copy) const { return stale_[copy] != 0; }

 private:
  // One drive I/O of a request: a piece's copy, local or on another node. What
  // each of its steps reads and writes, in one cache line (thousands are in
  // flight, so each is cold at its next step); where it lies is in SubOpPlace.
  struct alignas(sim::kCacheLine) SubOp {
    std::uint16_t node = 0;
    std::uint16_t drive = 0;
    std::uint16_t gen = 0;  // bumped when the sub-op is abandoned: its later events are ignored
    bool live = false;      // issued and not finished
    std::uint64_t drive_offset = 0;
    std::uint64_t bytes = 0;
    sim::SimTime started = 0;               // when its current step began
    std::array<sim::SimTime, 4> backend{};  // Network, RemoteCpu, Drive, CompletionCpu
  };
  static_assert(sizeof(SubOp) == sim::kCacheLine, "S2dProduct::SubOp: one cache line");
  // Which extent copy a sub-op uses: read when it is planned and when a failure retries it.
  struct SubOpPlace {
    std::uint32_t copy = 0;   // flat index of the extent copy it reads or writes
    std::uint32_t piece = 0;  // flat index of copy 0 of its piece (the other copies follow)
    std::uint64_t in_extent = 0;
  };
  // What the product keeps per request besides its sub-ops: 16 bytes (a table
  // of one per I/O slot, all of which a run touches: 48 MB less at a million
  // slots than a cache line each, and a quarter of the pages to fault in).
  struct RequestState {
    std::uint16_t subops = 0;  // planned for the current I/O
    std::uint16_t gen = 0;     // bumped when the whole request is abandoned (its owner failed)
    bool in_product = false;   // between submit and the completion handed back
    // The hypervisor's work (Hyper-V's host work is that one layer), kept for a
    // start after a wait for the volume or a retry from the VM's node.
    double host_cycles = 0;
    CpuWork host_work() const { return CpuWork::of(CpuLayer::Hypervisor, host_cycles); }
  };
  static_assert(sizeof(RequestState) == 16, "S2dProduct::RequestState: 16 bytes");
  struct Volume {
    int owner = 0;
    bool available = true;                 // false while ownership moves
    sim::FifoRing<std::uint32_t> waiting;  // requests that arrived meanwhile
    bool stage_busy = false;               // its stage (StackSpec::volume_write/volume_read) holds an I/O
    sim::TimeWeighted stage_busy_time;     // 1 while it does, since reset_stats()
    // I/Os waiting for it (their Arg: an abandoned one is skipped): reads go
    // first (the R640's CSV read latency stays flat while its writes queue).
    sim::FifoRing<std::uint64_t> reads_waiting, writes_waiting;
  };
  // Events carry (request, sub-op, generation); request-level events use sub-op kWhole.
  using Arg = std::uint64_t;
  static constexpr int kWhole = 0xFFFF;
  static Arg arg_of(std::uint32_t request, int sub, std::uint16_t gen) {
    return request | (static_cast<std::uint64_t>(sub) << 32) | (static_cast<std::uint64_t>(gen) << 48);
  }
  static std::uint32_t request_of(Arg arg) { return static_cast<std::uint32_t>(arg); }
  static int sub_of(Arg arg) { return static_cast<int>((arg >> 32) & 0xFFFF); }
  static std::uint16_t gen_of(Arg arg) { return static_cast<std::uint16_t>(arg >> 48); }

  IoRequest& req(std::uint32_t id) { return (*requests_)[id]; }
  // Sub-op k of every request lies in one plane, so a run whose I/Os use one
  // sub-op (a read) touches one plane of the table, not every page of it.
  std::size_t sub_index(std::uint32_t id, int k) const { return static_cast<std::size_t>(k) * states_.size() + id; }
  SubOp& sub(std::uint32_t id, int k) { return subops_[sub_index(id, k)]; }
  SubOp& sub(Arg arg) { return sub(request_of(arg), sub_of(arg)); }
  SubOpPlace& place(std::uint32_t id, int k) { return subop_places_[sub_index(id, k)]; }
  Arg whole(std::uint32_t id) const { return arg_of(id, kWhole, states_[id].gen); }
  Arg of_sub(std::uint32_t id, int k) { return arg_of(id, k, sub(id, k).gen); }
  // False for an event of an abandoned request or sub-op.
  bool current(Arg arg) const;
  int volume_of(const IoRequest& r) const { return disk_volume_[r.disk]; }
  int owner_of(const IoRequest& r) const { return volumes_[static_cast<std::size_t>(volume_of(r))].owner; }
  // What one message end and one drive I/O cost, each charged (counters_.charges) as it is asked for.
  double message(double bytes);
  double drive_cycles(int node, double bytes);            // issuing a drive I/O, through the cache tier if there is one
  std::uint64_t request_bytes(const IoRequest& r) const;  // on the wire toward the copy
  std::uint64_t reply_bytes(const IoRequest& r) const;    // on the wire back
  bool reachable(int node, int drive) const;              // up, and so far as the cluster knows
  bool readable(std::size_t copy) const;                  // reachable and current
  std::uint64_t room_on_node(int node) const;             // extents its drives hold beside the rebuild reserve
  void step(SubOp& s, IoStage stage);

  // The path (s2d_product.cpp).
  void start(std::uint32_t id);
  int plan(std::uint32_t id, int owner, CpuWork& work);
  void run_stack(std::uint32_t id, const CpuWork& extra);
  bool prepare_stack(std::uint32_t id, const CpuWork& extra, CpuWork& work);  // false: some piece has no copy
  void enter_product(std::uint32_t id, const CpuWork& host_work);
  void launch(std::uint32_t id, int k);
  void finish_subop(std::uint32_t id, int k);
  void fail_request(std::uint32_t id);
  void on_csv_hit(Arg arg);
  void on_redirect_sent(Arg arg);
  void on_redirect_arrived(Arg arg);
  void on_redirect_received(Arg arg);
  void on_stack_done(Arg arg);
  const LayerCost& stage_cost(const IoRequest& r) const { return r.write ? stack_.volume_write : stack_.volume_read; }
  void start_stage(std::uint32_t id);  // the I/O's turn at its volume's stage
  void next_stage(Volume& volume);     // the next waiting I/O that is still current takes the stage
  void on_volume_stage_done(Arg arg);
  void on_local_done(Arg arg);
  void on_remote_arrived(Arg arg);
  void on_remote_cpu_done(Arg arg);
  void on_remote_drive_done(Arg arg);
  void on_reply_arrived(Arg arg);
  void on_reply_received(Arg arg);
  void on_redirect_reply_sent(Arg arg);
  void on_redirect_reply_arrived(Arg arg);
  void on_done(Arg arg);
  void on_failed(Arg arg);
  void complete(std::uint32_t id);

  // Failures (s2d_failures.cpp).
  void stall(std::uint32_t id, int k, std::vector<std::uint64_t>& list);
  void on_node_detected(std::uint64_t node);
  void take_down(int node, RunEventWhat what);  // a node stops: what was in flight toward it stalls
  void on_drive_detected(std::uint64_t node_drive);
  void resolve_stalled(std::vector<std::uint64_t>& list);
  void retry_subop(std::uint32_t id, int k);
  void on_volume_moved(std::uint64_t volume);
  void update_quorum();
  int new_owner(int volume) const;

  // Repair (s2d_repair.cpp).
  struct RepairTask {
    std::uint32_t copy;        // flat index of the copy to bring up to date
    std::uint64_t issued = 0;  // bytes sent on their way
  };
  struct RepairQueue {
    std::vector<RepairTask> tasks;
    std::size_t head = 0;
    int in_flight = 0;
    std::uint64_t bytes_done = 0;   // copied since the start
    std::uint64_t window_done = 0;  // bytes_done when a fast-forward's window opened
    double skip_carry = 0;          // bytes a skip owed that did not make a whole extent
  };
  std::uint64_t unstarted_repair_bytes(const RepairQueue& q) const;
  // A copy misses a write (or is lost): it needs a repair.
  void mark_stale(std::size_t copy) {
    stale_marks_ += stale_[copy] == 0 ? 1 : 0;
    stale_[copy] = 1;
  }
  std::uint64_t stale_marks_ = 0;  // copies that went stale since the start
  struct RepairOp {
    std::uint32_t copy = 0;
    int volume = 0;
    int source_node = 0, source_drive = 0, node = 0, drive = 0;
    std::uint64_t source_offset = 0, offset = 0, bytes = 0;
    bool last = false;  // the copy is current once this one lands
  };
  void queue_repair(std::uint32_t copy);
  void pump_repair(int volume);
  int repair_source(std::uint32_t copy) const;
  void on_repair_sent(std::uint64_t op);
  void on_repair_arrived(std::uint64_t op);
  void on_repair_cpu_done(std::uint64_t op);
  void on_repair_read(std::uint64_t op);
  void on_repair_data(std::uint64_t op);
  void on_repair_received(std::uint64_t op);
  void on_repair_written(std::uint64_t op);

  sim::Engine* engine_;
  Cluster* cluster_;
  StackSpec stack_;
  bool rdma_;
  bool witness_;
  VolumeLayout layout_;
  RequestTable* requests_;
  sim::EventHandler* client_ = nullptr;
  std::vector<Volume> volumes_;
  std::vector<int> volume_failover_;  // where each volume goes if its owner fails (-1: the cluster picks)
  std::vector<int> disk_volume_;
  sim::ZeroedArray<SubOp> subops_;  // max_subops_ planes of one per request; untouched records cost no memory
  sim::ZeroedArray<SubOpPlace> subop_places_;  // the same planes
  sim::ZeroedArray<RequestState> states_;      // RequestState{} is all zero
  int max_subops_ = 0;
  std::vector<Piece> pieces_;                           // scratch for split()
  std::vector<std::unique_ptr<BlockCache>> csv_cache_;  // per node, when the cluster has a CSV block cache
  bool cache_warmup_;
  ProductCounters counters_;
  // Failure state.
  std::vector<std::uint8_t> stale_;       // per extent copy: missed writes, or lost, until repaired
  bool any_stale_ = false;                // some copy was ever marked stale (repair_status can skip the scan)
  std::vector<std::uint8_t> known_down_;  // per node: the cluster has detected the failure
  std::vector<std::vector<std::uint8_t>> drive_down_, drive_known_down_;  // per node, per drive
  std::vector<std::vector<std::uint64_t>> stalled_on_node_;               // sub-op / request args waiting for detection
  std::vector<std::vector<std::uint64_t>> stalled_on_drive_;              // per node x drive
  bool pool_online_ = true;
  std::vector<std::uint32_t> drive_slots_;  // per node: extents one capacity drive holds
  std::uint64_t reserve_slots_ = 0;         // per node, kept free for rebuilds
  // Repair state.
  std::vector<RepairQueue> repair_;  // per volume
  sim::RecordPool<RepairOp> repair_ops_;
  std::vector<std::uint8_t> queued_;        // per extent copy: in a repair queue
  std::vector<std::uint16_t> copy_volume_;  // per extent copy: the volume of its disk
  std::uint64_t repair_bytes_queued_ = 0;
  std::uint64_t repair_bytes_done_ = 0;

  // What any step of a request reads first: its request record (two lines)
  // and, for a sub-op's step, the sub-op's record (EventHandler::prefetch).
  void hint(Arg arg) const;
  template <void (S2dProduct::*Method)(Arg)>
  using Step = sim::MemberEvent<S2dProduct, Method, &S2dProduct::hint>;
  Step<&S2dProduct::on_csv_hit> csv_hit_{*this};
  Step<&S2dProduct::on_redirect_sent> redirect_sent_{*this};
  Step<&S2dProduct::on_redirect_arrived> redirect_arrived_{*this};
  Step<&S2dProduct::on_redirect_received> redirect_received_{*this};
  Step<&S2dProduct::on_stack_done> stack_done_{*this};
  Step<&S2dProduct::on_volume_stage_done> volume_stage_done_{*this};
  Step<&S2dProduct::on_local_done> local_done_{*this};
  Step<&S2dProduct::on_remote_arrived> remote_arrived_{*this};
  Step<&S2dProduct::on_remote_cpu_done> remote_cpu_done_{*this};
  Step<&S2dProduct::on_remote_drive_done> remote_drive_done_{*this};
  Step<&S2dProduct::on_reply_arrived> reply_arrived_{*this};
  Step<&S2dProduct::on_reply_received> reply_received_{*this};
  Step<&S2dProduct::on_redirect_reply_sent> redirect_reply_sent_{*this};
  Step<&S2dProduct::on_redirect_reply_arrived> redirect_reply_arrived_{*this};
  Step<&S2dProduct::on_done> done_{*this};
  Step<&S2dProduct::on_failed> failed_{*this};
  sim::MemberEvent<S2dProduct, &S2dProduct::on_node_detected> node_detected_{*this};
  sim::MemberEvent<S2dProduct, &S2dProduct::on_drive_detected> drive_detected_{*this};
  sim::MemberEvent<S2dProduct, &S2dProduct::on_volume_moved> volume_moved_{*this};
  template <void (S2dProduct::*Method)(std::uint64_t)>
  using RepairStep = sim::MemberEvent<S2dProduct, Method>;
  RepairStep<&S2dProduct::on_repair_sent> repair_sent_{*this};
  RepairStep<&S2dProduct::on_repair_arrived> repair_arrived_{*this};
  RepairStep<&S2dProduct::on_repair_cpu_done> repair_cpu_done_{*this};
  RepairStep<&S2dProduct::on_repair_read> repair_read_{*this};
  RepairStep<&S2dProduct::on_repair_data> repair_data_{*this};
  RepairStep<&S2dProduct::on_repair_received> repair_received_{*this};
  RepairStep<&S2dProduct::on_repair_written> repair_written_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "product", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
