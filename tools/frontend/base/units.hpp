// Quantities as people write them ("4KiB", "1.3ms", "100Gb/s", "1.4M", "10%"),
// parsed into SI base units: bytes, nanoseconds, bits/s, bytes/s, hertz, plain
// counts and fractions. Each function trims surrounding blanks, allows one blank
// between number and unit ("3.2 TB"), rejects negative values, and throws
// UnitError whose message says what was expected and what was given, e.g.
// "expected a size like 4KiB or 10GiB, got '4 Kb'".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace hcisim::frontend {

class UnitError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Bytes. "512" and "512B" are bytes; K/M/G/T/P alone and KiB/MiB/GiB/TiB/PiB
// are binary (as DISKSPD reads -b4K); KB/MB/GB/TB/PB are decimal ("1.92TB").
// The result must be a whole number of bytes.
std::uint64_t parse_size(std::string_view text);

// Nanoseconds: ns, us (also µs, μs), ms, s, min, h. A bare 0 is allowed.
// The result must be a whole number of nanoseconds.
std::int64_t parse_duration_ns(std::string_view text);

// Bits per second: b/s, bps, bit/s with prefixes k/K, M, G, T (decimal) or
// Ki, Mi, Gi, Ti (binary): "100Gb/s", "25Gbps".
double parse_bit_rate(std::string_view text);

// Bytes per second: B/s or Bps with prefixes K/k, M, G, T (decimal) or
// Ki, Mi, Gi, Ti (binary): "6.9GB/s", "1200MB/s", "1.2GiB/s".
double parse_byte_rate(std::string_view text);

// Hertz: Hz, kHz, MHz, GHz (any letter case).
double parse_frequency(std::string_view text);

// A percentage, returned as a fraction: "10%" -> 0.10. The % sign is required,
// so a tolerance can never be misread by a factor of 100.
double parse_percent(std::string_view text);

// A count with an optional decimal multiplier k/K (1e3), M (1e6), G (1e9):
// "1400000", "1.4M", "350k".
double parse_count(std::string_view text);

// A plain real number, sign allowed: "1.25", "-3", "2e-2".
double parse_number(std::string_view text);

// A plain whole number, sign allowed: "24", "-1".
std::int64_t parse_integer(std::string_view text);

}  // namespace hcisim::frontend
