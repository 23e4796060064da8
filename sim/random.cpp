#include "sim/random.hpp"

#include <cmath>

namespace hcisim::sim {

namespace {
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

std::uint64_t stable_hash(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

double RandomStream::normal() {
  const double u1 = 1.0 - uniform01();  // (0, 1]
  const double u2 = uniform01();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

namespace {
// Marsaglia and Tsang (2000), for shape >= 1, unit scale.
double gamma_shape_at_least_one(RandomStream& rng, double shape) {
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = rng.normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = 1.0 - rng.uniform01();
    if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
    if (std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v))) return d * v;
  }
}
}  // namespace

double RandomStream::unit_mean(double scv) {
  if (scv <= 0.0) return 1.0;
  if (scv == 1.0) return exponential(1.0);
  const double shape = 1.0 / scv;  // gamma(k, theta = 1/k): mean 1, variance 1/k
  if (shape >= 1.0) return gamma_shape_at_least_one(*this, shape) / shape;
  // Shape below 1: G(k) = G(k + 1) * U^(1/k).
  const double u = 1.0 - uniform01();
  return gamma_shape_at_least_one(*this, shape + 1.0) * std::pow(u, 1.0 / shape) / shape;
}

RandomStream::RandomStream(std::uint64_t seed, std::string_view name) {
  std::uint64_t state = seed;
  std::uint64_t mixed = splitmix64(state) ^ stable_hash(name);
  for (auto& word : s_) word = splitmix64(mixed);
}

}  // namespace hcisim::sim
