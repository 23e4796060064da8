// --plot: each picture is drawn by gnuplot and not empty; without gnuplot, one line.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "temp_dir.hpp"
#include "tools/frontend/plots.hpp"

using namespace hcisim;
using namespace hcisim::frontend;

namespace {

models::RunResult small_result() {
  models::RunResult r;
  r.read_latency.count = 300;
  r.read_latency.bins = {{100'000, 1024, 100}, {200'000, 2048, 150}, {400'000, 4096, 50}};
  r.write_latency.count = 10;
  r.write_latency.bins = {{1'000'000, 8192, 10}};
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
  r.events.push_back({0.004, models::RunEventKind::Failure, "node 2 fails"});
  r.events.push_back({0.004, models::RunEventKind::Note, "its VMs stop"});
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
  // A run with failures: repair MB/s and degraded GB in a third panel, the
  // events of one instant in one label.
  CHECK(all.find("0.006000000 1000.000 100.000 0.200000 1.000000 0.000000 0.000000 500.000 2.000000") != std::string::npos);
  std::ifstream script(dir.path() / "plots" / "timeline.gp");
  std::string gp((std::istreambuf_iterator<char>(script)), {});
  CHECK(gp.find("layout 3,1") != std::string::npos);
  CHECK(gp.find("using 1:8 with fsteps") != std::string::npos);
  CHECK(gp.find("node 2 fails; its VMs stop") != std::string::npos);
}

TEST_CASE("the saturation curve of a sweep", "[plots]") {
  testing::TempDir dir;
  const PlotOutcome out = write_saturation_plot(dir.path(), "sweep", {{"QD 1", 1e5, 2e-4}, {"QD 8", 6e5, 4e-4}, {"QD 64", 9e5, 3e-3}});
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
