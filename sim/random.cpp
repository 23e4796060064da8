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

namespace {
// Marsaglia and Tsang (2000), "The Ziggurat Method for Generating Random
// Variables", J. Stat. Software 5(8): the 256-strip exponential, its right edge
// r and the area of each strip v.
constexpr double kZigguratR = 7.697117470131487;
constexpr double kZigguratArea = 3.949659822581572e-3;
constexpr double kTwo53 = 9007199254740992.0;
}  // namespace

const RandomStream::ExpZiggurat& RandomStream::exp_ziggurat() {
  static const ExpZiggurat tables = [] {
    ExpZiggurat z{};
    // x[i]: the right edge of strip i (x[0] = the base's rectangle width,
    // x[1] = r, x[256] = 0), each strip of area v.
    double x[257];
    x[0] = kZigguratArea / std::exp(-kZigguratR);
    x[1] = kZigguratR;
    for (int i = 2; i < 256; ++i) x[i] = -std::log(kZigguratArea / x[i - 1] + std::exp(-x[i - 1]));
    x[256] = 0.0;
    for (int i = 0; i < 256; ++i) {
      z.inside[i] = static_cast<std::uint64_t>(x[i + 1] / x[i] * kTwo53);
      z.scale[i] = x[i] / kTwo53;
      z.height[i] = std::exp(-x[i]);
    }
    z.height[0] = std::exp(-kZigguratR);  // the base's top edge is f(r)
    return z;
  }();
  return tables;
}

// A draw outside its strip's rectangle: the tail beyond r (strip 0), or the
// wedge between the rectangle and the curve, tried again with fresh bits when
// the point lies above the curve.
double RandomStream::exponential_rest(std::uint32_t strip, std::uint64_t point) {
  const ExpZiggurat& z = exp_ziggurat();
  for (;;) {
    if (strip == 0) {
      const double x = static_cast<double>(point) * z.scale[0];
      if (x < kZigguratR) return x;                     // inside the base's rectangle part
      return kZigguratR - std::log(1.0 - uniform01());  // memoryless tail
    }
    const double x = static_cast<double>(point) * z.scale[strip];
    // Under the curve between this strip's top, f(x_i), and the one above it, f(x_{i+1}).
    const double above = strip == 255 ? 1.0 : z.height[strip + 1];
    if (z.height[strip] + uniform01() * (above - z.height[strip]) < std::exp(-x)) return x;
    const std::uint64_t u = next_u64();
    strip = static_cast<std::uint32_t>(u) & 0xffu;
    point = u >> 11;
    if (point < z.inside[strip]) return static_cast<double>(point) * z.scale[strip];
  }
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
