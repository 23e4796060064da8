// Loading the cloud parts and the azure-infoscale scenarios: the catalog's
// Azure VM sizes and Premium SSDs resolve to the documented figures, and every
// misuse is a FILE:LINE: key error (a cloud cluster refuses the servers' keys
// and the servers' products refuse the cloud keys; the model's limits, such
// as one volume per disk, and keys it would not use are refused at the key).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim::frontend;
using hcisim::frontend::testing::load_error_of;
using namespace hcisim::models;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const std::filesystem::path kScenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios";
const std::filesystem::path kCatalog = std::filesystem::path(HCISIM_SOURCE_DIR) / "hardware-catalog";

const Catalog& bundled() {
  static const Catalog catalog = Catalog::load();
  return catalog;
}

// A self-contained cloud scenario (line numbers matter for the errors below).
const char* const kCloud = "schema_version: 1\n"                                                                // 1
                           "title: t\n"                                                                         // 2
                           "cluster:\n"                                                                         // 3
                           "  cloud:\n"                                                                         // 4
                           "    storage_vm: azure-standard-d64s-v3\n"                                           // 5
                           "    storage_vms: 6\n"                                                               // 6
                           "    data_disk: azure-premium-ssd-p60\n"                                             // 7
                           "    disks_per_vm: 4\n"                                                              // 8
                           "    client_vm: azure-standard-e64-16ds-v4\n"                                        // 9
                           "    clients: 5\n"                                                                   // 10
                           "  stack: infoscale\n"                                                               // 11
                           "  resiliency: simple\n"                                                             // 12
                           "  infoscale:\n"                                                                     // 13
                           "    volumes: 4\n"                                                                   // 14
                           "    vxfs: {write_nstream: 96, read_nstream: 96, discovered_direct_iosz: 128MiB}\n"  // 15
                           "vms:\n"                                                                             // 16
                           "  sas_iotest:\n"                                                                    // 17
                           "    file_size: 1GiB\n"                                                              // 18
                           "    block_size: 64KiB\n"                                                            // 19
                           "run:\n"                                                                             // 20
                           "  time_limit: 1h\n";                                                                // 21

std::string edited(const std::string& from, const std::string& to, std::string text = kCloud) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("the catalog's cloud parts carry the documented Azure figures", "[cloud][catalog]") {
  const CloudVmSpec& d64 = bundled().cloud_vm("azure-standard-d64s-v3");
  CHECK(d64.vcpus == 64);
  CHECK(d64.memory_bytes == 256ull << 30);
  CHECK(d64.uncached_iops == 80'000);
  CHECK(d64.uncached_bytes_per_s == 1'200e6);  // Azure MB/s = 10^6 B/s
  CHECK(d64.burst_bytes_per_s == 2'000e6);
  CHECK(d64.burst_iops == 80'000);  // IOPS do not burst
  CHECK(d64.burst_window_s == 1800);
  CHECK(d64.cached_iops == 128'000);
  CHECK(d64.cached_bytes_per_s == 1'024e6);
  CHECK(d64.egress_bits_per_s == 30e9);
  const CloudVmSpec& e16 = bundled().cloud_vm("azure-standard-e64-16ds-v4");
  CHECK(e16.vcpus == 16);
  CHECK(e16.parent_vcpus == 64);
  CHECK(e16.physical_cores == 8);
  CHECK(e16.memory_bytes == 504ull << 30);
  CHECK(e16.uncached_bytes_per_s == 1'200e6);  // the parent's caps
  CHECK(bundled().cloud_vm("azure-standard-e64-32ds-v4").physical_cores == 16);
  const ManagedDiskSpec& p60 = bundled().managed_disk("azure-premium-ssd-p60");
  CHECK(p60.capacity_bytes == 8ull << 40);
  CHECK(p60.iops == 16'000);
  CHECK(p60.bytes_per_s == 500e6);
  CHECK(p60.burst_iops == 0);  // no credit bursting at this size
  CHECK(p60.burst_bytes_per_s == 0);
  const ManagedDiskSpec& p20 = bundled().managed_disk("azure-premium-ssd-p20");
  CHECK(p20.burst_iops == 3'500);
  CHECK(p20.burst_bytes_per_s == 170e6);
  CHECK(p20.burst_window_s == 1800);
  for (const char* id : {"azure-premium-ssd-p30", "azure-premium-ssd-p40", "azure-premium-ssd-p50",
                         "azure-premium-ssd-p70", "azure-premium-ssd-p80"}) {
    INFO(id);
    CHECK(bundled().managed_disk(id).burst_iops == 0);  // credit bursting only for P20 and smaller
  }
  CHECK_THAT(bundled().show("azure-standard-d64s-v3"), Contains("uncached_disk_throughput") && Contains("DOC:"));
  CHECK_THAT(load_error_of([] { bundled().managed_disk("azure-standard-d64s-v3"); }), Contains("is a cloud_vm"));
}

TEST_CASE("a cloud part refuses unknown keys, keys it would not use, and figures that contradict each other",
          "[cloud][catalog]") {
  testing::TempDir user;
  const std::string vms = file_text(kCatalog / "cloud/azure-vm-sizes.yaml");
  const std::string disks = file_text(kCatalog / "cloud/azure-premium-ssd.yaml");
  struct Case {
    std::string file;
    std::string from, to, expected;
  };
  const Case cases[] = {
      {"vms", "    vcpus: 64\n", "    vcpus: 64\n    gpus: 1\n", "key 'parts[0].gpus': unknown key"},
      {"vms", "    physical_cores: {value: 32", "    physical_cores: {value: 24",
       "key 'parts[0].physical_cores': expected a divisor of vcpus"},
      {"vms", "    parent_vcpus: 64\n    physical_cores: {value: 32",
       "    parent_vcpus: 32\n    physical_cores: {value: 32", "key 'parts[0].parent_vcpus': expected at least vcpus"},
      {"vms", "    burst_disk_throughput: 2000MB/s\n", "    burst_disk_throughput: 1000MB/s\n",
       "key 'parts[0].burst_disk_throughput': expected at least the base figure"},
      {"vms",
       "    smt_yield: {value: 1.25, source: \"EST: typical Hyper-Threading throughput gain for server loads (as for "
       "the catalog's CPUs)\"}",
       "    smt_yield: {value: 2.5, source: \"EST\"}",
       "key 'parts[0].smt_yield': expected at most vcpus / physical_cores = 2"},
      {"vms", "    cached_disk_throughput: 1024MB/s\n", "",
       "expected both cached_disk_iops and cached_disk_throughput"},
      {"disks", "    iops: 16000\n", "    iops: 16000\n    burst_window: 30min\n",
       "key 'parts[4].burst_window': used only with a burst figure"},
      {"disks", "kind: managed_disk", "kind: disk",
       "key 'kind': expected cloud_vm or managed_disk (the file is in cloud/)"},
      // Physical ranges: a cap of 1e-300 IOPS overflowed the burst bucket's wait (a hang), or was ignored.
      {"disks", "    iops: 16000\n", "    iops: 1e-300\n",
       "key 'parts[4].iops': expected from 10 to 1,000,000,000 IOPS, got '1e-300'"},
      {"disks", "    throughput: 500MB/s\n", "    throughput: 100kB/s\n",
       "key 'parts[4].throughput': expected from 1 MB/s to 1 TB/s, got '100kB/s'"},
      {"vms", "    uncached_disk_iops: 80k\n", "    uncached_disk_iops: 1e-300\n",
       "key 'parts[0].uncached_disk_iops': expected from 10 to 1,000,000,000 IOPS, got '1e-300'"},
  };
  for (const Case& c : cases) {
    INFO("replacing " << c.from << " with " << c.to);
    testing::TempDir dir;
    const std::string& text = c.file == "vms" ? vms : disks;
    std::string mine = edited(c.from, c.to, text);
    // Own ids, so the bundled parts stay as they are.
    for (std::string::size_type at = 0; (at = mine.find("id: azure-", at)) != std::string::npos; at += 4) {
      mine.replace(at, 4, "id: my-");
    }
    const auto file = dir.write("cloud/mine.yaml", mine);
    CHECK_THAT(load_error_of([&] { Catalog::load({dir.path()}); }),
               StartsWith(file.string() + ":") && Contains(c.expected));
  }
}

TEST_CASE("the azure-infoscale scenarios resolve to the seed's setup", "[cloud][scenario]") {
  const ScenarioSpec t1 = load_scenario(kScenarios / "azure-infoscale/test1.yaml", bundled());
  CHECK(t1.cluster.cloud.defined());
  CHECK(t1.cluster.node_count == 6);
  CHECK(t1.cluster.compute_hosts.count == 5);
  CHECK(t1.cluster.cloud.disks_per_vm == 4);
  CHECK(t1.cluster.stack.product == ProductKind::InfoScale);
  CHECK(t1.cluster.stack.infoscale.volumes == 4);
  CHECK(t1.cluster.stack.infoscale.vxfs.write_nstream == 96);
  CHECK(t1.cluster.stack.infoscale.vxfs.read_nstream == 96);
  CHECK(t1.cluster.stack.infoscale.vxfs.discovered_direct_iosz_bytes == 128ull << 20);
  REQUIRE(t1.vms.sas);
  CHECK(t1.vms.sas->streams_per_client == 8);  // one per physical core: 5 x 8 = 40
  REQUIRE(t1.references.size() == 2);
  CHECK(t1.references[0].figure == Figure::WriteBytesPerSecPerCore);
  CHECK(t1.references[0].value == 155.17e6);
  CHECK(t1.references[0].calibration);
  CHECK(t1.references[1].value == 144.62e6);
  CHECK_FALSE(t1.references[1].calibration);
  // The one calibrated constant, recorded with its case.
  CHECK(bundled().fields_calibrated_on("azure-infoscale-test1") == std::vector<std::string>{"infoscale stripe_unit"});
  const ScenarioSpec t2 = load_scenario(kScenarios / "azure-infoscale/test2.yaml", bundled());
  CHECK(t2.cluster.cloud.disks_per_vm == 5);
  CHECK(t2.cluster.stack.infoscale.volumes == 5);
  CHECK(t2.vms.sas->streams_per_client == 16);  // 4 x 16 = 64 cores
  CHECK(t2.references.empty());                 // setup only: a prediction
  CHECK_THAT(describe(t1), Contains("4 volumes in one volume set, each striped 6-way") &&
                               Contains("16 active vCPUs of the parent's 64"));
}

TEST_CASE("a cloud scenario's mistakes name file, line and key", "[cloud][scenario]") {
  struct Case {
    std::string from, to, expected;
  };
  const Case cases[] = {
      {"  stack: infoscale\n", "  stack: s2d\n", "11: key 'cluster.stack': expected an infoscale stack"},
      {"  resiliency: simple\n", "  resiliency: two-way-mirror\n", "12: key 'cluster.resiliency': expected simple"},
      {"  resiliency: simple\n", "  resiliency: simple\n  nodes: 6\n", "13: key 'cluster.nodes': a cloud cluster"},
      {"    volumes: 4\n", "    volumes: 3\n",
       "14: key 'cluster.infoscale.volumes': expected one volume per data disk"},
      {"    storage_vm: azure-standard-d64s-v3\n", "    storage_vm: azure-premium-ssd-p60\n",
       "5: key 'cluster.cloud.storage_vm': 'azure-premium-ssd-p60' is a managed_disk, not a cloud_vm"},
      {"    vxfs: {write_nstream: 96,", "    vxfs: {aligned_flush_enable: 1, write_nstream: 96,",
       "15: key 'cluster.infoscale.vxfs.aligned_flush_enable': what aligned_flush_enable does is not documented"},
      {"    file_size: 1GiB\n", "    file_size: 1000000000\n",
       "18: key 'vms.sas_iotest.file_size': expected a whole number of blocks"},
      {"    file_size: 1GiB\n", "    file_size: 8TiB\n",
       "18: key 'vms.sas_iotest.file_size': 10 files of 8 TiB on one volume"},
      {"  sas_iotest:\n", "  vcpus: 2\n  sas_iotest:\n",
       "17: key 'vms.vcpus': a cloud cluster runs SAS iotest streams"},
      {"  time_limit: 1h\n", "  duration: 1h\n", "21: key 'run.duration': a SAS iotest run lasts"},
      {"  time_limit: 1h\n", "  time_limit: 1h\n  time_scale: 5000\n",
       "22: key 'run.time_scale': expected at most 1800"},
      {"  time_limit: 1h\n", "  time_limit: 1h\ntimeline: {events: []}\n",
       "22: key 'timeline': failures on a cloud cluster"},
      {"  time_limit: 1h\n", "  time_limit: 1h\nreference:\n  figures:\n    - {figure: tps, value: 100}\n",
       "24: key 'reference.figures[0].figure': a SAS iotest run reports MB/s per core"},
      {"  time_limit: 1h\n",
       "  time_limit: 1h\nreference:\n  figures:\n    - {figure: write_throughput_per_core, value: 155MB/s, "
       "calibration: true}\n",
       "24: key 'reference.figures[0].calibration': no catalog constant is calibrated on case"},
  };
  for (const Case& c : cases) {
    INFO("replacing " << c.from << " with " << c.to);
    testing::TempDir dir;
    const auto file = dir.write("s.yaml", edited(c.from, c.to));
    CHECK_THAT(load_error_of([&] { load_scenario(file, bundled()); }), StartsWith(file.string() + ":" + c.expected));
  }
  testing::TempDir dir;
  CHECK_NOTHROW(load_scenario(dir.write("s.yaml", kCloud), bundled()));
}

TEST_CASE("the servers' products refuse the cloud keys", "[cloud][scenario]") {
  testing::TempDir dir;
  // An InfoScale stack on servers, InfoScale keys on S2D/ScaleIO, SAS on servers.
  const std::string base = "schema_version: 1\ntitle: t\ncluster:\n  node: dell-ax-7525\n  nodes: 4\n"
                           "  switch: generic-100gbe\n  stack: s2d\n  resiliency: three-way-mirror\n"
                           "vms:\n  per_node: 1\n  vcpus: 2\n  workload: {vmfleet: B4-T2-O32-W0-PR, file_size: "
                           "10GiB}\nrun:\n  duration: 1ms\n";
  const auto good = dir.write("ok.yaml", base);
  CHECK_NOTHROW(load_scenario(good, bundled()));
  const auto infoscale = dir.write("a.yaml", edited("  stack: s2d\n", "  stack: infoscale\n", base));
  CHECK_THAT(load_error_of([&] { load_scenario(infoscale, bundled()); }),
             StartsWith(infoscale.string() + ":7: key 'cluster.stack': InfoScale is modelled on cloud VMs"));
  const auto keys = dir.write("b.yaml", edited("  stack: s2d\n", "  stack: s2d\n  infoscale: {volumes: 4}\n", base));
  CHECK_THAT(load_error_of([&] { load_scenario(keys, bundled()); }),
             StartsWith(keys.string() + ":8: key 'cluster.infoscale': used only with an infoscale stack"));
  const auto sas = dir.write(
      "c.yaml", edited("  workload:", "  sas_iotest: {file_size: 1GiB, block_size: 64KiB}\n  workload:", base));
  CHECK_THAT(load_error_of([&] { load_scenario(sas, bundled()); }),
             StartsWith(sas.string() + ":12: key 'vms.sas_iotest': SAS iotest streams run on the client VMs"));
  const auto figure =
      dir.write("d.yaml", base + "reference:\n  figures:\n    - {figure: read_throughput_per_core, value: 1MB/s}\n");
  CHECK_THAT(load_error_of([&] { load_scenario(figure, bundled()); }),
             StartsWith(figure.string() + ":17: key 'reference.figures[0].figure': only a SAS iotest run"));
}

TEST_CASE("an infoscale stack profile refuses the other products' keys and needs its own", "[cloud][catalog]") {
  testing::TempDir user;
  const std::string infoscale = file_text(kCatalog / "stacks/infoscale.yaml");
  const std::string mine = edited("id: infoscale", "id: mine", infoscale);
  SECTION("no S2D layout") {
    const auto file = user.write("stacks/mine.yaml", mine + "columns: 4\n");
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'columns': not used by product: infoscale"));
  }
  SECTION("s2d refuses InfoScale's keys") {
    const std::string s2d = file_text(kCatalog / "stacks/s2d.yaml");
    const auto file = user.write("stacks/mine.yaml", edited("id: s2d", "id: mine", s2d) + "stripe_unit: 64KiB\n");
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'stripe_unit': used only by product: infoscale"));
  }
  SECTION("a stripe unit is whole sectors") {
    const auto at = mine.find("stripe_unit: {value: 16KiB");
    REQUIRE(at != std::string::npos);
    std::string bad = mine;
    bad.replace(at, std::string("stripe_unit: {value: 16KiB").size(), "stripe_unit: {value: 1000");
    const auto file = user.write("stacks/mine.yaml", bad);
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'stripe_unit': expected a multiple of 512 bytes"));
  }
}
