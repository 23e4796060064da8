#include "models/hardware/seek_curve.hpp"

#include <stdexcept>
#include <string>

namespace hcisim::models {

namespace {

// tau(d) / T for a given d_c.
double travel_ratio(double d, double coast_from) {
  if (d <= coast_from) return 2.0 * std::sqrt(d * coast_from) / (1.0 + coast_from);
  return (d + coast_from) / (1.0 + coast_from);
}

// Composite Simpson rule of f over [a, b] with n (even) intervals.
template <class F>
double simpson(F f, double a, double b, int n) {
  const double h = (b - a) / n;
  double sum = f(a) + f(b);
  for (int i = 1; i < n; ++i) sum += f(a + i * h) * (i % 2 == 1 ? 4.0 : 2.0);
  return sum * h / 3.0;
}

}  // namespace

SeekCurve::SeekCurve(const DiskGeometry& geometry, std::int64_t track_to_track_ns, std::int64_t average_ns,
                     std::int64_t full_stroke_ns)
    : geometry_(&geometry), one_track_(1.0 / geometry.tracks()) {
  if (!(track_to_track_ns > 0 && track_to_track_ns < average_ns && average_ns < full_stroke_ns)) {
    throw std::invalid_argument("hard disk seek: need 0 < track-to-track < average < full-stroke seek");
  }
  const double t2t = static_cast<double>(track_to_track_ns);
  const double average = static_cast<double>(average_ns);
  const double full = static_cast<double>(full_stroke_ns);
  // A one-track seek is settle plus a tiny travel: start from settle = t2t and
  // take the travel off (a fixed point; the correction is ~1 % and converges at once).
  double settle = t2t;
  for (int round = 0; round < 8; ++round) {
    const double travel = full - settle;
    const double wanted = (average - settle) / travel;
    const double lowest = mean_travel_ratio(1e-9), highest = mean_travel_ratio(1.0);
    if (wanted < lowest || wanted > highest) {
      throw std::invalid_argument(
          "hard disk seek: average seek " + std::to_string(average_ns) + " ns cannot come from track-to-track " +
          std::to_string(track_to_track_ns) + " ns and full stroke " + std::to_string(full_stroke_ns) +
          " ns: it must lie between " + std::to_string(static_cast<std::int64_t>(settle + lowest * travel)) +
          " ns (constant arm speed) and " + std::to_string(static_cast<std::int64_t>(settle + highest * travel)) +
          " ns (no coasting)");
    }
    double lo = 1e-9, hi = 1.0;
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (lo + hi);
      (mean_travel_ratio(mid) < wanted ? lo : hi) = mid;
    }
    set_shape(settle, travel, 0.5 * (lo + hi));
    settle = t2t - travel * travel_ratio(one_track_, coast_from_);
    if (settle <= 0) throw std::invalid_argument("hard disk seek: track-to-track seek too short for this curve");
  }
}

void SeekCurve::set_shape(double settle_ns, double travel_ns, double coast_from) {
  settle_ns_ = settle_ns;
  travel_ns_ = travel_ns;
  coast_from_ = coast_from;
  sqrt_coefficient_ = travel_ns_ * 2.0 * std::sqrt(coast_from) / (1.0 + coast_from);
  linear_coefficient_ = travel_ns_ / (1.0 + coast_from);
}

double SeekCurve::mean_travel_ratio(double coast_from) const {
  // E[tau(D)/T] = integral tau(d)/T p(d) dd; with d = u^2 (dd = 2u du) the square
  // root's infinite slope at 0 goes away; split at the region boundary u_c.
  const auto integrand = [&](double u) {
    const double d = u * u;
    return travel_ratio(d, coast_from) * geometry_->seek_distance_density(d) * 2.0 * u;
  };
  const double uc = std::sqrt(coast_from);
  return simpson(integrand, 0.0, uc, 512) + (uc < 1.0 ? simpson(integrand, uc, 1.0, 512) : 0.0);
}

double SeekCurve::mean_random_seek_ns() const {
  // The curve is settle + travel everywhere but within one track (probability ~2 / tracks).
  return settle_ns_ + travel_ns_ * mean_travel_ratio(coast_from_);
}

}  // namespace hcisim::models
