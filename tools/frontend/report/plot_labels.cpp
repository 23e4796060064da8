#include "tools/frontend/report/plot_labels.hpp"

#include <algorithm>
#include <cmath>

namespace hcisim::frontend::plot {

namespace {

constexpr double kLabelHeight = 14, kPointRadius = 5, kGap = 3;

struct Rect {
  double left, top, right, bottom;
  bool overlaps(const Rect& o) const { return left < o.right && o.left < right && top < o.bottom && o.top < bottom; }
  bool contains(double x, double y) const { return x >= left && x <= right && y >= top && y <= bottom; }
};

Rect around(PointPx c, double width) {
  return {c.x - width / 2, c.y - kLabelHeight / 2, c.x + width / 2, c.y + kLabelHeight / 2};
}

bool crosses(const Rect& r, PointPx a, PointPx b) {
  const double length = std::hypot(b.x - a.x, b.y - a.y);
  const int steps = std::max(1, static_cast<int>(length / 2));
  for (int i = 0; i <= steps; ++i) {
    const double t = static_cast<double>(i) / steps;
    if (r.contains(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))) return true;
  }
  return false;
}

}  // namespace

std::vector<LabelPlace> place_labels(const std::vector<PointPx>& points, const std::vector<std::string>& texts,
                                     const Box& area) {
  std::vector<Rect> taken;
  for (const PointPx& p : points) {
    taken.push_back({p.x - kPointRadius, p.y - kPointRadius, p.x + kPointRadius, p.y + kPointRadius});
  }
  std::vector<LabelPlace> places;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double width = static_cast<double>(texts[i].size()) * kCharPx + 4;
    const double dx = width / 2 + kPointRadius + kGap, dy = kLabelHeight / 2 + kPointRadius + kGap;
    // Above first (where a reader looks), then the other sides, then further out.
    std::vector<PointPx> tries;
    for (const double reach : {1.0, 2.0, 3.0}) {
      for (const auto& [ox, oy] : {std::pair{0.0, -dy}, std::pair{dx, 0.0}, std::pair{0.0, dy}, std::pair{-dx, 0.0},
                                   std::pair{dx, -dy}, std::pair{-dx, -dy}, std::pair{dx, dy}, std::pair{-dx, dy}}) {
        tries.push_back({points[i].x + ox * reach, points[i].y + oy * reach});
      }
    }
    LabelPlace best{tries.front(), false};
    int fewest = -1;
    for (const PointPx& c : tries) {
      const Rect r = around(c, width);
      if (r.left < area.left || r.right > area.right || r.top < area.top || r.bottom > area.bottom) continue;
      int hits = 0;
      for (const Rect& t : taken) hits += r.overlaps(t) ? 1 : 0;
      for (std::size_t j = 1; j < points.size(); ++j) hits += crosses(r, points[j - 1], points[j]) ? 1 : 0;
      if (fewest < 0 || hits < fewest) {
        fewest = hits;
        best = {c, hits == 0};
      }
      if (hits == 0) break;
    }
    // Nothing fitted inside the area (a label wider than it): kept inside anyway.
    best.centre.x =
        std::clamp(best.centre.x, area.left + width / 2, std::max(area.left + width / 2, area.right - width / 2));
    best.centre.y = std::clamp(best.centre.y, area.top + kLabelHeight / 2, area.bottom - kLabelHeight / 2);
    places.push_back(best);
    taken.push_back(around(best.centre, width));
  }
  return places;
}

}  // namespace hcisim::frontend::plot
