#include "tools/frontend/sweep_grid.hpp"

#include <stdexcept>

#include "tools/frontend/message_text.hpp"

namespace hcisim::frontend {

namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

SweepAxis parse_vary(const std::string& text) {
  const auto equals = text.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw std::invalid_argument("--vary " + in_quotes(text) + ": expected key.path=v1,v2,..., like cluster.nodes=4,8,16");
  }
  SweepAxis axis;
  axis.key = trimmed(text.substr(0, equals));
  const std::string list = text.substr(equals + 1);
  int depth = 0;
  char quote = 0;
  std::string value;
  auto flush = [&] {
    const std::string v = trimmed(value);
    if (v.empty()) {
      throw std::invalid_argument("--vary " + in_quotes(text) + ": an empty value (two commas, or one at an end)");
    }
    axis.values.push_back(v);
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

std::vector<SweepPoint> expand_grid(const std::vector<SweepAxis>& axes, std::size_t max_points) {
  std::size_t total = 1;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    for (std::size_t b = 0; b < a; ++b) {
      if (axes[a].key == axes[b].key) throw std::invalid_argument("--vary " + in_quotes(axes[a].key) + " is given twice");
    }
    if (axes[a].values.empty()) throw std::invalid_argument("--vary " + in_quotes(axes[a].key) + ": no values");
    if (total > max_points / axes[a].values.size()) {
      throw std::invalid_argument("the grid has more than " + std::to_string(max_points) + " points");
    }
    total *= axes[a].values.size();
  }
  std::vector<SweepPoint> points;
  if (axes.empty()) return points;
  points.reserve(total);
  for (std::size_t i = 0; i < total; ++i) {
    SweepPoint p;
    p.index = i;
    // The last axis varies fastest.
    std::size_t rest = i;
    std::vector<std::size_t> at(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      at[a] = rest % axes[a].values.size();
      rest /= axes[a].values.size();
    }
    for (std::size_t a = 0; a < axes.size(); ++a) {
      p.values.push_back(axes[a].values[at[a]]);
      p.assignments.push_back(axes[a].key + "=" + axes[a].values[at[a]]);
    }
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace hcisim::frontend
