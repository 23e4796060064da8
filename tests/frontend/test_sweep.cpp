// Sweep grids, SLO text, rows and the resumable point store.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <vector>

#include "tools/frontend/sweep/slo.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"
#include "tools/frontend/sweep/sweep_store.hpp"
#include "tools/frontend/sweep/sweep_table.hpp"

using namespace hcisim::frontend;

TEST_CASE("a grid is every combination, the first --vary slowest") {
  const auto points = expand_grid({parse_vary("cluster.nodes=4,8"), parse_vary("vms.per_node=16,32,64")});
  REQUIRE(points.size() == 6);
  CHECK(points[0].assignments == std::vector<std::string>{"cluster.nodes=4", "vms.per_node=16"});
  CHECK(points[1].assignments == std::vector<std::string>{"cluster.nodes=4", "vms.per_node=32"});
  CHECK(points[3].assignments == std::vector<std::string>{"cluster.nodes=8", "vms.per_node=16"});
  CHECK(points[5].values == std::vector<std::string>{"8", "64"});
  for (std::size_t i = 0; i < points.size(); ++i) CHECK(points[i].index == i);
}

TEST_CASE("--vary splits at commas outside brackets and quotes, and refuses what it cannot read") {
  const SweepAxis a = parse_vary("vms.per_node=[32, 64, 32, 0], 32");
  REQUIRE(a.values.size() == 2);
  CHECK(a.values[0] == "[32, 64, 32, 0]");
  CHECK(a.values[1] == "32");
  CHECK(parse_vary("vms.workload.diskspd='-b4K -t1, -o2',\"-b8K\"").values.size() == 2);
  CHECK_THROWS_AS(parse_vary("cluster.nodes"), std::invalid_argument);
  CHECK_THROWS_AS(parse_vary("cluster.nodes=4,,8"), std::invalid_argument);
  CHECK_THROWS_AS(parse_vary("vms.per_node=[1, 2"), std::invalid_argument);
  CHECK_THROWS_AS(expand_grid({parse_vary("a=1,2"), parse_vary("a=3")}), std::invalid_argument);
  CHECK_THROWS_AS(expand_grid({parse_vary("a=1,2,3"), parse_vary("b=1,2,3")}, 8), std::invalid_argument);
}

TEST_CASE("--vary ranges: every whole number, a step or a factor, mixed with single values") {
  using V = std::vector<std::string>;
  CHECK(parse_vary("vms.per_node=4..7").values == V{"4", "5", "6", "7"});
  CHECK(parse_vary("cluster.nodes=2..16+4").values == V{"2", "6", "10", "14"});
  CHECK(parse_vary("vms.workload.outstanding=1..256*2").values ==
        V{"1", "2", "4", "8", "16", "32", "64", "128", "256"});
  CHECK(parse_vary("vms.workload.outstanding=3..100*3").values == V{"3", "9", "27", "81"});
  CHECK(parse_vary("vms.workload.outstanding=1..2, 12, 16..64*2").values == V{"1", "2", "12", "16", "32", "64"});
  CHECK(parse_vary("cluster.nodes=5..5").values == V{"5"});
  // The last value stops short of HI when the step does not land on it, and near
  // the top of the range of whole numbers nothing overflows.
  CHECK(parse_vary("a=9223372036854775800..9223372036854775807+5").values ==
        V{"9223372036854775800", "9223372036854775805"});
  CHECK(parse_vary("a=4611686018427387904..9223372036854775807*2").values == V{"4611686018427387904"});
  // What is not a range stays a value as written: a path, a list, a quoted string.
  CHECK(parse_vary("stack=../stacks/s2d.yaml").values == V{"../stacks/s2d.yaml"});
  CHECK(parse_vary("vms.per_node=[1..4]").values == V{"[1..4]"});
  for (const char* bad :
       {"a=8..1", "a=1..8*1", "a=0..8*2", "a=1..8+0", "a=1.5..4", "a=1..x", "a=1..", "a=1..4-1", "a=0..1000000"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_vary(bad), std::invalid_argument);
  }
  try {
    parse_vary("vms.per_node=8..1");
    FAIL("no error");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).find("HI is below LO") != std::string::npos);
  }
}

TEST_CASE("an SLO names a figure, a comparison and a limit in the figure's unit") {
  const Slo p99 = parse_slo("read.p99<=1ms");
  CHECK(p99.figure == "read_lat_p99_ms");
  CHECK(p99.limit == Approx(1.0));
  CHECK(p99.at_most);
  const Slo mean = parse_slo("lat.mean < 250us");
  CHECK(mean.figure == "lat_mean_ms");
  CHECK(mean.limit == Approx(0.25));
  CHECK(mean.strict);
  const Slo iops = parse_slo("total_iops>=1.5M");
  CHECK_FALSE(iops.at_most);
  CHECK(iops.limit == Approx(1.5e6));
  hcisim::models::RunResult r;
  r.read_latency.p99_s = 0.9e-3;
  CHECK(p99.holds(r));
  r.read_latency.p99_s = 1.1e-3;
  CHECK_FALSE(p99.holds(r));
  // The percentile an objective bounds, which a precision then covers.
  using Of = hcisim::models::LatencyPercentile::Of;
  CHECK(p99.percentile == hcisim::models::LatencyPercentile{Of::Read, 99});
  CHECK(parse_slo("lat.p999<=5ms").percentile == hcisim::models::LatencyPercentile{Of::All, 99.9});
  CHECK(parse_slo("write.p50<=1ms").percentile == hcisim::models::LatencyPercentile{Of::Write, 50});
  CHECK_FALSE(mean.percentile);
  CHECK_FALSE(iops.percentile);
  CHECK_FALSE(parse_slo("read.max<=9ms").percentile);
  // Whether the run settles it: the limit 1 ms against 0.99 ms +/- 0.02 ms is not.
  r.read_latency.p99_s = 0.99e-3;
  CHECK_FALSE(p99.interval(r));  // no interval given
  CHECK_FALSE(p99.close_call(r));
  r.read_latency.p99_ci_half_width_s = 0.02e-3;
  REQUIRE(p99.interval(r));
  CHECK(*p99.interval(r) == Approx(0.02));
  CHECK(p99.close_call(r));
  r.read_latency.p99_ci_half_width_s = 0.005e-3;
  CHECK_FALSE(p99.close_call(r));
  CHECK_FALSE(parse_slo("read.mean<=1ms").interval(r));  // no interval on a direction's mean
  CHECK_THROWS_AS(parse_slo("read.p97<=1ms"), std::invalid_argument);
  CHECK_THROWS_AS(parse_slo("read.p99"), std::invalid_argument);
  CHECK_THROWS_AS(parse_slo("bogus<=3"), std::invalid_argument);
}

TEST_CASE("a row carries the varied values and the run's figures in their units") {
  hcisim::models::RunResult r;
  r.read_iops = 1000;
  r.write_iops = 500;
  r.read_bytes_per_s = 4096e3;
  r.read_latency.p99_s = 2e-3;
  r.bottleneck.resource = "drives";
  hcisim::models::ScenarioSpec spec;
  const auto axes = std::vector<SweepAxis>{parse_vary("cluster.nodes=4,8")};
  const auto points = expand_grid(axes);
  const auto row = sweep_row_json(axes, points[1], spec, r);
  CHECK(row["vary"]["cluster.nodes"] == "8");
  CHECK(row["figures"]["total_iops"] == 1500.0);
  CHECK(row["figures"]["read_lat_p99_ms"] == Approx(2.0));
  CHECK(row["figures"]["read_mb_s"] == Approx(4.096));
  const std::string csv = sweep_csv(axes, {row});
  CHECK(csv.rfind("point,cluster.nodes,total_iops,", 0) == 0);
  CHECK(csv.find("\n1,8,1500,") != std::string::npos);
  CHECK(csv.find(",drives,simulation,0\n") != std::string::npos);
}

TEST_CASE("a figure is printed for people in the unit its name carries") {
  CHECK(format_sweep_figure("total_iops", 5483070.4) == "5,483,070");
  CHECK(format_sweep_figure("tps", 12643.2) == "12,643");
  CHECK(format_sweep_figure("failed_ios", 3) == "3");
  CHECK(format_sweep_figure("read_lat_p99_ms", 0.8461) == "0.846 ms");
  CHECK(format_sweep_figure("lat_mean_ms_ci95", 1234.5) == "1,234.500 ms");
  CHECK(format_sweep_figure("total_mb_s", 6412.54) == "6,412.5 MB/s");
  CHECK(format_sweep_figure("drive_max", 0.8124) == "81.2%");
  CHECK(format_sweep_figure("vmfleet_cpu", 0.05) == "5.0%");
  CHECK_THROWS_WITH(format_sweep_figure("total_ops", 1), Catch::Contains("no figure named 'total_ops'"));
}

TEST_CASE("the point store keeps finished rows and refuses a folder of another sweep") {
  const auto dir = std::filesystem::temp_directory_path() / ("hcisim-sweep-store-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto axes = std::vector<SweepAxis>{parse_vary("cluster.nodes=4,8")};
  const auto points = expand_grid(axes);
  const nlohmann::json manifest = {
      {"hcisim_version", HCISIM_VERSION}, {"scenario", "a.yaml"}, {"inputs", nlohmann::json::object()}, {"points", 2}};
  hcisim::models::RunResult r;
  r.read_iops = 7;
  {
    SweepStore store(dir, manifest);
    CHECK_FALSE(store.finished(points[0]));
    store.save(points[0], sweep_row_json(axes, points[0], hcisim::models::ScenarioSpec{}, r));
  }
  SweepStore again(dir, manifest);
  const auto row = again.finished(points[0]);
  REQUIRE(row);
  CHECK((*row)["figures"]["total_iops"] == 7.0);
  CHECK_FALSE(again.finished(points[1]));
  // A row saved for other values does not count for this point.
  auto other = sweep_row_json(axes, points[1], hcisim::models::ScenarioSpec{}, r);
  other["vary"]["cluster.nodes"] = "16";
  again.save(points[1], other);
  CHECK_FALSE(again.finished(points[1]));
  nlohmann::json elsewhere = manifest;
  elsewhere["scenario"] = "b.yaml";
  CHECK_THROWS_AS(SweepStore(dir, elsewhere), std::invalid_argument);
  // What a write killed half-way leaves (its temporary file) goes when the store opens; points stay.
  std::ofstream(dir / "points" / ".000001.json.0123abcd.tmp") << "{\"poi";
  SweepStore reopened(dir, manifest);
  CHECK_FALSE(std::filesystem::exists(dir / "points" / ".000001.json.0123abcd.tmp"));
  CHECK(reopened.finished(points[0]));
  std::filesystem::remove_all(dir);
}

TEST_CASE("an analytic row has no maximum latency and no confidence interval: null, an empty cell") {
  hcisim::models::RunResult r;
  r.analytic = true;
  r.read_iops = 1000;
  r.read_latency.observed = false;
  r.read_latency.p99_s = 2e-3;
  r.read_latency.max_s = 5e-3;      // whatever it holds, an estimate has no maximum
  r.total_iops_ci_half_width = 10;  // nor a confidence interval
  CHECK(sweep_figure(r, "read_lat_p99_ms").value() == Approx(2.0));
  CHECK_FALSE(sweep_figure(r, "read_lat_max_ms").has_value());
  CHECK_FALSE(sweep_figure(r, "total_iops_ci95").has_value());
  CHECK_FALSE(sweep_figure(r, "lat_mean_ms_ci95").has_value());
  CHECK(fast_path_gives("read_lat_p99_ms"));
  CHECK_FALSE(fast_path_gives("lat_max_ms"));
  CHECK_FALSE(fast_path_gives("total_iops_ci95"));
  // A simulation has them all.
  hcisim::models::RunResult sim = r;
  sim.analytic = false;
  CHECK(sweep_figure(sim, "read_lat_max_ms").value() == Approx(5.0));
  CHECK(sweep_figure(sim, "total_iops_ci95").value() == Approx(10.0));

  hcisim::models::ScenarioSpec spec;
  const auto axes = std::vector<SweepAxis>{parse_vary("cluster.nodes=4")};
  const auto row = sweep_row_json(axes, expand_grid(axes)[0], spec, r);
  CHECK(row["figures"]["read_lat_max_ms"].is_null());
  CHECK(row["figures"]["read_lat_p99_ms"] == Approx(2.0));
  CHECK(row["run"]["read"]["lat_ns"]["max"].is_null());
  // The CSV cell under read_lat_max_ms is empty.
  const std::string csv = sweep_csv(axes, {row});
  const auto split = [](const std::string& line) {
    std::vector<std::string> cells(1);
    for (const char c : line) {
      if (c == ',') {
        cells.emplace_back();
      } else {
        cells.back() += c;
      }
    }
    return cells;
  };
  const auto header = split(csv.substr(0, csv.find('\n')));
  const auto cells = split(csv.substr(csv.find('\n') + 1, csv.rfind('\n') - csv.find('\n') - 1));
  REQUIRE(header.size() == cells.size());
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  CHECK(cells.at(column("read_lat_max_ms")).empty());
  CHECK(cells.at(column("total_iops_ci95")).empty());
  CHECK(cells.at(column("read_lat_p99_ms")) == "2");
  // An SLO on a figure the estimate does not give is a logic error (the search defers before asking).
  CHECK_THROWS_AS(parse_slo("read.max<=10ms").holds(r), std::logic_error);
  CHECK(parse_slo("read.max<=10ms").holds(sim));
}

TEST_CASE("the terminal table: a line per point, the varied values, '-' for a direction the run has not") {
  hcisim::models::ScenarioSpec spec;
  const auto axes = std::vector<SweepAxis>{parse_vary("vms.workload.outstanding=1,16")};
  const auto points = expand_grid(axes);
  auto run = [](double read_iops, double write_iops, const char* limit, double busy) {
    hcisim::models::RunResult r;
    r.read_iops = read_iops;
    r.write_iops = write_iops;
    r.bottleneck.resource = limit;
    r.bottleneck.utilisation = busy;
    return r;
  };
  hcisim::models::RunResult reads = run(3971636.4, 0, "outstanding I/O", 0.69);  // a read-only simulation
  reads.read_bytes_per_s = 16268e6;
  reads.read_latency.mean_s = 0.129e-3;
  reads.read_latency.p99_s = 0.2094e-3;
  hcisim::models::RunResult mixed = run(700, 300, "storage connection", 1.0);  // an estimate of a 70/30 mix
  mixed.analytic = true;
  mixed.write_latency.mean_s = 1.5e-3;
  mixed.write_latency.p99_s = 12.25e-3;
  const std::string table =
      sweep_table(axes, {sweep_row_json(axes, points[0], spec, reads), sweep_row_json(axes, points[1], spec, mixed)});
  const std::string expected =
      "point  vms.workload.outstanding       IOPS    MB/s  read avg  read p99  write avg  write p99  bottleneck\n"
      "    0  1                         3,971,636  16,268     0.129     0.209          -          -  outstanding I/O "
      "69%\n"
      "    1  16                            1,000       0     0.000     0.000      1.500     12.250  storage "
      "connection 100% (fast path)\n";
  CHECK(table == expected);
}

TEST_CASE("the terminal table of an OLTP sweep leads with TPS and the transactions' latency") {
  hcisim::models::ScenarioSpec spec;
  const auto axes = std::vector<SweepAxis>{parse_vary("vms.oltp.users=15000")};
  hcisim::models::RunResult r;
  r.oltp.tps = 12643.2;
  r.oltp.latency.mean_s = 10.158e-3;
  r.oltp.latency.p99_s = 116.13e-3;
  r.read_iops = 300000;
  r.bottleneck.resource = "users' think time";
  const std::string table = sweep_table(axes, {sweep_row_json(axes, expand_grid(axes)[0], spec, r)});
  CHECK(table.rfind("point  vms.oltp.users     TPS  txn avg  txn p99     IOPS", 0) == 0);
  CHECK(table.find("\n    0  15000           12,643   10.158  116.130  300,000") != std::string::npos);
  // Without transactions, no such columns.
  r.oltp.tps = 0;
  CHECK(sweep_table(axes, {sweep_row_json(axes, expand_grid(axes)[0], spec, r)}).find("TPS") == std::string::npos);
}
