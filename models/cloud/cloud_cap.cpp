#include "models/cloud/cloud_cap.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::models {

namespace {

bool positive_finite(double x) { return x > 0 && std::isfinite(x); }

// Checks the figures (with messages naming the cap) before the bucket sees them.
const CapFigures& checked(const std::string& what, const CapFigures& f) {
  if (!positive_finite(f.base)) throw std::invalid_argument(what + ": the cap must be positive and finite");
  if (!(f.burst == 0 || (f.burst >= f.base && std::isfinite(f.burst))))
    throw std::invalid_argument(what + ": the burst cap must be 0 (none) or at least the base cap");
  if (f.burst > f.base && !positive_finite(f.burst_window_s))
    throw std::invalid_argument(what + ": a burst cap needs a positive, finite burst window");
  if (!(f.credits_at_start >= 0 && f.credits_at_start <= 1))
    throw std::invalid_argument(what + ": credits at start must be a fraction in [0, 1]");
  if (!positive_finite(f.throttle_window_s)) throw std::invalid_argument(what + ": the throttle window must be > 0");
  return f;
}

double peak_of(const CapFigures& f) { return f.burst > f.base ? f.burst : f.base; }
double peak_depth_of(const CapFigures& f) { return peak_of(f) * f.throttle_window_s; }
double saved_depth_of(const CapFigures& f) { return (peak_of(f) - f.base) * (f.burst > f.base ? f.burst_window_s : 0); }

}  // namespace

CloudCap::CloudCap(sim::Engine& engine, const std::string& what, const CapFigures& figures)
    : engine_(&engine),
      bucket_(engine, checked(what, figures).base, saved_depth_of(figures) + peak_depth_of(figures), peak_of(figures),
              peak_depth_of(figures), peak_depth_of(figures) + figures.credits_at_start * saved_depth_of(figures)),
      stats_since_(engine.now()) {}

double CloudCap::utilisation() const {
  const double elapsed = sim::to_seconds(engine_->now() - stats_since_);
  return elapsed <= 0 ? 0.0 : (bucket_.granted_total() - granted_at_reset_) / (bucket_.base_rate() * elapsed);
}

double CloudCap::throttled_share() const {
  const sim::SimTime elapsed = engine_->now() - stats_since_;
  if (elapsed <= 0) return 0.0;
  return static_cast<double>(bucket_.waiting_time(engine_->now()) - waited_at_reset_) / static_cast<double>(elapsed);
}

void CloudCap::reset_stats() {
  stats_since_ = engine_->now();
  granted_at_reset_ = bucket_.granted_total();
  waited_at_reset_ = bucket_.waiting_time(engine_->now());
}

double CloudCap::burst_seconds_left() const {
  if (!bursts()) return 0.0;
  const double saved = bucket_.credits_now() - bucket_.peak_depth();
  return std::max(0.0, saved / (bucket_.peak_rate() - bucket_.base_rate()));
}

}  // namespace hcisim::models
