#include <catch2/catch.hpp>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim::frontend;
using hcisim::frontend::testing::load_error_of;
using namespace hcisim::models;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const char* const kCommon = "schema_version: 1\n"
                            "cluster:\n"
                            "  node: dell-ax-7525\n"
                            "  nodes: 4\n"
                            "  switch: generic-100gbe\n"
                            "  stack: s2d\n"
                            "  resiliency: three-way-mirror\n"
                            "  csv_cache: 0\n"
                            "vms:\n"
                            "  vcpus: 2\n"
                            "  memory: 4GiB\n"
                            "run:\n"
                            "  warmup: 20ms\n"
                            "  duration: 200ms\n";

const char* const kTest1 =
    "schema_version: 1\n"
    "title: \"AX-7525 Test 1: 4K random read, 64 VMs per node\"\n"
    "include: common/ax7525-cluster.yaml\n"
    "vms:\n"
    "  per_node: 64\n"
    "  workload:\n"
    "    vmfleet: B4-T2-O32-W0-PR\n"
    "    file_size: 10GiB\n"
    "run:\n"
    "  seed: 7\n"
    "reference:\n"
    "  source: \"Dell EMC AX-7525 performance report, Test 1\"\n"
    "  figures:\n"
    "    - {figure: read_iops, value: 5727985, tolerance: 10%}\n"
    "    - {figure: read_latency_avg, value: 1.3ms, tolerance: 50%}\n"
    "    - {figure: write_latency_avg, value: 7ms, comparison: at_most, tolerance: 10%, note: \"under 7 ms\"}\n"
    "    - {figure: total_throughput, value: 105GB/s}\n"
    "    - {figure: read_latency_p99, value: 4.5ms, tolerance: 50%}\n"
    "    - {figure: vmfleet_cpu, value: 38%, tolerance: 20%}\n";

// A scenario directory with the common cluster file and `scenario`, placed where
// the bundled AX-7525 Test 1 case lives.
constexpr const char* kScenarioPath = "ax7525/test1-4k-random-read.yaml";
constexpr const char* kCommonPath = "ax7525/common/ax7525-cluster.yaml";
struct ScenarioFixture {
  testing::TempDir dir;
  std::filesystem::path file;
  explicit ScenarioFixture(const std::string& scenario) {
    dir.write(kCommonPath, kCommon);
    file = dir.write(kScenarioPath, scenario);
  }
};

const Catalog& bundled() {
  static const Catalog catalog = Catalog::load();
  return catalog;
}

// kTest1 with `from` replaced by `to` (which must occur).
std::string edited(const std::string& from, const std::string& to, std::string text = kTest1) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the AX-7525 test 1 scenario loads through include and resolves its parts", "[scenario]") {
  ScenarioFixture fx(kTest1);
  const ScenarioSpec s = load_scenario(fx.file, bundled());
  CHECK(s.id == "test1-4k-random-read");
  CHECK(s.file == fx.file.string());
  CHECK(s.title == "AX-7525 Test 1: 4K random read, 64 VMs per node");

  CHECK(s.cluster.node.id == "dell-ax-7525");
  CHECK(s.cluster.node_count == 4);
  CHECK(s.cluster.cpu.cores == 64);
  REQUIRE(s.cluster.drives.size() == 1);
  CHECK(s.cluster.drives[0].id == "kioxia-cm6-v-3200");
  CHECK(s.cluster.nic.id == "mellanox-connectx-6-dx-100gbe");
  CHECK(s.cluster.network_switch.id == "generic-100gbe");
  CHECK(s.cluster.stack.id == "s2d");
  CHECK(s.cluster.resiliency == Resiliency::ThreeWayMirror);
  CHECK(s.cluster.csv_cache_bytes == 0);
  CHECK(s.cluster.failed_nodes.empty());

  CHECK(s.vms.per_node == std::vector<int>{64, 64, 64, 64});
  CHECK(s.vms.vcpus == 2);
  CHECK(s.vms.memory_bytes == 4ull << 30);
  CHECK(s.vms.workload.targets[0].block_bytes == 4096);
  CHECK(s.vms.workload.targets[0].threads == 2);
  CHECK(s.vms.workload.targets[0].outstanding == 32);
  CHECK(s.vms.workload.targets[0].pattern == AccessPattern::Random);
  CHECK(s.vms.workload.file_bytes == 10ull << 30);

  // warmup and duration from the include, seed from this file.
  CHECK(s.run.warmup_ns == 20'000'000);
  CHECK(s.run.duration_ns == 200'000'000);
  CHECK(s.run.seed == 7);

  REQUIRE(s.references.size() == 6);
  CHECK(s.references[0].figure == Figure::ReadIops);
  CHECK(s.references[0].value == 5727985.0);
  CHECK(s.references[0].tolerance == Approx(0.10));
  CHECK_FALSE(s.references[0].calibration);  // a prediction: no constant is fitted on it
  CHECK(s.references[0].note == "Dell EMC AX-7525 performance report, Test 1");
  CHECK(s.references[1].figure == Figure::ReadLatencyAvg);
  CHECK(s.references[1].value == Approx(0.0013));
  CHECK_FALSE(s.references[1].calibration);
  CHECK(s.references[2].comparison == Comparison::AtMost);
  CHECK(s.references[2].note == "under 7 ms");
  CHECK(s.references[3].value == Approx(105e9));
  CHECK(s.references[3].tolerance == Approx(0.25));  // default
  CHECK(s.references[4].figure == Figure::ReadLatencyP99);
  CHECK(s.references[4].value == Approx(4.5e-3));
  CHECK(s.references[5].figure == Figure::VmfleetCpu);
  CHECK(s.references[5].value == Approx(0.38));
}

TEST_CASE("the including file overrides what it includes", "[scenario]") {
  ScenarioFixture fx(edited("run:\n  seed: 7\n", "run:\n  seed: 7\n  duration: 50ms\ncluster:\n  nodes: 3\n"));
  const ScenarioSpec s = load_scenario(fx.file, bundled());
  CHECK(s.run.duration_ns == 50'000'000);
  CHECK(s.run.warmup_ns == 20'000'000);
  CHECK(s.cluster.node_count == 3);
  CHECK(s.cluster.node.id == "dell-ax-7525");  // the rest of the included cluster stays
  CHECK(s.vms.per_node.size() == 3);
}

TEST_CASE("failed nodes: 1-based in the file, 0-based in the spec; their VMs fail over or it is an error",
          "[scenario]") {
  SECTION("a failed node's VMs run where failover says; its volume moves with them") {
    ScenarioFixture fx(edited("per_node: 64", "per_node: 64\n  failover: [{from: 4, to: 2}]",
                              edited("run:\n", "cluster:\n  failed_nodes: [4]\nrun:\n")));
    const ScenarioSpec s = load_scenario(fx.file, bundled());
    CHECK(s.cluster.failed_nodes == std::vector<int>{3});
    CHECK(s.vms.per_node == std::vector<int>{64, 64, 64, 64});
    CHECK(s.vms.failover == std::vector<int>{-1, -1, -1, 1});
    CHECK(s.cluster.volume_owners == std::vector<int>{0, 1, 2, 1});
  }
  SECTION("a per-node list with no VMs on the failed node needs no failover") {
    ScenarioFixture fx(
        edited("per_node: 64", "per_node: [32, 64, 32, 0]", edited("run:\n", "cluster:\n  failed_nodes: [4]\nrun:\n")));
    const ScenarioSpec s = load_scenario(fx.file, bundled());
    CHECK(s.vms.per_node == std::vector<int>{32, 64, 32, 0});
    CHECK(s.cluster.volume_owners == std::vector<int>{0, 1, 2, 0});  // the first running node
  }
  SECTION("a failed node's VMs are never dropped silently") {
    ScenarioFixture fx(edited("run:\n", "cluster:\n  failed_nodes: [4]\nrun:\n"));
    CHECK_THAT(load_error_of([&] { load_scenario(fx.file, bundled()); }),
               Contains("key 'vms.per_node': node 4 is in cluster.failed_nodes; its VMs need a node to run on"));
  }
  SECTION("failover to a failed node, or from a running one, is refused") {
    ScenarioFixture to_failed(edited("per_node: 64", "per_node: 64\n  failover: [{from: 4, to: 3}]",
                                     edited("run:\n", "cluster:\n  failed_nodes: [3, 4]\nrun:\n")));
    CHECK_THAT(load_error_of([&] { load_scenario(to_failed.file, bundled()); }),
               Contains("key 'vms.failover[0].to': expected a running node"));
    ScenarioFixture from_up(edited("per_node: 64", "per_node: 64\n  failover: [{from: 2, to: 1}]",
                                   edited("run:\n", "cluster:\n  failed_nodes: [4]\nrun:\n")));
    CHECK_THAT(load_error_of([&] { load_scenario(from_up.file, bundled()); }),
               Contains("key 'vms.failover[0].from': expected a node listed in cluster.failed_nodes"));
  }
  SECTION("volume owners are one running node per volume") {
    ScenarioFixture fx(edited("run:\n", "cluster:\n  volume_owners: [2, 2, 3, 4]\nrun:\n"));
    CHECK(load_scenario(fx.file, bundled()).cluster.volume_owners == std::vector<int>{1, 1, 2, 3});
    ScenarioFixture short_list(edited("run:\n", "cluster:\n  volume_owners: [2, 2]\nrun:\n"));
    CHECK_THAT(load_error_of([&] { load_scenario(short_list.file, bundled()); }),
               Contains("key 'cluster.volume_owners': expected one owner node per volume (4 entries"));
  }
}

TEST_CASE("a DISKSPD command line works in place of a VMFleet profile", "[scenario]") {
  ScenarioFixture fx(edited("    vmfleet: B4-T2-O32-W0-PR\n    file_size: 10GiB\n",
                            "    diskspd: \"-b8K -t4 -o8 -w30 -r -c20G -Sh -L\"\n"));
  const ScenarioSpec s = load_scenario(fx.file, bundled());
  CHECK(s.vms.workload.targets[0].block_bytes == 8192);
  CHECK(s.vms.workload.targets[0].threads == 4);
  CHECK(s.vms.workload.targets[0].write_fraction == Approx(0.3));
  CHECK(s.vms.workload.file_bytes == 20ull << 30);
}

TEST_CASE("scenario errors name file, line and key", "[scenario]") {
  struct Case {
    const char* from;
    const char* to;
    const char* expected;  // after "FILE:"
  };
  const Case cases[] = {
      {"  per_node: 64\n", "  per_node: 64\n  colour: red\n",
       "6: key 'vms.colour': unknown key; expected one of per_node, vcpus, memory, workload, oltp, failover, "
       "sas_iotest or alignment"},
      {"  per_node: 64\n", "  per_node: [64, 64]\n",
       "5: key 'vms.per_node': expected one VM count per node (4 entries), got 2"},
      {"  per_node: 64\n", "  per_node: 0\n",
       "5: key 'vms.per_node': expected at least one VM in the cluster, got '0'"},
      {"vmfleet: B4-T2-O32-W0-PR", "vmfleet: B4-T2-O32-W0-PQ",
       "7: key 'vms.workload.vmfleet': VMFleet profile 'B4-T2-O32-W0-PQ': 'PQ' must be PR, PS or PSI"},
      {"    vmfleet: B4-T2-O32-W0-PR\n", "    vmfleet: B4-T2-O32-W0-PR\n    diskspd: -b4K\n",
       "6: key 'vms.workload': expected exactly one of vmfleet"},
      {"    vmfleet: B4-T2-O32-W0-PR\n", "    diskspd: \"-b4K -x\"\n",
       "7: key 'vms.workload.diskspd': DISKSPD flag '-x': unknown flag"},
      {"    vmfleet: B4-T2-O32-W0-PR\n", "    diskspd: \"-b4K -c1G -Sh\"\n",
       "8: key 'vms.workload.file_size': the file size is given twice"},
      {"    file_size: 10GiB\n", "", "6: key 'vms.workload': expected the working set per VM"},
      {"  seed: 7\n", "  seed: -1\n", "10: key 'run.seed': expected a whole number from 0 to"},
      {"  seed: 7\n", "  seed: 7\n  precision: 0%\n",
       "11: key 'run.precision': expected a precision above 0% and at most 50%"},
      {"  seed: 7\n", "  seed: 7\n  precision: 60%\n",
       "11: key 'run.precision': expected a precision above 0% and at most 50%"},
      {"  seed: 7\n", "  seed: 7\n  precision: 0.02\n",
       "11: key 'run.precision': expected a percentage like 10%, got '0.02'"},
      {"  seed: 7\n", "  seed: 7\n  precision: 2%\n  interval: 2ms\n",
       "12: key 'run.interval': with a precision the run needs 64 timeline intervals before it can stop: an interval "
       "of "
       "at most 1/128 of the duration (100 intervals here), or none"},
      {"  seed: 7\n", "  seed: 7\n  precision_percentiles: read.p99\n",
       "11: key 'run.precision_percentiles': precision_percentiles says which latency percentiles a precision covers"},
      {"  seed: 7\n", "  seed: 7\n  precision: 2%\n  precision_percentiles: [read.p97]\n",
       "12: key 'run.precision_percentiles[0]': expected a latency percentile: read, write or lat (all I/Os), then "
       "p50, "
       "p90, p99 or p999, like read.p99, got 'read.p97'"},
      {"  seed: 7\n", "  seed: 7\n  precision: 2%\n  precision_percentiles: [read.p99, lat.p999, read.p99]\n",
       "12: key 'run.precision_percentiles[2]': 'read.p99' is already in the list"},
      {"  seed: 7\n", "  seed: 7\n  precision: 2%\n  precision_percentiles: [read.p99, write.p99]\n",
       "12: key 'run.precision_percentiles': write.p99: the workload issues no writes (-w0)"},
      {"value: 5727985,", "value: lots,", "14: key 'reference.figures[0].value': expected a count like 1400000"},
      {"figure: read_iops,", "figure: read_iopz,",
       "14: key 'reference.figures[0].figure': expected one of read_iops, write_iops"},
      {"tolerance: 10%", "tolerance: 0.1",
       "14: key 'reference.figures[0].tolerance': expected a percentage like 10%, got '0.1'"},
      {"value: 1.3ms", "value: 1.3", "15: key 'reference.figures[1].value': expected a duration like 80us"},
      {"figure: total_throughput", "figure: read_iops",
       "17: key 'reference.figures[3].figure': figure 'read_iops' is given twice"},
      {"comparison: at_most", "comparison: below",
       "16: key 'reference.figures[2].comparison': expected one of approximately or at_most, got 'below'"},
      {"title: \"AX-7525 Test 1: 4K random read, 64 VMs per node\"\n", "", "1: key 'title': required key is missing"},
      {"run:\n", "cluster:\n  failed_nodes: [5]\nrun:\n",
       "10: key 'cluster.failed_nodes[0]': expected a whole number from 1 to 4, got '5'"},
      {"run:\n", "cluster:\n  failed_nodes: [2, 2]\nrun:\n",
       "10: key 'cluster.failed_nodes[1]': node 2 is listed twice"},
      {"run:\n", "cluster:\n  failed_nodes: [1, 2, 3, 4]\nrun:\n",
       "10: key 'cluster.failed_nodes': expected at least one node left running"},
      {"run:\n", "cluster:\n  node: dell-ax-7252\nrun:\n",
       "10: key 'cluster.node': unknown node 'dell-ax-7252'; did you mean dell-ax-7525?"},
      {"run:\n", "cluster:\n  stack: vsan\nrun:\n", "10: key 'cluster.stack': unknown stack 'vsan'"},
      {"  per_node: 64\n", "  per_node: 64\n  vcpus: 0\n",
       "6: key 'vms.vcpus': expected a whole number from 1 to 1024, got '0'"},
  };
  for (const Case& c : cases) {
    INFO("replacing " << c.from << " with " << c.to);
    ScenarioFixture fx(edited(c.from, c.to));
    const std::string message = load_error_of([&] { load_scenario(fx.file, bundled()); });
    CHECK_THAT(message, StartsWith(fx.file.string() + ":" + c.expected));
  }
}

TEST_CASE("errors from an included file name that file", "[scenario]") {
  ScenarioFixture fx(kTest1);
  const auto common_file = fx.dir.path() / kCommonPath;
  // The resiliency written in the included file does not fit the node count set here.
  fx.dir.write(kScenarioPath, edited("run:\n", "cluster:\n  nodes: 2\nrun:\n"));
  CHECK(load_error_of([&] { load_scenario(fx.file, bundled()); }) ==
        common_file.string() + ":7: key 'cluster.resiliency': 'three-way-mirror' keeps 3 copies on different nodes; "
                               "expected at least that many nodes, got 2");
  fx.dir.write(kScenarioPath, kTest1);
  const auto common = fx.dir.write(kCommonPath, std::string(kCommon) + "  warmpu: 1ms\n");
  CHECK(load_error_of([&] { load_scenario(fx.file, bundled()); }) ==
        common.string() + ":15: key 'run.warmpu': unknown key; did you mean 'warmup'? expected one of warmup, "
                          "duration, seed, interval, precision, precision_percentiles or fast_forward");

  fx.dir.write(kCommonPath, edited("resiliency: three-way-mirror", "resiliency: 3way", kCommon));
  CHECK(load_error_of([&] { load_scenario(fx.file, bundled()); }) ==
        common.string() +
            ":7: key 'cluster.resiliency': expected one of simple, two-way-mirror or three-way-mirror, got '3way'");
}

TEST_CASE("include problems: missing file, cycles, schema versions, syntax", "[scenario]") {
  testing::TempDir dir;
  SECTION("missing include") {
    const auto file = dir.write("s.yaml", "schema_version: 1\ninclude: nope.yaml\n");
    CHECK_THAT(load_error_of([&] { load_scenario(file, bundled()); }),
               StartsWith(file.string() + ":2: key 'include': expected a file to include, got 'nope.yaml'"));
  }
  SECTION("cycle") {
    dir.write("a.yaml", "include: b.yaml\n");
    const auto b = dir.write("b.yaml", "include: [a.yaml]\n");
    const auto file = dir.write("s.yaml", "schema_version: 1\ninclude: a.yaml\n");
    CHECK_THAT(load_error_of([&] { load_scenario(file, bundled()); }),
               StartsWith(b.string() + ":1: key 'include[0]': include cycle"));
  }
  SECTION("schema version") {
    const auto file = dir.write("s.yaml", "schema_version: 3\ntitle: x\n");
    CHECK(load_error_of([&] { load_scenario(file, bundled()); }) ==
          file.string() + ":1: key 'schema_version': expected schema_version 1, got '3'");
    const auto none = dir.write("t.yaml", "title: x\n");
    CHECK(load_error_of([&] { load_scenario(none, bundled()); }) ==
          none.string() + ":1: key 'schema_version': required key is missing");
  }
  SECTION("syntax error in an include") {
    const auto inc = dir.write("inc.yaml", "cluster: {node: x\n");
    const auto file = dir.write("s.yaml", "schema_version: 1\ninclude: inc.yaml\n");
    CHECK_THAT(load_error_of([&] { load_scenario(file, bundled()); }),
               StartsWith(inc.string() + ":") && Contains("YAML syntax error"));
  }
  SECTION("an empty or list-shaped file") {
    const auto empty = dir.write("e.yaml", "");
    CHECK_THAT(load_error_of([&] { load_scenario(empty, bundled()); }),
               StartsWith(empty.string() + ":1: expected a mapping"));
    const auto list = dir.write("l.yaml", "- a\n- b\n");
    CHECK_THAT(load_error_of([&] { load_scenario(list, bundled()); }),
               StartsWith(list.string() + ":1: expected a mapping"));
  }
  SECTION("a missing scenario file") {
    CHECK_THAT(load_error_of([&] { load_scenario(dir.path() / "none.yaml", bundled()); }),
               Contains("cannot open the file"));
  }
}

TEST_CASE("describe prints back what was understood", "[scenario]") {
  ScenarioFixture fx(
      edited("per_node: 64", "per_node: [64, 64, 64, 0]", edited("run:\n", "cluster:\n  failed_nodes: [4]\nrun:\n")));
  const std::string text = describe(load_scenario(fx.file, bundled()));
  CHECK_THAT(text, StartsWith("Scenario test1-4k-random-read ("));
  CHECK_THAT(text, Contains("4 x dell-ax-7525"));
  CHECK_THAT(text, Contains("failed nodes: 4 "));
  CHECK_THAT(text, Contains("2 x AMD EPYC 7742"));
  CHECK_THAT(text, Contains("24 x KIOXIA CM6-V"));
  CHECK_THAT(text, Contains("100 Gb/s"));
  CHECK_THAT(text, Contains("three-way mirror"));
  CHECK_THAT(text, Contains("192 in all (created per node: 64, 64, 64, 0)"));
  CHECK_THAT(text, Contains("auto columns x 256 KiB interleave, 256 MiB slabs"));
  CHECK_THAT(text, Contains("hypervisor: ") && Contains("256 outstanding I/Os per virtual disk"));
  CHECK_THAT(text, Contains("volume 4 -> node 1"));
  CHECK_THAT(text, Contains("workload: B4-T2-O32-W0-PR, 10 GiB file per VM, 64 I/Os in flight per VM"));
  CHECK_THAT(text, Contains("target 1: 4 KiB random, 0% writes, 2 thread(s) x 32 outstanding, region [0 B, 10 GiB)"));
  CHECK_THAT(text, Contains("warm-up 20 ms, measure 200 ms"));
  CHECK_THAT(text, Contains("read_iops about 5,727,985 IOPS, tolerance 10%"));
  CHECK_THAT(text, !Contains("calibration figure"));
  CHECK_THAT(text, Contains("read_latency_avg about 1.300 ms, tolerance 50%"));
  CHECK_THAT(text, Contains("read_latency_p99 about 4.500 ms, tolerance 50%"));
  CHECK_THAT(text, Contains("vmfleet_cpu about 38.0 %, tolerance 20%"));
  CHECK_THAT(text, Contains("write_latency_avg at most 7.000 ms"));
  CHECK_THAT(text, Contains("total_throughput about 105 GB/s"));
}

TEST_CASE("a DISKSPD line without -Sh is refused with its file, line and key") {
  testing::TempDir dir;
  dir.write("common/ax7525-cluster.yaml", kCommon);
  const auto file = dir.write("s.yaml", "title: t\n"
                                        "include: common/ax7525-cluster.yaml\n"
                                        "vms:\n"
                                        "  per_node: 1\n"
                                        "  workload:\n"
                                        "    diskspd: \"-b4K -t1 -o1 -r -c1G\"\n");
  const std::string message = load_error_of([&] { load_scenario(file, Catalog::load()); });
  CHECK_THAT(message, Contains("s.yaml:6: key 'vms.workload.diskspd'") && Contains("-Sh"));
}

TEST_CASE("--set overrides are merged over the file and checked like it") {
  const auto file = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/ax7525/test1-4k-random-read.yaml";
  const Catalog catalog = Catalog::load();
  const auto spec = load_scenario(file, catalog,
                                  {"cluster.resiliency=two-way-mirror", "vms.per_node=[8, 16, 8, 0]",
                                   "cluster.failed_nodes=[4]", "vms.workload.vmfleet=B8-T1-O4-W30-PR"});
  CHECK(spec.cluster.resiliency == Resiliency::TwoWayMirror);
  CHECK(spec.vms.per_node == std::vector<int>{8, 16, 8, 0});
  CHECK(spec.vms.workload.targets[0].block_bytes == 8192);
  CHECK(spec.vms.workload.targets[0].write_fraction == Approx(0.3));
  CHECK(spec.vms.workload.file_bytes == 10ull << 30);  // from the included file, untouched
  CHECK_THAT(spec.title, Contains("[cluster.resiliency=two-way-mirror]"));

  CHECK(load_error_of([&] { load_scenario(file, catalog, {"cluster.nodes=many"}); }) ==
        "--set cluster.nodes=many:1: key 'cluster.nodes': expected a whole number like 24, got 'many'");
  CHECK_THAT(load_error_of([&] { load_scenario(file, catalog, {"cluster.nodez=8"}); }),
             StartsWith("--set cluster.nodez=8:1: key 'cluster.nodez': unknown key"));
  CHECK_THAT(load_error_of([&] { load_scenario(file, catalog, {"no-equals-sign"}); }),
             Contains("expected key.path=value"));
  CHECK_THAT(load_error_of([&] { load_scenario(file, catalog, {"a..b=1"}); }), Contains("expected key.path=value"));
}

TEST_CASE("run.precision_percentiles: one or a list, in --slo's names, described back") {
  const auto file = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/ax7525/test2-8k-random-30w.yaml";
  const Catalog catalog = Catalog::load();
  const auto one = load_scenario(file, catalog, {"run.precision=2%", "run.precision_percentiles=write.p999"});
  using Of = LatencyPercentile::Of;
  CHECK(one.run.precision_percentiles == std::vector<LatencyPercentile>{{Of::Write, 99.9}});
  const auto several = load_scenario(
      file, catalog, {"run.precision=2%", "run.precision_percentiles=[read.p99, lat.p50, all.p90, write.p99]"});
  CHECK(several.run.precision_percentiles ==
        std::vector<LatencyPercentile>{{Of::Read, 99}, {Of::All, 50}, {Of::All, 90}, {Of::Write, 99}});
  CHECK_THAT(describe(several), Contains("once the 95 % intervals of IOPS, mean latency, read.p99, lat.p50, lat.p90, "
                                         "write.p99 are within +/- 2%"));
}

TEST_CASE("a --set of the workload in another form replaces the file's form; its other keys stay") {
  // Test 1 writes its workload as a VMFleet profile (B4-T2-O32-W0-PR) in an included file.
  const auto file = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/ax7525/test1-4k-random-read.yaml";
  const Catalog catalog = Catalog::load();
  const auto spec = load_scenario(file, catalog, {"vms.workload.diskspd=-b64K -t1 -o4 -w50 -r -Sh"});
  REQUIRE(spec.vms.workload.targets.size() == 1);
  CHECK(spec.vms.workload.targets[0].block_bytes == 65536);
  CHECK(spec.vms.workload.targets[0].threads == 1);
  CHECK(spec.vms.workload.targets[0].write_fraction == Approx(0.5));
  CHECK(spec.vms.workload.file_bytes == 10ull << 30);  // the file's file_size still applies
  // threads and outstanding set after it apply to the new form.
  const auto deeper =
      load_scenario(file, catalog, {"vms.workload.diskspd=-b64K -t1 -o4 -w50 -r -Sh", "vms.workload.outstanding=16"});
  CHECK(deeper.vms.workload.targets[0].outstanding == 16);
  // A --set of another workload key keeps the file's form.
  const auto same = load_scenario(file, catalog, {"vms.workload.threads=4"});
  CHECK(same.vms.workload.targets[0].block_bytes == 4096);
  CHECK(same.vms.workload.targets[0].threads == 4);
  // Two forms in one --set are still two forms.
  CHECK_THAT(load_error_of([&] {
               load_scenario(file, catalog, {"vms.workload={diskspd: -b4K -t1 -o1 -r -Sh, vmfleet: B4-T2-O32-W0-PR}"});
             }),
             Contains("expected exactly one of vmfleet"));
}

TEST_CASE("an including file that names a workload form replaces the included file's form", "[scenario][include]") {
  // The base writes the workload as a DISKSPD line; the file including it switches to a fio job
  // (and a third file, a list of includes, to a VMFleet profile): no "expected exactly one of".
  testing::TempDir dir;
  dir.write("common/cluster.yaml", kCommon);
  dir.write("base.yaml", "schema_version: 1\ntitle: base\ninclude: common/cluster.yaml\n"
                         "vms:\n  per_node: 8\n  workload:\n    diskspd: \"-b4K -t2 -o8 -w0 -r -Sh\"\n"
                         "    file_size: 2GiB\n");
  dir.write("job.fio", "[job]\nioengine=libaio\nrw=randwrite\nbs=8k\niodepth=4\ndirect=1\nsize=4g\n");
  const auto fio = dir.write("fio.yaml", "include: base.yaml\ntitle: fio\nvms:\n  workload:\n    fio: job.fio\n");
  const ScenarioSpec f = load_scenario(fio, bundled());
  REQUIRE(f.vms.workload.targets.size() == 1);
  CHECK(f.vms.workload.targets[0].block_bytes == 8192);
  CHECK(f.vms.workload.targets[0].write_fraction == 1.0);
  CHECK(f.vms.workload.profile == "fio job.fio");
  CHECK(f.vms.workload.file_bytes == 4ull << 30);  // the job's size= wins over the included file_size
  CHECK(f.vms.per_node[0] == 8);

  dir.write("profile.yaml", "schema_version: 1\nvms:\n  workload:\n    vmfleet: B64-T1-O2-W0-PS\n");
  const auto listed = dir.write("listed.yaml", "include: [base.yaml, profile.yaml]\ntitle: listed\n");
  const ScenarioSpec l = load_scenario(listed, bundled());
  CHECK(l.vms.workload.targets[0].block_bytes == 65536);
  CHECK(l.vms.workload.targets[0].pattern == AccessPattern::Sequential);
  CHECK(l.vms.workload.file_bytes == 2ull << 30);  // the other workload keys stay

  // One file naming two forms is still refused.
  const auto both = dir.write("both.yaml", "include: base.yaml\ntitle: both\nvms:\n  workload:\n    fio: job.fio\n"
                                           "    vmfleet: B4-T2-O32-W0-PR\n");
  CHECK_THAT(load_error_of([&] { load_scenario(both, bundled()); }), Contains("expected exactly one of vmfleet"));
  // Nor is a size given twice in one file.
  const auto twice = dir.write("twice.yaml", "include: base.yaml\ntitle: twice\nvms:\n  workload:\n    fio: job.fio\n"
                                             "    file_size: 1GiB\n");
  CHECK_THAT(load_error_of([&] { load_scenario(twice, bundled()); }), Contains("the file size is given twice"));
}
