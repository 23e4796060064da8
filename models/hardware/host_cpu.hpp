// The CPUs of one node: sockets x cores, each core with one or two hardware
// threads (logical processors, LPs), all at one sustained clock.
//
// Work arrives as bursts of cycles (CpuWork, split by layer); each burst runs on
// one LP. Scheduling follows what an SMT-aware OS scheduler does: a burst takes
// an idle core if there is one (it then runs at the full single-thread speed);
// only when every core is busy does it take the second thread of a busy core,
// and then both threads of that core run at smt_yield / 2 of full speed each (a
// core with both threads busy does smt_yield times the work of one thread, not
// twice). When every LP is busy, bursts wait in FIFO order. So throughput rises
// linearly with load until every core has one thread busy (half the LPs), then
// slowly up to cores x smt_yield: the shape of a real CPU-vs-load curve.
//
// Guest bursts (a VM's virtual processors, run_guest) come after host work:
// a free LP takes a waiting host burst before a waiting guest one (the host's
// I/O path preempts virtual processors; docs/s2d-calibration.md gives the data
// that require it). Under Hyper-V's core scheduler (set_whole_core_guests) a
// guest burst takes a whole core: it starts only on an idle core, and the
// core's other thread stays idle while it runs (a core never runs virtual
// processors of two VMs, or a VM's beside the host's, at once). So with guests
// busy, not every LP can be: VMFleet's CPU % stays below 100 at saturation.
//
// Serial queues ("pinned" work, e.g. the processing of one network connection,
// whose completions are bound to one LP) run one burst at a time; each burst
// still runs on the pool's LPs, ahead of ordinary bursts (interrupt/DPC-level
// work preempts threads), so it is counted like any other CPU work.
//
// Accounting is as the work executes: cycles are attributed to their layers in
// proportion to the part of each burst executed inside the measurement window,
// so per-layer shares never exceed the capacity actually used.
//
// Chains: a caller that knows, when a burst starts, the burst its completion
// would start at once on this CPU (a guest I/O's burst, then the host's path
// for it) may run both as one chain on one LP (start_chain, finish_chain): one
// event at the end of the second part instead of one per part. That is exact
// while the first part ends with nothing waiting for an LP and its core's other
// thread idle (the second burst would then take this same LP at the same speed),
// so a chain starts only on an idle core with nothing waiting, and is split the
// moment that can stop holding before its boundary: a burst has to wait, or the
// core's other thread starts. A split chain is what run() would have made: the
// first part ends with an event (its done.on_event(arg)), then the second is
// dispatched like any burst. The caller applies at the start what happens at the
// boundary, stamped with the boundary time, and is told of a split
// (split_notice.on_event(arg)) so it can take the boundary as an event instead.
//
// Cost: submit and completion O(1) plus one event; a thread whose sibling starts
// or stops gets its completion rescheduled (one cancel + one push).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "models/hardware/cpu_work.hpp"
#include "models/spec/hardware_spec.hpp"
#include "sim/cache_line.hpp"
#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::models {

class HostCpu {
 public:
  // `burst_scv`: variability of burst work (0 = exactly the given cycles,
  // 1 = exponential), drawn from `rng` so each node has its own stream.
  HostCpu(sim::Engine& engine, const CpuSpec& cpu, int sockets, double burst_scv = 0,
          sim::RandomStream rng = sim::RandomStream(0, "cpu"));
  HostCpu(const HostCpu&) = delete;
  HostCpu& operator=(const HostCpu&) = delete;

  // Runs `work` (cycles, on average) on one LP; done.on_event(arg) afterwards.
  void run(const CpuWork& work, sim::EventHandler& done, std::uint64_t arg);
  void run(CpuLayer layer, double cycles, sim::EventHandler& done, std::uint64_t arg) {
    run(CpuWork::of(layer, cycles), done, arg);
  }
  // Runs `cycles` of a VM's virtual processor (CpuLayer::Guest): after waiting
  // host work, and on a whole core under the core scheduler.
  void run_guest(double cycles, sim::EventHandler& done, std::uint64_t arg);
  // Hyper-V's core scheduler: each guest burst takes a whole core (see the top).
  void set_whole_core_guests(bool on) { whole_core_guests_ = on; }
  bool whole_core_guests() const { return whole_core_guests_; }

  // Chains (see the top). True when a burst would start now on an idle core with
  // nothing waiting: start_chain() may be called.
  bool can_chain() const { return !idle_cores_.empty() && urgent_.empty() && waiting_.empty() && guests_.empty(); }
  struct ChainStart {
    int lp;                 // for finish_chain() and split_chain()
    sim::SimTime boundary;  // when the first part ends
  };
  // Starts `first` on an idle core (can_chain() must hold); it is a guest burst
  // (whole-core under the core scheduler) and the second part host work.
  // `done`/`arg` are its completion if the chain is split; split_notice.on_event(arg)
  // tells of a split.
  ChainStart start_chain(const CpuWork& first, sim::EventHandler& done, std::uint64_t arg,
                         sim::EventHandler& split_notice);
  // The second part of the chain just started on `lp`: it runs on from the
  // boundary; done.on_event(arg) when it ends.
  void finish_chain(int lp, const CpuWork& second, sim::EventHandler& done, std::uint64_t arg);
  // Splits the chain on `lp`, whose first part is still running.
  void split_chain(int lp);

  // A new serial queue; returns its index for run_pinned().
  int add_pinned_queue();
  // Runs `work` after every earlier burst of the same queue has finished; a
  // `background` burst (repair) waits while the queue has foreground work.
  void run_pinned(int queue, const CpuWork& work, sim::EventHandler& done, std::uint64_t arg, bool background = false);
  // Time-average share of time a serial queue had work since reset_stats().
  double pinned_busy(int queue, sim::SimTime now) const {
    return pinned_[static_cast<std::size_t>(queue)].busy.average(now);
  }
  int pinned_queues() const { return static_cast<int>(pinned_.size()); }

  int cores() const { return static_cast<int>(cores_.size()); }
  int logical_processors() const { return cores() * threads_per_core_; }
  double clock_hz() const { return clock_hz_; }      // the sustained clock bursts run at
  double nominal_hz() const { return nominal_hz_; }  // the base clock
  double smt_yield() const { return smt_yield_; }
  // Work per second with every LP busy, in units of one thread alone on a core.
  double capacity_threads() const { return cores() * (threads_per_core_ > 1 ? smt_yield_ : 1.0); }

  // Since reset_stats():
  // Time-average share of LPs running a burst (Windows' "% Total Run Time").
  double logical_busy_fraction(sim::SimTime now) const;
  // CPU as VMFleet reports it: LP run time scaled by actual over nominal frequency.
  double vmfleet_cpu(sim::SimTime now) const { return logical_busy_fraction(now) * clock_hz_ / nominal_hz_; }
  // Executed work over what every core could do (cores x SMT yield): hcisim's busy-core figure.
  double utilisation(sim::SimTime now) const;
  // Cycles of each layer executed inside the window (one pass over the LPs:
  // a cluster-wide sample of every layer of every node is O(nodes x LPs)).
  std::array<double, kCpuLayerCount> cycles_by_layer(sim::SimTime now) const;
  // The same for one layer.
  double cycles(CpuLayer layer, sim::SimTime now) const {
    return cycles_by_layer(now)[static_cast<std::size_t>(layer)];
  }
  // All layers' cycles inside the window, summed in layer order.
  double executed_cycles(sim::SimTime now) const;
  // Time-average number of bursts waiting for an LP.
  double mean_queue_length(sim::SimTime now) const { return waiting_stat_.average(now); }
  void reset_stats(sim::SimTime now);

 private:
  enum class Kind : std::uint8_t {
    Host,            // the host's work: pairs on a core's second thread
    Guest,           // a virtual processor's (classic scheduler): pairs too, waits behind host work
    GuestWholeCore,  // a virtual processor's under the core scheduler: an idle core to itself
  };
  // 64 bytes, one cache line (queues of them are long on a busy connection):
  // its total is summed from the work again where it is needed.
  struct alignas(sim::kCacheLine) Burst {
    CpuWork work;
    sim::EventHandler* done = nullptr;
    std::uint64_t arg = 0;
    int pinned_queue = -1;  // serial queue it belongs to, -1 = none
    Kind kind = Kind::Host;
    double total() const { return work.total(); }  // cycles
  };
  static_assert(sizeof(Burst) == sim::kCacheLine, "HostCpu::Burst: one cache line");
  enum class Chain : std::uint8_t {
    None,
    Chained,  // the event is at the end of `next`; the boundary passes without one
    Split,    // the event is at the end of `burst`; `next` is dispatched then
  };
  // What a burst's start and end read and write in the first two cache lines;
  // a chain's second part and boundary after them.
  struct alignas(sim::kCacheLine) Thread {
    Burst burst;
    double remaining = 0;  // cycles left at last_update
    double uncounted = 0;  // cycles of the burst executed before the window (not accounted)
    double rate = 0;       // cycles per ns
    sim::SimTime last_update = 0;
    sim::EventId event{};
    Chain chain = Chain::None;
    bool busy = false;
    int chain_position = -1;    // in chained_ while Chain::Chained
    Burst next;                 // a chain's second part
    sim::SimTime boundary = 0;  // a chain's: when `burst` ends
    sim::EventHandler* split_notice = nullptr;
  };
  struct Core {
    int busy = 0;        // threads running
    int position = -1;   // index in idle_cores_ or half_cores_, -1 = in neither
    bool whole = false;  // a guest burst holds it whole (its other thread stays idle)
  };
  struct Pinned {
    sim::FifoRing<Burst> waiting;
    sim::FifoRing<Burst> background;
    bool running = false;
    sim::TimeWeighted busy;  // 1 while a burst of the queue is waiting for an LP or running
  };

  void fill_burst(Burst& burst, const CpuWork& work, sim::EventHandler& done, std::uint64_t arg, int queue);
  Kind guest_kind() const { return whole_core_guests_ ? Kind::GuestWholeCore : Kind::Guest; }
  void dispatch(const Burst& burst);
  void cross_passed_chains();  // chains past their boundary: their cores may take a second thread now
  sim::FifoRing<Burst>& line_for(const Burst& burst) {
    return burst.pinned_queue >= 0 ? urgent_ : burst.kind == Kind::Host ? waiting_ : guests_;
  }
  // The next waiting burst an LP can take: host work first; `pairable_only`
  // when the LP's sibling is busy (a whole-core guest cannot start there).
  bool pop_next(bool pairable_only, Burst& next);
  int take_idle_core(bool whole);  // marks an idle core busy; returns its first LP
  void cross(Thread& t);           // a chain past its boundary: the first part is accounted, the second runs on
  void split_waiting_chains();
  void unlist_chain(Thread& t);  // out of chained_ (swap with the last)
  void start(int lp, const Burst& burst);
  void advance(Thread& t, sim::SimTime now) const;
  void set_rate(int lp, double rate);
  void on_done(std::uint64_t lp);
  void account(Thread& t);
  void push_set(std::vector<int>& set, int core);
  void erase_set(std::vector<int>& set, int core);
  void on_pinned_done(int queue);
  int sibling(int lp) const { return lp ^ 1; }
  int core_of(int lp) const { return threads_per_core_ > 1 ? lp >> 1 : lp; }

  sim::Engine* engine_;
  double clock_hz_;
  double nominal_hz_;
  double smt_yield_;
  int threads_per_core_;
  double single_rate_;  // cycles per ns, one thread alone
  double paired_rate_;  // cycles per ns, each of two threads on a core
  double burst_scv_;
  sim::RandomStream rng_;
  std::vector<Thread> threads_;
  std::vector<Core> cores_;
  std::vector<int> idle_cores_;   // cores with no busy thread (stack)
  std::vector<int> half_cores_;   // cores with one of two threads busy (stack)
  sim::FifoRing<Burst> urgent_;   // heads of serial queues
  sim::FifoRing<Burst> waiting_;  // host work
  sim::FifoRing<Burst> guests_;   // virtual processors' work
  bool whole_core_guests_ = false;
  std::vector<Pinned> pinned_;
  std::vector<int> chained_;  // LPs whose thread is Chain::Chained
  std::array<double, kCpuLayerCount> cycles_{};
  sim::TimeWeighted busy_lps_;
  sim::TimeWeighted waiting_stat_;
  sim::MemberEvent<HostCpu, &HostCpu::on_done> done_event_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "cpu", [this](sim::SimTime now) { reset_stats(now); }};
};

}  // namespace hcisim::models
