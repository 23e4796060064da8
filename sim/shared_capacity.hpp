// A capacity shared max-min fairly by the flows in flight: a NIC port, a link or
// PCIe (capacity in bytes/s), a CPU (capacity in core-seconds per second). Each
// flow may carry a rate cap, its own maximum rate (+inf = none).
//
// Water-filling: flows whose cap is below the fair share get their cap; the rest
// split what is left equally.
//
// Structure: flows are grouped into rate classes by cap value (few distinct caps
// in practice, registered at build time). All flows of one class get the same
// rate, so each class keeps a virtual clock V = work received by each of its
// flows (since the class was last empty) and a binary min-heap of its flows
// keyed by finish virtual time F = V(at submit) + amount. On every arrival and
// departure the class clocks are advanced, the water-filling is redone over the
// classes, and ONE completion event is (re)scheduled for the whole station.
// Cost per arrival or departure: O(classes + log n), independent of the number n
// of flows in flight (no per-flow rate updates, unlike SimGrid's disk model).
// Memory per flow: one 32 B entry {F, sequence, handler, arg}; queues and the
// completion scratch list only grow to their peak, so steady state allocates nothing.
//
// Precision: work is a double; event times are rounded up to whole ns, and a flow
// completes when what it still needs is below one ns of work at its current rate
// (plus a relative 1e-12 of its finish clock), so it completes within 1 ns of its
// exact finish. A class's clock restarts from 0 whenever the class empties.
//
// Re-entrancy: at completion the station advances, removes all finished flows,
// redoes the sharing and reschedules before calling each done.on_event(arg), so
// the callee may submit again re-entrantly.
//
// Flows started alone (start_alone): an owner that can act on a completion time
// known in advance (the fabric, which then schedules one delivery event for a
// message instead of three) may start a flow on an idle station without an
// event or a callback. The station computes the time exactly as submit() would
// have scheduled it, and settles the flow (counters, statistics) lazily once
// that time has passed. Before anything else is submitted while it is still in
// flight, its owner must join() it: it then becomes an ordinary flow, in the
// state submit() would have left it in, and completes through a callback.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "sim/engine.hpp"
#include "sim/time.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::sim {

class SharedCapacity {
 public:
  SharedCapacity(Engine& engine, double capacity_per_s);
  SharedCapacity(const SharedCapacity&) = delete;
  SharedCapacity& operator=(const SharedCapacity&) = delete;

  // Registers (or finds) the rate class for a cap (> 0; +inf = uncapped) and
  // returns its index. Call at build time: O(classes).
  int rate_class(double cap_per_s = std::numeric_limits<double>::infinity());

  // Starts a flow of `amount` (>= 0) units in the given class; done.on_event(arg)
  // runs when it has received all of it.
  void submit(double amount, int rate_class, EventHandler& done, std::uint64_t arg);

  // No flow in flight (a flow started alone whose time has passed is settled).
  bool idle();
  // On an idle station: starts a flow without an event or a callback and returns
  // the time it completes if nothing else arrives meanwhile (submit() would have
  // completed it then); -1, and nothing started, when the station is busy or the
  // flow would never complete.
  SimTime start_alone(double amount, int rate_class);
  // A flow started alone is still in flight (its completion time is in the future).
  bool alone_in_flight() const { return alone_ && alone_finish_ > engine_.now(); }
  // Makes the flow started alone an ordinary flow, as if it had been submitted:
  // done.on_event(arg) runs when it completes, which may now change.
  void join(EventHandler& done, std::uint64_t arg);

  std::size_t active() const { return active_ - (alone_settled_by(engine_.now()) ? 1 : 0); }
  // Flows completed since construction or the last reset_stats().
  std::uint64_t completed() const { return completed_ + (alone_settled_by(engine_.now()) ? 1 : 0); }
  double capacity() const { return capacity_; }
  // Changes the capacity from now on (> 0; a NIC port lost or regained): the
  // flows in flight keep what they received and share the new capacity. A flow
  // started alone must be join()ed first.
  void set_capacity(double capacity_per_s);
  // Current rate of each flow in a class (0 when the class has no flow).
  double class_rate(int rate_class) const;
  std::size_t class_active(int rate_class) const;

  // Time-average of (sum of flow rates / capacity) since the last reset_stats().
  double utilisation() const;
  // Time-average number of flows in flight since the last reset_stats().
  double mean_active() const;
  // Starts a new measurement window at now (warm-up discard); the state is kept.
  void reset_stats();

 private:
  struct Flow {
    double finish_virtual;  // class clock value at which the flow is done
    std::uint64_t sequence;  // ties broken by submission order: deterministic
    EventHandler* done;
    std::uint64_t arg;
  };
  // The flows of one class by (finish_virtual, sequence), smallest first. While
  // flows arrive in that order (equal amounts, as drives and links mostly see:
  // the class clock only grows) it is a FIFO, O(1) both ways; the first flow
  // out of order turns it into a binary min-heap until the class empties.
  // Either way the same flow comes out first.
  class FlowQueue {
   public:
    bool empty() const { return head_ == flows_.size(); }
    std::size_t size() const { return flows_.size() - head_; }
    const Flow& front() const { return flows_[head_]; }
    void push(const Flow& flow);
    Flow pop();

   private:
    std::vector<Flow> flows_;
    std::size_t head_ = 0;  // FIFO: flows before it are gone
    bool sorted_ = true;    // FIFO; false: flows_ is a heap (head_ = 0)
  };
  struct RateClass {
    double cap = 0;
    double rate = 0;           // per flow, from the last water-filling
    double virtual_work = 0;   // V: work each flow of this class has received
    FlowQueue heap;            // by (finish_virtual, sequence)
  };

  void check_flow(double amount, int rate_class) const;
  void advance_clocks();
  void share_capacity();      // water-filling over the classes
  void schedule_completion();
  void on_completion(std::uint64_t);
  bool finished(const RateClass& cls, const Flow& flow) const;
  // What on_completion would have done at alone_finish_ for the flow started alone.
  void settle();
  void settle_if_due() {
    if (alone_settled_by(engine_.now())) settle();
  }
  bool alone_settled_by(SimTime now) const { return alone_ && alone_finish_ <= now; }

  Engine& engine_;
  double capacity_;
  std::vector<RateClass> classes_;
  std::vector<int> by_cap_;  // class indices in increasing cap order
  std::vector<Flow> finished_scratch_;
  std::size_t active_ = 0;
  std::uint64_t completed_ = 0;
  std::uint64_t next_sequence_ = 0;
  SimTime last_advance_ = 0;
  EventId pending_;
  SimTime pending_time_ = 0;
  TimeWeighted load_stat_;    // sum of rates / capacity
  TimeWeighted active_stat_;
  // The flow started alone, while it is not settled or joined.
  bool alone_ = false;
  int alone_class_ = 0;
  double alone_finish_virtual_ = 0;
  std::uint64_t alone_sequence_ = 0;
  SimTime alone_finish_ = 0;
  MemberEvent<SharedCapacity, &SharedCapacity::on_completion> completion_event_{*this};
};

}  // namespace hcisim::sim
