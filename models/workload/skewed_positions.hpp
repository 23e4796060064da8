// Popularity-skewed random positions, as fio's random_distribution=zipf:theta
// and pareto:h draw them (fio HOWTO "random_distribution"; fio's lib/zipf.c):
//
//   zipf:theta  rank k (1-based) of n has probability k^-theta / H(n, theta), drawn
//               by Gray et al.'s method ("Quickly generating billion-record
//               synthetic databases", SIGMOD 1994), as fio draws it: ranks 1 and 2
//               exact, the rest by a closed form. theta > 0 and not 1.
//   pareto:h    rank = (n - 1) x u^(log h / log(1 - h)) for u uniform in [0, 1):
//               the hottest share x of the positions gets x^(log(1-h)/log h) of the
//               I/Os (h = 0.2: 80 % of the I/Os on 20 % of the data). 0 < h < 1.
//
// fio then scatters ranks over the file with a hash, so the hot blocks are not
// side by side; hcisim scatters them by a fixed permutation (rank x stride mod n,
// the stride coprime to n): the same popularity curve, another (deterministic)
// placement. Checked against fio 3.33's own offsets (tests/models/test_skewed_positions.cpp).
//
// H(n, theta) is summed term by term for the first 10^4 ranks (so exactly the
// plain sum up to there) and by the Euler-Maclaurin formula with Bernoulli
// corrections up to B6 beyond: relative error about 1e-14 (the rounding of the
// 10^4 terms; the formula's own error is below 1e-20), tested against the plain
// sum up to 10^6 ranks. Cost: construction O(min(n, 10^4)); a draw is O(1)
// (one pow), no allocation. Memory: a few doubles.
#pragma once

#include <cstdint>

#include "models/spec/workload_spec.hpp"

namespace hcisim::models {

// Zipf's sampler divides by 1 - theta: a theta closer to 1 than this is refused
// (by the fio job reader too, which checks against the same constant).
inline constexpr double kZipfMinDistanceFromOne = 1e-9;

class SkewedPositions {
 public:
  // Throws std::invalid_argument for a parameter out of range or no positions.
  SkewedPositions(PopularitySkew kind, double parameter, std::uint64_t positions);

  // 0-based popularity rank (0 = the most popular) for u uniform in [0, 1).
  std::uint64_t rank(double u) const;
  // The position (0..positions-1) that holds rank `r`: a bijection.
  std::uint64_t scatter(std::uint64_t r) const;
  std::uint64_t position(double u) const { return scatter(rank(u)); }

  std::uint64_t positions() const { return n_; }
  PopularitySkew kind() const { return kind_; }
  double parameter() const { return parameter_; }

  // H(n, theta) = sum of k^-theta for k = 1..n.
  static double zeta(std::uint64_t n, double theta);

 private:
  PopularitySkew kind_;
  double parameter_;
  std::uint64_t n_;
  std::uint64_t stride_ = 1;
  // Zipf (Gray et al.): zeta(n), zeta(2), 1/(1-theta), eta.
  double zetan_ = 0, zeta2_ = 0, alpha_ = 0, eta_ = 0;
  // Pareto: the power u is raised to.
  double pareto_power_ = 0;
};

}  // namespace hcisim::models
