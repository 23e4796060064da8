// ScaleIO (PowerFlex): the I/O path of a VM's virtual disk on a ScaleIO volume
// (mechanisms.md section 3).
//
// Roles: an SDS on every storage node serves its local drives; the SDC, the
// block client in the hypervisor of the host the VM runs on (hyperconverged:
// the storage node itself; two-layer: a compute host), is the only part in the
// data path. Both talk TCP/IP: every message costs the protocol's work and
// the TCP stack's (per message and per byte) at both ends.
// Placement: a volume is cut into chunks (VolumeLayout with one column, the
// chunk as extent and stripe unit), each chunk mirrored on two different
// storage nodes ("mesh mirror"), spread evenly over all SDSs and their drives
// (least-used first). The first copy is the chunk's primary.
//
// 1. SDC (host CPU of the VM's host): the hypervisor's work, the SDC's per-I/O
//    work, and sending one request per chunk piece to that piece's primary SDS.
// 2. Primary SDS (its connection end of the SDC-SDS socket): receive, SDS and
//    drive-issue work; a read also sends the reply in the same burst.
//    Read: drive read -> reply over the network -> SDC receives -> done.
//    Write: the primary writes its drive and forwards the data to the
//    secondary SDS at once; the secondary (its end of the SDS-SDS socket)
//    receives, writes its drive and acknowledges; when both are done the
//    primary acknowledges to the SDC.
// A message between an SDC and the SDS on the same node (hyperconverged, the
// primary is local) goes through the host's virtual switch: it costs the same
// TCP work at both ends but crosses no wire. Each socket's messages are
// handled one at a time at each end (Connections).
//
// Stages (IoStage): Host = the SDC burst; Network = wire time; RemoteCpu = SDS
// bursts (primary and secondary, queueing at their socket ends included);
// Drive = the drive, or for a write the mirror branch that finished last;
// CompletionCpu = the SDC receiving the reply. For an I/O split over chunks,
// the backend stages are those of the piece that finished last.
//
// A failed device (scaleio_rebuild.cpp): I/O in flight to it gets its error
// after the stack's device_detection; a read is then re-sent by the SDC to the
// chunk's other copy, a write completes on the surviving copy (degraded).
// New I/O uses the surviving copy as primary, without a mirror. Once detected,
// every chunk copy the device held is re-mirrored from its other copy onto the
// least-used device of another node (many-to-many, onto the spare capacity
// every device keeps), at most concurrent_ios_per_device rebuild copies in
// flight per source device; each rebuild copy is a chunk read, a transfer to
// the target SDS and a chunk write, on the same CPUs, drives and NICs as the
// workload. Redundancy is restored on the remaining devices: no replacement
// drive is waited for.
//
// Not modelled: failed nodes (their SDC and SDS at once), rebalance after a
// device returns, the MDM (outside the data path), RAM read cache. The product
// refuses what it would not honour.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "models/cluster/cluster.hpp"
#include "models/io/io_request.hpp"
#include "models/network/connections.hpp"
#include "models/placement/volume_layout.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/storage_product.hpp"
#include "sim/engine.hpp"
#include "sim/record_pool.hpp"

namespace hcisim::models {

class ScaleIoProduct final : public StorageProduct {
 public:
  ScaleIoProduct(sim::Engine& engine, const ClusterSpec& spec, Cluster& cluster, RequestTable& requests);
  // What it does not model of a cluster (product_registry.hpp); "" when it models it.
  static std::string refusal(const ClusterSpec& spec);

  void connect(sim::EventHandler& client) override { client_ = &client; }
  // A ScaleIO volume of `bytes` mapped to the SDC on `host` (any host: storage
  // node or compute host); `volume` names no shared volume here (each virtual
  // disk is its own ScaleIO volume) and is not used.
  std::uint32_t attach_disk(int host, int volume, std::uint64_t bytes) override;
  void reserve_disks(std::size_t disks, std::uint64_t bytes) override { layout_.reserve_disks(disks, bytes); }
  void reserve(std::size_t requests, std::uint64_t max_bytes, std::uint64_t align) override;
  void submit(std::uint32_t request, const CpuWork& host_work) override;
  const ProductCounters& counters() const override { return counters_; }
  // Node failures are not modelled (the loader refuses them): these throw std::invalid_argument.
  void node_failed(int node) override;
  void node_returned(int node) override;
  void node_drained(int node) override { node_failed(node); }
  // A device that fails returns errors after the stack's device_detection (the
  // loader refuses a drive that stops answering).
  void drive_failed(int node, int drive, bool stops_answering) override;
  RepairStatus repair_status() const override;
  ProductHotspot hotspot(sim::SimTime now) const override;
  void reset_stats() { counters_ = ProductCounters{}; }
  // Fast-forward (scaleio_fast_forward.cpp): the rebuild advances over a span.
  std::uint64_t repair_grain_bytes() const override;
  bool skippable() const override;
  void open_window() override;
  sim::SimTime skippable_span(sim::SimTime window) const override;
  void skip(sim::SimTime span, sim::SimTime window) override;

  const VolumeLayout& layout() const { return layout_; }
  // Cycles of one message end of `bytes` (protocol + TCP/IP).
  double message_cycles(double bytes) const;

 private:
  // One chunk piece of a request: its primary (copy 0) and, for a write, its secondary (copy 1).
  struct SubOp {
    std::array<std::uint16_t, 2> node{};
    std::array<std::uint16_t, 2> drive{};
    std::array<std::uint64_t, 2> drive_offset{};
    std::uint64_t bytes = 0;
    int branches = 0;          // write: local drive and mirror still running
    std::uint32_t lane = 0;    // which of the pair's sockets carries it
    sim::SimTime started = 0;  // when its current step began
    sim::SimTime mirror_started = 0;
    std::array<sim::SimTime, 4> backend{};  // Network, RemoteCpu, Drive, CompletionCpu
    std::array<sim::SimTime, 4> mirror{};   // the same, for the secondary's branch
    std::uint32_t base_copy = 0;            // the layout's copy index of the chunk's copy 0
    std::array<std::uint8_t, 2> copy{};     // which layout copy serves as primary / secondary
    bool mirrored = true;                   // a write has a secondary (false: degraded)
    std::uint64_t in_extent = 0;            // the piece's offset within its chunk
  };
  // One rebuild copy of a chunk: from the surviving copy's device to a target device.
  struct RebuildJob {
    std::uint32_t copy = 0;  // the layout copy being re-created
    int src_node = 0, src_drive = 0, dst_node = 0, dst_drive = 0;
    std::uint64_t src_offset = 0, dst_offset = 0;
  };
  // Error kinds of an I/O that reached a failed device, in the top bits of an Arg.
  enum DeviceError : std::uint64_t { kReadRetry = 1, kLocalWrite = 2, kSecondaryWrite = 3 };
  static constexpr int kErrorShift = 62;
  using Arg = std::uint64_t;  // request | piece << 32
  static Arg arg_of(std::uint32_t request, int piece) { return request | (static_cast<std::uint64_t>(piece) << 32); }
  static std::uint32_t request_of(Arg arg) { return static_cast<std::uint32_t>(arg); }
  static int piece_of(Arg arg) { return static_cast<int>((arg >> 32) & 0x3fff'ffffU); }

  IoRequest& req(std::uint32_t id) { return (*requests_)[id]; }
  SubOp& sub(Arg arg) {
    return subops_[static_cast<std::size_t>(request_of(arg)) * static_cast<std::size_t>(max_pieces_) +
                   static_cast<std::size_t>(piece_of(arg))];
  }
  std::uint64_t to_primary_bytes(const IoRequest& r, const SubOp& s) const;
  std::uint64_t to_sdc_bytes(const IoRequest& r, const SubOp& s) const;
  void step(SubOp& s, IoStage stage);
  void mirror_step(SubOp& s, IoStage stage);
  void at_primary(Arg arg);
  void to_sdc(Arg arg, sim::EventHandler& arrived);
  void finish_piece(Arg arg);
  void send_to_primary(Arg arg);
  void local_write_finished(Arg arg);
  void secondary_write_finished(Arg arg);

  // Failures and rebuild (scaleio_rebuild.cpp).
  std::size_t device_key(int node, int drive) const {
    return static_cast<std::size_t>(node) * static_cast<std::size_t>(cluster_->drives_per_node()) +
           static_cast<std::size_t>(drive);
  }
  bool device_down(int node, int drive) const { return device_down_[device_key(node, drive)] != 0; }
  bool copy_usable(std::size_t copy) const;
  // Picks the copies of a piece; false when neither copy is usable.
  bool route(SubOp& s) const;
  // An I/O came back from a failed device: continue after its error time.
  bool device_failed_under(Arg arg, int node, int drive, DeviceError kind);
  void on_device_error(Arg arg);
  void fail_request(std::uint32_t id);
  void on_failed_done(Arg arg);
  void on_device_detected(std::uint64_t key);
  void pump_rebuild(std::size_t source);
  // A chunk's two copies are neighbours in the layout (mesh mirror).
  static std::uint32_t other_copy(std::uint32_t copy) { return copy % 2 == 0 ? copy + 1 : copy - 1; }
  // `copy` (rebuilt from `source`) is whole again: the rebuild's counts move on.
  void chunk_rebuilt(std::uint32_t copy, std::size_t source);
  // Bytes per ns `source` rebuilt since open_window(), over `window`.
  double window_pace(std::size_t source, sim::SimTime window) const;
  bool pick_target(int avoid_node, int& node, int& drive) const;
  CpuWork chunk_work() const;
  void on_rebuild_read_cpu(std::uint64_t job);
  void on_rebuild_read(std::uint64_t job);
  void on_rebuild_send_cpu(std::uint64_t job);
  void on_rebuild_arrived(std::uint64_t job);
  void on_rebuild_target_cpu(std::uint64_t job);
  void on_rebuild_written(std::uint64_t job);

  void on_sdc_done(Arg arg);
  void on_request_arrived(Arg arg);
  void on_primary_cpu_done(Arg arg);
  void on_primary_read_done(Arg arg);
  void on_reply_arrived(Arg arg);
  void on_piece_received(Arg arg);
  void on_local_write_done(Arg arg);
  void on_mirror_arrived(Arg arg);
  void on_secondary_cpu_done(Arg arg);
  void on_secondary_write_done(Arg arg);
  void on_mirror_ack_arrived(Arg arg);
  void on_mirror_done(Arg arg);
  void on_branch_done(Arg arg);
  void on_ack_sent(Arg arg);

  sim::Engine* engine_;
  Cluster* cluster_;
  StackSpec stack_;
  VolumeLayout layout_;
  Connections sdc_;  // SDC -> SDS sockets (client: the VM's host, server: the primary)
  Connections sds_;  // SDS -> SDS sockets (client: the primary, server: the secondary)
  RequestTable* requests_;
  sim::EventHandler* client_ = nullptr;
  std::vector<SubOp> subops_;
  int max_pieces_ = 0;
  std::vector<Piece> pieces_;    // scratch for split()
  std::uint32_t next_lane_ = 0;  // pieces are dealt round-robin over a pair's sockets
  ProductCounters counters_;
  // Failures and rebuild.
  bool any_device_down_ = false;                           // lets a healthy run skip the per-I/O checks
  std::vector<std::uint8_t> device_down_;                  // per device
  std::vector<sim::SimTime> device_failed_at_;             // per device
  std::vector<std::uint8_t> device_known_down_;            // per device: its failure detected
  std::vector<std::uint8_t> rebuilding_;                   // per layout copy: lost, being re-created
  std::uint64_t lost_copies_ = 0;                          // copies on failed devices, not yet rebuilt
  std::uint32_t device_slots_ = 0;                         // chunk copies a device holds
  std::vector<std::vector<std::uint32_t>> rebuild_queue_;  // per source device: copies to re-create
  std::vector<std::size_t> rebuild_next_;                  // per source device: next in its queue
  std::vector<int> rebuild_in_flight_;                     // per source device
  std::uint64_t rebuild_pending_ = 0;                      // queued or in flight
  std::uint64_t rebuilt_bytes_ = 0;
  std::vector<std::uint64_t> rebuilt_by_source_;  // per source device: bytes it has rebuilt
  std::vector<std::uint64_t> window_rebuilt_;     // ... at the fast-forward window's start
  std::vector<double> skip_carry_;                // ... bytes skipped short of a whole chunk
  sim::RecordPool<RebuildJob> jobs_;

  template <void (ScaleIoProduct::*Method)(Arg)>
  using Step = sim::MemberEvent<ScaleIoProduct, Method>;
  Step<&ScaleIoProduct::on_sdc_done> sdc_done_{*this};
  Step<&ScaleIoProduct::on_request_arrived> request_arrived_{*this};
  Step<&ScaleIoProduct::on_primary_cpu_done> primary_cpu_done_{*this};
  Step<&ScaleIoProduct::on_primary_read_done> primary_read_done_{*this};
  Step<&ScaleIoProduct::on_reply_arrived> reply_arrived_{*this};
  Step<&ScaleIoProduct::on_piece_received> piece_received_{*this};
  Step<&ScaleIoProduct::on_local_write_done> local_write_done_{*this};
  Step<&ScaleIoProduct::on_mirror_arrived> mirror_arrived_{*this};
  Step<&ScaleIoProduct::on_secondary_cpu_done> secondary_cpu_done_{*this};
  Step<&ScaleIoProduct::on_secondary_write_done> secondary_write_done_{*this};
  Step<&ScaleIoProduct::on_mirror_ack_arrived> mirror_ack_arrived_{*this};
  Step<&ScaleIoProduct::on_mirror_done> mirror_done_{*this};
  Step<&ScaleIoProduct::on_ack_sent> ack_sent_{*this};
  Step<&ScaleIoProduct::on_device_error> device_error_{*this};
  Step<&ScaleIoProduct::on_failed_done> failed_done_{*this};
  sim::MemberEvent<ScaleIoProduct, &ScaleIoProduct::on_device_detected> device_detected_{*this};
  sim::MemberEvent<ScaleIoProduct, &ScaleIoProduct::on_rebuild_read_cpu> rebuild_read_cpu_{*this};
  sim::MemberEvent<ScaleIoProduct, &ScaleIoProduct::on_rebuild_read> rebuild_read_{*this};
  sim::MemberEvent<ScaleIoProduct, &ScaleIoProduct::on_rebuild_send_cpu> rebuild_send_cpu_{*this};
  sim::MemberEvent<ScaleIoProduct, &ScaleIoProduct::on_rebuild_arrived> rebuild_arrived_{*this};
  sim::MemberEvent<ScaleIoProduct, &ScaleIoProduct::on_rebuild_target_cpu> rebuild_target_cpu_{*this};
  sim::MemberEvent<ScaleIoProduct, &ScaleIoProduct::on_rebuild_written> rebuild_written_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "product", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
