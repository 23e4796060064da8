// Independent random streams keyed by (seed, name).
//
// Each component asks for its own stream by a stable name ("node1/drive07"), so
// adding a component never shifts the numbers any other component draws. The
// generator is xoshiro256**, seeded through SplitMix64 from a hash of the name
// mixed with the run seed. Distributions are implemented here, not taken from
// <random>, so the sequence does not depend on the standard library.
#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>

namespace hcisim::sim {

class RandomStream {
 public:
  RandomStream(std::uint64_t seed, std::string_view name);

  std::uint64_t next_u64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform on [0, 1) with 53 random bits.
  double uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  // Uniform integer on [0, n); n > 0. Lemire's multiply-shift (bias < n / 2^64).
  std::uint64_t uniform_index(std::uint64_t n) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(next_u64()) * n) >> 64);
  }

  // Exponential with the given mean, by Marsaglia and Tsang's ziggurat (2000):
  // 256 strips of equal area under exp(-x); a draw picks a strip with the low 8
  // bits of one 64-bit word and a point in it with the top 53, and is accepted
  // at once when the point lies inside the strip's rectangle (98.9 % of draws:
  // a compare and a multiply, where -log(1 - u) costs a logarithm each time).
  // The rest go to the exact wedge and tail test (exponential_rest).
  double exponential(double mean) {
    const std::uint64_t u = next_u64();
    const std::uint32_t strip = static_cast<std::uint32_t>(u) & 0xffu;
    const std::uint64_t point = u >> 11;
    const ExpZiggurat& z = exp_ziggurat();
    if (point < z.inside[strip]) return static_cast<double>(point) * z.scale[strip] * mean;
    return exponential_rest(strip, point) * mean;
  }

  // True with probability p.
  bool bernoulli(double p) { return uniform01() < p; }

  // Standard normal (Box-Muller; one pair of uniforms per draw).
  double normal();

  // A positive variate with mean 1 and squared coefficient of variation `scv`:
  // 1 exactly when scv == 0, exponential when scv == 1, gamma otherwise.
  double unit_mean(double scv);

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  // The exponential ziggurat's tables (random.cpp builds them once): strip i is
  // x in [0, x_i) with x_i its right edge; `inside[i]` is 2^53 x x_{i+1} / x_i
  // (the share of the strip's width under the next strip's edge: the point is
  // surely under the curve), `scale[i]` = x_i / 2^53, `height[i]` = exp(-x_i).
  // Strip 0 is the base: its "rectangle" is the base's area over f(r) wide,
  // beyond r lies the tail.
  struct ExpZiggurat {
    std::uint64_t inside[256];
    double scale[256];
    double height[256];
  };
  static const ExpZiggurat& exp_ziggurat();
  double exponential_rest(std::uint32_t strip, std::uint64_t point);
  std::uint64_t s_[4];
};

// A stable 64-bit hash of a name (FNV-1a), exposed for components that derive keys.
std::uint64_t stable_hash(std::string_view text);

}  // namespace hcisim::sim
