// The pieces every --plot script is made of: strings a scenario cannot break
// out of, titles that fit their picture, axis ticks read the way people read
// them ("1.4M", "14 GB/s").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hcisim::frontend::plot {

// About how wide a character of the pictures' 10-point sans font is, in pixels
// (a little wide, so text measured with it fits).
constexpr double kCharPx = 7.0;

// `text` as a gnuplot single-quoted string, quotes included, with control
// characters escaped and at most `max_chars` characters. Single quotes because
// gnuplot runs a `command` in backquotes inside a double-quoted string.
std::string gp_string(std::string_view text, std::size_t max_chars = 200);

// Lines as one gnuplot string expression: 'a'."\n".'b'.
std::string gp_lines(const std::vector<std::string>& lines);

// `text` cut to at most `max_chars` characters, at a space when there is one,
// with "..." appended when cut; never inside a UTF-8 sequence.
std::string shortened(std::string_view text, std::size_t max_chars);

// A picture's title: the scenario's title (or, without one, its id) on at most
// two lines that fit `width_px`, then what the picture shows.
std::vector<std::string> title_lines(const std::string& scenario_title, const std::string& what, int width_px);

// An axis from 0 to `top` (a round number at or above the largest value),
// ticked at most `most_steps` round steps labelled with K/M/G ("1.4M"; with a
// unit, "14 GB/s").
struct Axis {
  double top = 1;
  std::string tics;  // for `set ytics`: ('0' 0, '500K' 500000, ...)
};
Axis si_axis(double largest, const std::string& unit = "", int most_steps = 5);
// The same with plain numbers ("0.5", "1", "1500"), for latencies in ms.
Axis plain_axis(double largest, int most_steps = 5);

// `value` as a tick reads it: "0", "250K", "1.4M", "2.5 GB/s".
std::string si_text(double value, const std::string& unit = "");

// A log axis around `lo`..`hi` (both > 0): from 1, 2 or 5 times a power of ten
// to 1, 2 or 5 times a power of ten, ticked at those (at whole powers of ten
// only when it spans more than three), labelled as plain numbers ("0.2", "5000").
struct LogAxis {
  double bottom = 1, top = 10;
  std::string tics;
};
LogAxis log_axis(double lo, double hi);

// The margins that put a panel's plot area at these pixels of a width x height
// picture (x from the left, y from the top): panels drawn this way line up.
struct Box {
  int left = 0, right = 0, top = 0, bottom = 0;
};
std::string panel_at(const Box& area, int width, int height);

// The terminal every picture is drawn with, writing to `image`.
std::string terminal(const std::string& image, int width, int height);

}  // namespace hcisim::frontend::plot
