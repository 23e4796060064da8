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
    return a.finish_virtual > b.finish_virtual || (a.finish_virtual == b.finish_virtual && a.sequence > b.sequence);
  }
};

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
      window_start_(engine.now()),
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

void SharedCapacity::bad_flow(int rate_class) const {
  if (rate_class < 0 || static_cast<std::size_t>(rate_class) >= classes_.size())
    throw std::out_of_range("SharedCapacity: unknown rate class");
  throw std::invalid_argument("SharedCapacity: amount must be finite and >= 0");
}

void SharedCapacity::bad_start(const Prediction& p) const {
  if (!p) throw std::logic_error("SharedCapacity: start_predicted() for a flow predict() refused");
  throw std::logic_error("SharedCapacity: start_predicted() with a prediction made before the station changed");
}

void SharedCapacity::submit(double amount, int rate_class, EventHandler& done, std::uint64_t arg) {
  check_flow(amount, rate_class);
  ++epoch_;
  settle_due();
  // Predicted flows keep their rates while every flow still gets its cap.
  const double cap = classes_[static_cast<std::size_t>(rate_class)].cap;
  if (!predicted_.empty() && !(ordinary_cap_sum_ + predicted_cap_sum_ + cap <= capacity_)) convert_predicted();
  advance_clocks();
  RateClass& cls = classes_[static_cast<std::size_t>(rate_class)];
  cls.heap.push(Flow{cls.virtual_work + amount, next_sequence_++, &done, arg});
  ++active_;
  active_stat_.set(engine_.now(), static_cast<double>(ordinary_flows()));
  share_capacity();
  schedule_completion();
  notify_converted();
}

void SharedCapacity::set_capacity(double capacity_per_s) {
  if (!(capacity_per_s > 0) || !std::isfinite(capacity_per_s)) {
    throw std::invalid_argument("SharedCapacity: capacity must be positive and finite");
  }
  settle_due();
  ++epoch_;
  if (!predicted_.empty()) convert_predicted();
  advance_clocks();
  capacity_ = capacity_per_s;
  share_capacity();
  schedule_completion();
  notify_converted();
}

bool SharedCapacity::idle() {
  settle_due();
  return active_ == 0;
}

std::size_t SharedCapacity::predicted_due(SimTime now) const {
  std::size_t due = 0;
  while (due < predicted_.size() && predicted_[due].finish <= now) ++due;
  return due;
}

std::size_t SharedCapacity::predicted_in_flight() const { return predicted_.size() - predicted_due(engine_.now()); }

void SharedCapacity::count_predicted(SimTime start, SimTime end, double rate) {
  const SimTime from = std::max(start, window_start_);
  if (end <= from) return;
  const double ns = static_cast<double>(end - from);
  predicted_work_area_ += rate * ns;
  predicted_time_area_ += ns;
}

// The due flows leave, in (finish, sequence) order, as on_completion() would
// have completed them: nothing else changed while they ran.
void SharedCapacity::settle_due_flows() {
  const SimTime now = engine_.now();
  ++epoch_;
  std::size_t due = 0;
  while (due < predicted_.size() && predicted_[due].finish <= now) {
    const Predicted& flow = predicted_[due];
    count_predicted(flow.start, flow.finish, flow.rate);
    predicted_cap_sum_ -= flow.cap;
    predicted_rate_sum_ -= flow.rate;
    ++due;
  }
  active_ -= due;
  completed_ += due;
  predicted_.pop_front(due);
  if (predicted_.empty()) {
    predicted_cap_sum_ = 0;  // exactly: no drift across a long run
    predicted_rate_sum_ = 0;
  }
}

// Each flow has run at its rate since its start: what it still needs joins its
// class clock (which the class's ordinary flows have kept), in sequence order.
void SharedCapacity::convert_predicted() {
  advance_clocks();
  const SimTime now = engine_.now();
  converted_scratch_.clear();
  for (const Predicted& p : predicted_) {
    RateClass& cls = classes_[static_cast<std::size_t>(p.rate_class)];
    const double remaining = std::max(0.0, p.amount - p.rate * to_seconds(now - p.start));
    cls.heap.push(Flow{cls.virtual_work + remaining, p.sequence, p.done, p.arg});
    count_predicted(p.start, now, p.rate);
    converted_scratch_.push_back(p);
  }
  predicted_.clear();
  active_stat_.set(now, static_cast<double>(ordinary_flows()));
  predicted_cap_sum_ = 0;
  predicted_rate_sum_ = 0;
}

void SharedCapacity::notify_converted() {
  if (converted_scratch_.empty()) return;
  // Their owners only learn of it; none submits here (the scratch list is not touched again).
  for (const Predicted& p : converted_scratch_) p.converted->on_event(p.arg);
  converted_scratch_.clear();
}

double SharedCapacity::class_rate(int rate_class) const {
  const RateClass& cls = classes_.at(static_cast<std::size_t>(rate_class));
  return class_active(rate_class) == 0 ? 0.0 : cls.rate;
}

std::size_t SharedCapacity::class_active(int rate_class) const {
  std::size_t predicted = 0;
  const SimTime now = engine_.now();
  for (const Predicted& p : predicted_) predicted += p.rate_class == rate_class && p.finish > now ? 1 : 0;
  return classes_.at(static_cast<std::size_t>(rate_class)).heap.size() + predicted;
}

void SharedCapacity::advance_clocks_to(SimTime time) {
  if (time == last_advance_) return;
  const double elapsed_s = to_seconds(time - last_advance_);
  for (RateClass& cls : classes_)
    if (!cls.heap.empty()) cls.virtual_work += cls.rate * elapsed_s;
  last_advance_ = time;
}

void SharedCapacity::share_capacity() {
  // Predicted flows (only ever beside ordinary ones while every flow gets its cap) hold theirs.
  double remaining = capacity_ - predicted_rate_sum_;
  std::size_t flows_left = ordinary_flows();
  double total_rate = 0;
  double cap_sum = 0;
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
    cap_sum += cls.cap * static_cast<double>(flows);
  }
  ordinary_rate_sum_ = total_rate;
  ordinary_cap_sum_ = cap_sum;
  load_stat_.set(engine_.now(), std::min(1.0, total_rate / capacity_));
}

void SharedCapacity::schedule_completion() {
  double earliest_ns = kNeverNs;
  for (const RateClass& cls : classes_) {
    if (cls.heap.empty() || !(cls.rate > 0)) continue;
    const double remaining = cls.heap.front().finish_virtual - cls.virtual_work;
    // Up to whole ns, forgiving 1e-3 ns of float noise so exact times stay exact.
    const double ns = remaining <= 0 ? 0.0 : ceil_fast(remaining / cls.rate * 1e9 - 1e-3);
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
  ++epoch_;
  settle_due();
  advance_clocks();
  finished_scratch_.clear();
  for (RateClass& cls : classes_) {
    while (!cls.heap.empty() && finished(cls, cls.heap.front())) finished_scratch_.push_back(cls.heap.pop());
    if (cls.heap.empty()) cls.virtual_work = 0;  // fresh clock: keeps precision over long runs
  }
  const std::size_t count = finished_scratch_.size();
  active_ -= count;
  completed_ += count;
  active_stat_.set(engine_.now(), static_cast<double>(ordinary_flows()));
  share_capacity();
  schedule_completion();
  // Callbacks last: they may submit here again (which never touches the scratch list).
  for (std::size_t i = 0; i < count; ++i) {
    const Flow& flow = finished_scratch_[i];
    flow.done->on_event(flow.arg);
  }
}

SharedCapacity::PredictedArea SharedCapacity::unsettled_area(SimTime now) const {
  PredictedArea area{predicted_work_area_, predicted_time_area_};
  for (const Predicted& p : predicted_) {
    const SimTime from = std::max(p.start, window_start_);
    const SimTime to = std::min(p.finish, now);
    if (to <= from) continue;
    area.work += p.rate * static_cast<double>(to - from);
    area.time += static_cast<double>(to - from);
  }
  return area;
}

double SharedCapacity::utilisation() const {
  const SimTime now = engine_.now();
  if (now <= window_start_) return std::min(1.0, (ordinary_rate_sum_ + predicted_rate_sum_) / capacity_);
  return std::min(
      1.0, load_stat_.average(now) + unsettled_area(now).work / (capacity_ * static_cast<double>(now - window_start_)));
}

double SharedCapacity::mean_active() const {
  const SimTime now = engine_.now();
  if (now <= window_start_) return static_cast<double>(active());
  return active_stat_.average(now) + unsettled_area(now).time / static_cast<double>(now - window_start_);
}

void SharedCapacity::reset_stats() {
  settle_due();
  load_stat_.reset(engine_.now());
  active_stat_.reset(engine_.now());
  window_start_ = engine_.now();
  predicted_work_area_ = 0;
  predicted_time_area_ = 0;
  completed_ = 0;
}

}  // namespace hcisim::sim
