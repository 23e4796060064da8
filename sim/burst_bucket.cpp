#include "sim/burst_bucket.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hcisim::sim {

namespace {
bool positive_finite(double x) { return x > 0 && std::isfinite(x); }
// The longest wait schedule_head converts to SimTime: 100 years, well inside its 292.
constexpr double kMaxWaitNs = 100.0 * 365.25 * 86400 * 1e9;
}  // namespace

double BurstBucket::Level::at(SimTime elapsed) const { return std::min(depth, tokens + rate * to_seconds(elapsed)); }

// Forgives float noise of a part in 1e9 (event times are whole ns, levels doubles).
bool BurstBucket::Level::holds(double request) const {
  const double need = needed(request);
  return tokens + 1e-9 * std::max(1.0, need) >= need;
}

double BurstBucket::Level::seconds_until(double request) const {
  const double missing = needed(request) - tokens;
  return missing <= 0 ? 0.0 : missing / rate;
}

BurstBucket::BurstBucket(Engine& engine, double base_rate, double credit_depth, double peak_rate, double peak_depth,
                         double initial_credits)
    : engine_(engine),
      base_rate_(base_rate),
      peak_rate_(peak_rate),
      credit_depth_(credit_depth),
      peak_depth_(peak_depth),
      credits_{base_rate, credit_depth, initial_credits},
      peak_{peak_rate, peak_depth, peak_depth},
      level_time_(engine.now()) {
  if (!positive_finite(base_rate)) throw std::invalid_argument("BurstBucket: base rate must be positive and finite");
  if (!positive_finite(peak_rate) || peak_rate < base_rate)
    throw std::invalid_argument("BurstBucket: peak rate must be finite and >= the base rate");
  if (!positive_finite(credit_depth) || !positive_finite(peak_depth))
    throw std::invalid_argument("BurstBucket: depths must be positive and finite");
  if (!(initial_credits >= 0 && initial_credits <= credit_depth))
    throw std::invalid_argument("BurstBucket: initial credits must be in [0, credit depth]");
}

double BurstBucket::credits_now() const { return credits_.at(engine_.now() - level_time_); }

void BurstBucket::refill() {
  const SimTime elapsed = engine_.now() - level_time_;
  credits_.tokens = credits_.at(elapsed);
  peak_.tokens = peak_.at(elapsed);
  level_time_ = engine_.now();
}

void BurstBucket::take(double tokens) {
  credits_.tokens -= tokens;
  peak_.tokens -= tokens;
  granted_total_ += tokens;
}

bool BurstBucket::request(double tokens, EventHandler& granted, std::uint64_t arg) {
  if (!(tokens >= 0) || !std::isfinite(tokens))
    throw std::invalid_argument("BurstBucket: tokens must be finite and >= 0");
  refill();
  if (waiting_.empty() && can_grant(tokens)) {
    take(tokens);
    return true;
  }
  if (waiting_.empty()) waiting_since_ = engine_.now();
  waiting_.push_back(Request{tokens, &granted, arg});
  if (!head_scheduled_) schedule_head(0);
  return false;
}

void BurstBucket::schedule_head(SimTime minimum_delay) {
  const double tokens = waiting_.front().tokens;
  const double seconds = std::max(credits_.seconds_until(tokens), peak_.seconds_until(tokens));
  // Up to whole ns, forgiving 1e-3 ns of float noise so exact times stay exact.
  const double ns = seconds <= 0 ? 0.0 : ceil_fast(seconds * 1e9 - 1e-3);
  if (!(ns <= kMaxWaitNs)) {
    throw std::invalid_argument("BurstBucket: " + std::to_string(tokens) + " tokens would take " +
                                std::to_string(seconds) + " s to accrue (more than 100 years): rates too small");
  }
  const SimTime delay = std::max<SimTime>(minimum_delay, static_cast<SimTime>(std::max(0.0, ns)));
  engine_.schedule_in(delay, head_event_);
  head_scheduled_ = true;
}

void BurstBucket::on_head_ready(std::uint64_t) {
  head_scheduled_ = false;
  refill();
  if (!can_grant(waiting_.front().tokens)) {
    schedule_head(1);  // float shortfall: try again, always moving forward
    return;
  }
  const Request head = waiting_.pop_front();
  take(head.tokens);
  if (!waiting_.empty()) {
    schedule_head(0);
  } else {
    waited_ += engine_.now() - waiting_since_;
  }
  head.granted->on_event(head.arg);
}

}  // namespace hcisim::sim
