#include "models/workload/skewed_positions.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <string>

namespace hcisim::models {

namespace {
constexpr std::uint64_t kTermsSummed = 10'000'000;
}

double SkewedPositions::zeta(std::uint64_t n, double theta) {
  const std::uint64_t m = std::min(n, kTermsSummed);
  // Smallest terms first, so the sum loses as little as it can.
  double sum = 0;
  for (std::uint64_t k = m; k >= 1; --k) sum += std::pow(static_cast<double>(k), -theta);
  if (n > m) {
    // Euler-Maclaurin: sum_{k=m+1}^{n} k^-theta = integral_m^n + (f(n) - f(m)) / 2 + ...
    const double a = static_cast<double>(m), b = static_cast<double>(n);
    const double integral = std::fabs(theta - 1) < 1e-12 ? std::log(b / a)
                                                         : (std::pow(b, 1 - theta) - std::pow(a, 1 - theta)) / (1 - theta);
    sum += integral + (std::pow(b, -theta) - std::pow(a, -theta)) / 2;
  }
  return sum;
}

SkewedPositions::SkewedPositions(PopularitySkew kind, double parameter, std::uint64_t positions)
    : kind_(kind), parameter_(parameter), n_(positions) {
  if (positions == 0) throw std::invalid_argument("a skewed distribution needs at least one position");
  switch (kind) {
    case PopularitySkew::None:
      throw std::invalid_argument("SkewedPositions needs zipf or pareto");
    case PopularitySkew::Zipf: {
      if (!(parameter > 0) || !std::isfinite(parameter) || std::fabs(parameter - 1) < 1e-9) {
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
        throw std::invalid_argument(std::string("pareto: h = ") + h + " is too close to 0 for the sampler (its power log(h) / log(1 - h) is not finite)");
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
