#include "tools/frontend/base/quantity_format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <locale>
#include <string_view>

namespace hcisim::frontend {
namespace {

struct Unit {
  std::string_view name;
  double factor;
};

// Picks the largest unit that leaves a value of at least 1 (or the smallest unit).
std::string scaled(double value, std::initializer_list<Unit> largest_first) {
  const Unit* chosen = nullptr;
  for (const Unit& unit : largest_first) {
    chosen = &unit;
    if (std::fabs(value) >= unit.factor) break;
  }
  std::string text = format_number(value / chosen->factor);
  text += ' ';
  text += chosen->name;
  return text;
}

// The shortest text "<v> <unit>" where v has at most 3 decimals and is exact.
std::string exact_shortest(std::uint64_t amount, std::initializer_list<Unit> units, std::string_view base_unit) {
  std::string best = std::to_string(amount);
  best += ' ';
  best += base_unit;
  for (const Unit& unit : units) {
    const auto factor = static_cast<unsigned __int128>(unit.factor);
    if (amount < factor) continue;
    const unsigned __int128 thousandths = static_cast<unsigned __int128>(amount) * 1000;
    if (thousandths % factor != 0) continue;
    const auto scaled_thousandths = static_cast<std::uint64_t>(thousandths / factor);
    std::string text = std::to_string(scaled_thousandths / 1000);
    if (const auto fraction = scaled_thousandths % 1000; fraction != 0) {
      std::string decimals = std::to_string(1000 + fraction).substr(1);  // zero-padded to 3
      while (decimals.back() == '0') decimals.pop_back();
      text += '.';
      text += decimals;
    }
    text += ' ';
    text += unit.name;
    if (text.size() < best.size()) best = std::move(text);
  }
  return best;
}

}  // namespace

std::string format_number(double value) {
  // %g style: up to 6 significant digits, no trailing zeros.
  return fmt::format("{:.6g}", value);
}

std::string format_count(double value) {
  if (std::fabs(value) >= 1e15 || value != std::floor(value)) return format_number(value);
  return fmt::format("{}", fmt::group_digits(static_cast<long long>(value)));
}

std::string format_fixed(double value, int decimals) {
  // Digits grouped in threes with ',' whatever the user's locale, as format_count does.
  struct Grouping : std::numpunct<char> {
    char do_thousands_sep() const override { return ','; }
    std::string do_grouping() const override { return "\3"; }
  };
  static const std::locale grouping(std::locale::classic(), new Grouping);
  if (!std::isfinite(value)) return fmt::format("{}", value);
  return fmt::format(grouping, "{:.{}Lf}", value, decimals);
}

std::string format_size(std::uint64_t bytes) {
  constexpr double kKi = 1024.0;
  return exact_shortest(bytes,
                        {{"PiB", kKi * kKi * kKi * kKi * kKi},
                         {"PB", 1e15},
                         {"TiB", kKi * kKi * kKi * kKi},
                         {"TB", 1e12},
                         {"GiB", kKi * kKi * kKi},
                         {"GB", 1e9},
                         {"MiB", kKi * kKi},
                         {"MB", 1e6},
                         {"KiB", kKi},
                         {"KB", 1e3}},
                        "B");
}

std::string format_duration(std::int64_t ns) {
  if (ns < 0) return std::string(1, '-').append(format_duration(-ns));
  return exact_shortest(static_cast<std::uint64_t>(ns),
                        {{"h", 3600e9}, {"min", 60e9}, {"s", 1e9}, {"ms", 1e6}, {"us", 1e3}}, "ns");
}

std::string format_bit_rate(double bits_per_s) {
  return scaled(bits_per_s, {{"Tb/s", 1e12}, {"Gb/s", 1e9}, {"Mb/s", 1e6}, {"kb/s", 1e3}, {"b/s", 1}});
}

std::string format_byte_rate(double bytes_per_s) {
  return scaled(bytes_per_s, {{"TB/s", 1e12}, {"GB/s", 1e9}, {"MB/s", 1e6}, {"KB/s", 1e3}, {"B/s", 1}});
}

std::string format_frequency(double hz) { return scaled(hz, {{"GHz", 1e9}, {"MHz", 1e6}, {"kHz", 1e3}, {"Hz", 1}}); }

std::string format_percent(double fraction) { return format_number(fraction * 100.0) + "%"; }

namespace {

ColumnUnit column_unit(double largest, std::initializer_list<Unit> largest_first) {
  const Unit* chosen = nullptr;
  for (const Unit& unit : largest_first) {
    chosen = &unit;
    if (std::fabs(largest) >= unit.factor) break;
  }
  const bool smallest = chosen == largest_first.end() - 1;
  return {std::string(chosen->name), chosen->factor, smallest ? 0 : 1};
}

}  // namespace

ColumnUnit size_column_unit(double largest_bytes) {
  constexpr double kKi = 1024.0;
  return column_unit(largest_bytes, {{"PiB", kKi * kKi * kKi * kKi * kKi},
                                     {"TiB", kKi * kKi * kKi * kKi},
                                     {"GiB", kKi * kKi * kKi},
                                     {"MiB", kKi * kKi},
                                     {"KiB", kKi},
                                     {"B", 1}});
}

ColumnUnit byte_rate_column_unit(double largest_bytes_per_s) {
  return column_unit(largest_bytes_per_s, {{"TB/s", 1e12}, {"GB/s", 1e9}, {"MB/s", 1e6}, {"KB/s", 1e3}, {"B/s", 1}});
}

std::string format_in(double value, const ColumnUnit& unit) {
  return format_fixed(value / unit.factor, unit.decimals) + " " + unit.name;
}

}  // namespace hcisim::frontend
