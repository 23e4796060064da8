// timeline.png: IOPS and latency per interval, and on a run with failures the
// repair rate and the degraded data; failures, returns and repairs are dashed
// lines numbered above the first panel and listed, numbered, below the last.
#include <algorithm>
#include <fmt/format.h>
#include <vector>

#include "tools/frontend/report/plot_pictures.hpp"
#include "tools/frontend/report/plot_text.hpp"
#include "tools/frontend/report/run_event_text.hpp"

namespace hcisim::frontend::plot {

namespace {

constexpr int kWidth = 1000;
constexpr int kLeft = 110;
// The right margin holds the keys, and on a run with failures the y2 axis.
constexpr int kRightOfPlain = kWidth - 150, kRightOfRepair = kWidth - 240;
constexpr int kPanelPx = 230, kRowPx = 16, kEventLinePx = 15;
constexpr std::size_t kMostEventLines = 40;

const char* colour_of(models::RunEventKind kind) {
  switch (kind) {
    case models::RunEventKind::Failure:
    case models::RunEventKind::VmStop:
    case models::RunEventKind::Quorum: return "#c0392b";
    case models::RunEventKind::Return:
    case models::RunEventKind::RepairDone:
    case models::RunEventKind::VmRestart: return "#1e8449";
    default: return "#7d3c98";
  }
}

// The events of one instant: one dashed line, labelled with their numbers.
struct Mark {
  double at_s = 0;
  std::size_t first = 0, last = 0;  // 1-based event numbers
  const char* colour = nullptr;
  int row = 0;  // above the first panel, 0 nearest to it
  std::string text() const {
    if (first == last) return std::to_string(first);
    return std::to_string(first) + (last == first + 1 ? "," : "-") + std::to_string(last);
  }
};

// Marks grouped by instant, each given the lowest row where its number does
// not touch a number already placed (so numbers never print over each other).
std::vector<Mark> marks_of(const std::vector<models::TimelineMark>& events, double end_s, int right) {
  std::vector<Mark> marks;
  for (std::size_t i = 0; i < events.size();) {
    Mark m{events[i].at_s, i + 1, i + 1, colour_of(events[i].kind())};
    for (++i; i < events.size() && events[i].at_s == m.at_s; ++i) m.last = i + 1;
    marks.push_back(m);
  }
  std::vector<double> row_ends;  // right edge (px) of the last number in each row
  for (Mark& m : marks) {
    const double half = (m.text().size() * kCharPx + 6) / 2;
    const double x = kLeft + (right - kLeft) * (end_s > 0 ? m.at_s / end_s : 0);
    std::size_t row = 0;
    while (row < row_ends.size() && row_ends[row] > x - half) ++row;
    if (row == row_ends.size()) row_ends.push_back(0);
    row_ends[row] = x + half;
    m.row = static_cast<int>(row);
  }
  return marks;
}

// Linear, unless a stall would flatten everything else to 0: when the largest
// latency is over 50 times the median, a log axis shows both.
std::string latency_axis(std::vector<double> ms) {
  if (!ms.empty()) {
    std::sort(ms.begin(), ms.end());
    const double lo = ms.front(), median = ms[ms.size() / 2], hi = ms.back();
    if (hi > 50 * median) {
      const LogAxis axis = log_axis(lo, hi);
      return fmt::format(
          "set ylabel 'latency (ms, log scale)'\nset logscale y\nset yrange [{:.12g}:{:.12g}]\nset ytics {}\n",
          axis.bottom, axis.top, axis.tics);
    }
  }
  const Axis axis = plain_axis(ms.empty() ? 1 : ms.back());
  return fmt::format("set ylabel 'latency (ms)'\nset yrange [0:{:.12g}]\nset ytics {}\n", axis.top, axis.tics);
}

std::string time_text(double t, double scale, const char* unit) { return fmt::format("{:.4g} {}", t * scale, unit); }

}  // namespace

Picture timeline(const std::filesystem::path& dir, const std::string& title, const models::ScenarioSpec& spec,
                 const models::RunResult& r) {
  std::string data =
      "# end_s read_iops write_iops read_mean_ms write_mean_ms read_p99_ms write_p99_ms repair_mbps degraded_gb\n";
  // An interval without I/O of a kind has no latency: NaN, a gap in the line (not a latency of 0).
  auto ms = [](double iops, double s) { return iops > 0 ? fmt::format("{:.6f}", s * 1e3) : std::string("NaN"); };
  double most_iops = 0, most_repair = 0, most_degraded = 0, end_s = 0;
  std::vector<double> latencies_ms;
  for (const models::TimelinePoint& p : r.timeline) {
    data += fmt::format("{:.9f} {:.3f} {:.3f} {} {} {} {} {:.3f} {:.6f}\n", p.end_s, p.read_iops, p.write_iops,
                        ms(p.read_iops, p.read_latency_mean_s), ms(p.write_iops, p.write_latency_mean_s),
                        ms(p.read_iops, p.read_p99_s), ms(p.write_iops, p.write_p99_s), p.repair_bytes_per_s / 1e6,
                        p.degraded_bytes / 1e9);
    most_iops = std::max({most_iops, p.read_iops, p.write_iops});
    for (const double ms : {p.read_latency_mean_s, p.read_p99_s}) {
      if (p.read_iops > 0 && ms > 0) latencies_ms.push_back(ms * 1e3);
    }
    for (const double ms : {p.write_latency_mean_s, p.write_p99_s}) {
      if (p.write_iops > 0 && ms > 0) latencies_ms.push_back(ms * 1e3);
    }
    most_repair = std::max(most_repair, p.repair_bytes_per_s);
    most_degraded = std::max(most_degraded, p.degraded_bytes);
    end_s = std::max(end_s, p.end_s);
  }
  write_text(dir / "timeline.dat", data);
  for (const models::TimelineMark& e : r.events) end_s = std::max(end_s, e.at_s);
  if (end_s <= 0) end_s = 1;
  // A run with failures gets a third panel: repair rate and degraded data.
  const bool repair = !r.phases.empty() || most_repair > 0 || most_degraded > 0;
  const bool reads = r.read_latency.count > 0, writes = r.write_latency.count > 0;
  const double scale = end_s < 1 ? 1e3 : 1;
  const char* unit = end_s < 1 ? "ms" : "s";
  const std::string x = scale == 1 ? "1" : "($1*1000)";

  const int right = repair ? kRightOfRepair : kRightOfPlain;
  const std::vector<Mark> marks = marks_of(r.events, end_s, right);
  int rows = 0;
  for (const Mark& m : marks) rows = std::max(rows, m.row + 1);
  const std::size_t event_lines = std::min(r.events.size(), kMostEventLines);
  const std::vector<std::string> heading = title_lines(
      title, repair ? "IOPS, latency, repair and degraded data over time" : "IOPS and latency over time", kWidth);
  const int panels = repair ? 3 : 2;
  const int panels_top = 18 + 16 * static_cast<int>(heading.size()) + kRowPx * rows + (rows > 0 ? 8 : 0);
  const int panels_bottom = panels_top + panels * kPanelPx + (panels - 1) * 40;
  const int height = panels_bottom + 50 + (event_lines > 0 ? 44 + kEventLinePx * static_cast<int>(event_lines) : 0);
  auto screen_y = [&](double px) { return 1 - px / height; };

  std::string s = terminal("timeline.png", kWidth, height);
  s += "set multiplot title " + gp_lines(heading) + "\n";
  s += fmt::format("set grid\nset xrange [0:{:.12g}]\n", end_s * scale);
  const double warmup_s = static_cast<double>(spec.run.warmup_ns) * 1e-9;
  if (warmup_s > 0) {
    s +=
        fmt::format("set object 1 rect from 0, graph 0 to {:.12g}, graph 1 fc rgb '#ececec' fs solid noborder behind\n",
                    std::min(warmup_s, end_s) * scale);
  }
  // Spans fast-forwarded at a steady window's pace (models/run/fast_forward.hpp): a pale tint.
  int object = 2;
  for (const models::FastForwardSpan& f : r.fast_forwarded) {
    if (f.warmup) continue;  // inside the grey already
    s += fmt::format(
        "set object {} rect from {:.12g}, graph 0 to {:.12g}, graph 1 fc rgb '#fbf3dc' fs solid noborder behind\n",
        object++, f.begin_s * scale, std::min(f.end_s, end_s) * scale);
  }
  const char* const shading = r.fast_forwarded.empty() ? "grey: warm-up" : "grey: warm-up; tinted: fast-forwarded";
  for (std::size_t i = 0; i < marks.size(); ++i) {
    s += fmt::format("set arrow {} from {:.12g}, graph 0 to {:.12g}, graph 1 nohead dt 2 lw 1.5 lc rgb '{}'\n", i + 1,
                     marks[i].at_s * scale, marks[i].at_s * scale, marks[i].colour);
  }

  auto panel = [&](int i) {
    const int top = panels_top + i * (kPanelPx + 40);
    return panel_at({kLeft, right, top, top + kPanelPx}, kWidth, height) +
           fmt::format("set key at screen {:.4f}, screen {:.4f} left top Left reverse samplen 2\n",
                       (right + (repair ? 90.0 : 15.0)) / kWidth, screen_y(top));
  };
  // The event numbers, above the first panel, joined to their lines.
  std::string numbers;
  for (std::size_t i = 0; i < marks.size(); ++i) {
    const double y = panels_top - 4 - kRowPx * (marks[i].row + 0.5);
    numbers += fmt::format("set label {} {} at {:.12g}, screen {:.4f} center tc rgb '{}'\n", i + 1,
                           gp_string(marks[i].text()), marks[i].at_s * scale, screen_y(y), marks[i].colour);
    if (marks[i].row > 0) {
      numbers +=
          fmt::format("set arrow {} from {:.12g}, graph 1 to {:.12g}, screen {:.4f} nohead dt 2 lw 1.5 lc rgb '{}'\n",
                      marks.size() + i + 1, marks[i].at_s * scale, marks[i].at_s * scale, screen_y(y + kRowPx * 0.45),
                      marks[i].colour);
    }
  }

  const Axis iops_axis = si_axis(most_iops);
  s += panel(0) + numbers;
  s += fmt::format("set format x ''\nset ylabel 'IOPS'\nset yrange [0:{:.12g}]\nset ytics {}\n", iops_axis.top,
                   iops_axis.tics);
  std::vector<std::string> iops;
  if (reads) {
    iops.push_back(
        fmt::format("'timeline.dat' using {}:2 with linespoints pt 7 ps 0.5 lc rgb '{}' title 'read'", x, kReadColour));
  }
  if (writes) {
    iops.push_back(fmt::format("'timeline.dat' using {}:3 with linespoints pt 7 ps 0.5 lc rgb '{}' title 'write'", x,
                               kWriteColour));
  }
  if (iops.empty()) iops.push_back("NaN notitle");
  s += "plot " + fmt::format("{}", fmt::join(iops, ", \\\n     ")) + "\n";
  // The numbers' own lines above the panel belong to the first panel only.
  s += "unset label\n";
  for (std::size_t i = 0; i < marks.size(); ++i) {
    if (marks[i].row > 0) s += fmt::format("unset arrow {}\n", marks.size() + i + 1);
  }

  s += panel(1);
  s += latency_axis(latencies_ms);
  if (!repair) s += fmt::format("set format x '%g'\nset xlabel 'simulated time ({}; {})'\n", unit, shading);
  std::vector<std::string> lat;
  if (reads) {
    lat.push_back(
        fmt::format("'timeline.dat' using {}:4 with lines lw 2 lc rgb '{}' title 'read mean'", x, kReadColour));
    lat.push_back(
        fmt::format("'timeline.dat' using {}:6 with lines dt 2 lc rgb '{}' title 'read p99'", x, kReadColour));
  }
  if (writes) {
    lat.push_back(
        fmt::format("'timeline.dat' using {}:5 with lines lw 2 lc rgb '{}' title 'write mean'", x, kWriteColour));
    lat.push_back(
        fmt::format("'timeline.dat' using {}:7 with lines dt 2 lc rgb '{}' title 'write p99'", x, kWriteColour));
  }
  if (lat.empty()) lat.push_back("NaN notitle");
  s += "plot " + fmt::format("{}", fmt::join(lat, ", \\\n     ")) + "\n";

  if (repair) {
    Axis rate = si_axis(most_repair, "B/s");
    if (most_repair == 0) rate.tics = "('0' 0)";  // not a scale of 0.2 B/s steps
    const Axis degraded = si_axis(most_degraded, "B");
    s += panel(2) + "unset logscale y\n";
    s += fmt::format("set format x '%g'\nset xlabel 'simulated time ({}; {})'\n", unit, shading);
    s += fmt::format(
        "set ylabel 'repair rate' tc rgb '#1e8449'\nset yrange [0:{:.12g}]\nset ytics nomirror tc rgb '#1e8449' {}\n",
        rate.top, rate.tics);
    s += fmt::format("set y2label 'degraded (copies missing or stale)' tc rgb '#7d3c98'\nset y2range [0:{:.12g}]\n"
                     "set y2tics tc rgb '#7d3c98' {}\n",
                     degraded.top, degraded.tics);
    // A rate is over the interval that ends at its point: fsteps draws it there.
    s += fmt::format(
        "plot 'timeline.dat' using {}:($8*1e6) with fsteps lw 2 lc rgb '#1e8449' title '{}', \\\n"
        "     'timeline.dat' using {}:($9*1e9) axes x1y2 with lines lw 2 dt 2 lc rgb '#7d3c98' title 'degraded'\n",
        x, most_repair > 0 ? "repair rate" : "no repair ran", x);
  }

  // The events, numbered as their lines are, below the panels.
  if (event_lines > 0) {
    s += fmt::format("set label 'events (numbered as their dashed lines above)' at screen {:.4f}, screen {:.4f} left "
                     "tc rgb '#555555'\n",
                     30.0 / kWidth, screen_y(panels_bottom + 64));
  }
  const std::size_t fit = static_cast<std::size_t>((kWidth - kLeft - 20) / kCharPx) - 14;
  for (std::size_t i = 0; i < event_lines; ++i) {
    const models::TimelineMark& e = r.events[i];
    std::string line = fmt::format("{:>3}  {:>9}   ", i + 1, time_text(e.at_s, scale, unit));
    if (i + 1 == kMostEventLines && r.events.size() > kMostEventLines) {
      line += fmt::format("... and {} more events (the report lists them all)", r.events.size() - i);
    } else {
      line += shortened(run_event_text(e.what), fit);
    }
    s += fmt::format("set label {} at screen {:.4f}, screen {:.4f} left font 'monospace,9' tc rgb '{}'\n",
                     gp_string(line), 30.0 / kWidth, screen_y(panels_bottom + 82 + kEventLinePx * (i + 0.5)),
                     colour_of(e.kind()));
  }
  // The list is drawn by the next plot; an empty one draws nothing else.
  if (event_lines > 0) {
    s += "unset object\nunset arrow\nunset border\nunset tics\nunset xlabel\nunset ylabel\nunset y2label\n"
         "unset grid\nunset key\nset yrange [0:1]\nplot NaN notitle\n";
  }
  s += "unset multiplot\n";
  return {"timeline.png", "timeline.gp", s};
}

}  // namespace hcisim::frontend::plot
