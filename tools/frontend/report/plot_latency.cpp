// latency-cdf.png: the share of I/Os completed within a latency (top), and the
// share slower than it on a log scale (bottom), where p99 and p99.9 can be read.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <vector>

#include "tools/frontend/report/plot_pictures.hpp"
#include "tools/frontend/report/plot_text.hpp"

namespace hcisim::frontend::plot {

namespace {

constexpr int kWidth = 900, kHeight = 900;

// Share of I/Os at or below each bucket's upper edge (ms).
std::string cdf_data(const models::LatencySummary& l) {
  std::string out = "# latency_ms cumulative_share\n";
  std::uint64_t seen = 0;
  for (const models::LatencyBin& b : l.bins) {
    seen += b.count;
    out += fmt::format("{:.6f} {:.8f}\n", static_cast<double>(b.lower_ns + b.width_ns) * 1e-6,
                       static_cast<double>(seen) / static_cast<double>(l.count));
  }
  return out;
}

// A latency as a key reads it: three significant digits, no exponent.
std::string ms_text(double ms) {
  if (ms >= 100) return fmt::format("{:.0f}", ms);
  if (ms >= 10) return fmt::format("{:.1f}", ms);
  if (ms >= 1) return fmt::format("{:.2f}", ms);
  return fmt::format("{:.3g}", ms);
}

struct Series {
  const char* name;
  const char* file;
  const char* colour;
  const models::LatencySummary* latency;
};

}  // namespace

Picture latency_cdf(const std::filesystem::path& dir, const std::string& title, const models::RunResult& r) {
  write_text(dir / "latency-cdf-read.dat", cdf_data(r.read_latency));
  write_text(dir / "latency-cdf-write.dat", cdf_data(r.write_latency));
  std::vector<Series> series;
  for (const Series& s : {Series{"read", "latency-cdf-read.dat", kReadColour, &r.read_latency},
                          Series{"write", "latency-cdf-write.dat", kWriteColour, &r.write_latency}}) {
    if (s.latency->count > 0 && !s.latency->bins.empty()) series.push_back(s);
  }
  // Round latencies around every plotted one, the same on both panels.
  double low = 1e300, high = 0;
  std::uint64_t most = 1;
  for (const Series& s : series) {
    low =
        std::min(low, static_cast<double>(s.latency->bins.front().lower_ns + s.latency->bins.front().width_ns) * 1e-6);
    high =
        std::max(high, static_cast<double>(s.latency->bins.back().lower_ns + s.latency->bins.back().width_ns) * 1e-6);
    most = std::max(most, s.latency->count);
  }
  if (series.empty()) low = 0.1, high = 1;
  const LogAxis x_axis = log_axis(low, high);
  // The tail panel reaches the share one I/O is (at least 1e-4, so p99.9 is inside it).
  const double y_lo = std::clamp(std::pow(10.0, std::floor(std::log10(1.0 / static_cast<double>(most)))), 1e-6, 1e-4);

  std::string s = terminal("latency-cdf.png", kWidth, kHeight);
  s += "set multiplot title " +
       gp_lines(title_lines(title, "latency distribution (below: the slowest I/Os on a log scale)", kWidth)) + "\n";
  s += fmt::format("set logscale x\nset xrange [{:.12g}:{:.12g}]\nset xtics {}\nset grid xtics ytics\n", x_axis.bottom,
                   x_axis.top, x_axis.tics);

  s += panel_at({150, kWidth - 30, 70, 430}, kWidth, kHeight);
  s += "set xlabel 'latency (ms)'\nset ylabel 'share of I/Os completed within'\nset yrange [0:1]\n"
       "set ytics ('0' 0, '25%%' 0.25, '50%%' 0.5, '75%%' 0.75, '100%%' 1)\nset key bottom right box opaque\n";
  std::vector<std::string> cdf;
  for (const Series& x : series) {
    cdf.push_back(fmt::format("'{}' using 1:2 with steps lw 2 lc rgb '{}' title '{}'", x.file, x.colour, x.name));
  }
  if (cdf.empty()) cdf.push_back("NaN notitle");
  s += "plot " + fmt::format("{}", fmt::join(cdf, ", \\\n     ")) + "\n";

  // The tail: 1 - F on a log axis labelled with the percentile each share is.
  s += panel_at({150, kWidth - 30, 500, kHeight - 60}, kWidth, kHeight);
  s += fmt::format("set ylabel 'share of I/Os slower than (log scale)'\nset logscale y\nset yrange [{:g}:1]\n", y_lo);
  std::string ytics = "('100%%' 1, '10%% (p90)' 0.1, '1%% (p99)' 0.01, '0.1%% (p99.9)' 0.001";
  if (y_lo <= 1e-4) ytics += ", '0.01%% (p99.99)' 0.0001";
  if (y_lo <= 1e-5) ytics += ", '0.001%% (p99.999)' 1e-05";
  if (y_lo <= 1e-6) ytics += ", '0.0001%% (p99.9999)' 1e-06";
  s += "set ytics " + ytics + ")\nset key top right box opaque\n";
  // p99 and p99.9 of the run, marked on the curves with their values in the key.
  std::vector<std::string> tail;
  for (const Series& x : series) {
    tail.push_back(fmt::format("'{}' using 1:(1-$2) with steps lw 2 lc rgb '{}' title '{}'", x.file, x.colour, x.name));
    const double p99 = x.latency->p99_s * 1e3, p999 = x.latency->p999_s * 1e3;
    if (!(p99 > 0 && p999 > 0)) continue;  // nothing to mark on a log axis
    s += fmt::format("${}_marks << EOD\n{:.6f} 0.01\n{:.6f} 0.001\nEOD\n", x.name, p99, p999);
    for (const auto& [at, share] : {std::pair{p99, "0.01"}, std::pair{p999, "0.001"}}) {
      s += fmt::format("set arrow from {:.6f}, graph 0 to {:.6f}, first {} nohead dt 2 lc rgb '{}'\n", at, at, share,
                       x.colour);
    }
    tail.push_back(fmt::format("${}_marks using 1:2 with points pt 7 ps 1.4 lc rgb '{}' title 'p99 {} ms, p99.9 {} ms'",
                               x.name, x.colour, ms_text(p99), ms_text(p999)));
  }
  s += "set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dt 3 lc rgb '#555555'\n"
       "set arrow from graph 0, first 0.001 to graph 1, first 0.001 nohead dt 3 lc rgb '#555555'\n";
  if (tail.empty()) tail.push_back("NaN notitle");
  s += "plot " + fmt::format("{}", fmt::join(tail, ", \\\n     ")) + "\nunset multiplot\n";
  return {"latency-cdf.png", "latency-cdf.gp", s};
}

}  // namespace hcisim::frontend::plot
