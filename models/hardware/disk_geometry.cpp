#include "models/hardware/disk_geometry.hpp"

#include <cmath>
#include <stdexcept>

namespace hcisim::models {

DiskGeometry::DiskGeometry(std::uint64_t capacity_bytes, double rpm, double outer_bytes_per_s, double inner_bytes_per_s)
    : capacity_(capacity_bytes), revolution_ns_(0), outer_rate_(outer_bytes_per_s), k_(0), tracks_(0) {
  if (capacity_bytes == 0 || !(rpm > 0)) {
    throw std::invalid_argument("hard disk geometry: capacity and rpm must be positive");
  }
  if (!(inner_bytes_per_s > 0) || !(inner_bytes_per_s <= outer_bytes_per_s)) {
    throw std::invalid_argument("hard disk geometry: need 0 < inner media rate <= outer media rate");
  }
  revolution_ns_ = 60e9 / rpm;
  k_ = inner_bytes_per_s / outer_bytes_per_s;
  // Bytes per track fall linearly from the outer edge; tracks are evenly spaced,
  // so the mean track holds the mean of the two edge tracks.
  const double outer_track_bytes = outer_bytes_per_s * revolution_ns_ * 1e-9;
  tracks_ = static_cast<double>(capacity_bytes) / (outer_track_bytes * (1.0 + k_) / 2.0);
}

double DiskGeometry::radius_fraction(std::uint64_t offset) const {
  const double f = static_cast<double>(offset) / static_cast<double>(capacity_);
  if (k_ >= 1.0) return f;
  return (1.0 - std::sqrt(1.0 - f * (1.0 - k_ * k_))) / (1.0 - k_);
}

double DiskGeometry::seek_distance_density(double d) const {
  if (d < 0.0 || d > 1.0) return 0.0;
  // g(x) = a (1 - b x): p(d) = 2 a^2 integral_0^L (1 - b x)(1 - b x - b d) dx, L = 1 - d.
  const double a = 2.0 / (1.0 + k_);
  const double b = 1.0 - k_;
  const double L = 1.0 - d;
  if (b < 1e-12) return 2.0 * L;
  const double squares = (1.0 - std::pow(1.0 - b * L, 3)) / (3.0 * b);  // integral of (1 - b x)^2
  const double linear = L - b * L * L / 2.0;                            // integral of (1 - b x)
  return 2.0 * a * a * (squares - b * d * linear);
}

}  // namespace hcisim::models
