// saturation.png (sweeps): IOPS against p99 latency, one point per step,
// each labelled with the value(s) it set; the key says which setting that is.
#include <algorithm>
#include <fmt/format.h>
#include <vector>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/report/plot_labels.hpp"
#include "tools/frontend/report/plot_pictures.hpp"
#include "tools/frontend/report/plot_text.hpp"

namespace hcisim::frontend::plot {

namespace {
constexpr int kWidth = 900, kHeight = 640;
constexpr std::size_t kLabelChars = 24;
}  // namespace

Picture saturation(const std::filesystem::path& dir, const SaturationPlot& curve) {
  std::string data = "# iops p99_ms label\n";
  double most_iops = 0, most_p99_ms = 0;
  std::vector<std::string> labels;
  for (const SaturationPoint& p : curve.points) {
    labels.push_back(shortened(printable(p.label), kLabelChars));
    std::string field = labels.back();
    std::replace(field.begin(), field.end(), '"', '\'');  // a data file's quoted column has no escapes
    data += fmt::format("{:.3f} {:.6f} \"{}\"\n", p.iops, p.p99_s * 1e3, field);
    most_iops = std::max(most_iops, p.iops);
    most_p99_ms = std::max(most_p99_ms, p.p99_s * 1e3);
  }
  write_text(dir / "saturation.dat", data);

  const std::vector<std::string> heading = title_lines(curve.title, curve.what, kWidth);
  const Box area{90, kWidth - 40, 30 + 16 * static_cast<int>(heading.size()), kHeight - 100};
  const Axis x_axis = si_axis(most_iops, "", 10), y_axis = plain_axis(most_p99_ms * 1.08, 8);
  auto px = [&](double iops, double ms) {
    return PointPx{area.left + iops / x_axis.top * (area.right - area.left),
                   area.bottom - ms / y_axis.top * (area.bottom - area.top)};
  };
  std::vector<PointPx> points;
  for (const SaturationPoint& p : curve.points) points.push_back(px(p.iops, p.p99_s * 1e3));
  const std::vector<LabelPlace> places = place_labels(points, labels, area);

  std::string s = terminal("saturation.png", kWidth, kHeight);
  s += "set title " + gp_lines(heading) + "\n" + panel_at(area, kWidth, kHeight);
  s += fmt::format("set xlabel 'IOPS'\nset xrange [0:{:.12g}]\nset xtics {}\n", x_axis.top, x_axis.tics);
  s += fmt::format("set ylabel 'p99 latency (ms)'\nset yrange [0:{:.12g}]\nset ytics {}\nset grid\n", y_axis.top,
                   y_axis.tics);
  s += fmt::format("set key at screen 0.5, screen {:.4f} center bottom\n", 12.0 / kHeight);
  for (std::size_t i = 0; i < places.size(); ++i) {
    const double x = (places[i].centre.x - area.left) / (area.right - area.left) * x_axis.top;
    const double y = (area.bottom - places[i].centre.y) / (area.bottom - area.top) * y_axis.top;
    s += fmt::format("set label {} {} at {:.12g}, {:.12g} center font ',9'\n", i + 1, gp_string(labels[i]), x, y);
  }
  const std::string keys = curve.label_keys.empty() ? "the step" : curve.label_keys;
  s += "plot 'saturation.dat' using 1:2 with linespoints pt 7 ps 1 lw 2 lc rgb '" + std::string(kReadColour) +
       "' title " + gp_string("p99 latency at each step, labelled with its " + keys) + "\n";
  return {"saturation.png", "saturation.gp", s};
}

}  // namespace hcisim::frontend::plot
