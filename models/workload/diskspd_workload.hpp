// DISKSPD inside each VM, as VMFleet runs it. Per VM and target, `threads`
// threads each keep `outstanding` I/Os in flight against the target's region
// of the VM's one file (closed loop: a completion issues that slot's next I/O).
// Offsets: random (uniform or -rdpct/-rdabs ranges; -rs mixes in sequential
// runs: an I/O that is not random continues the thread's previous one, with its
// type; a thread's first I/O has none to continue, so it is random), a
// sequential stream per thread (-s, starting at -B + k x -T) or one per VM and
// target (-si); streams wrap to the region's start. -Zr puts the work of
// filling each write's buffer on the VM's vCPU (IoRequest::workload_cycles).
//
// -g is paced the way DISKSPD paces it (mechanisms.md 2.2): a thread may start
// an I/O on a target when (ms since the thread started) x rate >= bytes issued
// so far + one block, bytes counting at issue. The milliseconds come from
// GetTickCount64, which moves in clock ticks (kTick), so budget arrives in
// tick-sized steps: a thread ahead of budget sleeps until the next tick, then
// issues back-to-back what the new budget allows. The budget accumulates, so a
// thread that fell behind (all slots in flight) catches up as fast as its
// completions allow: bounded only by -o.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "models/io/io_request.hpp"
#include "models/spec/workload_spec.hpp"
#include "models/workload/diskspd_regions.hpp"
#include "models/workload/measurement.hpp"
#include "models/workload/skewed_positions.hpp"
#include "models/workload/stream_coverage.hpp"
#include "sim/engine.hpp"
#include "sim/random.hpp"

namespace hcisim::models {

class DiskspdWorkload final : public sim::EventHandler, public RestartableWorkload {
 public:
  // The period of the clock behind GetTickCount64: 15.625 ms (1/64 s). [DOC]
  // Microsoft documents its resolution as that of the system timer, "typically
  // in the range of 10 milliseconds to 16 milliseconds" (mechanisms.md 2.2);
  // [EST] the exact value is Windows' default clock interrupt period of
  // 1/64 s (Microsoft, "Timers, Timer Resolution, and Development of Efficient
  // Code": 15.6 ms; not in the reference library). A sleeping thread wakes on
  // the same interrupt, so it sees the new tick count as soon as it is due.
  static constexpr sim::SimTime kTick = 15'625'000;
  // -Zr: DISKSPD fills each write's buffer with new random data before issuing
  // it, on the VM's vCPU. [EST] 1 cycle per byte: a 64-bit xorshift-family
  // generator makes 8 bytes in about 4-8 cycles, plus the store.
  static constexpr double kRandomFillCyclesPerByte = 1.0;

  DiskspdWorkload(sim::Engine& engine, const DiskspdSpec& spec, RequestTable& requests, Measurement& measurement);

  // Room for `vms` more VMs, so adding them moves nothing (a large cluster's
  // request table is hundreds of MB: growing it by copying faults every page twice).
  void reserve_vms(std::size_t vms);
  // Adds the DISKSPD threads of one VM (already placed by the storage).
  void add_vm(std::uint32_t vm, int node);
  void start(IoTarget& target);
  // A completed I/O (the storage calls this with the request index). One the
  // storage failed is counted as failed, and the thread issues its next I/O.
  void on_event(std::uint64_t request) override;
  // After the VM restarts elsewhere: the slot issues a new I/O.
  void reissue(std::uint32_t request) override { issue(request); }

  std::uint64_t issued() const { return issued_; }
  std::uint64_t completed() const { return completed_; }
  // Whether any target is paced by -g.
  bool throttled() const { return throttled_; }
  // The largest I/O, and a number every offset is a multiple of (for the
  // storage's worst-case split of an I/O).
  std::uint64_t max_block_bytes() const { return max_block_; }
  std::uint64_t offset_granularity() const { return granularity_; }
  // Where target `t`'s I/Os go (resolved at construction).
  const TargetRegion& region(std::size_t t) const { return targets_[t].region; }
  // What each target's VMs have issued since the start (stream_coverage's input).
  std::vector<TargetTraffic> traffic() const;

 private:
  struct Target {
    DiskspdTarget spec;
    TargetRegion region;
    std::optional<SkewedPositions> skew;  // fio zipf / pareto over the region's one range
    double fill_cycles = 0;               // -Zr: guest cycles per write
  };
  struct Thread {
    std::uint32_t vm;
    std::uint32_t target;
    std::uint64_t cursor;       // the next sequential offset (-s; -rs after a random I/O)
    bool last_write = false;    // -rs: the type a sequential run keeps
    bool has_previous = false;  // -rs: a first I/O has nothing to continue, so it is random
    // -g pacing
    std::uint32_t first_request;    // the thread's slots are [first, first + outstanding)
    std::uint32_t parked_head = 0;  // ring of slots waiting for budget (in parked_, at first_request)
    std::uint32_t parked = 0;
    std::uint64_t bytes_issued = 0;
    std::int64_t start_ms = 0;  // the tick count when the thread started
  };
  struct Vm {
    sim::RandomStream rng;
    sim::SimTime clock_phase;  // where this VM's clock ticks fall (each VM has its own)
    std::uint32_t first_thread;
    std::uint32_t threads;
    bool wake_pending = false;
  };

  void issue(std::uint32_t request);
  void send(std::uint32_t request);
  void choose(IoRequest& r, Thread& th, const Target& t, Vm& vm);
  std::uint64_t random_offset(const Target& t, Vm& vm);
  std::uint64_t next_in_stream(std::uint64_t offset, const Target& t) const;
  // GetTickCount64 as the VM sees it (ms), and when it next moves.
  std::int64_t tick_ms(const Vm& vm, sim::SimTime now) const;
  sim::SimTime next_tick(const Vm& vm, sim::SimTime now) const;
  bool budget_allows(const Thread& th, const Target& t, sim::SimTime now) const;
  void park(Thread& th, std::uint32_t request);
  void on_tick(std::uint64_t vm);

  sim::Engine* engine_;
  DiskspdSpec spec_;
  RequestTable* requests_;
  Measurement* measurement_;
  IoTarget* target_ = nullptr;
  std::vector<Target> targets_;
  std::vector<Thread> threads_;
  std::vector<Vm> vms_;
  std::vector<std::uint64_t> shared_cursor_;  // -si: per VM and target
  std::vector<std::uint32_t> parked_;         // per request slot: the parked rings
  bool throttled_ = false;
  std::uint64_t max_block_ = 0;
  std::uint64_t granularity_ = 0;
  std::uint64_t issued_ = 0;
  std::uint64_t completed_ = 0;
  sim::MemberEvent<DiskspdWorkload, &DiskspdWorkload::on_tick> tick_{*this};
};

}  // namespace hcisim::models
