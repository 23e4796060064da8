#include "tools/frontend/sweep/sweep_grid.hpp"

#include <cctype>
#include <stdexcept>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/units.hpp"

namespace hcisim::frontend {

namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

constexpr std::size_t kMaxAxisValues = 100'000;

// LO..HI (every whole number), LO..HI+STEP or LO..HI*FACTOR (LO, LO x FACTOR,
// ... up to HI), appended to `values`; false when `v` is not a range at all
// (a range starts with a digit and holds "..").
bool expand_range(const std::string& text, const std::string& v, std::vector<std::string>& values) {
  const auto dots = v.find("..");
  if (v.empty() || !std::isdigit(static_cast<unsigned char>(v[0])) || dots == std::string::npos) return false;
  auto what = [&] { return "--vary " + in_quotes(text) + ": range " + in_quotes(v); };  // for errors only
  const auto op = v.find_first_of("+*", dots + 2);
  std::int64_t lo = 0, hi = 0, by = 1;
  try {
    lo = parse_integer(v.substr(0, dots));
    hi = parse_integer(v.substr(dots + 2, op == std::string::npos ? std::string::npos : op - dots - 2));
    if (op != std::string::npos) by = parse_integer(v.substr(op + 1));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(what() + ": expected LO..HI, LO..HI+STEP or LO..HI*FACTOR in whole numbers (" +
                                e.what() + ")");
  }
  const bool geometric = op != std::string::npos && v[op] == '*';
  if (hi < lo) throw std::invalid_argument(what() + ": HI is below LO");
  if (geometric ? (lo < 1 || by < 2) : by < 1) {
    throw std::invalid_argument(
        what() + (geometric ? ": a geometric range needs LO >= 1 and FACTOR >= 2" : ": the step must be at least 1"));
  }
  for (std::int64_t x = lo; x <= hi;) {
    if (values.size() == kMaxAxisValues) {
      throw std::invalid_argument(what() + ": more than " + std::to_string(kMaxAxisValues) + " values in one --vary");
    }
    values.push_back(std::to_string(x));
    if (geometric ? x > hi / by : x > hi - by) break;  // the next one would pass HI (or overflow)
    x = geometric ? x * by : x + by;
  }
  return true;
}

}  // namespace

SweepAxis parse_vary(const std::string& text) {
  const auto equals = text.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw std::invalid_argument("--vary " + in_quotes(text) +
                                ": expected key.path=v1,v2,..., like cluster.nodes=4,8,16");
  }
  SweepAxis axis;
  axis.key = trimmed(text.substr(0, equals));
  if (axis.key.empty()) {
    throw std::invalid_argument("--vary " + in_quotes(text) +
                                ": expected a key.path before '=', like cluster.nodes=4,8,16");
  }
  const std::string list = text.substr(equals + 1);
  int depth = 0;
  char quote = 0;
  std::string value;
  auto flush = [&] {
    const std::string v = trimmed(value);
    if (v.empty()) {
      throw std::invalid_argument("--vary " + in_quotes(text) + ": an empty value (two commas, or one at an end)");
    }
    if (!expand_range(text, v, axis.values)) axis.values.push_back(v);
    value.clear();
  };
  for (const char c : list) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      flush();
      continue;
    }
    value += c;
  }
  if (quote || depth != 0) throw std::invalid_argument("--vary " + in_quotes(text) + ": an unclosed bracket or quote");
  flush();
  return axis;
}

std::size_t grid_size(const std::vector<SweepAxis>& axes, std::size_t max_points) {
  std::size_t total = 1;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    for (std::size_t b = 0; b < a; ++b) {
      if (axes[a].key == axes[b].key)
        throw std::invalid_argument("--vary " + in_quotes(axes[a].key) + " is given twice");
    }
    if (axes[a].values.empty()) throw std::invalid_argument("--vary " + in_quotes(axes[a].key) + ": no values");
    if (total > max_points / axes[a].values.size()) {
      throw std::invalid_argument("the grid has more than " + std::to_string(max_points) + " points");
    }
    total *= axes[a].values.size();
  }
  return axes.empty() ? 0 : total;
}

SweepPoint grid_point(const std::vector<SweepAxis>& axes, std::size_t index) {
  SweepPoint p;
  p.index = index;
  // The last axis varies fastest.
  std::size_t rest = index;
  std::vector<std::size_t> at(axes.size());
  for (std::size_t a = axes.size(); a-- > 0;) {
    at[a] = rest % axes[a].values.size();
    rest /= axes[a].values.size();
  }
  for (std::size_t a = 0; a < axes.size(); ++a) {
    p.values.push_back(axes[a].values[at[a]]);
    p.assignments.push_back(axes[a].key + "=" + axes[a].values[at[a]]);
  }
  return p;
}

std::vector<SweepPoint> expand_grid(const std::vector<SweepAxis>& axes, std::size_t max_points) {
  const std::size_t total = grid_size(axes, max_points);
  std::vector<SweepPoint> points;
  points.reserve(total);
  for (std::size_t i = 0; i < total; ++i) points.push_back(grid_point(axes, i));
  return points;
}

}  // namespace hcisim::frontend
