// Does it fit (capacity report), measured results as references, and what-ifs
// that are not graded against figures published for another scenario.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "load_error_of.hpp"
#include "models/capacity/capacity.hpp"
#include "models/run/reference_check.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/measured_results.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/finding_text.hpp"

using namespace hcisim;
using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using hcisim::frontend::testing::load_error_of;

namespace {

const Catalog& bundled() {
  static const Catalog catalog = Catalog::load();
  return catalog;
}

const std::string kSource = HCISIM_SOURCE_DIR;
const std::string kTest1 = kSource + "/scenarios/ax7525/test1-4k-random-read.yaml";

// An AX-7525 cluster scenario (4 nodes, 24 x 3.2 TB NVMe each, 2 x EPYC 7742, 1 TiB).
std::string scenario(const std::string& vms, const std::string& reference = "") {
  return "schema_version: 1\ntitle: t\ninclude: " + kSource + "/scenarios/ax7525/common/ax7525-cluster.yaml\n" + vms +
         reference;
}

}  // namespace

TEST_CASE("capacity of the AX-7525 cluster from its datasheet parts", "[capacity]") {
  const models::ScenarioSpec spec = load_scenario(kTest1, bundled());
  const models::CapacityReport c = models::assess_capacity(spec);
  // 4 nodes x 24 x 3.2 TB; reserve one drive per node (4 nodes, at most 4); three copies.
  CHECK(c.raw_bytes == Approx(4 * 24 * 3.2e12));
  CHECK(c.reserve_bytes == Approx(4 * 3.2e12));
  CHECK(c.usable_bytes == Approx((307.2e12 - 12.8e12) / 3));
  CHECK(c.efficiency == Approx(1.0 / 3));
  CHECK(c.failures_tolerated == 2);
  // 256 VMs x 10 GiB (40 slabs of 256 MiB each), three copies.
  CHECK(c.vm_disk_bytes == Approx(256 * 10.0 * (1u << 30)));
  CHECK(c.vm_footprint_bytes == Approx(3 * 256 * 10.0 * (1u << 30)));
  CHECK(c.disks_fit);
  CHECK(c.reserve_kept);
  REQUIRE(c.hosts.size() == 4);
  // 64 VMs x 2 vCPUs on 2 sockets x 128 threads.
  CHECK(c.hosts[0].vcpus == 128);
  CHECK(c.hosts[0].logical_processors == 256);
  CHECK(c.hosts[0].vcpu_ratio == Approx(0.5));
  CHECK(c.warnings.empty());
}

TEST_CASE("risky placements are warnings, impossible ones errors", "[capacity]") {
  testing::TempDir dir;
  // 256 VMs x 365 GiB x 3 = 301 TB: within 307.2 TB raw, beyond 294.4 TB once the reserve is kept.
  const auto tight =
      dir.write("tight.yaml", scenario("vms:\n  per_node: 64\n  workload:\n    vmfleet: B4-T2-O32-W0-PR\n"
                                       "    file_size: 365GiB\n"));
  const models::CapacityReport c = models::assess_capacity(load_scenario(tight, bundled()));
  CHECK(c.disks_fit);
  CHECK_FALSE(c.reserve_kept);
  REQUIRE(c.warnings.size() == 1);
  CHECK(c.warnings.front().kind == models::FindingKind::ReserveNotKept);
  CHECK(c.warnings.front().footprint_bytes == c.vm_footprint_bytes);
  CHECK(c.warnings.front().room_bytes == Approx(307.2e12 - 12.8e12));
  CHECK_THAT(frontend::finding_text(c.warnings.front()), Contains("after the repair reserve"));
  // 8 vCPUs x 64 VMs = 512 on 256 logical processors: 2:1, a warning per node.
  const models::CapacityReport over = models::assess_capacity(load_scenario(kTest1, bundled(), {"vms.vcpus=8"}));
  REQUIRE(over.warnings.size() == 4);
  CHECK(over.warnings.front().kind == models::FindingKind::VcpuOvercommit);
  CHECK(over.warnings.front().vcpus == 512);
  CHECK(over.warnings.front().logical_processors == 256);
  CHECK(over.warnings.front().vcpu_ratio == Approx(2.0));
  CHECK_THAT(frontend::finding_text(over.warnings.front()),
             Contains("node 1 runs 512 vCPUs on 256 logical processors (2.00:1 over-commit)"));
  // A VM wider than its host cannot start.
  CHECK_THAT(
      load_error_of([&] { load_scenario(kTest1, bundled(), {"vms.vcpus=500"}); }),
      Contains("key 'vms.vcpus': a VM with 500 vCPUs cannot run on node 'dell-ax-7525' with 256 logical processors"));
  // Mirror copies beyond raw, and memory beyond the host's, are refused.
  CHECK_THAT(load_error_of([&] { load_scenario(kTest1, bundled(), {"vms.workload.file_size=2TiB"}); }),
             Contains("expected a working set that fits"));
  CHECK_THAT(load_error_of([&] { load_scenario(kTest1, bundled(), {"vms.memory=64GiB"}); }),
             Contains("64 VMs x 64 GiB on node 1 need more than the node's 1 TiB"));
  // A failed node's VMs count where they fail over to: 2 x 32 x 16 GiB on node 1 fits in 1 TiB, 2 x 32 x 17 GiB not.
  std::vector<std::string> sets = {"cluster.failed_nodes=[4]", "vms.failover=[{from: 4, to: 1}]",
                                   "vms.per_node=[32, 32, 32, 32]", "vms.memory=16GiB"};
  CHECK(models::assess_capacity(load_scenario(kTest1, bundled(), sets)).hosts[0].vms == 64);
  sets.back() = "vms.memory=17GiB";
  CHECK_THAT(load_error_of([&] { load_scenario(kTest1, bundled(), sets); }), Contains("64 VMs x 17 GiB on node 1"));
}

TEST_CASE("a what-if's published figures are shown, not graded", "[what-if]") {
  const models::ScenarioSpec plain = load_scenario(kTest1, bundled());
  CHECK(plain.what_if.empty());
  // Run control leaves the scenario what it is.
  CHECK(load_scenario(kTest1, bundled(), {"run.seed=3", "run.duration=50ms"}).what_if.empty());
  const models::ScenarioSpec two_way = load_scenario(kTest1, bundled(), {"cluster.resiliency=two-way-mirror"});
  CHECK(two_way.what_if == std::vector<std::string>{"cluster.resiliency=two-way-mirror"});
  models::RunResult r;
  r.read_iops = 2 * plain.references.front().value;  // +100 %: outside any tolerance
  const auto graded = models::compare_references(r, plain.references, true);
  CHECK(graded.front().graded);
  CHECK_FALSE(graded.front().within);
  const auto ungraded = models::compare_references(r, plain.references, false);
  CHECK_FALSE(ungraded.front().graded);
  CHECK(ungraded.front().error == Approx(1.0));
}

TEST_CASE("a VMFleet result table row gives reference figures", "[measured]") {
  testing::TempDir dir;
  // As PowerShell's Export-Csv writes it: a #TYPE line, every field quoted.
  const auto table = dir.write(
      "fleet.csv", "#TYPE System.Management.Automation.PSCustomObject\n"
                   "\"Name\",\"IOPS\",\"AverageCPU\",\"AverageReadLatency\",\"ReadLatencyP99\",\"WriteLatencyP50\"\n"
                   "\"General4KWriteRatio0\",\"5500000\",\"41.5\",\"1.2\",\"4.4\",\"\"\n"
                   "\"General4KWriteRatio30\",\"2100000\",\"38\",\"0.9\",\"3.1\",\"2.2\"\n");
  const auto row = read_vmfleet_table(table, "General4KWriteRatio30");
  CHECK(row.at(models::Figure::TotalIops) == 2'100'000);
  CHECK(row.at(models::Figure::VmfleetCpu) == Approx(0.38));
  CHECK(row.at(models::Figure::ReadLatencyAvg) == Approx(0.9e-3));
  CHECK(row.at(models::Figure::ReadLatencyP99) == Approx(3.1e-3));
  CHECK(row.at(models::Figure::WriteLatencyP50) == Approx(2.2e-3));
  // An empty cell is not measured; row 1 by number.
  CHECK(read_vmfleet_table(table, "1").count(models::Figure::WriteLatencyP50) == 0);
  CHECK(read_vmfleet_table(table, "1").at(models::Figure::TotalIops) == 5'500'000);
  const auto tsv = dir.write("fleet.tsv", "Name\tIOPS\tAverageCpu\nrun1\t1000\t5\n");
  CHECK(read_vmfleet_table(tsv, "run1").at(models::Figure::VmfleetCpu) == Approx(0.05));
  CHECK_THAT(load_error_of([&] { read_vmfleet_table(dir.write("bad.csv", "Name,IOPSS\nx,1\n"), "x"); }),
             Contains("bad.csv:1: column 'IOPSS': expected one of"));
  CHECK_THAT(load_error_of([&] { read_vmfleet_table(table, "Peak"); }), Contains("no row named 'Peak'"));
}

TEST_CASE("a fio JSON job gives reference figures", "[measured]") {
  // fio 3.33's own output (see test_fio_json.cpp): job1, 70/30 randrw on the null engine.
  const std::filesystem::path real = kSource + "/tests/frontend/data/fio-3.33-null-randrw.json";
  const auto f = read_fio_json_figures(real, "job1");
  CHECK(f.at(models::Figure::ReadIops) == Approx(818357.142857));
  CHECK(f.at(models::Figure::ReadLatencyP99) == Approx(366e-9));  // clat_ns percentile 99.000000
  CHECK(f.at(models::Figure::ReadLatencyP50) == Approx(274e-9));
  CHECK(f.at(models::Figure::TotalIops) == Approx(f.at(models::Figure::ReadIops) + f.at(models::Figure::WriteIops)));
  CHECK(f.count(models::Figure::VmfleetCpu) == 0);
  CHECK_THAT(load_error_of([&] { read_fio_json_figures(real, "job2"); }), Contains("no job named 'job2' (jobs: job1)"));
}

TEST_CASE("reference.measured takes figures from a result file into validate's comparison", "[measured]") {
  testing::TempDir dir;
  dir.write("results/fleet.tsv", "Name\tIOPS\tAverageCPU\tReadLatencyP99\nPeak4kRead\t5600000\t40\t4.2\n");
  const auto file = dir.write(
      "s.yaml", scenario("vms:\n  per_node: 64\n  workload:\n    vmfleet: B4-T2-O32-W0-PR\n    file_size: 10GiB\n",
                         "reference:\n  measured:\n    file: results/fleet.tsv\n    row: Peak4kRead\n"
                         "    figures: [total_iops, read_latency_p99, vmfleet_cpu]\n    tolerance: 15%\n"));
  const models::ScenarioSpec spec = load_scenario(file, bundled());
  REQUIRE(spec.references.size() == 3);
  CHECK(spec.references[0].figure == models::Figure::TotalIops);
  CHECK(spec.references[0].value == 5'600'000);
  CHECK(spec.references[0].tolerance == Approx(0.15));
  CHECK(spec.references[1].value == Approx(4.2e-3));
  CHECK(spec.references[2].value == Approx(0.40));
  CHECK(spec.references[0].note == "measured: results/fleet.tsv row Peak4kRead");
  const auto missing = dir.write(
      "m.yaml", scenario("vms:\n  per_node: 64\n  workload:\n    vmfleet: B4-T2-O32-W0-PR\n    file_size: 10GiB\n",
                         "reference:\n  measured:\n    file: results/fleet.tsv\n    row: Peak4kRead\n"
                         "    figures: [write_latency_p99]\n"));
  CHECK_THAT(load_error_of([&] { load_scenario(missing, bundled()); }),
             Contains("figure 'write_latency_p99' is not in results/fleet.tsv row 'Peak4kRead'"));
}
