#include "tools/frontend/plots.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <fmt/format.h>
#include <stdexcept>

#include "tools/frontend/message_text.hpp"
#include "tools/frontend/output_file.hpp"

extern char** environ;

namespace hcisim::frontend {

namespace {

namespace fs = std::filesystem;

constexpr const char* kLayerNames[models::kCpuLayerCount] = {"guest", "hypervisor", "storage stack", "drive I/O",
                                                              "network"};

// Text inside a gnuplot double-quoted string (the terminal is set noenhanced).
std::string gp_text(const std::string& s) {
  std::string out;
  for (const char c : printable(s, 100)) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// Through the writer --json and --csv use (output_file.hpp): written whole or
// not at all, never through a symbolic link or into a device.
void write_text(const fs::path& file, const std::string& text) { write_output_file(file.string(), text); }

// What gnuplot writes itself (its log, the pictures) must not be a link or
// anything but a plain file either: such a name is refused, not followed.
void require_plain_or_absent(const fs::path& file) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(file, ec);
  if (ec || status.type() == fs::file_type::not_found || status.type() == fs::file_type::regular) return;
  throw OutputError("--plot: cannot write '" + printable(file.string()) + "': it is " +
                    (status.type() == fs::file_type::symlink ? "a symbolic link (links are not followed)"
                                                             : "not a regular file"));
}

std::string terminal(const std::string& image, int width, int height) {
  return fmt::format("set terminal pngcairo noenhanced size {},{} font \"sans,10\"\nset output \"{}\"\n", width, height,
                     gp_text(image));
}

// A private folder (mode 0700, removed when done) where gnuplot writes its
// picture and log: nothing gnuplot opens for writing is in the user's folder.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string pattern = (fs::temp_directory_path() / "hcisim-plot-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("--plot: cannot make a scratch folder");
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs gnuplot on `script` with `dir` as its working folder (the script reads
// its data there) and stderr appended to `log`; true on exit 0.
bool run_gnuplot(const fs::path& gnuplot, const fs::path& dir, const fs::path& script, const fs::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string log_path = log.string();
  const std::string folder = dir.string();
  posix_spawn_file_actions_addchdir_np(&actions, folder.c_str());
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0600);
  const std::string exe = fs::absolute(gnuplot).string();
  const std::string file = script.string();
  char* argv[] = {const_cast<char*>(exe.c_str()), const_cast<char*>(file.c_str()), nullptr};
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return false;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return false;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

struct Picture {
  std::string image;
  std::string script_name;
  std::string script;
};

// The user's script draws into `image` beside it; the one gnuplot runs draws
// into the scratch folder instead, and the picture is then copied out through
// the writer every output uses (whole or not at all, never through a link).
PlotOutcome draw(const fs::path& dir, const std::vector<Picture>& pictures) {
  PlotOutcome outcome;
  require_plain_or_absent(dir / "gnuplot.log");
  for (const Picture& p : pictures) require_plain_or_absent(dir / p.image);
  for (const Picture& p : pictures) write_text(dir / p.script_name, p.script);
  const fs::path gnuplot = find_gnuplot();
  if (gnuplot.empty()) {
    outcome.message = "--plot: gnuplot is not installed (Debian: apt-get install gnuplot-nox); the data and scripts "
                      "are in '" + printable(dir.string()) + "'";
    return outcome;
  }
  const ScratchFolder scratch;
  const fs::path log = scratch.path() / "gnuplot.log";
  outcome.drawn = true;
  for (const Picture& p : pictures) {
    const fs::path drawn = scratch.path() / p.image;
    std::string script = p.script;
    const std::string output = "set output \"" + gp_text(p.image) + "\"";
    const std::size_t at = script.find(output);
    if (at != std::string::npos) script.replace(at, output.size(), "set output \"" + gp_text(drawn.string()) + "\"");
    const fs::path run = scratch.path() / p.script_name;
    std::ofstream(run, std::ios::binary) << script;
    std::error_code ec;
    const fs::path image = dir / p.image;
    if (!run_gnuplot(gnuplot, dir, run, log) || !fs::is_regular_file(drawn, ec) || fs::file_size(drawn, ec) == 0) {
      outcome.drawn = false;
      outcome.message = "--plot: gnuplot could not draw '" + printable(image.string()) + "' (see '" +
                        printable((dir / "gnuplot.log").string()) + "')";
      continue;
    }
    write_text(image, read_file(drawn));
    outcome.images.push_back(image);
  }
  write_text(dir / "gnuplot.log", read_file(log));
  return outcome;
}

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

Picture latency_cdf(const fs::path& dir, const models::ScenarioSpec& spec, const models::RunResult& r) {
  write_text(dir / "latency-cdf-read.dat", cdf_data(r.read_latency));
  write_text(dir / "latency-cdf-write.dat", cdf_data(r.write_latency));
  std::string s = terminal("latency-cdf.png", 900, 560);
  s += fmt::format("set title \"{}: latency distribution\"\n", gp_text(spec.id));
  s += "set xlabel \"latency (ms)\"\nset ylabel \"share of I/Os completed within\"\nset logscale x\n"
       "set yrange [0:1.02]\nset grid\nset key bottom right\n";
  std::vector<std::string> series;
  if (r.read_latency.count > 0) series.push_back("\"latency-cdf-read.dat\" using 1:2 with steps lw 2 title \"read\"");
  if (r.write_latency.count > 0) series.push_back("\"latency-cdf-write.dat\" using 1:2 with steps lw 2 title \"write\"");
  if (series.empty()) series.push_back("0 notitle");
  s += "plot " + fmt::format("{}", fmt::join(series, ", \\\n     ")) + "\n";
  return {"latency-cdf.png", "latency-cdf.gp", s};
}

// One dashed line per instant with events, labelled with all of them (events
// at the same instant would otherwise print over each other).
std::string event_marks(const models::RunResult& r) {
  std::string s;
  int n = 0;
  for (std::size_t i = 0; i < r.events.size();) {
    const double at = r.events[i].at_s;
    std::string label = r.events[i].what;
    for (++i; i < r.events.size() && r.events[i].at_s == at; ++i) label += "; " + r.events[i].what;
    ++n;
    s += fmt::format("set arrow {} from {:.9f}, graph 0 to {:.9f}, graph 1 nohead dt 2 lc rgb \"#c0392b\"\n", n, at, at);
    s += fmt::format("set label {} \"{}\" at {:.9f}, graph 0.98 rotate by 90 right font \",8\" tc rgb \"#c0392b\"\n", n,
                     gp_text(label), at);
  }
  return s;
}

Picture timeline(const fs::path& dir, const models::ScenarioSpec& spec, const models::RunResult& r) {
  std::string data =
      "# end_s read_iops write_iops read_mean_ms write_mean_ms read_p99_ms write_p99_ms repair_mbps degraded_gb\n";
  // An interval without I/O of a kind has no latency: NaN, a gap in the line (not a latency of 0).
  auto ms = [](double iops, double s) { return iops > 0 ? fmt::format("{:.6f}", s * 1e3) : std::string("NaN"); };
  for (const models::TimelinePoint& p : r.timeline) {
    data += fmt::format("{:.9f} {:.3f} {:.3f} {} {} {} {} {:.3f} {:.6f}\n", p.end_s, p.read_iops, p.write_iops,
                        ms(p.read_iops, p.read_latency_mean_s), ms(p.write_iops, p.write_latency_mean_s),
                        ms(p.read_iops, p.read_p99_s), ms(p.write_iops, p.write_p99_s), p.repair_bytes_per_s / 1e6,
                        p.degraded_bytes / 1e9);
  }
  // A run with failures gets a third panel: repair MB/s and degraded GB.
  bool repair = !r.phases.empty();
  for (const models::TimelinePoint& p : r.timeline) repair = repair || p.degraded_bytes > 0 || p.repair_bytes_per_s > 0;
  write_text(dir / "timeline.dat", data);
  const bool reads = r.read_latency.count > 0, writes = r.write_latency.count > 0;
  std::string s = terminal("timeline.png", 1000, repair ? 1100 : 760);
  s += fmt::format("set multiplot layout {},1 title \"{}: over time\"\n", repair ? 3 : 2, gp_text(spec.id));
  s += "set grid\nset key top right\nset xlabel \"simulated time (s, warm-up included)\"\n" + event_marks(r);
  s += "set ylabel \"IOPS\"\nset yrange [0:*]\n";
  std::vector<std::string> iops;
  if (reads) iops.push_back("\"timeline.dat\" using 1:2 with linespoints pt 7 ps 0.5 title \"read IOPS\"");
  if (writes) iops.push_back("\"timeline.dat\" using 1:3 with linespoints pt 7 ps 0.5 title \"write IOPS\"");
  if (iops.empty()) iops.push_back("0 notitle");
  s += "plot " + fmt::format("{}", fmt::join(iops, ", \\\n     ")) + "\n";
  s += "set ylabel \"latency (ms)\"\n";
  std::vector<std::string> lat;
  if (reads) {
    lat.push_back("\"timeline.dat\" using 1:4 with lines lw 2 title \"read mean\"");
    lat.push_back("\"timeline.dat\" using 1:6 with lines dt 3 title \"read p99\"");
  }
  if (writes) {
    lat.push_back("\"timeline.dat\" using 1:5 with lines lw 2 title \"write mean\"");
    lat.push_back("\"timeline.dat\" using 1:7 with lines dt 3 title \"write p99\"");
  }
  if (lat.empty()) lat.push_back("0 notitle");
  s += "plot " + fmt::format("{}", fmt::join(lat, ", \\\n     ")) + "\n";
  if (repair) {
    // A rate is over the interval that ends at its point: fsteps draws it there.
    s += "set ylabel \"repair (MB/s)\"\nset y2label \"degraded (GB)\"\nset y2range [0:*]\nset ytics nomirror\nset y2tics\n"
         "plot \"timeline.dat\" using 1:8 with fsteps lw 2 title \"repair MB/s\", \\\n"
         "     \"timeline.dat\" using 1:9 axes x1y2 with lines lw 2 dt 2 title \"degraded GB\"\n";
  }
  s += "unset multiplot\n";
  return {"timeline.png", "timeline.gp", s};
}

Picture cpu_by_layer(const fs::path& dir, const models::ScenarioSpec& spec, const models::RunResult& r) {
  std::string data = "# host guest hypervisor stack drive_io network (percent of the host's CPU)\n";
  for (const models::NodeResult& n : r.nodes) {
    data += n.compute_host ? fmt::format("\"host {}\"", n.node + 1 - spec.cluster.node_count)
                           : fmt::format("\"node {}\"", n.node + 1);
    for (const double layer : n.cpu_by_layer) data += fmt::format(" {:.4f}", layer * 100);
    data += "\n";
  }
  write_text(dir / "cpu-by-layer.dat", data);
  std::string s = terminal("cpu-by-layer.png", 900, 560);
  s += fmt::format("set title \"{}: CPU per node by layer\"\n", gp_text(spec.id));
  s += "set style data histograms\nset style histogram rowstacked\nset style fill solid 0.85 border -1\n"
       "set boxwidth 0.7\nset ylabel \"CPU (% of the node's capacity)\"\nset yrange [0:*]\nset grid y\n"
       "set key outside right top\nset xtics rotate by -45\n";
  std::vector<std::string> layers;
  for (int l = 0; l < models::kCpuLayerCount; ++l) {
    layers.push_back(fmt::format("\"cpu-by-layer.dat\" using {}{} title \"{}\"", l + 2, l == 0 ? ":xtic(1)" : "",
                                 kLayerNames[l]));
  }
  s += "plot " + fmt::format("{}", fmt::join(layers, ", \\\n     ")) + "\n";
  return {"cpu-by-layer.png", "cpu-by-layer.gp", s};
}

void make_dir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec)) throw std::runtime_error("--plot: cannot make the folder '" + printable(dir.string()) + "'");
}

}  // namespace

void check_plot_folder(const fs::path& dir) {
  for (const char* name : {"latency-cdf-read.dat", "latency-cdf-write.dat", "latency-cdf.gp", "latency-cdf.png",
                           "timeline.dat", "timeline.gp", "timeline.png", "cpu-by-layer.dat", "cpu-by-layer.gp",
                           "cpu-by-layer.png", "saturation.dat", "saturation.gp", "saturation.png", "gnuplot.log"}) {
    require_plain_or_absent(dir / name);
  }
}

fs::path find_gnuplot() {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  const std::string dirs = path;
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
    const fs::path candidate = fs::path(dirs.substr(start, colon - start).empty() ? "." : dirs.substr(start, colon - start)) / "gnuplot";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = colon + 1;
  }
  return {};
}

PlotOutcome write_run_plots(const fs::path& dir, const models::ScenarioSpec& spec, const models::RunResult& r) {
  make_dir(dir);
  return draw(dir, {latency_cdf(dir, spec, r), timeline(dir, spec, r), cpu_by_layer(dir, spec, r)});
}

PlotOutcome write_saturation_plot(const fs::path& dir, const std::string& title,
                                  const std::vector<SaturationPoint>& points) {
  if (points.empty()) throw std::invalid_argument("a saturation curve needs at least one sweep step");
  make_dir(dir);
  std::string data = "# iops p99_ms label\n";
  for (const SaturationPoint& p : points) {
    data += fmt::format("{:.3f} {:.6f} \"{}\"\n", p.iops, p.p99_s * 1e3, gp_text(p.label));
  }
  write_text(dir / "saturation.dat", data);
  std::string s = terminal("saturation.png", 900, 560);
  s += fmt::format("set title \"{}: saturation curve\"\n", gp_text(title));
  s += "set xlabel \"IOPS\"\nset ylabel \"p99 latency (ms)\"\nset grid\nset key off\nset yrange [0:*]\n"
       "plot \"saturation.dat\" using 1:2 with linespoints pt 7 lw 2, \\\n"
       "     \"saturation.dat\" using 1:2:3 with labels offset 0,1 font \",8\"\n";
  return draw(dir, {{"saturation.png", "saturation.gp", s}});
}

}  // namespace hcisim::frontend
