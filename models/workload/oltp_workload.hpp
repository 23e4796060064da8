// An OLTP database in each VM (SQL Server-like), driven by interactive users.
//
// Users: each loops think time (exponential, mean think_time_ns) -> one
// transaction, so the VM is a closed interactive system: TPS = users / (Z + R).
//
// A transaction of type k (picked by the mix):
//   1. draws its logical page reads n (mean page_reads) and, each missing the
//      buffer pool with probability 1 - h, its misses m (binomial, drawn by
//      geometric gaps: cost per miss, not per read);
//   2. runs its CPU work (cpu_cycles x cpu_scale) on the VM's vCPUs in m + 1
//      equal bursts with one synchronous 8 KiB page read after each of the
//      first m (the transaction waits for each read);
//   3. modifies page_writes pages (each drawn from the access skew, made dirty
//      in the dirty-page table; no I/O now);
//   4. commits: read-only types (log_bytes = 0) are done; the others hand their
//      log bytes to the database's GroupCommitLog and are done when it hardens
//      them (sequential log writes at the end of the VM's disk).
// Background: every checkpoint interval (first one at a random phase per VM)
// and whenever dirty pages pass flush_start_fraction of the buffer pool, a
// flush pass writes the dirty pages (adjacent ones coalesced up to 64 KiB,
// a bounded number of writes in flight). Nobody waits for these writes except
// a transaction that would push dirty + being-written pages past the buffer
// pool, which waits for flushed pages.
//
// The hit ratio h is set up once: given, or the LRU hit ratio of the buffer
// pool over the hot-set skew (page_skew.hpp). Missed pages are drawn from the
// misses' distribution over the tiers; written pages from the access skew.
// The buffer pool is warm from the start (the benchmark preconditioned it).
//
// Requests: per VM a fixed set in the shared table: max_outstanding_reads page
// reads, log.max_outstanding_writes log writes, checkpoint.max_outstanding_writes
// flush writes. IoRequest::thread holds the request's slot in this workload.
// Users (one transaction each at most) are pooled at add_vm; nothing is
// allocated per transaction or I/O in steady state.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "models/hardware/vcpu_set.hpp"
#include "models/io/io_request.hpp"
#include "models/spec/oltp_spec.hpp"
#include "models/workload/dirty_page_table.hpp"
#include "models/workload/group_commit_log.hpp"
#include "models/workload/oltp_measurement.hpp"
#include "models/workload/page_skew.hpp"
#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/random.hpp"

namespace hcisim::models {

class OltpWorkload final : public sim::EventHandler, private LogDevice {
 public:
  OltpWorkload(sim::Engine& engine, const OltpSpec& spec, RequestTable& requests, OltpMeasurement& measurement);

  // Adds one database VM: `vm` is the storage's index of the VM, `node` its
  // host, `vcpus` its vCPUs, `disk_bytes` its virtual disk (the data file at
  // the start, the log region at the end).
  void add_vm(std::uint32_t vm, int node, VcpuSet& vcpus, std::uint64_t disk_bytes);
  // Users start thinking; checkpoint timers start.
  void start(IoTarget& target);
  // A completed I/O (the storage calls this with the request index).
  void on_event(std::uint64_t request) override;

  // Set-up figures.
  double hit_ratio() const { return hit_ratio_; }
  const PageSkew& skew() const { return skew_; }
  std::uint64_t buffer_pages() const { return buffer_pages_; }
  std::uint64_t database_pages() const { return skew_.pages(); }
  std::uint32_t requests_per_vm() const;
  std::size_t vm_count() const { return vms_.size(); }

  // State of the i-th added VM (for reports and tests).
  std::uint64_t dirty_pages(std::size_t vm) const { return vms_[vm]->dirty.dirty(); }
  std::uint64_t pages_being_written(std::size_t vm) const { return vms_[vm]->pages_writing; }
  bool flushing(std::size_t vm) const { return vms_[vm]->flushing; }
  const GroupCommitLog& log(std::size_t vm) const { return *vms_[vm]->log; }

 private:
  struct User {
    std::uint32_t vm = 0;  // local VM index
    std::uint8_t type = 0;
    std::uint32_t misses_left = 0;
    std::uint32_t page_writes = 0;
    double burst_cycles = 0;
    sim::SimTime started = 0;
  };
  struct IoSlot {
    std::uint32_t vm = 0;  // local VM index
    OltpIo kind = OltpIo::PageRead;
    std::uint32_t owner = 0;  // page read: the user; log write: the log slot
    std::uint32_t pages = 0;  // flush write: pages written
  };
  struct Vm {
    Vm(sim::RandomStream stream, std::uint64_t pages) : rng(stream), dirty(pages) {}
    std::uint32_t id = 0;  // the storage's VM index
    std::uint16_t node = 0;
    VcpuSet* vcpus = nullptr;
    sim::RandomStream rng;
    std::uint32_t first_user = 0;
    std::uint64_t log_begin = 0, log_end = 0, log_cursor = 0;  // byte offsets on the disk
    std::vector<std::uint32_t> free_reads;                     // request indices
    sim::FifoRing<std::uint32_t> read_waiters;                 // users waiting for a read request
    std::vector<std::uint32_t> log_requests;                   // per log slot
    std::unique_ptr<GroupCommitLog> log;
    DirtyPageTable dirty;
    std::uint64_t pages_writing = 0;
    std::vector<std::uint32_t> free_flushes;  // request indices
    int flushes_in_flight = 0;
    bool flushing = false;
    bool pass_scanned = false;                    // the pass's cursor has reached the end of the file
    bool checkpoint_due = false;                  // the timer fired during a pass
    sim::FifoRing<std::uint32_t> buffer_waiters;  // users waiting for flushed pages
  };

  std::uint32_t add_request(Vm& vm, std::uint32_t local_vm, OltpIo kind, std::uint32_t owner);
  std::uint32_t count_of(double mean, sim::RandomStream& rng) const;
  std::uint32_t misses_among(std::uint32_t reads, sim::RandomStream& rng) const;

  // The transaction, in order.
  void begin_thinking(std::uint32_t user);
  void on_think_done(std::uint64_t user);
  void run_burst(std::uint32_t user);
  void on_burst_done(std::uint64_t user);
  void issue_read(std::uint32_t user, std::uint32_t request);
  void on_read_done(std::uint32_t request);
  void modify_pages(std::uint32_t user);
  void apply_page_writes(std::uint32_t user);
  void commit(std::uint32_t user);
  void complete(std::uint32_t user);
  // LogDevice
  void write_log_block(std::uint32_t log, int slot, std::uint32_t bytes) override;
  void hardened(std::uint32_t log, std::uint32_t member) override;
  // Flushing dirty pages.
  void on_checkpoint_timer(std::uint64_t vm);
  void start_pass(std::uint32_t vm, bool by_timer);
  void fill_pass(std::uint32_t vm);
  void on_flush_done(std::uint32_t request);
  void wake_buffer_waiters(std::uint32_t vm);
  bool over_flush_threshold(const Vm& vm) const { return vm.dirty.dirty() > flush_threshold_pages_; }

  sim::Engine* engine_;
  OltpSpec spec_;
  RequestTable* requests_;
  OltpMeasurement* measurement_;
  IoTarget* target_ = nullptr;
  PageSkew skew_;
  PageScatter scatter_;
  double hit_ratio_ = 0;
  double log_hit_ = 0;  // log(h), for the geometric gaps between misses
  TierSampler miss_sampler_, write_sampler_;
  std::uint64_t buffer_pages_ = 0;
  std::uint64_t flush_threshold_pages_ = 0;
  std::uint32_t flush_max_pages_ = 0;
  std::array<double, kOltpTransactionTypes> mix_upper_{};  // cumulative mix
  std::array<double, kOltpTransactionTypes> cycles_{};     // cpu_cycles x cpu_scale
  std::vector<User> users_;
  std::vector<IoSlot> slots_;
  std::vector<std::unique_ptr<Vm>> vms_;
  sim::MemberEvent<OltpWorkload, &OltpWorkload::on_think_done> think_done_{*this};
  sim::MemberEvent<OltpWorkload, &OltpWorkload::on_burst_done> burst_done_{*this};
  sim::MemberEvent<OltpWorkload, &OltpWorkload::on_checkpoint_timer> checkpoint_timer_{*this};
};

}  // namespace hcisim::models
