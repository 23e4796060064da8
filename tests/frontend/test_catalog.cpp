#include <catch2/catch.hpp>

#include <algorithm>

#include "line_of.hpp"
#include "load_error_of.hpp"
#include "models/hardware/hba.hpp"
#include "models/hardware/make_drive.hpp"
#include "sim/engine.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using hcisim::frontend::testing::load_error_of;

namespace {

const char* const kUserDrive = "schema_version: 1\n"
                               "kind: drive\n"
                               "id: my-ssd\n"
                               "model: My SSD\n"
                               "source: \"DS: my datasheet\"\n"
                               "type: sas_ssd\n"
                               "capacity: 1.92TB\n"
                               "random_read_iops: 200k\n"
                               "random_write_iops: 60k\n"
                               "seq_read_throughput: 1.0GB/s\n"
                               "seq_write_throughput: 0.9GB/s\n"
                               "read_latency: 150us\n"
                               "write_latency: 40us\n"
                               "link_speed: 12Gb/s\n"
                               "link_encoding: 8b10b\n"
                               "queue_depth: 254\n";

}  // namespace

TEST_CASE("the bundled catalog loads and the AX-7525 node resolves", "[catalog]") {
  const Catalog catalog = Catalog::load();
  const auto& node = catalog.node("dell-ax-7525");
  CHECK(node.sockets == 2);
  CHECK(node.memory_bytes == 1ull << 40);
  REQUIRE(node.drives.size() == 1);
  CHECK(node.drives[0].count == 24);
  CHECK(node.drives[0].role == hcisim::models::DriveRole::Capacity);
  CHECK(node.nic_count == 1);

  const auto& cpu = catalog.cpu(node.cpu_id);
  CHECK(cpu.cores == 64);
  CHECK(cpu.threads == 128);
  CHECK(cpu.base_hz == Approx(2.25e9));
  CHECK(cpu.boost_hz == Approx(3.4e9));
  CHECK(cpu.smt_yield == Approx(1.25));

  const auto& drive = catalog.drive(node.drives[0].drive_id);
  CHECK(drive.kind == hcisim::models::DriveKind::Nvme);
  CHECK(drive.capacity_bytes == 3'200'000'000'000ull);
  CHECK(drive.random_read_iops == Approx(1.4e6));
  CHECK(drive.random_write_iops == Approx(350e3));
  CHECK(drive.seq_read_bytes_per_s == Approx(6.9e9));
  CHECK(drive.seq_write_bytes_per_s == Approx(4.2e9));
  CHECK(drive.read_latency_ns == 90'000);
  CHECK(drive.write_latency_ns == 25'000);

  const auto& nic = catalog.nic(node.nic_id);
  CHECK(nic.ports == 2);
  CHECK(nic.port_bits_per_s == Approx(100e9));
  CHECK(nic.rdma == hcisim::models::RdmaKind::RoCEv2);
  CHECK(nic.message_latency_ns == 1'500);

  const auto& sw = catalog.network_switch("generic-100gbe");
  CHECK(sw.port_bits_per_s == Approx(100e9));
  CHECK(sw.latency_ns == 800);
  CHECK(&catalog.switch_("generic-100gbe") == &sw);

  CHECK(cpu.all_core_hz == Approx(3.0e9));

  const auto& s2d = catalog.stack("s2d");
  CHECK(s2d.product == hcisim::models::ProductKind::S2d);
  // The fitted constants change when the fit is redone; check they loaded.
  CHECK(s2d.storage_stack.cycles_per_io > 0);
  CHECK(s2d.storage_stack.cycles_per_byte == Approx(0.05));
  CHECK(s2d.mirror_write.cycles_per_io > 0);
  CHECK(s2d.volume_write.cycles_per_io > 0);
  CHECK(s2d.volume_read.cycles_per_byte > 0);
  CHECK(s2d.drive_io.cycles_per_io > 0);
  CHECK(s2d.drive_io.cycles_per_byte == 0.0);
  CHECK(s2d.network_message.cycles_per_io > 0);
  CHECK(s2d.network_message.cycles_per_byte == Approx(0.02));
  CHECK(s2d.network_tcp_extra.cycles_per_io == 20000);
  CHECK(s2d.network_tcp_extra.cycles_per_byte == Approx(1.0));
  CHECK(s2d.slab_bytes == 256.0 * 1024 * 1024);
  CHECK(s2d.interleave_bytes == 256.0 * 1024);
  CHECK(s2d.columns == 0);  // the product's rule
  CHECK_THAT(s2d.model, Contains("Storage Spaces Direct"));

  const auto& hv = catalog.hypervisor("hyper-v");
  CHECK(hv.kind == hcisim::models::HypervisorKind::HyperV);
  CHECK(hv.guest.cycles_per_io > 0);
  CHECK(hv.host.cycles_per_io > 0);
  CHECK(hv.disk_queue_depth == 256);
  CHECK(hv.scheduler == hcisim::models::VpScheduler::Core);
  CHECK(hv.vcpus_per_channel == 16);
  CHECK(hv.io_latency_ns > 0);
  CHECK(hv.background_cycles_per_s > 0);
}

TEST_CASE("list and show describe every part with values, units and sources", "[catalog]") {
  const Catalog catalog = Catalog::load();
  const auto parts = catalog.list();
  const auto has = [&](const char* kind, const char* id) {
    return std::any_of(parts.begin(), parts.end(), [&](const PartSummary& p) { return p.kind == kind && p.id == id; });
  };
  CHECK(has("cpu", "amd-epyc-7742"));
  CHECK(has("drive", "kioxia-cm6-v-3200"));
  CHECK(has("nic", "mellanox-connectx-6-dx-100gbe"));
  CHECK(has("switch", "generic-100gbe"));
  CHECK(has("node", "dell-ax-7525"));
  CHECK(has("stack", "s2d"));
  CHECK(has("cloud_vm", "azure-standard-d64s-v3"));
  CHECK(has("managed_disk", "azure-premium-ssd-p60"));
  REQUIRE_FALSE(parts.empty());
  CHECK(parts.front().kind == "cpu");
  CHECK(parts.back().kind == "managed_disk");  // the kinds in their order: cloud parts last

  const std::string drive = catalog.show("kioxia-cm6-v-3200");
  CHECK_THAT(drive, StartsWith("drive kioxia-cm6-v-3200: KIOXIA CM6-V 3.2 TB"));
  CHECK_THAT(drive, Contains("kioxia-cm6-v-3200.yaml:1"));
  CHECK_THAT(line_of(drive, "type"), Contains("nvme"));
  CHECK_THAT(line_of(drive, "capacity"), Contains("3.2 TB") && Contains("DS: KIOXIA CM6 Series product brief"));
  CHECK_THAT(line_of(drive, "random_read_iops"), Contains("1,400,000 IOPS") && Contains("DS: KIOXIA"));
  CHECK_THAT(line_of(drive, "random_write_iops"), Contains("350,000 IOPS"));
  CHECK_THAT(line_of(drive, "seq_read_throughput"), Contains("6.9 GB/s"));
  CHECK_THAT(line_of(drive, "read_latency"), Contains("90 us") && Contains("EST: middle of the 80-100 us"));
  CHECK_THAT(line_of(drive, "write_latency"), Contains("25 us") && Contains("EST: "));
  // Sources line up in one column.
  CHECK(line_of(drive, "capacity").find("DS:") == line_of(drive, "read_latency").find("EST:"));

  const std::string node = catalog.show("dell-ax-7525");
  CHECK_THAT(line_of(node, "cpu"), Contains("amd-epyc-7742 (AMD EPYC 7742"));
  CHECK_THAT(line_of(node, "drives[0].count"), Contains("24 drives") && Contains("DOC: Dell EMC AX-7525"));
  CHECK_THAT(line_of(node, "memory"), Contains("1 TiB"));

  const std::string stack = catalog.show("s2d");
  CHECK_THAT(
      line_of(stack, "network_message.cycles_per_io"),
      Contains(" cycles per I/O") && Contains("calibrated: geos-ax6515-2node, geos-ax6515-4node, geos-r640-2node"));
  CHECK_THAT(line_of(stack, "storage_stack.cycles_per_byte"), Contains("0.05 cycles per byte") && Contains("EST: "));
  CHECK_THAT(line_of(stack, "interleave"), Contains("256 KiB") && Contains("DOC: "));
  CHECK_THAT(line_of(stack, "slab_size"), Contains("256 MiB") && Contains("DOC: "));
}

TEST_CASE("unknown ids are errors that suggest near and known ids", "[catalog]") {
  const Catalog catalog = Catalog::load();
  CHECK_THROWS_AS(catalog.cpu("amd-epyc-7743"), CatalogError);
  CHECK_THROWS_WITH(catalog.cpu("amd-epyc-7743"),
                    StartsWith("unknown cpu 'amd-epyc-7743'; did you mean amd-epyc-7742?") && Contains("known: ") &&
                        Contains(" amd-epyc-7742,"));
  CHECK_THROWS_WITH(catalog.drive("kioxia-cm6"), Contains("did you mean kioxia-cm6-v-3200"));
  CHECK_THROWS_WITH(catalog.drive("amd-epyc-7742"), StartsWith("'amd-epyc-7742' is a cpu, not a drive"));
  CHECK_THROWS_WITH(catalog.show("s2"), Contains("unknown part 's2'") && Contains("s2d"));
}

TEST_CASE("a user folder extends the catalog and overrides parts with the same id", "[catalog]") {
  testing::TempDir user;
  user.write("drives/my-ssd.yaml", kUserDrive);
  // Same id as a bundled part: replaces it.
  user.write("switches/generic-100gbe.yaml",
             "schema_version: 1\nkind: switch\nid: generic-100gbe\nmodel: Faster switch\n"
             "source: \"EST: test\"\nport_speed: 100Gb/s\nlatency: 300ns\n");
  const Catalog catalog = Catalog::load({user.path()});
  CHECK(catalog.drive("my-ssd").capacity_bytes == 1'920'000'000'000ull);
  CHECK(catalog.drive("my-ssd").kind == hcisim::models::DriveKind::SasSsd);
  CHECK(catalog.drive("my-ssd").write_buffer_bytes == 0);  // not stated: none
  CHECK(catalog.network_switch("generic-100gbe").latency_ns == 300);
  CHECK(catalog.network_switch("generic-100gbe").model == "Faster switch");
  CHECK(catalog.cpu("amd-epyc-7742").cores == 64);  // untouched bundled parts stay
  CHECK_THAT(catalog.show("generic-100gbe"),
             Contains("overrides: ") && Contains("hardware-catalog/switches/generic-100gbe.yaml"));

  // Without the user folder, the bundled value stands.
  CHECK(Catalog::load().network_switch("generic-100gbe").latency_ns == 800);
}

TEST_CASE("a family file holds several parts; a part may name its own source", "[catalog]") {
  testing::TempDir user;
  user.write("cpus/family.yaml",
             "schema_version: 1\nkind: cpu\nsource: \"DS: family brief\"\nparts:\n"
             "  - {id: cpu-a, model: A, cores: 8, threads: 16, base_clock: 2.1GHz, boost_clock: 3.0GHz}\n"
             "  - id: cpu-b\n    model: B\n    source: \"DS: B sheet\"\n    cores: 12\n    threads: 12\n"
             "    base_clock: 2.5GHz\n    boost_clock: 3.3GHz\n");
  const Catalog catalog = Catalog::load_only({user.path()});
  CHECK(catalog.cpu("cpu-a").cores == 8);
  CHECK(catalog.cpu("cpu-a").smt_yield == 1.0);
  CHECK(catalog.cpu("cpu-b").threads == 12);
  CHECK_THAT(catalog.show("cpu-a"), Contains("DS: family brief"));
  CHECK_THAT(catalog.show("cpu-b"), Contains("DS: B sheet"));
  CHECK(catalog.list().size() == 2);
}

TEST_CASE("optional fields: a drive's write buffer, a stack's control message size", "[catalog]") {
  testing::TempDir user;
  user.write("drives/d.yaml", std::string(kUserDrive) + "write_buffer: {value: 1GiB, source: \"EST: test\"}\n");
  const std::string stack = [] {
    std::string text = "schema_version: 1\nkind: stack\nid: st\nmodel: St\nsource: \"EST: test\"\nproduct: s2d\n";
    for (const char* layer : {"storage_stack", "mirror_write", "volume_write", "volume_read", "drive_io",
                              "network_message", "network_tcp_extra"}) {
      text.append(layer).append(": {cycles_per_io: 100, cycles_per_byte: 0.5}\n");
    }
    return text + "slab_size: 1GiB\ninterleave: 256KiB\n";
  }();
  user.write("stacks/st.yaml", stack + "control_message_size: 512\n");
  const Catalog catalog = Catalog::load_only({user.path()});
  CHECK(catalog.drive("my-ssd").write_buffer_bytes == 1ull << 30);
  CHECK(catalog.stack("st").control_message_bytes == 512);
  CHECK(catalog.stack("st").drive_io.cycles(4096) == Approx(100 + 0.5 * 4096));
  CHECK(catalog.stack("st").slab_bytes == Approx(1024.0 * 1024 * 1024));

  user.write("stacks/st.yaml", stack);
  CHECK(Catalog::load_only({user.path()}).stack("st").control_message_bytes ==
        hcisim::models::StackSpec{}.control_message_bytes);
  const auto file = user.write("stacks/st.yaml", stack + "control_message_size: 2MiB\n");
  CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
        file.string() + ":16: key 'control_message_size': expected a size of at most 1 MiB, got '2MiB'");
}

TEST_CASE("a number without a source is a load error", "[catalog]") {
  testing::TempDir user;
  const auto file = user.write("nics/nic.yaml",
                               "schema_version: 1\nkind: nic\nid: nic-x\nmodel: X\nports: 2\n"
                               "port_speed: {value: 25Gb/s, source: \"DS: x\"}\nrdma: iwarp\nmessage_latency: 2us\n");
  CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
        file.string() + ":5: key 'ports': expected a source for this number: give the part a 'source:' or write "
                        "{value: 2, source: \"DS: ...\"}, got a number without one");
  // With every number sourced individually, it loads.
  user.write("nics/nic.yaml",
             "schema_version: 1\nkind: nic\nid: nic-x\nmodel: X\nports: {value: 2, source: \"DS: x\"}\n"
             "port_speed: {value: 25Gb/s, source: \"DS: x\"}\nrdma: iwarp\n"
             "message_latency: {value: 2us, source: \"EST: y\"}\n");
  CHECK(Catalog::load_only({user.path()}).nic("nic-x").rdma == hcisim::models::RdmaKind::IWarp);
}

TEST_CASE("catalog files are checked: keys, kinds, values, references, duplicates", "[catalog]") {
  testing::TempDir user;
  const std::string head = "schema_version: 1\nkind: drive\nid: my-ssd\nmodel: My SSD\nsource: \"DS: x\"\n";
  SECTION("unknown key") {
    const auto file = user.write("drives/d.yaml", std::string(kUserDrive) + "colour: blue\n");
    CHECK_THAT(
        load_error_of([&] { Catalog::load_only({user.path()}); }),
        StartsWith(file.string() + ":17: key 'colour': unknown key; expected one of id, model, source, notes, type"));
  }
  SECTION("missing required field") {
    const auto file = user.write("drives/d.yaml", head + "type: nvme\ncapacity: 1TB\n");
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() + ":1: key 'random_read_iops': required key is missing");
  }
  SECTION("bad quantity") {
    const auto file =
        user.write("drives/d.yaml", std::string(kUserDrive).replace(std::string(kUserDrive).find("254"), 3, "deep"));
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
               StartsWith(file.string() + ":16: key 'queue_depth': expected ") && Contains("got 'deep'"));
  }
  SECTION("kind must match the folder") {
    const auto file = user.write("cpus/d.yaml", kUserDrive);
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() + ":2: key 'kind': expected cpu (the file is in cpus/), got 'drive'");
  }
  SECTION("schema version") {
    const auto file = user.write("drives/d.yaml", "schema_version: 2\n" + std::string(kUserDrive).substr(18));
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() + ":1: key 'schema_version': expected schema_version 1, got '2'");
  }
  SECTION("a node naming an unknown drive") {
    user.write("drives/d.yaml", kUserDrive);
    user.write("cpus/c.yaml", "schema_version: 1\nkind: cpu\nid: c\nmodel: C\nsource: \"DS: c\"\ncores: 4\n"
                              "threads: 8\nbase_clock: 2GHz\nboost_clock: 3GHz\n");
    user.write("nics/n.yaml", "schema_version: 1\nkind: nic\nid: n\nmodel: N\nsource: \"DS: n\"\nports: 1\n"
                              "port_speed: 10Gb/s\nrdma: none\nmessage_latency: 5us\n");
    const auto file = user.write("nodes/n.yaml",
                                 "schema_version: 1\nkind: node\nid: box\nmodel: Box\nsource: \"DOC: x\"\n"
                                 "cpu: c\nsockets: 1\nmemory: 64GiB\ndrives:\n  - {drive: my-sdd, count: 4}\nnic: n\n");
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() + ":10: key 'drives[0].drive': expected a known drive id, got 'my-sdd'; did you mean my-ssd? "
                          "known: my-ssd");
  }
  SECTION("the same id twice in one folder") {
    user.write("drives/a.yaml", kUserDrive);
    const auto second = user.write("drives/b.yaml", kUserDrive);
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
               StartsWith(second.string() + ":1: key 'id': id 'my-ssd' is already defined in "));
  }
  SECTION("an override of another kind") {
    const auto file =
        user.write("drives/s2d.yaml", head.substr(0, head.find("id:")) + "id: s2d\n" +
                                          std::string(kUserDrive).substr(std::string(kUserDrive).find("model:")));
    CHECK_THAT(load_error_of([&] { Catalog::load({user.path()}); }),
               Contains("id 's2d' is a stack in ") && Contains("an override must be a stack too"));
  }
  SECTION("a hdd refuses flash figures: its IOPS come from seek, rotation and queueing") {
    const auto file = user.write("drives/d.yaml", head + "type: hdd\ncapacity: 2TB\nrandom_read_iops: 120\n");
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() + ":8: key 'random_read_iops': not used by an hdd: its IOPS and throughput follow from "
                          "seek, rotation, media rate and queueing");
  }
  SECTION("a hdd needs its seek figures, in order") {
    const std::string hdd = head +
                            "type: hdd\ncapacity: 2TB\ninterface: sas\nlink_speed: 12Gb/s\nlink_encoding: 8b10b\n"
                            "queue_depth: 32\nrpm: 7200\navg_seek: 8.5ms\n";
    const auto file = user.write("drives/d.yaml", hdd + "full_stroke_seek: 16ms\n");
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() + ":1: key 'track_to_track_seek': required key is missing");
    user.write("drives/d.yaml", hdd + "track_to_track_seek: 9ms\nfull_stroke_seek: 16ms\n");
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
               Contains(":13: key 'avg_seek': expected track_to_track_seek < avg_seek < full_stroke_seek"));
    const std::string rates = "track_to_track_seek: 0.8ms\nfull_stroke_seek: 16ms\nouter_media_rate: 150MB/s\n"
                              "inner_media_rate: 215MB/s\nqueue_age_limit: 1s\nwrite_cache: off\n";
    user.write("drives/d.yaml", hdd + rates);
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
               Contains("key 'inner_media_rate': expected at most outer_media_rate"));
  }
  SECTION("keys of another drive type are refused, not ignored") {
    const auto file = user.write("drives/d.yaml", std::string(kUserDrive) + "rpm: 7200\n");
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() +
              ":17: key 'rpm': used only by hdd drives (a sas_ssd or sata_ssd names its interface by its type)");
    const std::string nvme = std::string(kUserDrive).replace(std::string(kUserDrive).find("sas_ssd"), 7, "nvme");
    user.write("drives/d.yaml", nvme);
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
               Contains(":14: key 'link_speed': used only by sas_ssd, sata_ssd and hdd drives"));
  }
  SECTION("SATA NCQ holds at most 32 commands") {
    const std::string sata = std::string(kUserDrive).replace(std::string(kUserDrive).find("sas_ssd"), 7, "sata_ssd");
    const auto file = user.write("drives/d.yaml", sata);
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
               StartsWith(file.string() + ":16: key 'queue_depth': expected a whole number from 1 to 32, got '254'"));
  }
  SECTION("a write cache size only with the write cache on") {
    user.write("drives/d.yaml",
               head +
                   "type: hdd\ncapacity: 2TB\ninterface: sata\nlink_speed: 6Gb/s\nlink_encoding: 8b10b\n"
                   "queue_depth: 32\nrpm: 7200\navg_seek: 8.5ms\ntrack_to_track_seek: 0.8ms\nfull_stroke_seek: 16ms\n"
                   "outer_media_rate: 215MB/s\ninner_media_rate: 150MB/s\nqueue_age_limit: 1s\nwrite_cache: off\n"
                   "cache_buffer: 128MiB\n");
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
               Contains(":20: key 'cache_buffer': used only with write_cache: on"));
  }
  SECTION("cpu threads must be the cores or twice the cores") {
    const auto file = user.write("cpus/c.yaml", "schema_version: 1\nkind: cpu\nid: c\nmodel: C\nsource: \"DS: c\"\n"
                                                "cores: 4\nthreads: 6\nbase_clock: 2GHz\nboost_clock: 3GHz\n");
    CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
          file.string() + ":7: key 'threads': expected cores (4) or twice the cores (SMT): the model runs at most 2 "
                          "threads per core, got '6'");
  }
  SECTION("not a catalog folder, or no folder at all") {
    user.write("notes.txt", "hello");
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }), Contains("not a catalog folder"));
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path() / "missing"}); }),
               Contains("catalog folder does not exist"));
  }
  SECTION("YAML syntax errors in a catalog file") {
    const auto file = user.write("drives/d.yaml", "schema_version: 1\nkind: [drive\n");
    CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }), StartsWith(file.string() + ":"));
  }
}

TEST_CASE("the bundled SAS drives, the HDD and the HBAs load, and every bundled drive builds its model", "[catalog]") {
  const Catalog catalog = Catalog::load();
  const auto& hdd = catalog.drive("hgst-ultrastar-7k6000-2tb-sas");
  CHECK(hdd.kind == hcisim::models::DriveKind::Hdd);
  CHECK(hdd.interface == hcisim::models::DriveInterface::Sas);
  CHECK(hdd.link_bits_per_s == Approx(12e9));
  CHECK(hdd.link_payload_fraction == Approx(0.8));
  CHECK(hdd.rpm == 7200);
  CHECK(hdd.avg_seek_ns == 8'500'000);
  CHECK(hdd.track_to_track_seek_ns == 800'000);
  CHECK(hdd.full_stroke_seek_ns == 16'000'000);
  CHECK(hdd.outer_media_bytes_per_s == Approx(215e6));
  CHECK(hdd.inner_media_bytes_per_s == Approx(150e6));
  CHECK(hdd.queue_depth == 32);
  CHECK(hdd.queue_age_limit_ns == 1'000'000'000);
  CHECK(hdd.write_cache_bytes == 0);
  CHECK(hdd.random_read_iops == 0);  // not a catalog figure for a hard disk

  const auto& cache = catalog.drive("r740xd-sas-mu-ssd-1920");
  CHECK(cache.kind == hcisim::models::DriveKind::SasSsd);
  CHECK(cache.interface == hcisim::models::DriveInterface::Sas);
  CHECK(cache.random_read_iops == Approx(300e3));
  CHECK(cache.queue_depth == 254);
  CHECK(catalog.drive("vxrack-emlc-sas-ssd-800").random_read_iops == Approx(150e3));

  const auto& lsi = catalog.hba("lsi-sas-3008");
  CHECK(lsi.max_iops == Approx(1e6));
  CHECK(lsi.max_bytes_per_s == Approx(7.88e9));
  CHECK(lsi.queue_depth == 0);  // no figure: off
  const auto& perc = catalog.hba("dell-perc-h330-plus");
  CHECK(perc.queue_depth == 256);
  CHECK(perc.max_iops == 0);
  CHECK_THAT(catalog.show("dell-perc-h330-plus"), Contains("queue_depth") && Contains("EST: "));

  hcisim::sim::Engine engine;
  hcisim::models::Hba hba(engine, perc);
  for (const PartSummary& part : catalog.list()) {
    if (part.kind != "drive") continue;
    const auto& drive = catalog.drive(part.id);
    INFO(part.id);
    const bool behind_hba = drive.interface != hcisim::models::DriveInterface::None;
    CHECK(hcisim::models::make_drive(engine, drive, behind_hba ? &hba : nullptr) != nullptr);
  }
}

TEST_CASE("an HBA's limits are physical ranges: a tiny one no longer overflows the model's time cast", "[catalog]") {
  testing::TempDir user;
  const std::string head = "schema_version: 1\nkind: hba\nid: h\nmodel: H\nsource: \"EST: t\"\n";
  const auto file = user.write("hbas/h.yaml", head + "max_iops: 1e-300\n");
  CHECK(load_error_of([&] { Catalog::load_only({user.path()}); }) ==
        file.string() + ":6: key 'max_iops': expected from 1,000 to 100,000,000 IOPS, got '1e-300'");
  user.write("hbas/h.yaml", head + "max_iops: {value: 2e8, source: \"EST: x\"}\n");
  CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
             Contains(":6: key 'max_iops': expected from 1,000 to 100,000,000 IOPS, got '2e8'"));
  user.write("hbas/h.yaml", head + "max_throughput: 1kB/s\n");
  CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
             Contains(":6: key 'max_throughput': expected a byte rate of at least 100 KB/s, got '1kB/s'"));
  user.write("hbas/h.yaml", head + "max_throughput: 1MB/s\n");  // above any rate's floor, below an HBA's
  CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
             Contains(":6: key 'max_throughput': expected from 10 MB/s to 1 TB/s, got '1MB/s'"));
  user.write("hbas/h.yaml", head + "max_iops: 1000\nmax_throughput: 10MB/s\n");
  CHECK(Catalog::load_only({user.path()}).hba("h").max_iops == 1000);
}

TEST_CASE("a node may name the HBA its drives sit behind", "[catalog]") {
  testing::TempDir user;
  user.write("drives/d.yaml", kUserDrive);
  user.write("cpus/c.yaml", "schema_version: 1\nkind: cpu\nid: c\nmodel: C\nsource: \"DS: c\"\ncores: 4\n"
                            "threads: 8\nbase_clock: 2GHz\nboost_clock: 3GHz\n");
  user.write("nics/n.yaml", "schema_version: 1\nkind: nic\nid: n\nmodel: N\nsource: \"DS: n\"\nports: 1\n"
                            "port_speed: 10Gb/s\nrdma: none\nmessage_latency: 5us\n");
  user.write("hbas/h.yaml",
             "schema_version: 1\nkind: hba\nid: h\nmodel: H\nqueue_depth: {value: 128, source: \"EST: t\"}\n");
  const std::string node = "schema_version: 1\nkind: node\nid: box\nmodel: Box\nsource: \"DOC: x\"\n"
                           "cpu: c\nsockets: 1\nmemory: 64GiB\ndrives:\n  - {drive: my-ssd, count: 4}\nnic: n\n";
  user.write("nodes/n.yaml", node + "hba: h\n");
  const Catalog catalog = Catalog::load_only({user.path()});
  CHECK(catalog.node("box").hba_id == "h");
  CHECK(catalog.hba("h").queue_depth == 128);
  CHECK(catalog.hba("h").max_iops == 0);
  const auto file = user.write("nodes/n.yaml", node + "hba: g\n");
  CHECK_THAT(load_error_of([&] { Catalog::load_only({user.path()}); }),
             StartsWith(file.string() + ":12: key 'hba': expected a known hba id, got 'g'"));
  user.write("nodes/n.yaml", node);
  CHECK(Catalog::load_only({user.path()}).node("box").hba_id.empty());
}
