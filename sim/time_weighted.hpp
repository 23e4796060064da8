// Time-weighted average of a piecewise-constant quantity (queue length, busy
// servers, utilisation): the integral of the value over time, divided by the time.
//
// The value changes only through set()/add(); between changes it is constant. Each
// change adds value * (now - last change) to the running area: O(1), no allocation.
// Times passed in must not go backwards (an earlier time is treated as "no time
// has passed"). reset(now) is the warm-up discard: the current value stays, the
// area, the maximum and the averaging start are restarted at `now`.
#pragma once

#include <algorithm>

#include "sim/time.hpp"

namespace hcisim::sim {

class TimeWeighted {
 public:
  explicit TimeWeighted(SimTime start = 0, double initial = 0.0)
      : start_(start), last_change_(start), value_(initial), max_(initial) {}

  void set(SimTime now, double value) {
    advance(now);
    value_ = value;
    max_ = std::max(max_, value);
  }
  void add(SimTime now, double delta) { set(now, value_ + delta); }

  double value() const { return value_; }

  // Average over [start of averaging, now]; value() when no time has passed.
  double average(SimTime now) const {
    const SimTime elapsed = now - start_;
    if (elapsed <= 0) return value_;
    const double area = area_ + value_ * static_cast<double>(std::max<SimTime>(now - last_change_, 0));
    return area / static_cast<double>(elapsed);
  }

  // Largest value since the last reset (or construction).
  double max() const { return max_; }

  // Start of the current averaging window.
  SimTime start() const { return start_; }

  void reset(SimTime now) {
    start_ = now;
    last_change_ = now;
    area_ = 0.0;
    max_ = value_;
  }

 private:
  void advance(SimTime now) {
    if (now > last_change_) {
      area_ += value_ * static_cast<double>(now - last_change_);
      last_change_ = now;
    }
  }

  SimTime start_;
  SimTime last_change_;
  double value_;
  double max_;
  double area_ = 0.0;
};

}  // namespace hcisim::sim
