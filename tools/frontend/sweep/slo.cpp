#include "tools/frontend/sweep/slo.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/input/latency_percentile.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"

namespace hcisim::frontend {

namespace {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

bool is_figure(const std::string& name) {
  for (const std::string& n : sweep_figure_names()) {
    if (n == name) return true;
  }
  return false;
}

}  // namespace

Slo parse_slo(const std::string& text) {
  Slo slo;
  slo.text = text;
  std::size_t at = std::string::npos, length = 0;
  for (const char* op : {"<=", ">=", "<", ">"}) {
    at = text.find(op);
    if (at != std::string::npos) {
      length = std::string(op).size();
      slo.at_most = op[0] == '<';
      slo.strict = length == 1;
      break;
    }
  }
  if (at == std::string::npos) {
    throw std::invalid_argument("--slo " + in_quotes(text) + ": expected FIGURE<=LIMIT, like read.p99<=1ms");
  }
  const std::string left = trimmed(text.substr(0, at));
  const std::string right = trimmed(text.substr(at + length));
  const auto dot = left.find('.');
  if (dot != std::string::npos) {
    // A latency: direction.stat against a duration.
    const std::string direction = left.substr(0, dot);
    const std::string stat = left.substr(dot + 1);
    const std::string prefix = figure_direction(direction);
    slo.figure = prefix + "_lat_" + stat + "_ms";
    if (prefix == "lat") slo.figure = "lat_" + stat + "_ms";
    if (!is_figure(slo.figure)) {
      throw std::invalid_argument("--slo " + in_quotes(text) +
                                  ": expected a latency like read.p99, write.mean or lat.p999 (read, write or lat; "
                                  "mean, p50, p90, p99, p999 or max)");
    }
    slo.percentile = parse_latency_percentile(left);
    try {
      slo.limit = static_cast<double>(parse_duration_ns(right)) * 1e-6;
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--slo " + in_quotes(text) + ": " + e.what());
    }
    return slo;
  }
  if (!is_figure(left)) {
    throw std::invalid_argument("--slo " + in_quotes(text) + ": no figure " + in_quotes(left) +
                                " (a latency like read.p99, or a sweep column like total_iops)");
  }
  slo.figure = left;
  try {
    slo.limit = parse_count(right);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("--slo " + in_quotes(text) + ": " + e.what());
  }
  return slo;
}

bool Slo::holds(const models::RunResult& result) const {
  const std::optional<double> value = sweep_figure(result, figure);
  if (!value) throw std::logic_error("--slo " + in_quotes(text) + ": the fast path does not estimate " + figure);
  const double v = *value;
  if (at_most) return strict ? v < limit : v <= limit;
  return strict ? v > limit : v >= limit;
}

std::optional<double> Slo::interval(const models::RunResult& result) const {
  const std::string name = figure + "_ci95";
  if (!is_figure(name)) return std::nullopt;
  const std::optional<double> half_width = sweep_figure(result, name);
  if (!half_width || !(*half_width > 0)) return std::nullopt;
  return half_width;
}

bool Slo::close_call(const models::RunResult& result) const {
  const std::optional<double> half_width = interval(result);
  const std::optional<double> value = sweep_figure(result, figure);
  return half_width && value && std::fabs(*value - limit) <= *half_width;
}

double Slo::shortfall(const models::RunResult& result) const {
  const std::optional<double> value = sweep_figure(result, figure);
  if (!value) return std::numeric_limits<double>::infinity();
  const double over = at_most ? *value - limit : limit - *value;
  return limit != 0 ? over / std::fabs(limit) : over;
}

bool all_hold(const std::vector<Slo>& slos, const models::RunResult& result) {
  for (const Slo& s : slos) {
    if (!s.holds(result)) return false;
  }
  return true;
}

}  // namespace hcisim::frontend
