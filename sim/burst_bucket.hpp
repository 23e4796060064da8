// Burst bucket: a sustained rate with a balance of credits, under a peak rate
// (a dual token bucket). Two token levels refill independently:
//   credits  at `base_rate` up to `credit_depth`: what the sustained rate
//            allows, plus what was saved while running below it;
//   peak     at `peak_rate` (>= base_rate) up to `peak_depth`: how fast the
//            saved credits may be spent.
// A request of x tokens takes x from both. Over any window of length t the
// grants stay within min(credit_depth + base_rate t, peak_depth + peak_rate t).
// A source that saturates a full bucket is granted at the peak rate for
// (credit_depth - peak_depth) / (peak_rate - base_rate), then at the base rate;
// below the base rate the credits grow at base_rate - (rate used).
// With peak_rate == base_rate and equal depths it is a plain TokenBucket.
//
// Granting, ordering, re-entrancy and requests larger than a depth behave as in
// TokenBucket (token_bucket.hpp): strict FIFO, one pending event for the head
// of the queue at the time both levels hold what it needs (rounded up to a whole
// ns), and an oversized request waits for a full level and leaves a debt.
// Cost: request O(1); grant O(1) plus one event push. Memory per waiting
// request: 24 B ring slot; the ring only grows to the peak queue length.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/time.hpp"

namespace hcisim::sim {

class BurstBucket {
 public:
  // 0 <= initial_credits <= credit_depth; the peak level starts full.
  BurstBucket(Engine& engine, double base_rate, double credit_depth, double peak_rate, double peak_depth,
              double initial_credits);
  BurstBucket(const BurstBucket&) = delete;
  BurstBucket& operator=(const BurstBucket&) = delete;

  // tokens >= 0. True: granted now, no callback. False: granted.on_event(arg) later.
  bool request(double tokens, EventHandler& granted, std::uint64_t arg);

  std::size_t waiting() const { return waiting_.size(); }
  // Credit level now (negative while an oversized request is repaid).
  double credits_now() const;
  double base_rate() const { return base_rate_; }
  double peak_rate() const { return peak_rate_; }
  double credit_depth() const { return credit_depth_; }
  double peak_depth() const { return peak_depth_; }
  // Total tokens granted since construction.
  double granted_total() const { return granted_total_; }
  // Total time some request was waiting (the bucket holding work back) since
  // construction, up to `now` (>= the last event).
  SimTime waiting_time(SimTime now) const { return waited_ + (waiting_.empty() ? 0 : now - waiting_since_); }

 private:
  struct Level {
    double rate = 0;
    double depth = 0;
    double tokens = 0;
    double at(SimTime elapsed) const;
    double needed(double request) const { return request < depth ? request : depth; }
    bool holds(double request) const;
    double seconds_until(double request) const;
  };
  struct Request {
    double tokens = 0;
    EventHandler* granted = nullptr;
    std::uint64_t arg = 0;
  };

  void refill();
  bool can_grant(double tokens) const { return credits_.holds(tokens) && peak_.holds(tokens); }
  void take(double tokens);
  void schedule_head(SimTime minimum_delay);
  void on_head_ready(std::uint64_t);

  Engine& engine_;
  double base_rate_;
  double peak_rate_;
  double credit_depth_;
  double peak_depth_;
  Level credits_;
  Level peak_;
  SimTime level_time_;
  double granted_total_ = 0;
  SimTime waited_ = 0;         // closed waiting spells
  SimTime waiting_since_ = 0;  // start of the open one (while waiting_ is not empty)
  FifoRing<Request> waiting_;
  bool head_scheduled_ = false;
  MemberEvent<BurstBucket, &BurstBucket::on_head_ready> head_event_{*this};
};

}  // namespace hcisim::sim
