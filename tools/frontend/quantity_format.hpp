// Prints SI quantities back the way people read them ("4 KiB", "3.2 TB",
// "1.3 ms", "100 Gb/s"), for `catalog show`, `run --dry-run` and the reports.
// Every number goes through fmt; thousands are grouped with ',' in one style
// (format_count, format_fixed) whatever the locale. JSON is never formatted here.
#pragma once

#include <cstdint>
#include <string>

namespace hcisim::frontend {

std::string format_number(double value);          // up to 6 significant digits: "1.25"
std::string format_count(double value);           // whole numbers grouped: "1,400,000"
std::string format_fixed(double value, int decimals);  // grouped, fixed decimals: "6,412.5"
std::string format_size(std::uint64_t bytes);     // shortest exact form: "4 KiB", "3.2 TB", "512 B"
std::string format_duration(std::int64_t ns);     // shortest exact form: "1.3 ms", "90 us"
std::string format_bit_rate(double bits_per_s);   // "100 Gb/s"
std::string format_byte_rate(double bytes_per_s); // "6.9 GB/s"
std::string format_frequency(double hz);          // "2.25 GHz"
std::string format_percent(double fraction);      // 0.1 -> "10%"

}  // namespace hcisim::frontend
