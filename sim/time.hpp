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

constexpr double to_seconds(SimTime t) { return static_cast<double>(t) * 1e-9; }

// Rounds to the nearest nanosecond; negative inputs clamp to zero.
constexpr SimTime from_seconds(double s) {
  return s <= 0.0 ? 0 : static_cast<SimTime>(s * 1e9 + 0.5);
}

}  // namespace hcisim::sim
