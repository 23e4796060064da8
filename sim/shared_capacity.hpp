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
// Predicted flows (start_predicted): while every flow on a station gets its full
// cap (the caps of all flows in flight sum to at most the capacity, or one
// flow is alone), no arrival or departure changes anyone's rate, so each
// flow's completion time is known when it starts. An owner that can act on
// such a time (the fabric, which then schedules one delivery event for a
// message instead of one per pipe and one for the latency; a drive, which
// schedules the I/O's completion itself) may start a flow that way: no event
// and no callback; the station settles it (counters, statistics) lazily once
// its time has passed. When something arrives that would change the rates (an
// ordinary flow, a flow whose cap does not fit, a capacity change), the station
// first turns every predicted flow still in flight into an ordinary one, in
// the state submit() would have left it in, and tells its owner
// (`converted.on_event(arg)`, once the station is consistent again); from then
// on it completes through `done.on_event(arg)` like any other flow.
// A predicted flow runs at one rate from its start to its finish, so it needs
// no class clock and no statistics update while in flight: its remaining work
// at a conversion is amount - rate x time run, and what it adds to the
// utilisation and the mean number in flight is rate x time and time, counted
// when it settles (or, for a query, up to now). The time-weighted statistics
// proper follow the ordinary flows only.
#pragma once

#include <algorithm>
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

  // No flow in flight (predicted flows whose time has passed are settled).
  bool idle();
  // A flow of `amount` in `rate_class` started now as a predicted flow: when it
  // would complete (`finish`), or false when it cannot be one (the station
  // carries ordinary flows, the cap leaves no room beside the predicted flows
  // already in flight, kMaxPredicted of them are, or it would never complete).
  struct Prediction {
    SimTime finish = -1;
    double amount = 0;
    int rate_class = 0;
    double rate = 0;
    SimTime made_at = -1;
    std::uint64_t epoch = 0;  // the station's state it was made in
    explicit operator bool() const { return finish >= 0; }
  };
  Prediction predict(double amount, int rate_class);
  // Starts the flow predict() just offered: no event, no callback unless it is
  // converted (see above); returns its finish. A refused prediction, or one
  // made before anything else happened on the station, is a logic error.
  SimTime start_predicted(const Prediction& p, EventHandler& done, EventHandler& converted, std::uint64_t arg);
  // Predicted flows still in flight (their completion time is in the future).
  std::size_t predicted_in_flight() const;
  // At most this many predicted flows at once (a bound on the work of keeping them in order).
  static constexpr std::size_t kMaxPredicted = 32;

  std::size_t active() const { return active_ - predicted_due(engine_.now()); }
  // Flows completed since construction or the last reset_stats().
  std::uint64_t completed() const { return completed_ + predicted_due(engine_.now()); }
  double capacity() const { return capacity_; }
  // Changes the capacity from now on (> 0; a NIC port lost or regained): the
  // flows in flight keep what they received and share the new capacity
  // (predicted flows are converted first).
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
    double finish_virtual;   // class clock value at which the flow is done
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
    double rate = 0;          // per flow, from the last water-filling
    double virtual_work = 0;  // V: work each ordinary flow of this class has received
    FlowQueue heap;           // by (finish_virtual, sequence)
  };

  void check_flow(double amount, int rate_class) const {
    // Finite and >= 0 (NaN fails too), in a class that exists.
    if (!(amount >= 0 && amount <= std::numeric_limits<double>::max()) || rate_class < 0 ||
        static_cast<std::size_t>(rate_class) >= classes_.size())
      bad_flow(rate_class);
  }
  [[noreturn]] void bad_flow(int rate_class) const;  // which of the two checks failed
  // Flows in flight that are not predicted ones (predicted flows due but not
  // yet settled count on both sides).
  std::size_t ordinary_flows() const { return active_ - predicted_.size(); }
  [[noreturn]] void bad_start(const Prediction& p) const;
  // Beyond this a completion is "never" (a rate so small it would overflow the clock).
  static constexpr double kNeverNs = 4e18;
  void advance_clocks() { advance_clocks_to(engine_.now()); }
  void advance_clocks_to(SimTime time);
  void share_capacity();  // water-filling over the classes
  void schedule_completion();
  void on_completion(std::uint64_t);
  bool finished(const RateClass& cls, const Flow& flow) const;
  // The rate a flow of the class would run at as a predicted flow now, or -1
  // (predicted flows settled first).
  double predicted_rate(int rate_class) const;
  // Settles the predicted flows whose time has passed, in the order and at the
  // times on_completion() would have completed them.
  void settle_due() {
    if (!predicted_.empty() && predicted_[0].finish <= engine_.now()) settle_due_flows();
  }
  void settle_due_flows();
  // Predicted flows whose time is at or before `now` (not yet settled).
  std::size_t predicted_due(SimTime now) const;
  // Turns the predicted flows still in flight into ordinary ones; their owners
  // are told by notify_converted(), once the caller has made the station consistent.
  void convert_predicted();
  void notify_converted();
  // What the predicted flows not yet settled have added to the window by `now`:
  // work (rate x ns) and time in flight (ns).
  struct PredictedArea {
    double work = 0;
    double time = 0;
  };
  PredictedArea unsettled_area(SimTime now) const;
  // What a predicted flow added to the window from its start (or the window's) to `end`.
  void count_predicted(SimTime start, SimTime end, double rate);

  // Predicted flows not yet settled, by (finish, sequence); each at `rate`.
  struct Predicted {
    SimTime finish;
    SimTime start;
    double amount;
    std::uint64_t sequence;
    EventHandler* done;
    EventHandler* converted;
    std::uint64_t arg;
    int rate_class;
    double rate;
    double cap;  // of its class, kept here so settling it needs no look at the classes
  };
  // Sorted by (finish, sequence); leaves from the front (a consumed prefix,
  // dropped when it is half the storage), arrives mostly at the back.
  class PredictedList {
   public:
    bool empty() const { return head_ == flows_.size(); }
    std::size_t size() const { return flows_.size() - head_; }
    const Predicted& operator[](std::size_t i) const { return flows_[head_ + i]; }
    std::vector<Predicted>::const_iterator begin() const { return flows_.begin() + static_cast<std::ptrdiff_t>(head_); }
    std::vector<Predicted>::const_iterator end() const { return flows_.end(); }
    void insert_sorted(const Predicted& flow) {
      if (empty() || flows_.back().finish <= flow.finish) {
        flows_.push_back(flow);
        return;
      }
      auto at = flows_.end() - 1;
      while (at != begin() && (at - 1)->finish > flow.finish) --at;
      flows_.insert(at, flow);
    }
    void pop_front(std::size_t n) {
      head_ += n;
      if (head_ == flows_.size()) {
        clear();
      } else if (head_ >= 16 && 2 * head_ >= flows_.size()) {
        flows_.erase(flows_.begin(), flows_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
      }
    }
    void clear() {
      flows_.clear();
      head_ = 0;
    }

   private:
    std::vector<Predicted> flows_;  // grows to its peak (a few dozen) the first times it is used
    std::size_t head_ = 0;
  };

  // What the predicted path reads and writes, side by side (a drive's or a NIC
  // pipe's station is cold when its next flow comes: fewer cache lines to fetch).
  Engine& engine_;
  double capacity_;
  std::size_t active_ = 0;
  std::uint64_t completed_ = 0;
  std::uint64_t next_sequence_ = 0;
  std::uint64_t epoch_ = 0;        // bumped whenever a flow comes, goes or the capacity changes (Prediction::epoch)
  double predicted_cap_sum_ = 0;   // caps of the predicted flows not yet settled
  double predicted_rate_sum_ = 0;  // their rates (the load)
  double ordinary_cap_sum_ = 0;    // caps and rates of the ordinary flows, from the last share_capacity()
  double ordinary_rate_sum_ = 0;
  SimTime window_start_ = 0;        // of the statistics (reset_stats())
  double predicted_work_area_ = 0;  // settled or converted predicted flows, inside the window: rate x ns
  double predicted_time_area_ = 0;  // and ns in flight
  PredictedList predicted_;
  std::vector<RateClass> classes_;
  // The ordinary flows' side.
  std::vector<int> by_cap_;  // class indices in increasing cap order
  std::vector<Flow> finished_scratch_;
  SimTime last_advance_ = 0;
  EventId pending_;
  SimTime pending_time_ = 0;
  TimeWeighted load_stat_;                    // sum of the ordinary flows' rates / capacity
  TimeWeighted active_stat_;                  // ordinary flows in flight
  std::vector<Predicted> converted_scratch_;  // owners to tell, after a conversion
  MemberEvent<SharedCapacity, &SharedCapacity::on_completion> completion_event_{*this};
};

// ---- Predicted flows, the common case on drives and NIC pipes: inline. ----

// What submit() would schedule for the flow, worked out inline in the same
// arithmetic: while the caps of the flows in flight and of this one fit in the
// capacity, every flow runs at its cap whatever comes and goes; alone, a flow
// gets min(cap, capacity).
inline double SharedCapacity::predicted_rate(int rate_class) const {
  if (predicted_.size() == kMaxPredicted) return -1;
  const double cap = classes_[static_cast<std::size_t>(rate_class)].cap;
  if (active_ == 0) return cap <= capacity_ ? cap : capacity_;
  return ordinary_cap_sum_ + predicted_cap_sum_ + cap <= capacity_ ? cap : -1;
}

inline SharedCapacity::Prediction SharedCapacity::predict(double amount, int rate_class) {
  check_flow(amount, rate_class);
  settle_due();
  Prediction p;
  const double rate = predicted_rate(rate_class);
  if (rate < 0) return p;
  const double ns = amount <= 0 ? 0.0 : ceil_fast(amount / rate * 1e9 - 1e-3);  // schedule_completion()
  if (ns >= kNeverNs) return p;
  p.finish = engine_.now() + static_cast<SimTime>(std::max(0.0, ns));
  p.amount = amount;
  p.rate_class = rate_class;
  p.rate = rate;
  p.made_at = engine_.now();
  p.epoch = epoch_;
  return p;
}

inline SimTime SharedCapacity::start_predicted(const Prediction& p, EventHandler& done, EventHandler& converted,
                                               std::uint64_t arg) {
  if (!p || p.made_at != engine_.now() || p.epoch != epoch_) bad_start(p);
  ++epoch_;
  RateClass& cls = classes_[static_cast<std::size_t>(p.rate_class)];
  // Its cap, which the ordinary flows of the class have too (so their clock
  // runs on unchanged), or the rate of a flow alone.
  cls.rate = p.rate;
  predicted_cap_sum_ += cls.cap;
  predicted_rate_sum_ += p.rate;
  // Insert by (finish, sequence): the sequence is the largest, so after every equal finish.
  predicted_.insert_sorted(Predicted{p.finish, engine_.now(), p.amount, next_sequence_++, &done, &converted, arg,
                                     p.rate_class, p.rate, cls.cap});
  ++active_;
  return p.finish;
}

}  // namespace hcisim::sim
