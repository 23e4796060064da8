// Seek time of a hard disk as a function of seek distance, from the three
// datasheet figures: track-to-track, average and full-stroke seek.
//
// Physics (the standard model, Ruemmler & Wilkes 1994, "An introduction to disk
// drive modeling"): the arm accelerates at a constant rate A, coasts at its top
// speed V when the distance is long enough, decelerates, then settles on the track:
//     seek(d) = s + tau(d),   d = radial distance as a fraction of the stroke
//     tau(d)  = 2 sqrt(d / A)          d <= d_c = V^2 / A   (square-root region)
//     tau(d)  = d / V + V / A          d >= d_c             (linear region)
// tau is continuous with a continuous slope at d_c. Writing T = tau(1), the
// travel of a full stroke, gives T = (1 + d_c) / V, hence
//     tau(d) = T 2 sqrt(d d_c) / (1 + d_c)     (d <= d_c)
//     tau(d) = T (d + d_c) / (1 + d_c)         (d >= d_c)
// Three unknowns (s, T, d_c), three datasheet figures:
//     seek(one track) = track-to-track           (fixes s, nearly all settle)
//     seek(1)         = full stroke              (T = full - s)
//     E[seek(D)]      = average seek             (fixes d_c)
// where D is the distance between two uniformly random LBAs (density from
// DiskGeometry::seek_distance_density; the datasheet average is taken to be over
// random LBAs, as a random workload sees it). E[tau(D)] / T rises monotonically
// with d_c (d tau / d d_c >= 0 in both regions), from E[D] (d_c -> 0: constant
// speed) to E[sqrt D] (d_c = 1: the arm never coasts), so bisection finds d_c
// whenever (average - s) / T lies in that range; otherwise the three figures
// cannot come from this physics and the constructor throws.
// A target on the track the head is on needs no seek.
#pragma once

#include <cmath>
#include <cstdint>

#include "models/hardware/disk_geometry.hpp"

namespace hcisim::models {

class SeekCurve {
 public:
  // `geometry` must outlive the curve.
  SeekCurve(const DiskGeometry& geometry, std::int64_t track_to_track_ns, std::int64_t average_ns,
            std::int64_t full_stroke_ns);

  // Seek time over a radial distance `distance` (fraction of the stroke), ns.
  double seek_ns(double distance) const {
    if (distance < one_track_) return 0.0;
    if (distance <= coast_from_) return settle_ns_ + sqrt_coefficient_ * std::sqrt(distance);
    return settle_ns_ + linear_coefficient_ * (distance + coast_from_);
  }

  double settle_ns() const { return settle_ns_; }
  double full_travel_ns() const { return travel_ns_; }  // T
  double coast_from() const { return coast_from_; }     // d_c
  // Mean seek between two uniformly random LBAs, by quadrature of the curve
  // against the distance density (equals the datasheet average by construction).
  double mean_random_seek_ns() const;

 private:
  void set_shape(double settle_ns, double travel_ns, double coast_from);
  double mean_travel_ratio(double coast_from) const;  // E[tau(D)] / T

  const DiskGeometry* geometry_;
  double one_track_;
  double settle_ns_ = 0;
  double travel_ns_ = 0;
  double coast_from_ = 1;
  double sqrt_coefficient_ = 0;    // T 2 sqrt(d_c) / (1 + d_c)
  double linear_coefficient_ = 0;  // T / (1 + d_c)
};

}  // namespace hcisim::models
