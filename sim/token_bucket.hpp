// Token bucket: tokens accrue at `rate_per_s` up to `burst`; the bucket starts
// full. Models cloud disk and VM caps (IOPS, bytes/s) and QoS limits.
//
// request() grants at once when enough tokens are there AND nobody waits
// (returns true, no callback). Otherwise the request joins a FIFO queue and is
// granted later through granted.on_event(arg) (returns false): strictly in
// arrival order, so a small request never overtakes a large one.
//
// Requests larger than `burst`: such a request could never find `tokens` in the
// bucket, so it waits until the bucket is full (has `burst`) and then goes,
// leaving burst - tokens, which is negative: the debt is repaid at `rate` before
// anything else is granted. The long-run rate stays `rate`; the envelope over a
// window of length t becomes max(burst, largest request) + rate * t (it is
// burst + rate * t exactly when no request exceeds the burst). The alternative,
// refusing such requests, would deadlock a model that issues one large I/O.
//
// Structure: the token level is kept lazily (level + time of last update); a
// FIFO ring of waiting requests {tokens, handler, arg}; at most one pending
// event, for the head of the queue, at the time its tokens will be there
// (rounded up to a whole ns). One grant per event: the grant is made, the next
// head's event scheduled, then granted.on_event(arg) is called, so the callee
// may request again re-entrantly.
// Cost: request O(1); grant O(1) plus one event push. Memory per waiting
// request: 24 B ring slot; the ring only grows to the peak queue length.
#pragma once

#include <cstddef>
#include <cstdint>

#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/time.hpp"

namespace hcisim::sim {

class TokenBucket {
 public:
  TokenBucket(Engine& engine, double rate_per_s, double burst);
  TokenBucket(const TokenBucket&) = delete;
  TokenBucket& operator=(const TokenBucket&) = delete;

  // tokens >= 0. True: granted now, no callback. False: granted.on_event(arg) later.
  bool request(double tokens, EventHandler& granted, std::uint64_t arg);

  std::size_t waiting() const { return waiting_.size(); }
  // Tokens in the bucket now (negative while a request larger than burst is repaid).
  double tokens_now() const;
  double rate() const { return rate_per_s_; }
  double burst() const { return burst_; }
  // Total tokens granted since construction.
  double granted_total() const { return granted_total_; }

 private:
  struct Request {
    double tokens = 0;
    EventHandler* granted = nullptr;
    std::uint64_t arg = 0;
  };

  void refill();
  // Tokens that must be in the bucket before a request of `tokens` may go.
  double needed(double tokens) const { return tokens < burst_ ? tokens : burst_; }
  bool can_grant(double tokens) const;
  void schedule_head(SimTime minimum_delay);
  void on_head_ready(std::uint64_t);

  Engine& engine_;
  double rate_per_s_;
  double burst_;
  double level_;
  SimTime level_time_;
  double granted_total_ = 0;
  FifoRing<Request> waiting_;
  bool head_scheduled_ = false;
  MemberEvent<TokenBucket, &TokenBucket::on_head_ready> head_event_{*this};
};

}  // namespace hcisim::sim
