// One published cloud cap (IOPS or bytes/s) as a kernel bucket, with optional
// credit bursting. A cap delays what exceeds it (requests wait in FIFO order);
// it never refuses anything.
//
// Mapping onto sim::BurstBucket:
//   peak         = the burst figure, or the base figure when the cap does not burst
//   peak depth   = peak x throttle window (short-term tolerance, see cloud_spec.hpp)
//   credit depth = (peak - base) x burst window + peak depth
// so a saturating load from full credits runs at the burst figure for exactly
// the burst window, then at the base figure; below the base figure credits
// accrue at (base - used) until the bucket is full again.
#pragma once

#include <cstdint>
#include <string>

#include "sim/burst_bucket.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

struct CapFigures {
  double base = 0;               // per second
  double burst = 0;              // per second; 0 = does not burst
  double burst_window_s = 0;     // time at full burst from full credits
  double credits_at_start = 1;   // fraction of full credits at construction
  double throttle_window_s = 0;  // short-term tolerance
};

class CloudCap {
 public:
  // `what` names the cap in error messages ("managed disk 'p60': IOPS").
  CloudCap(sim::Engine& engine, const std::string& what, const CapFigures& figures);

  bool request(double amount, sim::EventHandler& granted, std::uint64_t arg) {
    return bucket_.request(amount, granted, arg);
  }
  double base() const { return bucket_.base_rate(); }
  double peak() const { return bucket_.peak_rate(); }
  bool bursts() const { return bucket_.peak_rate() > bucket_.base_rate(); }
  // Seconds of full burst the credits buy now (0 when the cap does not burst).
  double burst_seconds_left() const;
  double granted_total() const { return bucket_.granted_total(); }
  std::size_t waiting() const { return bucket_.waiting(); }

  // Since reset_stats(): what was granted over what the base figure allows
  // (above 1 while bursting), and the share of time requests waited at the cap
  // (the cap binding: 0 when it never held anything back).
  double utilisation() const;
  double throttled_share() const;
  void reset_stats();

 private:
  sim::Engine* engine_;
  sim::BurstBucket bucket_;
  sim::SimTime stats_since_ = 0;
  double granted_at_reset_ = 0;
  sim::SimTime waited_at_reset_ = 0;
};

}  // namespace hcisim::models
