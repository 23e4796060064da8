#include "tools/frontend/base/units.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "tools/frontend/base/message_text.hpp"

namespace hcisim::frontend {
namespace {

struct UnitFactor {
  std::string_view unit;
  double factor;
};

constexpr double kKi = 1024.0;
constexpr double kMi = kKi * 1024.0;
constexpr double kGi = kMi * 1024.0;
constexpr double kTi = kGi * 1024.0;
constexpr double kPi = kTi * 1024.0;

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A number followed by an optional unit. Digits may be grouped with '_'
// (1_400_000). An 'e' counts as an exponent only when digits follow it.
struct NumberAndUnit {
  double number = 0;
  bool negative = false;
  bool has_fraction = false;  // a '.' or an exponent was written
  std::string digits;         // the number without sign and '_' separators
  std::string_view unit;
};

std::optional<NumberAndUnit> split_number(std::string_view text, bool allow_sign) {
  text = trim(text);
  NumberAndUnit out;
  std::size_t i = 0;
  if (allow_sign && i < text.size() && (text[i] == '-' || text[i] == '+')) {
    out.negative = text[i] == '-';
    ++i;
  }
  std::string digits;
  bool any_digit = false;
  auto take_digits = [&]() {
    while (i < text.size()) {
      if (is_digit(text[i])) {
        digits += text[i];
        any_digit = true;
        ++i;
      } else if (text[i] == '_' && i > 0 && is_digit(text[i - 1]) && i + 1 < text.size() && is_digit(text[i + 1])) {
        ++i;  // digit group separator
      } else {
        break;
      }
    }
  };
  take_digits();
  if (i < text.size() && text[i] == '.' && i + 1 < text.size() && is_digit(text[i + 1])) {
    digits += '.';
    ++i;
    out.has_fraction = true;
    take_digits();
  }
  if (!any_digit) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && is_digit(text[j])) {
      digits.append(text.substr(i, j - i));
      i = j;
      while (i < text.size() && is_digit(text[i])) digits += text[i++];
      out.has_fraction = true;
    }
  }
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out.number);
  if (ec != std::errc() || end != digits.data() + digits.size() || !std::isfinite(out.number)) {
    return std::nullopt;
  }
  if (out.negative) out.number = -out.number;
  out.digits = std::move(digits);
  std::string_view rest = text.substr(i);
  if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);  // "3.2 TB"
  if (rest.find_first_of(" \t") != std::string_view::npos) return std::nullopt;
  out.unit = rest;
  return out;
}

std::optional<double> factor_of(std::string_view unit, std::initializer_list<UnitFactor> table) {
  for (const auto& entry : table) {
    if (entry.unit == unit) return entry.factor;
  }
  return std::nullopt;
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

[[noreturn]] void fail(std::string_view expected, std::string_view text, std::string_view why = {}) {
  std::string message = "expected ";
  message.append(expected).append(", got ").append(in_quotes(text));
  if (!why.empty()) message.append(" (").append(why).append(")");
  throw UnitError(message);
}

// value * factor as a whole number in [0, limit], or an error naming `what`.
double whole(double value, std::string_view expected, std::string_view text, std::string_view what, double limit) {
  if (!std::isfinite(value) || value > limit) fail(expected, text, "too large");
  const double rounded = std::round(value);
  if (std::fabs(value - rounded) > 1e-9 * std::max(1.0, value)) {
    fail(expected, text, std::string("not a whole number of ") + std::string(what));
  }
  return rounded;
}

// Parses "<number><unit>" with a unit from `table`; rejects negatives.
double scaled(std::string_view text, std::string_view expected, std::initializer_list<UnitFactor> table,
              bool case_insensitive = false) {
  const auto parsed = split_number(text, /*allow_sign=*/true);
  if (!parsed) fail(expected, text);
  const auto factor = factor_of(case_insensitive ? lower(parsed->unit) : std::string(parsed->unit), table);
  if (!factor) fail(expected, text);
  if (parsed->negative && parsed->number != 0) fail(expected, text, "negative");
  const double value = std::fabs(parsed->number) * *factor;
  if (!std::isfinite(value)) fail(expected, text, "too large");
  return value;
}

constexpr std::string_view kSizeExpected = "a size like 4KiB or 10GiB";
constexpr std::string_view kDurationExpected = "a duration like 80us, 1.3ms or 60s";
constexpr std::string_view kBitRateExpected = "a bit rate like 25Gb/s or 100Gbps";
constexpr std::string_view kByteRateExpected = "a byte rate like 1200MB/s or 6.9GB/s";

}  // namespace

std::uint64_t parse_size(std::string_view text) {
  const double bytes =
      scaled(text, kSizeExpected, {{"", 1},      {"B", 1},     {"bytes", 1}, {"K", kKi},   {"k", kKi},   {"M", kMi},
                                   {"m", kMi},   {"G", kGi},   {"g", kGi},   {"T", kTi},   {"t", kTi},   {"P", kPi},
                                   {"KiB", kKi}, {"MiB", kMi}, {"GiB", kGi}, {"TiB", kTi}, {"PiB", kPi}, {"KB", 1e3},
                                   {"kB", 1e3},  {"MB", 1e6},  {"GB", 1e9},  {"TB", 1e12}, {"PB", 1e15}});
  return static_cast<std::uint64_t>(whole(bytes, kSizeExpected, text, "bytes", 1.8e19));
}

std::int64_t parse_duration_ns(std::string_view text) {
  const double ns = scaled(text, kDurationExpected,
                           {{"", 1},  // only a bare 0, checked below
                            {"ns", 1},
                            {"us", 1e3},
                            {"\xC2\xB5s", 1e3},  // µ MICRO SIGN
                            {"\xCE\xBCs", 1e3},  // μ GREEK SMALL LETTER MU
                            {"ms", 1e6},
                            {"s", 1e9},
                            {"sec", 1e9},
                            {"min", 60e9},
                            {"h", 3600e9}});
  // A bare number has no unit, which is only unambiguous for zero.
  if (ns != 0) {
    const auto parsed = split_number(text, true);
    if (parsed && parsed->unit.empty()) fail(kDurationExpected, text, "a duration needs a unit");
  }
  return static_cast<std::int64_t>(whole(ns, kDurationExpected, text, "nanoseconds", 9.2e18));
}

double parse_bit_rate(std::string_view text) {
  const auto parsed = split_number(text, true);
  if (parsed && parsed->unit.size() >= 3 && parsed->unit.find("B/s") != std::string_view::npos) {
    fail(kBitRateExpected, text, "B is bytes; write b for bits");
  }
  return scaled(text, kBitRateExpected,
                {{"b/s", 1},     {"bps", 1},     {"bit/s", 1},    {"bits/s", 1},  {"kb/s", 1e3},  {"Kb/s", 1e3},
                 {"kbps", 1e3},  {"Kbps", 1e3},  {"kbit/s", 1e3}, {"Mb/s", 1e6},  {"Mbps", 1e6},  {"Mbit/s", 1e6},
                 {"Gb/s", 1e9},  {"Gbps", 1e9},  {"Gbit/s", 1e9}, {"Tb/s", 1e12}, {"Tbps", 1e12}, {"Tbit/s", 1e12},
                 {"Kib/s", kKi}, {"Mib/s", kMi}, {"Gib/s", kGi},  {"Tib/s", kTi}});
}

double parse_byte_rate(std::string_view text) {
  const auto parsed = split_number(text, true);
  if (parsed && parsed->unit.size() >= 3 && parsed->unit.find("b/s") != std::string_view::npos &&
      parsed->unit.find("B/s") == std::string_view::npos) {
    fail(kByteRateExpected, text, "b is bits; write B for bytes");
  }
  // A table (clang-format 14 would put it one unit a line).
  // clang-format off
  return scaled(text, kByteRateExpected,
                {{"B/s", 1},     {"Bps", 1},     {"KB/s", 1e3},  {"kB/s", 1e3},  {"KBps", 1e3},
                 {"MB/s", 1e6},  {"MBps", 1e6},  {"GB/s", 1e9},  {"GBps", 1e9},  {"TB/s", 1e12},
                 {"TBps", 1e12}, {"KiB/s", kKi}, {"MiB/s", kMi}, {"GiB/s", kGi}, {"TiB/s", kTi}});
  // clang-format on
}

double parse_frequency(std::string_view text) {
  return scaled(text, "a frequency like 2.25GHz", {{"hz", 1}, {"khz", 1e3}, {"mhz", 1e6}, {"ghz", 1e9}},
                /*case_insensitive=*/true);
}

double parse_percent(std::string_view text) { return scaled(text, "a percentage like 10%", {{"%", 0.01}}); }

double parse_count(std::string_view text) {
  return scaled(text, "a count like 1400000, 1.4M or 350k", {{"", 1}, {"k", 1e3}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}});
}

double parse_number(std::string_view text) {
  const auto parsed = split_number(text, /*allow_sign=*/true);
  if (!parsed || !parsed->unit.empty()) fail("a number like 1.25", text);
  return parsed->number;
}

std::int64_t parse_integer(std::string_view text) {
  constexpr std::string_view expected = "a whole number like 24";
  const auto parsed = split_number(text, /*allow_sign=*/true);
  if (!parsed || !parsed->unit.empty() || parsed->has_fraction) fail(expected, text);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(parsed->digits.data(), parsed->digits.data() + parsed->digits.size(), value);
  if (ec != std::errc() || end != parsed->digits.data() + parsed->digits.size()) {
    fail(expected, text, "too large");
  }
  return parsed->negative ? -value : value;
}

}  // namespace hcisim::frontend
