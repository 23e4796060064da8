// Where a byte offset sits on a hard disk's platter, and how fast the media
// passes under the head there.
//
// Model (zoned constant-density recording, one logical surface):
//   - tracks are evenly spaced in radius from the outer edge r_out (LBA 0) to the
//     inner edge r_in; x in [0, 1] is the radial position, 0 outer, 1 inner;
//   - every track holds bytes in proportion to its radius (constant areal density),
//     so at constant rpm the media rate is linear in radius:
//         rate(x) = R_out (1 - (1 - k) x),   k = r_in / r_out = R_in / R_out;
//   - the bytes before radius x are the integral of that from the edge, so the LBA
//     fraction f = offset / capacity and x are related by
//         f = (1 - (r/r_out)^2) / (1 - k^2),  r/r_out = 1 - (1 - k) x
//         x = (1 - sqrt(1 - f (1 - k^2))) / (1 - k)       (x = f when k = 1),
//     i.e. the rate falls with the square root of the LBA fraction;
//   - a uniformly random LBA lands at x with density g(x) = 2 (1 - (1 - k) x) / (1 + k);
//   - the track coordinate n = tracks x counts tracks from the outer edge; one
//     track holds R(x) x revolution time bytes, and a byte's angle on the platter
//     (in revolutions) is frac(n): data run around each track and on to the next.
// Head switches between surfaces, spare sectors and track skew are left out: the
// sustained rates from the datasheet already include their cost on a stream.
#pragma once

#include <cstdint>

namespace hcisim::models {

class DiskGeometry {
 public:
  // Throws std::invalid_argument unless capacity > 0, rpm > 0 and
  // 0 < inner_bytes_per_s <= outer_bytes_per_s.
  DiskGeometry(std::uint64_t capacity_bytes, double rpm, double outer_bytes_per_s, double inner_bytes_per_s);

  std::uint64_t capacity() const { return capacity_; }
  double revolution_ns() const { return revolution_ns_; }
  double tracks() const { return tracks_; }
  double inner_outer_ratio() const { return k_; }  // k

  // Radial position (0 outer, 1 inner) of a byte offset.
  double radius_fraction(std::uint64_t offset) const;
  // Track coordinate of a radial position (fractional: tracks from the outer edge).
  double track_of(double x) const { return tracks_ * x; }
  // Media rate at a radial position, bytes per second.
  double rate_at(double x) const { return outer_rate_ * (1.0 - (1.0 - k_) * x); }
  // Density of the radial position of a uniformly random LBA.
  double lba_density(double x) const { return 2.0 * (1.0 - (1.0 - k_) * x) / (1.0 + k_); }
  // Density of the radial distance |x1 - x2| between two uniformly random LBAs
  // (closed form of 2 * integral of g(x) g(x + d) dx over [0, 1 - d]).
  double seek_distance_density(double d) const;

 private:
  std::uint64_t capacity_;
  double revolution_ns_;
  double outer_rate_;
  double k_;
  double tracks_;
};

}  // namespace hcisim::models
