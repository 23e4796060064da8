// --plot: each picture is drawn by gnuplot and not empty; without gnuplot, one
// line. What each script draws: titles, axes, markers and labels that read.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "temp_dir.hpp"
#include "tools/frontend/report/plot_labels.hpp"
#include "tools/frontend/report/plot_text.hpp"
#include "tools/frontend/report/plots.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"

using namespace hcisim;
using namespace hcisim::frontend;

namespace {

models::RunResult small_result() {
  models::RunResult r;
  r.read_latency.count = 300;
  r.read_latency.bins = {{100'000, 1024, 100}, {200'000, 2048, 150}, {400'000, 4096, 50}};
  r.read_latency.p99_s = 0.000403;
  r.read_latency.p999_s = 0.000404;
  r.write_latency.count = 10;
  r.write_latency.bins = {{1'000'000, 8192, 10}};
  r.write_latency.p99_s = 0.001008;
  r.write_latency.p999_s = 0.001008;
  for (int i = 1; i <= 8; ++i) {
    models::TimelinePoint p;
    p.end_s = 0.001 * i;
    p.read_iops = i == 5 ? 0 : 1000;
    p.write_iops = 100;
    p.read_latency_mean_s = 2e-4;
    p.write_latency_mean_s = 1e-3;
    p.degraded_bytes = i >= 4 && i < 7 ? 2e9 : 0;
    p.repair_bytes_per_s = i == 6 ? 5e8 : 0;
    r.timeline.push_back(p);
  }
  using W = models::RunEventWhat;
  r.events.push_back({0.004, {.what = W::NodeFails, .node = 1}});
  r.events.push_back({0.004, {.what = W::VmsStop, .node = 1, .count = 2, .seconds = 45}});
  r.events.push_back({0.0041, {.what = W::NodeDetectedDown, .node = 1}});
  for (int n = 0; n < 2; ++n) {
    models::NodeResult node;
    node.node = n;
    node.cpu_by_layer = {0.1, 0.05, 0.2, 0.02, 0.03};
    r.nodes.push_back(node);
  }
  return r;
}

models::ScenarioSpec spec_named(std::string id, int nodes) {
  models::ScenarioSpec spec;
  spec.id = std::move(id);
  spec.cluster.node_count = nodes;
  return spec;
}

std::string read(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

bool is_png(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  char magic[8] = {};
  in.read(magic, 8);
  return in && std::string(magic + 1, 3) == "PNG" && std::filesystem::file_size(file) > 1000;
}

}  // namespace

TEST_CASE("--plot draws the latency CDF, the timeline and CPU by layer", "[plots]") {
  testing::TempDir dir;
  const models::ScenarioSpec spec = spec_named("small \"quoted\" run", 2);
  const PlotOutcome out = write_run_plots(dir.path() / "plots", spec, small_result());
  INFO(out.message);
  REQUIRE(out.drawn);
  REQUIRE(out.images.size() == 3);
  for (const char* name : {"latency-cdf.png", "timeline.png", "cpu-by-layer.png"}) {
    INFO(name);
    CHECK(is_png(dir.path() / "plots" / name));
  }
  // The CDF data ends at every I/O completed; the interval without reads has no latency.
  std::ifstream cdf(dir.path() / "plots" / "latency-cdf-read.dat");
  std::string line, last;
  while (std::getline(cdf, line)) last = line;
  CHECK(last == "0.404096 1.00000000");
  std::ifstream timeline(dir.path() / "plots" / "timeline.dat");
  std::string all((std::istreambuf_iterator<char>(timeline)), {});
  CHECK(all.find("0.005000000 0.000 100.000 NaN 1.000000") != std::string::npos);
  // A run with failures: repair rate and degraded data in a third panel.
  CHECK(all.find("0.006000000 1000.000 100.000 0.200000 1.000000 0.000000 0.000000 500.000 2.000000") !=
        std::string::npos);
  const std::string gp = read(dir.path() / "plots" / "timeline.gp");
  CHECK(gp.find("set y2label 'degraded") != std::string::npos);
  CHECK(gp.find("using ($1*1000):($8*1e6) with fsteps") != std::string::npos);
}

TEST_CASE("--plot draws a run without I/O, events or nodes", "[plots]") {
  testing::TempDir dir;
  models::RunResult r;
  r.timeline.resize(2);
  r.timeline[1].end_s = 2;
  const PlotOutcome out = write_run_plots(dir.path(), spec_named("empty", 1), r);
  INFO(out.message);
  CHECK(out.drawn);
  CHECK(out.images.size() == 3);
}

TEST_CASE("the saturation curve of a sweep", "[plots]") {
  testing::TempDir dir;
  const PlotOutcome out = write_saturation_plot(
      dir.path(), {"Test 1", "saturation curve", "QD", {{"1", 1e5, 2e-4}, {"8", 6e5, 4e-4}, {"64", 9e5, 3e-3}}});
  INFO(out.message);
  REQUIRE(out.drawn);
  CHECK(is_png(dir.path() / "saturation.png"));
}

TEST_CASE("without gnuplot the data is written and one line says so", "[plots]") {
  testing::TempDir dir;
  const std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (dir.path() / "no-such-bin").c_str(), 1);
  const models::ScenarioSpec spec = spec_named("x", 1);
  const PlotOutcome out = write_run_plots(dir.path(), spec, small_result());
  setenv("PATH", saved.c_str(), 1);
  CHECK_FALSE(out.drawn);
  CHECK(out.images.empty());
  CHECK(out.message.find('\n') == std::string::npos);
  CHECK(out.message.find("gnuplot is not installed") != std::string::npos);
  CHECK(std::filesystem::exists(dir.path() / "timeline.gp"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "timeline.png"));
}

namespace {

// The scripts write_run_plots writes for `spec` and `r` (gnuplot not needed).
std::map<std::string, std::string> run_scripts(const models::ScenarioSpec& spec, const models::RunResult& r) {
  testing::TempDir dir;
  const std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (dir.path() / "no-such-bin").c_str(), 1);
  write_run_plots(dir.path(), spec, r);
  setenv("PATH", saved.c_str(), 1);
  std::map<std::string, std::string> scripts;
  for (const char* name : {"latency-cdf.gp", "timeline.gp", "cpu-by-layer.gp"}) scripts[name] = read(dir.path() / name);
  return scripts;
}

// The numbers above the timeline: text -> (x, screen y).
std::map<std::string, std::pair<std::string, std::string>> event_numbers(const std::string& gp) {
  std::map<std::string, std::pair<std::string, std::string>> numbers;
  const std::regex label(R"(set label \d+ '([0-9,-]+)' at ([0-9.e-]+), screen ([0-9.]+) center)");
  for (auto it = std::sregex_iterator(gp.begin(), gp.end(), label); it != std::sregex_iterator(); ++it) {
    numbers[(*it)[1]] = {(*it)[2], (*it)[3]};
  }
  return numbers;
}

}  // namespace

TEST_CASE("--plot latency: a log-scale tail panel marks p99 and p99.9 of the run", "[plots]") {
  const std::string gp = run_scripts(spec_named("x", 2), small_result())["latency-cdf.gp"];
  CHECK(gp.find("set logscale y") != std::string::npos);
  CHECK(gp.find("using 1:(1-$2)") != std::string::npos);
  // Markers at the run's percentiles (ms) and shares 1 % and 0.1 %, their values in the key.
  CHECK(gp.find("$read_marks << EOD\n0.403000 0.01\n0.404000 0.001\nEOD") != std::string::npos);
  CHECK(gp.find("$write_marks << EOD\n1.008000 0.01\n1.008000 0.001\nEOD") != std::string::npos);
  CHECK(
      gp.find("$read_marks using 1:2 with points pt 7 ps 1.4 lc rgb '#0072b2' title 'p99 0.403 ms, p99.9 0.404 ms'") !=
      std::string::npos);
  CHECK(gp.find("$write_marks using 1:2 with points pt 7 ps 1.4 lc rgb '#d55e00' title 'p99 1.01 ms, p99.9 1.01 ms'") !=
        std::string::npos);
  CHECK(gp.find("'1%% (p99)' 0.01") != std::string::npos);
  CHECK(gp.find("'0.1%% (p99.9)' 0.001") != std::string::npos);
}

TEST_CASE("--plot CPU by layer is on a 0-100 % axis, whatever the load", "[plots]") {
  const std::string gp = run_scripts(spec_named("x", 2), small_result())["cpu-by-layer.gp"];
  CHECK(gp.find("set yrange [0:100]\n") != std::string::npos);
  CHECK(gp.find("[0:*]") == std::string::npos);
}

TEST_CASE("--plot timeline: events are numbered, never printed over each other, and listed", "[plots]") {
  const std::string gp = run_scripts(spec_named("x", 2), small_result())["timeline.gp"];
  // Two events at 4 ms share one line numbered "1,2"; the one at 4.1 ms, too close
  // to sit beside it, is stacked above it.
  const auto numbers = event_numbers(gp);
  REQUIRE(numbers.size() == 2);
  REQUIRE(numbers.count("1,2"));
  REQUIRE(numbers.count("3"));
  CHECK(numbers.at("1,2").first == "4");
  CHECK(numbers.at("3").first == "4.1");
  CHECK(numbers.at("1,2").second != numbers.at("3").second);
  // Each event its own line below: number, time, what.
  CHECK(gp.find("'  1       4 ms   node 2 fails'") != std::string::npos);
  CHECK(gp.find("'  2       4 ms   2 VMs of node 2 stop; they restart") != std::string::npos);
  CHECK(gp.find("'  3     4.1 ms   node 2 detected down'") != std::string::npos);
  // IOPS ticks read as numbers with K/M/G, never as 1e+06.
  CHECK(gp.find("'1K' 1000") != std::string::npos);
  CHECK(gp.find("'2 GB' 2000000000") != std::string::npos);
  CHECK(gp.find("e+") == std::string::npos);
}

TEST_CASE("--plot timeline: a stall does not flatten the other latencies to 0", "[plots]") {
  models::RunResult r = small_result();
  CHECK(run_scripts(spec_named("x", 2), r)["timeline.gp"].find("latency (ms)'\nset yrange [0:") != std::string::npos);
  r.timeline[2].write_p99_s = 8.0;  // an I/O caught by a failure waits 8 s
  const std::string gp = run_scripts(spec_named("x", 2), r)["timeline.gp"];
  CHECK(gp.find("set ylabel 'latency (ms, log scale)'\nset logscale y\nset yrange [0.1:10000]\nset ytics ('0.1' 0.1, "
                "'1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)") != std::string::npos);
  // The repair panel after it is linear again.
  CHECK(gp.find("unset logscale y", gp.find("set logscale y")) != std::string::npos);
}

TEST_CASE("--plot titles are the scenario's title, shortened when very long", "[plots]") {
  models::ScenarioSpec spec = spec_named("test1-4k", 2);
  spec.title = "AX-7525 Test 1: 4K random read, 64 VMs per node";
  for (const auto& [name, gp] : run_scripts(spec, small_result())) {
    INFO(name);
    CHECK(gp.find("title 'AX-7525 Test 1: 4K random read, 64 VMs per node'.\"\\n\".") != std::string::npos);
  }
  spec.title = std::string(400, 'x') + " the end";
  const std::string gp = run_scripts(spec, small_result())["timeline.gp"];
  CHECK(gp.find("the end") == std::string::npos);
  CHECK(gp.find("...'") != std::string::npos);
  // Without a title, the id.
  CHECK(run_scripts(spec_named("my-run", 1), small_result())["cpu-by-layer.gp"].find("title 'my-run'") !=
        std::string::npos);
}

TEST_CASE("--plot text from a scenario cannot run a command in gnuplot", "[plots]") {
  if (find_gnuplot().empty()) return;
  testing::TempDir dir;
  const std::filesystem::path planted = dir.path() / "ran";
  models::ScenarioSpec spec = spec_named("id `touch " + planted.string() + "`", 2);
  spec.title = "title `touch " + planted.string() + "` it's \"quoted\" \\ @x";
  models::RunResult r = small_result();
  // (a run event carries no text of the user's: it is worded by the report)
  const PlotOutcome out = write_run_plots(dir.path() / "plots", spec, r);
  INFO(out.message);
  CHECK(out.drawn);
  CHECK_FALSE(std::filesystem::exists(planted));
  CHECK(read(dir.path() / "plots" / "timeline.gp").find("'title `touch") != std::string::npos);
}

TEST_CASE("plot ticks read K, M and G with units", "[plots]") {
  CHECK(plot::si_text(0) == "0");
  CHECK(plot::si_text(250e3) == "250K");
  CHECK(plot::si_text(1.4e6) == "1.4M");
  CHECK(plot::si_text(2.5e9) == "2.5G");
  CHECK(plot::si_text(14e9, "B/s") == "14 GB/s");
  CHECK(plot::si_text(500e3, "B/s") == "500 kB/s");
  const plot::Axis axis = plot::si_axis(1.43e6);
  CHECK(axis.top == 1.5e6);
  CHECK(axis.tics == "('0' 0, '500K' 500000, '1M' 1000000, '1.5M' 1500000)");
  CHECK(plot::plain_axis(3.2).tics == "('0' 0, '1' 1, '2' 2, '3' 3, '4' 4)");
}

TEST_CASE("plot log axes: 1-2-5 ticks, whole decades when wide", "[plots]") {
  const plot::LogAxis narrow = plot::log_axis(1.4, 4.9);
  CHECK(narrow.bottom == 1);
  CHECK(narrow.top == 5);
  CHECK(narrow.tics == "('1' 1, '2' 2, '5' 5)");
  const plot::LogAxis wide = plot::log_axis(0.13, 19000);
  CHECK(wide.bottom == Approx(0.1));
  CHECK(wide.top == Approx(1e5));
  CHECK(wide.tics == "('0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000, '100000' 100000)");
}

TEST_CASE("plot text: gnuplot single quotes, titles that fit", "[plots]") {
  CHECK(plot::gp_string("it's `x`") == "'it''s `x`'");
  CHECK(plot::gp_string("a\nb") == "'a\\nb'");
  CHECK(plot::gp_lines({"a", "b"}) == "'a'.\"\\n\".'b'");
  CHECK(plot::shortened("short", 10) == "short");
  CHECK(plot::shortened("one two three four", 12) == "one two...");
  const std::vector<std::string> lines =
      plot::title_lines(std::string(100, 'a') + " " + std::string(300, 'b'), "what", 800);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == std::string(100, 'a'));
  CHECK(lines[1].size() <= 110);
  CHECK(lines[2] == "what");
}

TEST_CASE("sweep labels are the values only; the key names the setting", "[plots]") {
  std::vector<nlohmann::json> rows;
  for (const int qd : {1, 16, 64}) {
    rows.push_back({{"vary", {{"vms.workload.outstanding", qd}}},
                    {"figures", {{"total_iops", 1e5 * qd}, {"lat_p99_ms", 0.2 + qd * 0.01}}}});
  }
  SaturationPlot curve = saturation_plot(rows_of(rows));
  REQUIRE(curve.points.size() == 3);
  CHECK(curve.points[1].label == "16");
  CHECK(curve.label_keys == "vms.workload.outstanding");
  curve.title = "AX-7525 Test 1";
  curve.what = "saturation curve";
  testing::TempDir dir;
  const std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (dir.path() / "no-such-bin").c_str(), 1);
  write_saturation_plot(dir.path(), curve);
  setenv("PATH", saved.c_str(), 1);
  const std::string gp = read(dir.path() / "saturation.gp");
  CHECK(gp.find("set label 2 '16' at ") != std::string::npos);
  for (std::size_t at = gp.find("set label"); at != std::string::npos; at = gp.find("set label", at + 1)) {
    CHECK(gp.substr(at, gp.find('\n', at) - at).find("vms.workload") == std::string::npos);
  }
  CHECK(gp.find("labelled with its vms.workload.outstanding'") != std::string::npos);
  CHECK(gp.find("set title 'AX-7525 Test 1'.\"\\n\".'saturation curve'") != std::string::npos);
  CHECK(gp.find("saturation: saturation") == std::string::npos);
}

TEST_CASE("labels of close points neither cover each other nor leave the plot", "[plots]") {
  const plot::Box area{100, 500, 50, 350};
  std::vector<plot::PointPx> points;
  std::vector<std::string> texts;
  for (int i = 0; i < 8; ++i) {
    points.push_back({110.0 + 6 * i, 340.0 - i});  // crowded in the bottom-left corner
    texts.push_back(std::to_string(1 << i));
  }
  points.push_back({499, 51});  // at the top-right corner
  texts.push_back("vms.per_node=128");
  const std::vector<plot::LabelPlace> places = plot::place_labels(points, texts, area);
  REQUIRE(places.size() == points.size());
  struct Box {
    double l, t, r, b;
  };
  std::vector<Box> boxes;
  for (std::size_t i = 0; i < places.size(); ++i) {
    const double half = texts[i].size() * plot::kCharPx / 2;
    boxes.push_back(
        {places[i].centre.x - half, places[i].centre.y - 7, places[i].centre.x + half, places[i].centre.y + 7});
    CHECK(places[i].clear);
    CHECK(boxes.back().l >= area.left);
    CHECK(boxes.back().r <= area.right);
    CHECK(boxes.back().t >= area.top);
    CHECK(boxes.back().b <= area.bottom);
  }
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      INFO(i << " and " << j);
      CHECK((boxes[i].r <= boxes[j].l || boxes[j].r <= boxes[i].l || boxes[i].b <= boxes[j].t ||
             boxes[j].b <= boxes[i].t));
    }
  }
}
