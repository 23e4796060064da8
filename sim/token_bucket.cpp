#include "sim/token_bucket.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::sim {

TokenBucket::TokenBucket(Engine& engine, double rate_per_s, double burst)
    : engine_(engine), rate_per_s_(rate_per_s), burst_(burst), level_(burst), level_time_(engine.now()) {
  if (!(rate_per_s > 0) || !std::isfinite(rate_per_s))
    throw std::invalid_argument("TokenBucket: rate must be positive and finite");
  if (!(burst > 0) || !std::isfinite(burst))
    throw std::invalid_argument("TokenBucket: burst must be positive and finite");
}

double TokenBucket::tokens_now() const {
  const double accrued = rate_per_s_ * to_seconds(engine_.now() - level_time_);
  return std::min(burst_, level_ + accrued);
}

void TokenBucket::refill() {
  level_ = tokens_now();
  level_time_ = engine_.now();
}

// Forgives float noise of a part in 1e9 (event times are whole ns, levels doubles).
bool TokenBucket::can_grant(double tokens) const {
  const double need = needed(tokens);
  return level_ + 1e-9 * std::max(1.0, need) >= need;
}

bool TokenBucket::request(double tokens, EventHandler& granted, std::uint64_t arg) {
  if (!(tokens >= 0) || !std::isfinite(tokens))
    throw std::invalid_argument("TokenBucket: tokens must be finite and >= 0");
  refill();
  if (waiting_.empty() && can_grant(tokens)) {
    level_ -= tokens;
    granted_total_ += tokens;
    return true;
  }
  waiting_.push_back(Request{tokens, &granted, arg});
  if (!head_scheduled_) schedule_head(0);
  return false;
}

void TokenBucket::schedule_head(SimTime minimum_delay) {
  const double missing = needed(waiting_.front().tokens) - level_;
  // Up to whole ns, forgiving 1e-3 ns of float noise so exact times stay exact.
  const double ns = missing <= 0 ? 0.0 : ceil_fast(missing / rate_per_s_ * 1e9 - 1e-3);
  const SimTime delay = std::max<SimTime>(minimum_delay, static_cast<SimTime>(std::max(0.0, ns)));
  engine_.schedule_in(delay, head_event_);
  head_scheduled_ = true;
}

void TokenBucket::on_head_ready(std::uint64_t) {
  head_scheduled_ = false;
  refill();
  if (!can_grant(waiting_.front().tokens)) {
    schedule_head(1);  // float shortfall: try again, always moving forward
    return;
  }
  const Request head = waiting_.pop_front();
  level_ -= head.tokens;
  granted_total_ += head.tokens;
  if (!waiting_.empty()) schedule_head(0);
  head.granted->on_event(head.arg);
}

}  // namespace hcisim::sim
