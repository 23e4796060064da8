// Prints SI quantities back the way people read them ("4 KiB", "3.2 TB",
// "1.3 ms", "100 Gb/s"), for `catalog show`, `run --dry-run` and the reports.
// Every number goes through fmt; thousands are grouped with ',' in one style
// (format_count, format_fixed) whatever the locale. JSON is never formatted here.
#pragma once

#include <cstdint>
#include <string>

namespace hcisim::frontend {

std::string format_number(double value);               // up to 6 significant digits: "1.25"
std::string format_count(double value);                // whole numbers grouped: "1,400,000"
std::string format_fixed(double value, int decimals);  // grouped, fixed decimals: "6,412.5"
std::string format_size(std::uint64_t bytes);          // shortest exact form: "4 KiB", "3.2 TB", "512 B"
std::string format_duration(std::int64_t ns);          // shortest exact form: "1.3 ms", "90 us"
std::string format_bit_rate(double bits_per_s);        // "100 Gb/s"
std::string format_byte_rate(double bytes_per_s);      // "6.9 GB/s"
std::string format_frequency(double hz);               // "2.25 GHz"
std::string format_percent(double fraction);           // 0.1 -> "10%"

// One unit for a whole column of a table, so its cells never mix KiB with MiB:
// the largest unit in which the column's largest value is at least 1 (the
// smallest unit when it is 0). Whole numbers in the smallest unit, one decimal above it.
struct ColumnUnit {
  std::string name;
  double factor = 1;
  int decimals = 0;
};
ColumnUnit size_column_unit(double largest_bytes);             // B, KiB, MiB, GiB, TiB, PiB
ColumnUnit byte_rate_column_unit(double largest_bytes_per_s);  // B/s, KB/s, MB/s, GB/s, TB/s
std::string format_in(double value, const ColumnUnit& unit);   // "37.5 MiB", grouped as format_fixed

}  // namespace hcisim::frontend
