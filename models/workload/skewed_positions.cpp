#include "models/workload/skewed_positions.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <string>

namespace hcisim::models {

namespace {
// Ranks summed term by term; beyond, the Euler-Maclaurin tail. Up to this many
// the sum is the plain loop it always was, so small files draw the same ranks.
constexpr std::uint64_t kTermsSummed = 10'000;

// sum_{k=a}^{b} k^-theta for 2 <= a <= b by Euler-Maclaurin: the integral, the
// end-point half terms and the Bernoulli corrections B2, B4, B6. The first term
// left out, B8/8! (f^(7)(b) - f^(7)(a)), is below theta..(theta+6) x 1e-6 x a^(-theta-7),
// under 1e-20 of the sum for a > 10^4 and any theta the sampler takes.
double tail(double a, double b, double theta) {
  const double t = 1 - theta;
  // integral_a^b x^-theta dx, without the cancellation of b^t - a^t near theta = 1.
  const double integral = t == 0 ? std::log(b / a) : std::pow(a, t) * std::expm1(t * std::log(b / a)) / t;
  // f^(2j-1)(x) = -theta (theta+1) ... (theta+2j-2) x^(-theta-2j+1)
  auto odd_derivatives = [theta](double x, double& d1, double& d3, double& d5) {
    const double f = std::pow(x, -theta);
    d1 = -theta * f / x;
    d3 = d1 * (theta + 1) * (theta + 2) / (x * x);
    d5 = d3 * (theta + 3) * (theta + 4) / (x * x);
  };
  double a1, a3, a5, b1, b3, b5;
  odd_derivatives(a, a1, a3, a5);
  odd_derivatives(b, b1, b3, b5);
  return integral + (std::pow(a, -theta) + std::pow(b, -theta)) / 2 + (b1 - a1) / 12 - (b3 - a3) / 720 +
         (b5 - a5) / 30240;
}
}  // namespace

double SkewedPositions::zeta(std::uint64_t n, double theta) {
  const std::uint64_t m = std::min(n, kTermsSummed);
  // Smallest terms first, so the sum loses as little as it can.
  double sum = n > m ? tail(static_cast<double>(m + 1), static_cast<double>(n), theta) : 0;
  for (std::uint64_t k = m; k >= 1; --k) sum += std::pow(static_cast<double>(k), -theta);
  return sum;
}

SkewedPositions::SkewedPositions(PopularitySkew kind, double parameter, std::uint64_t positions)
    : kind_(kind), parameter_(parameter), n_(positions) {
  if (positions == 0) throw std::invalid_argument("a skewed distribution needs at least one position");
  switch (kind) {
    case PopularitySkew::None: throw std::invalid_argument("SkewedPositions needs zipf or pareto");
    case PopularitySkew::Zipf: {
      if (!(parameter > 0) || !std::isfinite(parameter) || std::fabs(parameter - 1) < kZipfMinDistanceFromOne) {
        throw std::invalid_argument("zipf: theta must be greater than 0 and not 1, got " + std::to_string(parameter));
      }
      const double n = static_cast<double>(positions);
      zetan_ = zeta(positions, parameter);
      zeta2_ = zeta(std::min<std::uint64_t>(positions, 2), parameter);
      alpha_ = 1 / (1 - parameter);
      eta_ = positions > 2 ? (1 - std::pow(2 / n, 1 - parameter)) / (1 - zeta2_ / zetan_) : 0;
      break;
    }
    case PopularitySkew::Pareto:
      if (!(parameter > 0 && parameter < 1)) {
        throw std::invalid_argument("pareto: h must be between 0 and 1 (exclusive), got " + std::to_string(parameter));
      }
      pareto_power_ = std::log(parameter) / std::log(1 - parameter);
      // h below ~1.1e-16 rounds 1 - h to 1: the power is infinite and rank() would cast infinity.
      if (!std::isfinite(pareto_power_) || !(pareto_power_ > 0)) {
        char h[32];
        std::snprintf(h, sizeof h, "%g", parameter);
        throw std::invalid_argument(std::string("pareto: h = ") + h +
                                    " is too close to 0 for the sampler (its power log(h) / log(1 - h) is not finite)");
      }
      break;
  }
  // A stride near n / golden ratio, coprime to n: neighbouring ranks land far apart.
  if (n_ > 2) {
    stride_ = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(n_) * 0.6180339887498949));
    while (std::gcd(stride_, n_) != 1) ++stride_;
  }
}

std::uint64_t SkewedPositions::rank(double u) const {
  if (kind_ == PopularitySkew::Pareto) {
    const double r = static_cast<double>(n_ - 1) * std::pow(u, pareto_power_);
    return std::min<std::uint64_t>(static_cast<std::uint64_t>(r), n_ - 1);
  }
  const double uz = u * zetan_;
  std::uint64_t value = 0;  // 1-based rank
  if (uz < 1.0 || n_ == 1) {
    value = 1;
  } else if (uz < 1.0 + std::pow(0.5, parameter_) || n_ == 2) {
    value = 2;
  } else {
    const double x = static_cast<double>(n_) * std::pow(eta_ * u - eta_ + 1.0, alpha_);
    value = 1 + static_cast<std::uint64_t>(std::clamp(x, 0.0, static_cast<double>(n_)));
  }
  return std::min(value, n_) - 1;
}

std::uint64_t SkewedPositions::scatter(std::uint64_t r) const {
  return static_cast<std::uint64_t>(static_cast<unsigned __int128>(r) * stride_ % n_);
}

}  // namespace hcisim::models
