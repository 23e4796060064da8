// Every bad-input reproducer of ../shared/reliability (copied, with its files,
// into tests/scenarios/bad/reliability) gives a clean error naming file, line
// and key, or a safe result. The output-file and command-line cases are shell
// tests in tests/cli.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using hcisim::frontend::testing::load_error_of;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::path(HCISIM_SOURCE_DIR) / "tests/scenarios/bad/reliability";

const Catalog& bundled() {
  static const Catalog catalog = Catalog::load();
  return catalog;
}

std::string scenario_error(const std::string& file, const std::vector<std::string>& overrides = {}) {
  return load_error_of([&] { load_scenario(kDir / file, bundled(), overrides); });
}

// The error of loading base.yaml against the bundled catalog plus one reproducer folder.
std::string catalog_error(const std::string& folder) {
  return load_error_of([&] {
    const Catalog catalog = Catalog::load({kDir / folder});
    load_scenario(kDir / "base.yaml", catalog);
  });
}

std::string part(const std::string& folder, const std::string& file) { return (kDir / folder / file).string(); }

}  // namespace

TEST_CASE("reproducer 2: DISKSPD blocks of 4 GiB or more are refused, not wrapped to 32 bits", "[reliability]") {
  const std::string expected =
      "key 'vms.workload.diskspd': DISKSPD flag '-b4G': expected a block size up to 4 GiB - 512 B";
  CHECK_THAT(scenario_error("b4g-write-crash.yaml"),
             StartsWith((kDir / "b4g-write-crash.yaml").string() + ":14: " + expected));
  CHECK_THAT(scenario_error("b4g-read-zero-bandwidth.yaml"),
             StartsWith((kDir / "b4g-read-zero-bandwidth.yaml").string() + ":14: " + expected));
  CHECK_THAT(scenario_error("base.yaml", {"vms.workload.diskspd=\"-b5G -t1 -o1 -r -Sh -c10G\""}),
             Contains("key 'vms.workload.diskspd': DISKSPD flag '-b5G': expected a block size up to 4 GiB - 512 B"));
  // The largest block DISKSPD can express, sector-aligned, still loads.
  const auto spec =
      load_scenario(kDir / "base.yaml", bundled(), {"vms.workload.diskspd=\"-b4194303K -t1 -o1 -s -Sh -c8G\""});
  CHECK(spec.vms.workload.targets[0].block_bytes == 4194303ull * 1024);
}

TEST_CASE("reproducer 3: a self-referencing alias is an error, not a stack overflow", "[reliability]") {
  CHECK(scenario_error("self-alias.yaml") ==
        (kDir / "self-alias.yaml").string() + ":4: a value refers to itself through an alias (*name inside &name)");
  CHECK_THAT(scenario_error("base.yaml", {"description=&a [*a]"}), Contains("refers to itself through an alias"));
  CHECK_THAT(scenario_error("base.yaml", {"description=&a {k: *a}"}), Contains("refers to itself through an alias"));
}

TEST_CASE("reproducer 4a: an include fan-out is bounded, not 4^13 parses", "[reliability]") {
  const auto start = std::chrono::steady_clock::now();
  const std::string error = scenario_error("include-bomb/top.yaml");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));  // was > 10 s
  CHECK_THAT(error, Contains("include-bomb/m") && Contains(": key 'include[") &&
                        Contains("more than 64 includes in all, counting repeats"));
}

TEST_CASE("reproducer 4b and 7: a working set larger than the pool is refused at its key", "[reliability]") {
  const std::vector<std::string> diskspd = {"vms.workload.diskspd=\"-b4K -t1 -o4 -r -Sh\""};
  auto with = [&](const std::string& file_size) {
    auto overrides = diskspd;
    overrides.push_back("vms.workload.file_size=" + file_size);
    return scenario_error("base.yaml", overrides);
  };
  // The pool: 4 nodes x 24 x 3.2 TB = 307 TB raw; 16 VMs x 3 copies.
  CHECK_THAT(with("9223372036854775808"), Contains("key 'vms.workload.file_size': 16 VMs x 8192 PiB x 3 copies") &&
                                              Contains("the pool's capacity drives hold 307 TB"));
  CHECK_THAT(with("1PiB"), Contains("16 VMs x 1 PiB x 3 copies need 54 PB"));
  CHECK_THAT(with("100TiB"), Contains("expected a working set that fits"));
  // 16 x 6 TiB x 3 = 288 TiB = 317 TB: just over; 16 x 5 TiB x 3 = 264 TB fits.
  CHECK_THAT(with("6TiB"), Contains("expected a working set that fits"));
  CHECK(with("5TiB").empty());
}

TEST_CASE("reproducer 4c, 5, 7, 8: catalog values the model cannot represent are refused at file:line",
          "[reliability]") {
  CHECK(catalog_error("cat-slab-1B") ==
        part("cat-slab-1B", "stacks/s2d.yaml") +
            ":42: key 'slab_size': expected a slab size from 1 MiB to 64 GiB (S2D uses "
            "256 MiB; kMinSlabBytes in tools/frontend/input/input_limits.hpp), got '1'");
  CHECK(catalog_error("cat-drive-1e15-iops") ==
        part("cat-drive-1e15-iops", "drives/kioxia-cm6-v-3200.yaml") +
            ":12: key 'random_read_iops': expected from 10 to 1,000,000,000 IOPS, "
            "got '1e15'");
  // 10 M IOPS x 1 s = 1e7 channels (3.8 GB in the old model).
  CHECK_THAT(
      catalog_error("cat-drive-10M-iops-1s"),
      StartsWith(part("cat-drive-10M-iops-1s", "drives/kioxia-cm6-v-3200.yaml") + ":12: key 'random_read_iops'") &&
          Contains("1e+07 I/Os in flight inside the drive) of at most 65,536"));
  CHECK(catalog_error("cat-node-1M-drives") == part("cat-node-1M-drives", "nodes/dell-ax-7525.yaml") +
                                                   ":10: key 'drives[0].count': expected a whole number from 1 to 256, "
                                                   "got '1000000'");
  CHECK(catalog_error("cat-smt-1000") == part("cat-smt-1000", "cpus/amd-epyc-7742.yaml") +
                                             ":10: key 'smt_yield': expected at most threads / cores = 2 (x one "
                                             "thread), got '1000'");
  CHECK(catalog_error("cat-burst-scv-1e308") == part("cat-burst-scv-1e308", "stacks/s2d.yaml") +
                                                    ":44: key 'cpu_burst_variability': expected at most 10 (1 = "
                                                    "exponential burst times), got '1e308'");
  CHECK(catalog_error("cat-cycles-1e308") == part("cat-cycles-1e308", "stacks/s2d.yaml") +
                                                 ":22: key 'storage_stack.cycles_per_io': expected at most 1e+09 "
                                                 "cycles per I/O, got '1e308'");
  CHECK(catalog_error("cat-net-cycles-per-byte-1e6") == part("cat-net-cycles-per-byte-1e6", "stacks/s2d.yaml") +
                                                            ":38: key 'network_message.cycles_per_byte': expected at "
                                                            "most 10000 cycles per byte, got '1e6'");
  // A hard disk is modelled now: it refuses the flash figures it would not use.
  CHECK(catalog_error("cat-hdd") == part("cat-hdd", "drives/kioxia-cm6-v-3200.yaml") +
                                        ":14: key 'random_read_iops': not used by an hdd: its IOPS and throughput "
                                        "follow from seek, rotation, media rate and queueing");
  CHECK(catalog_error("cat-cache-only") ==
        part("cat-cache-only", "nodes/dell-ax-7525.yaml") +
            ":9: key 'drives': expected at least one group of capacity drives (role: "
            "capacity): cache drives only cache them");
  // A 0.5 IOPS drive is below any drive made (physical ranges, issue 41); a 1 Mb/s
  // switch, the floor of any catalog bit rate, loads and limits the links
  // (tests/models/test_switch_port.cpp).
  CHECK(catalog_error("cat-drive-half-iops") == part("cat-drive-half-iops", "drives/kioxia-cm6-v-3200.yaml") +
                                                    ":12: key 'random_read_iops': expected from 10 to 1,000,000,000 "
                                                    "IOPS, got '0.5'");
  CHECK(catalog_error("cat-switch-1Mbps").empty());
}

TEST_CASE("reproducer 6: warm-up + duration past the clock is refused", "[reliability]") {
  CHECK_THAT(scenario_error("base.yaml", {"run.warmup=2500000h", "run.duration=2500000h"}),
             Contains("key 'run.warmup': warm-up + duration exceed the simulator's clock"));
}

TEST_CASE("reproducer 7: counts that feed memory are bounded, with the limit and where to change it", "[reliability]") {
  CHECK_THAT(scenario_error("base.yaml", {"vms.workload.diskspd=\"-b4K -t4096 -o65536 -r -Sh -c1G\""}),
             Contains("key 'vms.workload': VMs x (threads x outstanding per VM) = 16 x 268435456 = 4294967296 I/Os in "
                      "flight; expected at most 4194304 (kMaxRequests in tools/frontend/input/input_limits.hpp)"));
  CHECK_THAT(scenario_error("base.yaml", {"vms.per_node=100000"}),
             Contains("key 'vms.per_node': expected a whole number from 0 to 1024, got '100000'"));
  // VM memory against node memory: 4 VMs x 300 GiB = 1200 GiB > 1 TiB; vCPUs may be over-committed.
  CHECK_THAT(scenario_error("base.yaml", {"vms.memory=300GiB"}),
             Contains("key 'vms.memory': 4 VMs x 300 GiB on node 1 need more than the node's 1 TiB"));
  // vCPUs may be over-committed (4 x 256 on 256 logical processors: a capacity warning), but one VM
  // cannot be wider than its host (issue 13: 1024 vCPUs on 2 x 128 threads).
  CHECK(scenario_error("base.yaml", {"vms.memory=256GiB", "vms.vcpus=256"}).empty());
  CHECK_THAT(
      scenario_error("base.yaml", {"vms.vcpus=1024"}),
      Contains("key 'vms.vcpus': a VM with 1024 vCPUs cannot run on node 'dell-ax-7525' with 256 logical processors"));
}

TEST_CASE("reproducer 9: DISKSPD lines DISKSPD itself would refuse, or that degenerate", "[reliability]") {
  auto line = [](const std::string& diskspd) {
    return scenario_error("base.yaml", {"vms.workload.diskspd=\"" + diskspd + "\""});
  };
  CHECK_THAT(
      line("-b513 -t1 -o4 -r -Sh -c1G"),
      Contains("DISKSPD -b513: with the software cache off (-Sh) the block size must be a multiple of 512 bytes"));
  CHECK_THAT(line("-b1 -t1 -o4 -r -Sh -c1G"), Contains("multiple of 512 bytes"));
  CHECK_THAT(line("-b4K -t1 -o4 -r3 -Sh -c1G"),
             Contains("DISKSPD -r3: with the software cache off (-Sh) the alignment must be a multiple of 512 bytes"));
  CHECK_THAT(line("-b4K -t1 -o4 -r2G -Sh -c1G"), Contains("leaves a single position in the 1 GiB file"));
  // A Linux-style target is a target, as a Windows path is.
  CHECK(line("-b4K -t1 -o4 -r -Sh -c1G /dev/sdb").empty());
}

TEST_CASE("reproducer 11: --set sets one key, never include, and is checked as files are", "[reliability]") {
  CHECK_THAT(scenario_error("base.yaml", {"include=/nonexistent.yaml"}), Contains("include cannot be overridden"));
  CHECK_THAT(scenario_error("base.yaml", {"schema_version=[not, a, version]"}),
             Contains("key 'schema_version': expected a whole number"));
  CHECK_THAT(scenario_error("base.yaml", {"schema_version=2"}), Contains("expected schema_version 1, got '2'"));
  // The value is one YAML node: it cannot add a second key beside the first (here it is
  // one mapping, which a title is not), and quoted it is plain text.
  CHECK_THAT(scenario_error("base.yaml", {"title=x, cluster: {nodes: 1}"}),
             Contains("key 'title': expected text, got a mapping"));
  const auto spec = load_scenario(kDir / "base.yaml", bundled(), {"title='x, cluster: {nodes: 1}'"});
  CHECK(spec.cluster.node_count == 4);
  CHECK(spec.title.rfind("x, cluster: {nodes: 1}", 0) == 0);
}

TEST_CASE("reproducer 12: a title that is not UTF-8 is refused at load, before any run", "[reliability]") {
  CHECK(scenario_error("latin1-title.yaml") ==
        (kDir / "latin1-title.yaml").string() +
            ":3: expected UTF-8 text, got 'caf\\xe9 \\xff' (byte 4 is not UTF-8; save the file as UTF-8)");
}

TEST_CASE("reproducer 13: errors quote a few dozen characters on one line, escaped", "[reliability]") {
  const std::string passwd = scenario_error("include-etc-passwd.yaml");
  CHECK_THAT(passwd, StartsWith("/etc/passwd:1: expected a mapping of keys at the top level, got 'root:"));
  CHECK(passwd.size() < 160);
  CHECK(passwd.find('\n') == std::string::npos);
  const std::string escape = scenario_error("escape-title.yaml");
  CHECK(escape.find('\x1b') == std::string::npos);
  CHECK_THAT(escape, Contains("key '\\x1b[2Jkey-that-clears-the-screen': unknown key"));
  // A value holding a newline is quoted on one line.
  CHECK_THAT(scenario_error("base.yaml", {"cluster.nodes=4\n5"}), Contains("got '4 5'"));
  CHECK(scenario_error("two-calibration.yaml") ==
        (kDir / "two-calibration.yaml").string() +
            ":21: key 'reference.figures[0].calibration': no catalog constant is calibrated on case "
            "'reliability-two-calibration' "
            "(a field whose source is \"calibrated: reliability-two-calibration\"); a figure is a calibration figure "
            "only when a constant was fitted on it");
  testing::TempDir dir;
  dir.write("cpus/family.yaml", "schema_version: 1\nkind: cpu\nsource: \"DS: x\"\nparts: []\n");
  CHECK_THAT(load_error_of([&] { Catalog::load_only({dir.path()}); }),
             Contains("key 'parts': expected a list of parts, got an empty list"));
}
