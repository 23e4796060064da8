// Where to write a short label beside each point of a curve so that no label
// covers another label, a point or the curve, and every label stays inside the
// plot area (pixels, y growing downwards).
#pragma once

#include <string>
#include <vector>

#include "tools/frontend/report/plot_text.hpp"

namespace hcisim::frontend::plot {

struct PointPx {
  double x = 0, y = 0;
};

struct LabelPlace {
  PointPx centre;
  bool clear = true;  // false: every place tried touched something; the least crowded is used
};

// One place per point; `points` are joined in order by the curve.
std::vector<LabelPlace> place_labels(const std::vector<PointPx>& points, const std::vector<std::string>& texts,
                                     const Box& area);

}  // namespace hcisim::frontend::plot
