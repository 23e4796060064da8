// What the reports say and how their columns line up, on results made by hand
// (issue 42, item 6: what a new user misread): the drives column counts cache
// drives, one unit per column, the hypervisor by its own name, the cloud disk
// cap's wording, comparison columns that hold any figure, a user's measured
// figures headed as measured, the ETA leaving set-up out, -g in the unit given,
// measured IOPS grouped whatever their fraction.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "models/result/cache_tier_rows.hpp"
#include "models/run/reference_check.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/base/progress_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/base/workload_names.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"
#include "tools/frontend/input/diskspd_xml.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/report_cloud.hpp"
#include "tools/frontend/report/report_json.hpp"
#include "tools/frontend/report/report_text.hpp"
#include "tools/frontend/validation/measured_validation.hpp"

using namespace hcisim;
using namespace hcisim::frontend;
using Catch::Matchers::Contains;

namespace cache = hcisim::models::cache_statistics;

namespace {

const Catalog& bundled() {
  static const Catalog catalog = Catalog::load();
  return catalog;
}

const std::string kSource = HCISIM_SOURCE_DIR;

models::ScenarioSpec bundled_spec(const std::string& file) {
  return load_scenario(kSource + "/scenarios/" + file, bundled());
}

// A result with one line per node of `spec` and nothing else measured.
models::RunResult empty_result(const models::ScenarioSpec& spec) {
  models::RunResult r;
  r.title = spec.title;
  r.measured_seconds = 0.1;
  for (int n = 0; n < spec.cluster.node_count; ++n) {
    models::NodeResult node;
    node.node = n;
    r.nodes.push_back(node);
  }
  return r;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The lines from the one starting with `heading` to the next empty one.
std::vector<std::string> section(const std::string& report, const std::string& heading) {
  std::vector<std::string> out;
  bool in = false;
  for (const std::string& line : lines_of(report)) {
    if (line.rfind(heading, 0) == 0) in = true;
    if (in && line.empty()) break;
    if (in) out.push_back(line);
  }
  return out;
}

models::FigureComparison compared(models::Figure figure, double value, double predicted, double tolerance) {
  models::FigureComparison c;
  c.reference.figure = figure;
  c.reference.value = value;
  c.reference.tolerance = tolerance;
  c.predicted = predicted;
  c.error = predicted / value - 1;
  c.within = std::abs(c.error) <= tolerance;
  return c;
}

}  // namespace

TEST_CASE("the drives column counts a hybrid node's cache drives", "[report]") {
  const models::ScenarioSpec spec = bundled_spec("r740xd/100-read.yaml");
  models::RunResult r = empty_result(spec);
  for (models::NodeResult& n : r.nodes) {
    // Every read served by the cache drives: the capacity HDDs idle.
    n.has_cache_tier = true;
    models::add_cache_tier_rows(r.statistics, n.node);
    r.statistics.set_value(cache::name(n.node, cache::kCacheDriveMean), "fraction", 0.38);
    r.statistics.set_value(cache::name(n.node, cache::kCacheDriveMax), "fraction", 0.43);
    n.drive_utilisation_mean = 0.38 * 4 / 12;  // 4 cache drives and 8 HDDs (simulation.cpp: every drive)
    n.drive_utilisation_max = 0.43;
  }
  const std::string report = format_run_report(spec, r);
  const auto table = section(report, "Utilisation");
  REQUIRE(table.size() >= 3);
  CHECK_THAT(table[1], Contains("13%/43%"));
  CHECK_THAT(report,
             Contains("\n  drives = all of the node's drives, cache and capacity alike: their mean / the busiest"));
}

TEST_CASE("the JSON report puts every declared statistic where its name says", "[report][stats]") {
  const models::ScenarioSpec spec = bundled_spec("r740xd/70-30.yaml");
  models::RunResult r = empty_result(spec);
  models::add_cache_tier_rows(r.statistics, 1);
  r.statistics.set_value(cache::name(1, cache::kFill), "fraction", 0.25);
  r.statistics.set_count("node1/hba/resets", "commands", 4);  // a statistic a part might declare one day
  r.statistics.set_value("fabric/busiest_pipe", "fraction", 0.5);
  const nlohmann::json j = run_report_json(spec, r, false);
  CHECK_FALSE(j.at("nodes").at(0).contains("cache_tier"));
  CHECK(j.at("nodes").at(1).at("cache_tier").size() == cache::kAll.size());
  CHECK(j.at("nodes").at(1).at("cache_tier").at("fill") == 0.25);
  CHECK(j.at("nodes").at(1).at("cache_tier").at("read_hits").is_number_unsigned());  // a count stays an integer
  CHECK(j.at("nodes").at(0).at("hba").at("resets") == 4);
  CHECK(j.at("statistics").at("fabric").at("busiest_pipe") == 0.5);
}

TEST_CASE("a table column of sizes or rates has one unit", "[report]") {
  CHECK(size_column_unit(38416.0 * 1024).name == "MiB");
  CHECK(format_in(38416.0 * 1024, size_column_unit(38.0 * 1024 * 1024)) == "37.5 MiB");
  CHECK(format_in(0, size_column_unit(0)) == "0 B");
  CHECK(format_in(0, byte_rate_column_unit(2.5e6)) == "0.0 MB/s");

  // Two nodes: one 38,416 KiB dirty (not whole MiB), the other 38 MiB: both in MiB.
  const models::ScenarioSpec spec = bundled_spec("r740xd/70-30.yaml");
  models::RunResult r = empty_result(spec);
  for (models::NodeResult& n : r.nodes) {
    n.has_cache_tier = true;
    models::add_cache_tier_rows(r.statistics, n.node);
  }
  r.statistics.set_value(cache::name(0, cache::kDirtyBytes), "bytes", 38416.0 * 1024);
  r.statistics.set_value(cache::name(1, cache::kDirtyBytes), "bytes", 38.0 * 1024 * 1024);
  r.statistics.set_value(cache::name(1, cache::kDestage), "bytes/s", 2.5e6);
  const auto table = section(format_run_report(spec, r), "Cache tier");
  REQUIRE(table.size() == 3);
  for (std::size_t row = 1; row < 3; ++row) {
    INFO(table[row]);
    CHECK_THAT(table[row], Contains(" MiB") && !Contains("KiB") && Contains(" MB/s") && !Contains(" B/s"));
  }
  CHECK_THAT(table[1], Contains("37.5 MiB"));
  CHECK_THAT(table[2], Contains("38.0 MiB"));
  // Each column's cells end at the same place on every line.
  CHECK(table[1].find(" MiB") == table[2].find(" MiB"));
  CHECK(table[1].find(" MB/s") == table[2].find(" MB/s"));
}

TEST_CASE("the utilisation table heads the hypervisor's column with its own name", "[report]") {
  for (const auto& [file, name] :
       {std::pair{"vxrack/two-layer-sql.yaml", "esxi-6.0"}, std::pair{"vxrack/hci-sql.yaml", "esxi-5.5"},
        std::pair{"ax7525/test1-4k-random-read.yaml", "hyper-v"}}) {
    const models::ScenarioSpec spec = bundled_spec(file);
    models::RunResult r = empty_result(spec);
    r.nodes[0].cpu_by_layer[1] = 0.04;  // the hypervisor's layer
    const auto table = section(format_run_report(spec, r), "Utilisation");
    REQUIRE(table.size() >= 2);
    INFO(table[0] << "\n" << table[1]);
    CHECK_THAT(table[0], Contains(std::string(" ") + name + "  stack") && !Contains("hyperv "));
    // Its cells end where the others' do: a column before their heading's end.
    const std::size_t end = table[0].find(name) + std::string(name).size();
    CHECK(table[1].substr(end - 4, 3) == " 4%");
    const std::size_t vmfleet = table[0].find("VMFleet") + 7;
    CHECK(table[1][vmfleet - 2] == '%');
  }
}

TEST_CASE("the cloud caps table names a disk by its number and its cap", "[report][cloud]") {
  const models::ScenarioSpec spec = bundled_spec("azure-infoscale/test1.yaml");
  models::RunResult r;
  r.cloud.present = true;
  models::CloudVmResult vm;
  vm.disks = 4;
  vm.throttled_disk = 3;  // the fourth disk's IOPS cap
  vm.throttled_disk_iops = true;
  vm.throttled_disk_cap = {0.04, 0.0};
  r.cloud.vms.push_back(vm);
  const std::string text = cloud_caps_text(spec, r);
  INFO(text);
  CHECK_THAT(text, Contains("disk 4 IOPS cap 4% / 0%"));
  CHECK_THAT(text, !Contains("  4 IOPS"));
  CHECK_THAT(text, Contains("each azure-premium-ssd-p60, capped at 16,000 IOPS and 500 MB/s"));
}

TEST_CASE("the comparison table's columns hold long figure names and values", "[report]") {
  const std::vector<models::FigureComparison> rows = {
      compared(models::Figure::ReadIops, 761000, 473050, 0.15),
      compared(models::Figure::WriteBytesPerSecPerCore, 155.17e6, 157.576e6, 0.10),
      compared(models::Figure::TransactionLatencyAvg, 0.0125, 0.004573, 0.25),
      compared(models::Figure::ReadBytesPerSecPerCore, 144.62e6, 157.286e6, 0.15)};
  const std::vector<std::string> lines = format_comparison_lines(rows);
  REQUIRE(lines.size() == rows.size() + 1);
  // Every column ends where its heading does, on every line.
  for (const char* head : {"published", "predicted", "error", "tolerance"}) {
    const std::size_t end = lines[0].find(head) + std::string(head).size();
    for (std::size_t i = 1; i < lines.size(); ++i) {
      INFO(head << "\n" << lines[0] << "\n" << lines[i]);
      CHECK(lines[i][end - 1] != ' ');
      CHECK(lines[i][end] == ' ');
    }
  }
  CHECK(lines[0].find("verdict") == lines[2].find("within"));
}

TEST_CASE("a user's own measured figures are headed measured, with their source", "[report][measured]") {
  testing::TempDir dir;
  dir.write("results/fleet.tsv", "Name\tIOPS\tAverageCPU\tReadLatencyP99\nPeak4kRead\t5600000\t40\t4.2\n");
  const auto file =
      dir.write("s.yaml", "schema_version: 1\ntitle: t\ninclude: " + kSource +
                              "/scenarios/ax7525/common/ax7525-cluster.yaml\nvms:\n  per_node: 64\n  workload:\n"
                              "    vmfleet: B4-T2-O32-W0-PR\nreference:\n  measured:\n    file: results/fleet.tsv\n"
                              "    row: Peak4kRead\n    figures: [total_iops, vmfleet_cpu]\n");
  const models::ScenarioSpec spec = load_scenario(file, bundled());
  REQUIRE(spec.references.size() == 2);
  CHECK(spec.references[0].measured);
  models::RunResult r = empty_result(spec);
  for (const models::ReferenceFigure& f : spec.references) {
    models::FigureComparison c;
    c.reference = f;
    c.predicted = f.value;
    c.within = true;
    r.references.push_back(c);
  }
  const std::string report = format_run_report(spec, r);
  INFO(report);
  CHECK_THAT(report, Contains("\nMeasured vs predicted\n  figure ") && !Contains("Published"));
  CHECK_THAT(report, Contains("  (measured: results/fleet.tsv row Peak4kRead)\n"));
  CHECK(format_comparison_lines(r.references).front().find("measured") != std::string::npos);
  CHECK(format_comparison_lines(r.references).front().find("published") == std::string::npos);
  // A published figure beside them: both words.
  r.references.push_back(compared(models::Figure::ReadIops, 1, 1, 0.1));
  CHECK_THAT(format_run_report(spec, r), Contains("\nPublished and measured vs predicted\n"));
  CHECK(reference_word(r.references) == "published/measured");
}

TEST_CASE("the time to go leaves set-up out of the pace of the run", "[progress]") {
  // 5.5 s in, 5.4 s of them set-up, 10 % simulated: 0.1 s per 10 %, 0.9 s to go (not 49 s).
  CHECK(progress_text(0.1, 5.5, 5.4) == " 10% (5.5 s, 5.4 s of it set-up, about 0.90 s to go)");
  CHECK(progress_text(0.5, 2.0) == " 50% (2.0 s, about 2.0 s to go)");
  CHECK(progress_text(1.0, 6.0, 5.0) == "100% (6.0 s, 5.0 s of it set-up)");
}

TEST_CASE("a DISKSPD -g limit is echoed in the unit it was given in", "[diskspd]") {
  const models::DiskspdSpec iops = parse_diskspd_command("-b8K -r -g2000i -Sh");
  CHECK(iops.targets.front().throughput_bytes_per_ms == 16384);  // what DISKSPD runs
  CHECK(iops.targets.front().throughput_iops == 2000);
  CHECK_THAT(workload_name(iops), Contains("-g2000i") && !Contains("16384"));
  CHECK_THAT(workload_name(parse_diskspd_command("-b8K -r -g16384 -Sh")), Contains("-g16384"));
  const models::DiskspdSpec xml = parse_diskspd_xml(
      "<Profile><TimeSpans><TimeSpan><Targets><Target><Path>*1</Path><BlockSize>8192</BlockSize><Random>8192</Random>"
      "<Throughput unit=\"IOPS\">2000</Throughput><DisableOSCache>true</DisableOSCache></Target></Targets></TimeSpan>"
      "</TimeSpans></Profile>",
      "p.xml");
  CHECK(xml.targets.front() == iops.targets.front());
  CHECK_THAT(workload_name(xml), Contains("-g2000i"));
}

TEST_CASE("validate's measured table: IOPS grouped in one style, a fractional mean too", "[report]") {
  // VMFleet's sweep averages IOPS over its samples: 1050300.5 printed as 1.0503e+06 beside 731500.
  MeasuredComparison whole;
  whole.label = "Peak4kRead";
  whole.iops = 731500;
  whole.predicted_iops = 714000;
  MeasuredComparison fraction = whole;
  fraction.iops = 1050300.5;
  const std::string table = format_measured_table({whole, fraction});
  CHECK_THAT(table, Contains(" 731,500 "));
  CHECK_THAT(table, Contains(" 1,050,300 ") || Contains(" 1,050,301 "));
  CHECK_THAT(table, !Contains("e+"));
}
