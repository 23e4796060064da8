#include "tools/frontend/report/plot_text.hpp"

#include <cmath>
#include <fmt/format.h>

#include "tools/frontend/base/message_text.hpp"

namespace hcisim::frontend::plot {

namespace {

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::size_t characters(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) n += continuation(c) ? 0 : 1;
  return n;
}

// Byte offset just past the first `n` characters of `text`.
std::size_t prefix_bytes(std::string_view text, std::size_t n) {
  std::size_t at = 0;
  for (std::size_t seen = 0; at < text.size(); ++at) {
    if (!continuation(text[at]) && seen++ == n) break;
  }
  return at;
}

}  // namespace

std::string gp_string(std::string_view text, std::size_t max_chars) {
  std::string out = "'";
  for (const char c : printable(text, max_chars)) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

std::string gp_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += (out.empty() ? "" : ".\"\\n\".") + gp_string(line);
  return out.empty() ? "''" : out;
}

std::string shortened(std::string_view text, std::size_t max_chars) {
  if (characters(text) <= max_chars) return std::string(text);
  const std::size_t room = max_chars > 3 ? max_chars - 3 : 0;
  std::size_t cut = prefix_bytes(text, room);
  const std::size_t space = text.rfind(' ', cut);
  if (space != std::string_view::npos && space > cut / 2) cut = space;
  std::string_view kept = text.substr(0, cut);
  while (!kept.empty() && (kept.back() == ' ' || kept.back() == ',' || kept.back() == ':')) kept.remove_suffix(1);
  return std::string(kept) + "...";
}

std::vector<std::string> title_lines(const std::string& scenario_title, const std::string& what, int width_px) {
  const std::size_t fit = static_cast<std::size_t>(std::max(20.0, width_px / kCharPx - 4));
  const std::string_view text = scenario_title;
  if (characters(text) <= fit) return {scenario_title, what};
  std::size_t cut = prefix_bytes(text, fit);
  const std::size_t space = text.rfind(' ', cut);
  if (space != std::string_view::npos && space > cut / 2) cut = space;
  std::string_view rest = text.substr(cut);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return {std::string(text.substr(0, cut)), shortened(rest, fit), what};
}

std::string si_text(double value, const std::string& unit) {
  static constexpr const char* kPrefixes[] = {"", "K", "M", "G", "T", "P"};
  if (value == 0) return "0";
  int power = 0;
  double mantissa = value;
  while (std::fabs(mantissa) >= 999.5 && power < 5) {
    mantissa /= 1000;
    ++power;
  }
  std::string number = fmt::format("{:.3g}", mantissa);
  if (number.find('e') != std::string::npos) number = fmt::format("{:.3f}", mantissa);
  if (unit.empty()) return number + kPrefixes[power];
  // SI writes kilo in lower case before a unit (kB/s).
  return number + " " + (power == 1 ? std::string("k") : kPrefixes[power]) + unit;
}

namespace {

template <typename Text>
Axis axis_of(double largest, int most_steps, const Text& text) {
  if (!(largest > 0) || !std::isfinite(largest)) largest = 1;
  // The smallest round step (1, 2, 2.5 or 5 times a power of ten) that reaches
  // `largest` in at most `most_steps` steps.
  const double magnitude = std::pow(10.0, std::floor(std::log10(largest / most_steps)));
  double step = 10 * magnitude;
  for (const double nice : {1.0, 2.0, 2.5, 5.0}) {
    if (std::ceil(largest / (nice * magnitude) - 1e-9) <= most_steps) {
      step = nice * magnitude;
      break;
    }
  }
  const double steps = std::ceil(largest / step - 1e-9);
  Axis axis;
  axis.top = steps * step;
  for (int i = 0; i <= static_cast<int>(steps); ++i) {
    axis.tics += fmt::format("{}'{}' {:.12g}", i == 0 ? "(" : ", ", text(i * step), i * step);
  }
  axis.tics += ")";
  return axis;
}

}  // namespace

Axis si_axis(double largest, const std::string& unit, int most_steps) {
  return axis_of(largest, most_steps, [&unit](double v) { return si_text(v, unit); });
}

Axis plain_axis(double largest, int most_steps) {
  return axis_of(largest, most_steps, [](double v) { return fmt::format("{:.6g}", v); });
}

namespace {

double round_125(double v, bool up) {
  const double decade = std::pow(10.0, std::floor(std::log10(v)));
  if (up) {
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
      if (m * decade >= v * (1 - 1e-9)) return m * decade;
    }
  }
  for (const double m : {5.0, 2.0, 1.0}) {
    if (m * decade <= v * (1 + 1e-9)) return m * decade;
  }
  return decade;
}

std::string plain_number(double v) {
  std::string text = fmt::format("{:.9f}", v);  // never an exponent
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

}  // namespace

LogAxis log_axis(double lo, double hi) {
  LogAxis axis{round_125(lo, false), round_125(hi, true), ""};
  const bool wide = axis.top / axis.bottom > 1000 * (1 + 1e-9);
  if (wide) {
    axis.bottom = std::pow(10.0, std::floor(std::log10(lo)));
    axis.top = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
  }
  for (double decade = std::pow(10.0, std::floor(std::log10(axis.bottom))); decade < axis.top * 1.001; decade *= 10) {
    for (const double m : {1.0, 2.0, 5.0}) {
      const double v = m * decade;
      if ((wide && m != 1.0) || v < axis.bottom * 0.999 || v > axis.top * 1.001) continue;
      axis.tics += fmt::format("{}'{}' {:.12g}", axis.tics.empty() ? "(" : ", ", plain_number(v), v);
    }
  }
  axis.tics += ")";
  return axis;
}

std::string panel_at(const Box& area, int width, int height) {
  const double w = width, h = height;
  return fmt::format("set lmargin at screen {:.4f}\nset rmargin at screen {:.4f}\nset tmargin at screen {:.4f}\n"
                     "set bmargin at screen {:.4f}\n",
                     area.left / w, area.right / w, 1 - area.top / h, 1 - area.bottom / h);
}

std::string terminal(const std::string& image, int width, int height) {
  return fmt::format("set terminal pngcairo noenhanced size {},{} font 'sans,10'\nset output {}\n", width, height,
                     gp_string(image));
}

}  // namespace hcisim::frontend::plot
