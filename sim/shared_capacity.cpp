#include "sim/shared_capacity.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::sim {

namespace {
// Orders a std:: heap so that the flow with the smallest (finish, sequence) is on top.
struct LaterFinish {
  template <class Flow>
  bool operator()(const Flow& a, const Flow& b) const {
    return a.finish_virtual > b.finish_virtual ||
           (a.finish_virtual == b.finish_virtual && a.sequence > b.sequence);
  }
};

// Beyond this a completion is "never" (a rate so small it would overflow the clock).
constexpr double kNeverNs = 4e18;
}  // namespace

void SharedCapacity::FlowQueue::push(const Flow& flow) {
  if (sorted_ && !empty() && LaterFinish{}(flows_.back(), flow)) {
    // Out of order: a heap from here on (the FIFO's live part is already one).
    flows_.erase(flows_.begin(), flows_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
    sorted_ = false;
  }
  flows_.push_back(flow);
  if (!sorted_) std::push_heap(flows_.begin(), flows_.end(), LaterFinish{});
}

SharedCapacity::Flow SharedCapacity::FlowQueue::pop() {
  Flow flow;
  if (sorted_) {
    flow = flows_[head_++];
    if (head_ >= 64 && 2 * head_ >= flows_.size()) {
      // A class that never empties: drop the consumed front now and then
      // (amortised O(1), within the capacity already there).
      flows_.erase(flows_.begin(), flows_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  } else {
    std::pop_heap(flows_.begin(), flows_.end(), LaterFinish{});
    flow = flows_.back();
    flows_.pop_back();
  }
  if (empty()) {
    flows_.clear();
    head_ = 0;
    sorted_ = true;
  }
  return flow;
}

SharedCapacity::SharedCapacity(Engine& engine, double capacity_per_s)
    : engine_(engine),
      capacity_(capacity_per_s),
      last_advance_(engine.now()),
      load_stat_(engine.now()),
      active_stat_(engine.now()) {
  if (!(capacity_per_s > 0) || !std::isfinite(capacity_per_s))
    throw std::invalid_argument("SharedCapacity: capacity must be positive and finite");
}

int SharedCapacity::rate_class(double cap_per_s) {
  if (!(cap_per_s > 0)) throw std::invalid_argument("SharedCapacity: rate cap must be positive");
  for (std::size_t i = 0; i < classes_.size(); ++i)
    if (classes_[i].cap == cap_per_s) return static_cast<int>(i);
  const int index = static_cast<int>(classes_.size());
  classes_.push_back(RateClass{cap_per_s, 0.0, 0.0, FlowQueue{}});
  const auto position = std::find_if(by_cap_.begin(), by_cap_.end(), [&](int other) {
    return classes_[static_cast<std::size_t>(other)].cap > cap_per_s;
  });
  by_cap_.insert(position, index);
  return index;
}

void SharedCapacity::check_flow(double amount, int rate_class) const {
  if (rate_class < 0 || static_cast<std::size_t>(rate_class) >= classes_.size())
    throw std::out_of_range("SharedCapacity: unknown rate class");
  if (!(amount >= 0) || !std::isfinite(amount))
    throw std::invalid_argument("SharedCapacity: amount must be finite and >= 0");
}

void SharedCapacity::submit(double amount, int rate_class, EventHandler& done, std::uint64_t arg) {
  check_flow(amount, rate_class);
  settle_if_due();
  if (alone_) throw std::logic_error("SharedCapacity: join() the flow started alone before submitting another");
  advance_clocks();
  RateClass& cls = classes_[static_cast<std::size_t>(rate_class)];
  cls.heap.push(Flow{cls.virtual_work + amount, next_sequence_++, &done, arg});
  ++active_;
  active_stat_.set(engine_.now(), static_cast<double>(active_));
  share_capacity();
  schedule_completion();
}

void SharedCapacity::set_capacity(double capacity_per_s) {
  if (!(capacity_per_s > 0) || !std::isfinite(capacity_per_s)) {
    throw std::invalid_argument("SharedCapacity: capacity must be positive and finite");
  }
  settle_if_due();
  if (alone_) throw std::logic_error("SharedCapacity: join() the flow started alone before changing the capacity");
  advance_clocks();
  capacity_ = capacity_per_s;
  share_capacity();
  schedule_completion();
}

bool SharedCapacity::idle() {
  settle_if_due();
  return active_ == 0;
}

// Does what submit() does on an idle station, with the sharing and the
// completion time of one flow worked out inline in the same arithmetic, but
// keeps the flow out of the heap and schedules nothing.
SimTime SharedCapacity::start_alone(double amount, int rate_class) {
  check_flow(amount, rate_class);
  if (!idle()) return -1;
  RateClass& cls = classes_[static_cast<std::size_t>(rate_class)];
  const double fair = capacity_ / 1.0;  // share_capacity(): what is left over the flows left
  const double rate = cls.cap <= fair ? cls.cap : fair;
  const double finish_virtual = cls.virtual_work + amount;
  const double remaining = finish_virtual - cls.virtual_work;
  const double ns = remaining <= 0 ? 0.0 : std::ceil(remaining / rate * 1e9 - 1e-3);  // schedule_completion()
  const double earliest_ns = std::max(0.0, ns);
  if (earliest_ns >= kNeverNs) return -1;
  advance_clocks();
  alone_ = true;
  alone_class_ = rate_class;
  alone_finish_virtual_ = finish_virtual;
  alone_sequence_ = next_sequence_++;
  ++active_;
  active_stat_.set(engine_.now(), static_cast<double>(active_));
  cls.rate = rate;
  load_stat_.set(engine_.now(), std::min(1.0, (0.0 + rate * 1.0) / capacity_));
  alone_finish_ = engine_.now() + static_cast<SimTime>(earliest_ns);
  return alone_finish_;
}

void SharedCapacity::join(EventHandler& done, std::uint64_t arg) {
  if (!alone_in_flight()) throw std::logic_error("SharedCapacity: no flow started alone is in flight");
  // Its class was empty: a heap of one, with the clock untouched since it started.
  classes_[static_cast<std::size_t>(alone_class_)].heap.push(
      Flow{alone_finish_virtual_, alone_sequence_, &done, arg});
  alone_ = false;
  pending_ = engine_.schedule_at(alone_finish_, completion_event_);
  pending_time_ = alone_finish_;
}

// on_completion() at alone_finish_ for the one flow in flight: the clocks move
// there (the class empties, so its clock restarts from 0), nothing is left to
// share or to schedule.
void SharedCapacity::settle() {
  alone_ = false;
  last_advance_ = alone_finish_;
  --active_;
  ++completed_;
  active_stat_.set(alone_finish_, static_cast<double>(active_));
  load_stat_.set(alone_finish_, std::min(1.0, 0.0 / capacity_));
}

double SharedCapacity::class_rate(int rate_class) const {
  const RateClass& cls = classes_.at(static_cast<std::size_t>(rate_class));
  return cls.heap.empty() && !(alone_in_flight() && alone_class_ == rate_class) ? 0.0 : cls.rate;
}

std::size_t SharedCapacity::class_active(int rate_class) const {
  const std::size_t alone = alone_in_flight() && alone_class_ == rate_class ? 1 : 0;
  return classes_.at(static_cast<std::size_t>(rate_class)).heap.size() + alone;
}

void SharedCapacity::advance_clocks() {
  const SimTime now = engine_.now();
  if (now == last_advance_) return;
  const double elapsed_s = to_seconds(now - last_advance_);
  for (RateClass& cls : classes_)
    if (!cls.heap.empty()) cls.virtual_work += cls.rate * elapsed_s;
  last_advance_ = now;
}

void SharedCapacity::share_capacity() {
  double remaining = capacity_;
  std::size_t flows_left = active_;
  double total_rate = 0;
  // Increasing caps: a class capped below the fair share takes its cap and leaves
  // the rest to the others; from the first class that is not, all get the fair share.
  for (const int index : by_cap_) {
    RateClass& cls = classes_[static_cast<std::size_t>(index)];
    const std::size_t flows = cls.heap.size();
    if (flows == 0) continue;
    const double fair = remaining / static_cast<double>(flows_left);
    if (cls.cap <= fair) {
      cls.rate = cls.cap;
      remaining = std::max(0.0, remaining - cls.cap * static_cast<double>(flows));
      flows_left -= flows;
    } else {
      cls.rate = fair;
    }
    total_rate += cls.rate * static_cast<double>(flows);
  }
  load_stat_.set(engine_.now(), std::min(1.0, total_rate / capacity_));
}

void SharedCapacity::schedule_completion() {
  double earliest_ns = kNeverNs;
  for (const RateClass& cls : classes_) {
    if (cls.heap.empty() || !(cls.rate > 0)) continue;
    const double remaining = cls.heap.front().finish_virtual - cls.virtual_work;
    // Up to whole ns, forgiving 1e-3 ns of float noise so exact times stay exact.
    const double ns = remaining <= 0 ? 0.0 : std::ceil(remaining / cls.rate * 1e9 - 1e-3);
    earliest_ns = std::min(earliest_ns, std::max(0.0, ns));
  }
  if (earliest_ns >= kNeverNs) {
    if (pending_.valid()) engine_.cancel(pending_);
    pending_ = EventId{};
    return;
  }
  const SimTime when = engine_.now() + static_cast<SimTime>(earliest_ns);
  if (pending_.valid() && pending_time_ == when) return;
  if (pending_.valid()) engine_.cancel(pending_);  // none after a completion: spare the call
  pending_ = engine_.schedule_at(when, completion_event_);
  pending_time_ = when;
}

bool SharedCapacity::finished(const RateClass& cls, const Flow& flow) const {
  const double remaining = flow.finish_virtual - cls.virtual_work;
  return remaining <= cls.rate * 1e-9 + 1e-12 * std::abs(flow.finish_virtual);
}

void SharedCapacity::on_completion(std::uint64_t) {
  pending_ = EventId{};
  advance_clocks();
  finished_scratch_.clear();
  for (RateClass& cls : classes_) {
    while (!cls.heap.empty() && finished(cls, cls.heap.front())) finished_scratch_.push_back(cls.heap.pop());
    if (cls.heap.empty()) cls.virtual_work = 0;  // fresh clock: keeps precision over long runs
  }
  const std::size_t count = finished_scratch_.size();
  active_ -= count;
  completed_ += count;
  active_stat_.set(engine_.now(), static_cast<double>(active_));
  share_capacity();
  schedule_completion();
  // Callbacks last: they may submit here again (which never touches the scratch list).
  for (std::size_t i = 0; i < count; ++i) {
    const Flow& flow = finished_scratch_[i];
    flow.done->on_event(flow.arg);
  }
}

// The statistics as they stand once a flow started alone whose time has passed is settled.
double SharedCapacity::utilisation() const {
  TimeWeighted load = load_stat_;
  if (alone_settled_by(engine_.now())) load.set(alone_finish_, std::min(1.0, 0.0 / capacity_));
  return load.average(engine_.now());
}

double SharedCapacity::mean_active() const {
  TimeWeighted active = active_stat_;
  if (alone_settled_by(engine_.now())) active.set(alone_finish_, static_cast<double>(active_ - 1));
  return active.average(engine_.now());
}

void SharedCapacity::reset_stats() {
  settle_if_due();
  load_stat_.reset(engine_.now());
  active_stat_.reset(engine_.now());
  completed_ = 0;
}

}  // namespace hcisim::sim
