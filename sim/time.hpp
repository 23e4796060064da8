// Simulated time: an integer count of nanoseconds. Integer time keeps event
// ordering exact and runs reproducible; 2^63 ns is about 292 years.
#pragma once
#include <cstdint>

namespace hcisim::sim {

using SimTime = std::int64_t;

constexpr SimTime kNanosecond = 1;
constexpr SimTime kMicrosecond = 1'000;
constexpr SimTime kMillisecond = 1'000'000;
constexpr SimTime kSecond = 1'000'000'000;
// A time that never comes (the event queue's kForever).
constexpr SimTime kNever = SimTime{1} << 62;

constexpr double to_seconds(SimTime t) { return static_cast<double>(t) * 1e-9; }

// Rounds to the nearest nanosecond; negative inputs clamp to zero.
constexpr SimTime from_seconds(double s) { return s <= 0.0 ? 0 : static_cast<SimTime>(s * 1e9 + 0.5); }

// std::ceil(x), exactly (up to the sign of a zero), without the library call
// baseline x86-64 makes for it (it has no SSE4.1 round instruction): within
// +/-2^62 truncation toward zero is exact and gives ceil for negatives; every
// double beyond 2^52 in magnitude, infinities and NaN are returned as they are.
constexpr double ceil_fast(double x) {
  if (!(x < 0x1p62 && x > -0x1p62)) return x;
  const double t = static_cast<double>(static_cast<std::int64_t>(x));
  return t < x ? t + 1.0 : t;
}

}  // namespace hcisim::sim
