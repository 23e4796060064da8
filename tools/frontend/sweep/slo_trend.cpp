#include "tools/frontend/sweep/slo_trend.hpp"

#include <algorithm>
#include <limits>

namespace hcisim::frontend {

namespace {

// "met at cluster.nodes=3, 4; missed at 5; met from 8 to 16 (9 values)"
std::string runs_text(const std::string& key, const std::vector<std::pair<long long, bool>>& points) {
  std::string text;
  for (std::size_t i = 0; i < points.size();) {
    std::size_t end = i;
    while (end < points.size() && points[end].second == points[i].second) ++end;
    text += std::string(i == 0 ? "" : "; ") + (points[i].second ? "met " : "missed ");
    const std::string first = (i == 0 ? key + "=" : "") + std::to_string(points[i].first);
    if (end - i == 1) text += "at " + first;
    if (end - i == 2) text += "at " + first + ", " + std::to_string(points[i + 1].first);
    if (end - i > 2) {
      text += "from " + first + " to " + std::to_string(points[end - 1].first) + " (" + std::to_string(end - i) +
              " values)";
    }
    i = end;
  }
  return text;
}

}  // namespace

std::vector<SloTrendWarning> slo_trend_warnings(const std::string& key, SearchFor want, const std::vector<Slo>& slos,
                                                const std::map<long long, models::RunResult>& runs, bool fast_path) {
  const std::string where = fast_path ? " on the fast path" : "";
  const bool largest = want == SearchFor::Largest;
  std::vector<SloTrendWarning> warnings;
  for (const Slo& slo : slos) {
    SloTrendWarning w;
    w.slo = slo.text;
    w.fast_path = fast_path;
    int to_met = 0, to_missed = 0;  // changes as the key grows
    for (const auto& [x, result] : runs) {
      const bool met = slo.holds(result);
      if (!w.points.empty() && met != w.points.back().second) ++(met ? to_met : to_missed);
      w.points.emplace_back(x, met);
    }
    const int expected = largest ? to_missed : to_met, opposite = largest ? to_met : to_missed;
    if (opposite == 0) continue;
    const std::string quoted = "'" + slo.text + "'";
    if (expected == 0 && opposite == 1) {
      w.kind = SloTrendWarning::Kind::Against;
      w.text = quoted + " is " + runs_text(key, w.points) + where + ": it gets " + (largest ? "easier" : "harder") +
               " as " + key + " grows, against the search for the " + (largest ? "largest" : "smallest") +
               " value, which assumes every objective gets " + (largest ? "harder" : "easier") + "; for the " +
               (largest ? "smallest value meeting it, search with --smallest"
                        : "largest value meeting it, search with --largest");
    } else {
      w.kind = SloTrendWarning::Kind::NotMonotone;
      w.text = quoted + " is not monotone in " + key +
               (fast_path ? " on the fast path: " : " over the values simulated: ") + runs_text(key, w.points) +
               "; the search for the " + (largest ? "largest" : "smallest") + " value assumes that once " +
               (largest ? "missed" : "met") + " it stays so as " + key + " grows, so the answer may not be the " +
               (largest ? "largest" : "smallest") +
               " value meeting the objectives (near a limit, a longer --duration or --precision may settle it)";
    }
    warnings.push_back(std::move(w));
  }
  return warnings;
}

long long closest_run(const std::vector<Slo>& slos, const std::map<long long, models::RunResult>& runs) {
  long long best = runs.begin()->first;
  double least = std::numeric_limits<double>::infinity();
  for (const auto& [x, result] : runs) {
    double worst = -std::numeric_limits<double>::infinity();
    for (const Slo& slo : slos) worst = std::max(worst, slo.shortfall(result));
    if (worst < least) {
      least = worst;
      best = x;
    }
  }
  return best;
}

}  // namespace hcisim::frontend
