// Loading the ScaleIO / ESXi / OLTP parts and scenarios: the bundled VxRack
// scenarios resolve to what the report describes, and every misuse is a
// FILE:LINE: key error (a product refuses fields it does not use, S2D refuses
// ESXi and compute hosts, ScaleIO refuses what it does not model, the OLTP
// block is checked against the application).
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

// A self-contained ScaleIO HCI scenario (line numbers matter for the errors below).
const char* const kVxrack = "schema_version: 1\n"                 // 1
                            "title: t\n"                          // 2
                            "cluster:\n"                          // 3
                            "  node: vxrack-node-pf100\n"         // 4
                            "  nodes: 4\n"                        // 5
                            "  switch: cisco-nexus-3164q\n"       // 6
                            "  stack: scaleio\n"                  // 7
                            "  hypervisor: esxi-5.5\n"            // 8
                            "  resiliency: two-way-mirror\n"      // 9
                            "vms:\n"                              // 10
                            "  per_node: 1\n"                     // 11
                            "  vcpus: 16\n"                       // 12
                            "  oltp:\n"                           // 13
                            "    application: sql-server-oltp\n"  // 14
                            "    users: 15000\n"                  // 15
                            "    think_time: 4.743s\n"            // 16
                            "    buffer_pool: 48GB\n"             // 17
                            "    database_size: 150GB\n"          // 18
                            "    data_disk: 500GB\n"              // 19
                            "run:\n"                              // 20
                            "  duration: 1s\n";                   // 21

std::string edited(const std::string& from, const std::string& to, std::string text = kVxrack) {
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

TEST_CASE("the bundled VxRack scenarios load: ScaleIO under ESXi, HCI and two-layer, OLTP", "[scaleio][scenario]") {
  const ScenarioSpec hci = load_scenario(kScenarios / "vxrack/hci-sql.yaml", bundled());
  CHECK(hci.cluster.stack.product == ProductKind::ScaleIo);
  CHECK(hci.cluster.hypervisor.kind == HypervisorKind::Esxi);
  CHECK(hci.cluster.hypervisor.disk_queue_depth == 32);
  CHECK(hci.cluster.hypervisor.adapter_queue_depth == 128);
  CHECK(hci.cluster.compute_hosts.count == 0);
  CHECK(hci.cluster.node.drives.at(0).count == 6);
  CHECK(hci.cluster.hba.id == "lsi-sas-3008");
  CHECK(hci.cluster.nic.ports == 4);
  CHECK(hci.cluster.nic.port_bits_per_s == 10e9);
  CHECK(hci.cluster.nic.rdma == RdmaKind::None);
  CHECK(hci.cluster.cpu.base_hz == 2.5e9);
  CHECK(hci.cluster.cpu.boost_hz == 3.3e9);
  // ScaleIO's profile: one 1 MiB chunk as extent and stripe unit, TCP costs always on.
  CHECK(hci.cluster.stack.slab_bytes == 1024.0 * 1024);
  CHECK(hci.cluster.stack.interleave_bytes == 1024.0 * 1024);
  CHECK(hci.cluster.stack.columns == 1);
  CHECK(hci.cluster.stack.server_io.cycles_per_io > 0);
  CHECK(hci.cluster.stack.network_tcp_extra.cycles_per_byte > 0);
  REQUIRE(hci.vms.oltp.has_value());
  CHECK(hci.vms.oltp->users_per_vm == 15000);
  CHECK(hci.vms.oltp->think_time_ns == 4'743'000'000);
  CHECK(hci.vms.oltp->buffer_pool.buffer_bytes == 48'000'000'000ull);
  CHECK(hci.vms.oltp->page_bytes == 8192);
  CHECK(hci.vms.data_disk_bytes == 500'000'000'000ull);
  CHECK(hci.vms.vcpus == 16);
  REQUIRE(hci.references.size() == 2);
  CHECK(hci.references[0].figure == Figure::Tps);
  CHECK(hci.references[0].value == Approx(12621.7));
  CHECK(hci.references[1].figure == Figure::TransactionLatencyAvg);
  CHECK(hci.references[1].value == Approx(0.0103));

  const ScenarioSpec two = load_scenario(kScenarios / "vxrack/two-layer-sql.yaml", bundled());
  CHECK(two.cluster.hypervisor.id == "esxi-6.0");
  CHECK(two.cluster.compute_hosts.count == 4);
  CHECK(two.cluster.compute_hosts.cpu.base_hz == 2.6e9);  // "2.6 GHz CPUs"
  CHECK(two.cluster.compute_hosts.node.drives.empty());
  CHECK(two.vms.oltp->think_time_ns == hci.vms.oltp->think_time_ns);  // the same benchmark
  REQUIRE(two.references.size() == 1);
  CHECK_FALSE(two.references[0].calibration);
  CHECK(two.references[0].value == Approx(0.0125));
  CHECK(two.references[0].tolerance == Approx(0.25));
}

TEST_CASE("the calibrated constants of the VxRack case live in one place and name their case", "[scaleio][catalog]") {
  const std::string app = file_text(kCatalog / "applications/sql-server-oltp.yaml");
  CHECK_THAT(app, Contains("calibrated: vxrack-hci-sql"));
  const std::string common = file_text(kScenarios / "vxrack/common/vxrack-sql.yaml");
  CHECK_THAT(common, Contains("calibrated: vxrack-hci-sql"));
  for (const char* other : {"stacks/scaleio.yaml", "hypervisors/esxi-5.5.yaml", "hypervisors/esxi-6.0.yaml"}) {
    INFO(other);
    CHECK_THAT(file_text(kCatalog / other), !Contains("calibrated"));
  }
}

TEST_CASE("ScaleIO, ESXi, compute-host and OLTP scenario errors name file, line and key", "[scaleio][scenario]") {
  struct Case {
    const char* from;
    const char* to;
    const char* expected;  // after "FILE:"
  };
  const Case cases[] = {
      {"  resiliency: two-way-mirror\n", "  resiliency: three-way-mirror\n",
       "9: key 'cluster.resiliency': expected two-way-mirror: ScaleIO keeps two copies"},
      {"  hypervisor: esxi-5.5\n", "", "3: key 'cluster': expected a hypervisor: ScaleIO runs under"},
      {"  hypervisor: esxi-5.5\n", "  hypervisor: esxi-7.0\n",
       "8: key 'cluster.hypervisor': unknown hypervisor 'esxi-7.0'"},
      {"  resiliency: two-way-mirror\n", "  resiliency: two-way-mirror\n  failed_nodes: [2]\n",
       "10: key 'cluster.failed_nodes': ScaleIO with failed nodes"},
      {"  resiliency: two-way-mirror\n", "  resiliency: two-way-mirror\n  csv_cache: 0\n",
       "10: key 'cluster.csv_cache': a CSV cache is Storage Spaces Direct's"},
      {"  resiliency: two-way-mirror\n",
       "  resiliency: two-way-mirror\n  compute_hosts: {node: vxrack-node-pf100, count: 2}\n",
       "10: key 'cluster.compute_hosts.node': expected a node part without drives"},
      {"  resiliency: two-way-mirror\n",
       "  resiliency: two-way-mirror\n  compute_hosts: {node: vxrack-compute-host, count: 0}\n",
       "10: key 'cluster.compute_hosts.count': expected a whole number from 1"},
      {"  node: vxrack-node-pf100\n", "  node: vxrack-compute-host\n",
       "4: key 'cluster.node': expected a node part with capacity drives"},
      {"  stack: scaleio\n  hypervisor: esxi-5.5\n", "  stack: s2d\n  hypervisor: esxi-5.5\n",
       "8: key 'cluster.hypervisor': expected a Hyper-V profile"},
      {"  stack: scaleio\n  hypervisor: esxi-5.5\n  resiliency: two-way-mirror\n",
       "  stack: s2d\n  resiliency: two-way-mirror\n  compute_hosts: {node: vxrack-compute-host, count: 4}\n",
       "9: key 'cluster.compute_hosts': Storage Spaces Direct is modelled hyperconverged only"},
      {"  oltp:\n", "  workload: {vmfleet: B4-T2-O32-W0-PR, file_size: 1GiB}\n  oltp:\n",
       "10: key 'vms': expected exactly one of workload"},
      {"application: sql-server-oltp", "application: oracle-oltp",
       "14: key 'vms.oltp.application': unknown application 'oracle-oltp'"},
      {"application: sql-server-oltp", "application: scaleio",
       "14: key 'vms.oltp.application': 'scaleio' is a stack, not a application"},
      {"    users: 15000\n", "    users: 0\n", "15: key 'vms.oltp.users': expected a whole number from 1"},
      {"    users: 15000\n", "", "13: key 'vms.oltp.users': required key is missing"},
      {"    data_disk: 500GB\n", "    data_disk: 100GB\n",
       "19: key 'vms.oltp.data_disk': expected a disk of at least the database plus the application's log region"},
      {"    buffer_pool: 48GB\n", "    buffer_pool: 4KiB\n",
       "13: key 'vms.oltp': OLTP workload: buffer_pool.buffer_size"},
      {"    think_time: 4.743s\n", "    think_time: soon\n", "16: key 'vms.oltp.think_time': expected a duration"},
      {"    think_time: 4.743s\n", "    think_time: 25h\n",
       "16: key 'vms.oltp.think_time': expected a duration from 0 to 24 h, got '25h'"},
      {"    data_disk: 500GB\n", "    data_disk: 500GB\n    tables: 9\n", "20: key 'vms.oltp.tables': unknown key"},
      // What the product's registry entry does not accept, refused at the key.
      {"  resiliency: two-way-mirror\n", "  resiliency: two-way-mirror\n  witness: yes\n",
       "10: key 'cluster.witness': ScaleIO node failures are not modelled yet, so 'witness' would not be used"},
      {"  resiliency: two-way-mirror\n", "  resiliency: two-way-mirror\n  repair_speed: 1\n",
       "10: key 'cluster.repair_speed': ScaleIO takes no repair pace"},
      {"  resiliency: two-way-mirror\n", "  resiliency: two-way-mirror\n  volume_owners: [1, 2, 3, 4]\n",
       "10: key 'cluster.volume_owners': ScaleIO has no volume owners"},
  };
  for (const Case& c : cases) {
    INFO("replacing " << c.from << " with " << c.to);
    testing::TempDir dir;
    const auto file = dir.write("s.yaml", edited(c.from, c.to));
    const std::string message = load_error_of([&] { load_scenario(file, bundled()); });
    CHECK_THAT(message, StartsWith(file.string() + ":" + c.expected));
  }
  testing::TempDir dir;
  CHECK_NOTHROW(load_scenario(dir.write("s.yaml", kVxrack), bundled()));
}

TEST_CASE("a stack profile refuses the other product's fields; hypervisor and application parts are checked",
          "[scaleio][catalog]") {
  testing::TempDir user;
  const std::string scaleio = file_text(kCatalog / "stacks/scaleio.yaml");
  SECTION("scaleio refuses S2D's layout keys") {
    const auto file = user.write("stacks/mine.yaml", edited("id: scaleio", "id: mine", scaleio) + "columns: 4\n");
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'columns': used only by product: s2d"));
  }
  SECTION("s2d refuses ScaleIO's keys") {
    const std::string s2d = file_text(kCatalog / "stacks/s2d.yaml");
    const auto file = user.write("stacks/mine.yaml", edited("id: s2d", "id: mine", s2d) + "chunk_size: 1MiB\n");
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'chunk_size': used only by product: scaleio"));
  }
  SECTION("scaleio needs its own costs") {
    const auto at = scaleio.find("sds:");
    const auto end = scaleio.find("drive_io:");
    const auto file =
        user.write("stacks/mine.yaml", edited("id: scaleio", "id: mine", scaleio.substr(0, at) + scaleio.substr(end)));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'sds': required key is missing"));
  }
  SECTION("an unknown product") {
    const auto file = user.write(
        "stacks/mine.yaml", edited("product: scaleio", "product: vsan", edited("id: scaleio", "id: mine", scaleio)));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'product': expected one of s2d, scaleio or infoscale"));
  }
  SECTION("a hypervisor type") {
    const std::string esxi = file_text(kCatalog / "hypervisors/esxi-5.5.yaml");
    const auto file =
        user.write("hypervisors/h.yaml", edited("type: esxi", "type: vmware", edited("id: esxi-5.5", "id: h", esxi)));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'type': expected one of hyper-v or esxi"));
  }
  SECTION("an application's per-transaction figures are physical ranges") {
    const std::string app =
        edited("id: sql-server-oltp", "id: a", file_text(kCatalog / "applications/sql-server-oltp.yaml"));
    const auto file =
        user.write("applications/a.yaml", edited("cpu_cycles: {value: 1450000", "cpu_cycles: {value: 1e308", app));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") &&
                   Contains("key 'transactions.new_order.cpu_cycles': expected a number from 0 to 100,000,000,000 "
                            "cycles, got '1e308'"));
    user.write("applications/a.yaml", edited("page_writes: {value: 16", "page_writes: {value: 2e6", app));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               Contains("key 'transactions.new_order.page_writes': expected a number from 0 to 1,000,000 pages"));
    user.write("applications/a.yaml", edited("cpu_scale: {value: 1.0", "cpu_scale: {value: 0", app));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               Contains("key 'cpu_scale': expected a factor from 0.001 to 1000, got '0'"));
  }
  SECTION("an application whose mix does not sum to 1") {
    const std::string app = file_text(kCatalog / "applications/sql-server-oltp.yaml");
    const auto file = user.write("applications/a.yaml", edited("mix: {value: 0.45", "mix: {value: 0.55",
                                                               edited("id: sql-server-oltp", "id: a", app)));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               StartsWith(file.string() + ":") && Contains("key 'transactions': the mix shares must sum to 1"));
  }
}
