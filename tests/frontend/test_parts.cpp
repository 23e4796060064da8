// Parts users have (issue 42 item 5): current drives, NICs and CPUs with their
// sources, the node templates, the clock a CPU is simulated at, and changing a
// part's fields for one scenario (cluster.parts, or a --set of it).
#include <catch2/catch.hpp>

#include <algorithm>

#include "line_of.hpp"
#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;
using hcisim::frontend::testing::load_error_of;

namespace {

const Catalog& bundled() {
  static const Catalog catalog = Catalog::load();
  return catalog;
}

const std::filesystem::path kTemplate =
    std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/templates/nvme-gen5-8k-70-30.yaml";

struct NewPart {
  PartKind kind;
  const char* id;
};

constexpr NewPart kNewParts[] = {
    {PartKind::Cpu, "intel-xeon-gold-6430"},
    {PartKind::Cpu, "amd-epyc-9354"},
    {PartKind::Drive, "samsung-pm9a3-3840"},
    {PartKind::Drive, "kioxia-cm7-v-6400"},
    {PartKind::Drive, "kioxia-pm7-v-3200"},
    {PartKind::Drive, "samsung-pm893-3840"},
    {PartKind::Drive, "wd-ultrastar-dc-hc560-20tb-sas"},
    {PartKind::Nic, "nvidia-connectx-6-lx-25gbe"},
    {PartKind::Nic, "intel-e810-cqda2-100gbe"},
    {PartKind::Nic, "intel-e810-xxvda2-25gbe"},
    {PartKind::Node, "template-2s-2u-nvme-gen5"},
    {PartKind::Node, "template-2s-2u-nvme-gen4"},
};

bool tagged(const std::string& source) {
  for (const char* tag : {"DS: ", "DOC: ", "EST: ", "MEAS: "}) {
    if (source.starts_with(tag)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("every new part loads, is listed, and shows each number with a tagged source", "[catalog][parts]") {
  const auto parts = bundled().list();
  for (const NewPart& p : kNewParts) {
    INFO(p.id);
    CHECK(std::any_of(parts.begin(), parts.end(),
                      [&](const PartSummary& s) { return s.id == p.id && s.kind == kind_name(p.kind); }));
    const CatalogPart& part = bundled().part(p.id, p.kind);
    const std::string shown = bundled().show(p.id);
    CHECK_THAT(shown, StartsWith(std::string(kind_name(p.kind)) + " " + p.id + ": "));
    int numbers = 0;
    for (const PartField& f : part.fields) {
      INFO(f.key);
      if (f.source.empty()) continue;  // names, choices and ids
      ++numbers;
      CHECK(tagged(f.source));
      // A datasheet figure quoted from memory says so (the catalog's convention).
      if (f.source.starts_with("DS: "))
        CHECK_THAT(f.source, Contains("quoted from memory; not in the reference library"));
      CHECK_THAT(line_of(shown, f.key), Contains(f.source.substr(0, 40)));
    }
    CHECK(numbers >= 3);
  }
}

TEST_CASE("the new parts hold the figures their sources give", "[catalog][parts]") {
  using namespace hcisim::models;
  const Catalog& c = bundled();
  const CpuSpec& xeon = c.cpu("intel-xeon-gold-6430");
  CHECK(xeon.cores == 32);
  CHECK(xeon.threads == 64);
  CHECK(xeon.base_hz == Approx(2.1e9));
  CHECK(xeon.boost_hz == Approx(3.4e9));
  CHECK(xeon.all_core_hz == Approx(2.6e9));
  const CpuSpec& epyc = c.cpu("amd-epyc-9354");
  CHECK(epyc.cores == 32);
  CHECK(epyc.base_hz == Approx(3.25e9));
  CHECK(epyc.all_core_hz == Approx(3.75e9));
  CHECK_THAT(line_of(c.show("amd-epyc-9354"), "all_core_clock"), Contains("3.75 GHz") && Contains("DS: AMD"));
  CHECK_THAT(line_of(c.show("intel-xeon-gold-6430"), "all_core_clock"), Contains("2.6 GHz") && Contains("EST: "));

  const DriveSpec& gen4 = c.drive("samsung-pm9a3-3840");
  const DriveSpec& gen5 = c.drive("kioxia-cm7-v-6400");
  CHECK(gen4.kind == DriveKind::Nvme);
  CHECK(gen5.kind == DriveKind::Nvme);
  CHECK(gen5.random_read_iops > 2 * gen4.random_read_iops);
  CHECK(gen5.seq_read_bytes_per_s > 1.9 * gen4.seq_read_bytes_per_s);
  const DriveSpec& sas = c.drive("kioxia-pm7-v-3200");
  CHECK(sas.kind == DriveKind::SasSsd);
  CHECK(sas.link_payload_fraction == Approx(128.0 / 150.0));
  const DriveSpec& sata = c.drive("samsung-pm893-3840");
  CHECK(sata.kind == DriveKind::SataSsd);
  CHECK(sata.queue_depth == 32);
  CHECK(sata.random_read_iops == Approx(98e3));
  const DriveSpec& hdd = c.drive("wd-ultrastar-dc-hc560-20tb-sas");
  CHECK(hdd.kind == DriveKind::Hdd);
  CHECK(hdd.capacity_bytes == 20'000'000'000'000ull);
  CHECK(hdd.rpm == 7200);
  CHECK(hdd.afr == Approx(0.0035));

  CHECK(c.nic("nvidia-connectx-6-lx-25gbe").rdma == RdmaKind::RoCEv2);
  CHECK(c.nic("nvidia-connectx-6-lx-25gbe").port_bits_per_s == Approx(25e9));
  CHECK(c.nic("intel-e810-cqda2-100gbe").rdma == RdmaKind::IWarp);
  CHECK(c.nic("intel-e810-cqda2-100gbe").port_bits_per_s == Approx(100e9));
  CHECK(c.nic("intel-e810-xxvda2-25gbe").rdma == RdmaKind::IWarp);

  // The templates say they are templates, and differ only in their drives.
  for (const char* id : {"template-2s-2u-nvme-gen5", "template-2s-2u-nvme-gen4"}) {
    INFO(id);
    CHECK_THAT(c.part(id, PartKind::Node).notes, StartsWith("TEMPLATE"));
    CHECK_THAT(c.part(id, PartKind::Node).model, StartsWith("TEMPLATE"));
  }
  const NodeSpec& n5 = c.node("template-2s-2u-nvme-gen5");
  const NodeSpec& n4 = c.node("template-2s-2u-nvme-gen4");
  CHECK(n5.cpu_id == n4.cpu_id);
  CHECK(n5.nic_id == n4.nic_id);
  CHECK(n5.memory_bytes == n4.memory_bytes);
  REQUIRE(n5.drives.size() == 1);
  REQUIRE(n4.drives.size() == 1);
  CHECK(n5.drives[0].count == n4.drives[0].count);
  CHECK(n5.drives[0].drive_id == "kioxia-cm7-v-6400");
  CHECK(n4.drives[0].drive_id == "samsung-pm9a3-3840");
}

TEST_CASE("the template scenario loads; the dry run names the clock the CPU is simulated at", "[scenario][parts]") {
  const auto spec = load_scenario(kTemplate, bundled());
  CHECK(spec.cluster.node.id == "template-2s-2u-nvme-gen5");
  CHECK(spec.references.empty());  // a template: predictions only
  CHECK(spec.part_overrides.empty());
  const std::string text = describe(spec);
  CHECK_THAT(text, Contains("12 x KIOXIA CM7-V 6.4 TB"));
  CHECK_THAT(text, Contains("CPU clock: simulated at 2.6 GHz all-core (all_core_clock)\n"));
  CHECK_THAT(text, !Contains("Catalog parts as this scenario changes them"));

  // A CPU without an all-core clock runs at its base clock, and the dry run says so.
  testing::TempDir user;
  user.write("cpus/base-only.yaml",
             "schema_version: 1\nkind: cpu\nid: base-only\nmodel: Base-only CPU\nsource: \"EST: test\"\n"
             "cores: 32\nthreads: 64\nbase_clock: 2.1GHz\nboost_clock: 3.4GHz\nsmt_yield: 1.25\n");
  const Catalog with_user = Catalog::load({user.path()});
  const auto base = load_scenario(kTemplate, with_user, {"cluster.parts.node.template-2s-2u-nvme-gen5.cpu=base-only"});
  CHECK(base.cluster.cpu.id == "base-only");
  CHECK(base.cluster.cpu.all_core_hz == 0);
  CHECK_THAT(describe(base), Contains("CPU clock: simulated at the 2.1 GHz base clock: no all_core_clock given\n"));
}

TEST_CASE("cluster.parts by --set: the part changes for this run, through the catalog's reader", "[scenario][parts]") {
  const auto spec =
      load_scenario(kTemplate, bundled(), {"cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=2.8GHz"});
  CHECK(spec.cluster.cpu.all_core_hz == Approx(2.8e9));
  CHECK(spec.cluster.cpu.base_hz == Approx(2.1e9));  // the rest as the catalog has it
  REQUIRE(spec.part_overrides.size() == 1);
  const auto& o = spec.part_overrides[0];
  CHECK(o.kind == "cpu");
  CHECK(o.part == "intel-xeon-gold-6430");
  CHECK(o.field == "all_core_clock");
  CHECK(o.value == "2.8 GHz");
  CHECK(o.source == "scenario override (--set cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=2.8GHz)");
  // A --set of a part changes the system: a what-if.
  CHECK(spec.what_if == std::vector<std::string>{"cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=2.8GHz"});
  const std::string text = describe(spec);
  CHECK_THAT(text, Contains("CPU clock: simulated at 2.8 GHz all-core (all_core_clock, scenario override)"));
  CHECK_THAT(text, Contains("Catalog parts as this scenario changes them (cluster.parts):\n"
                            "  cpu intel-xeon-gold-6430: all_core_clock = 2.8 GHz  [scenario override (--set "
                            "cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=2.8GHz)]\n"));
  // The catalog itself is untouched.
  CHECK(bundled().cpu("intel-xeon-gold-6430").all_core_hz == Approx(2.6e9));

  // A node's reference to another part: the cluster's CPU follows.
  const auto epyc =
      load_scenario(kTemplate, bundled(), {"cluster.parts.node.template-2s-2u-nvme-gen5.cpu=amd-epyc-9354"});
  CHECK(epyc.cluster.cpu.id == "amd-epyc-9354");
  CHECK(epyc.cluster.node.cpu_id == "amd-epyc-9354");
  CHECK_THAT(describe(epyc), Contains("2 x AMD EPYC 9354") && Contains("simulated at 3.75 GHz all-core"));
  REQUIRE(epyc.part_overrides.size() == 1);
  CHECK(epyc.part_overrides[0].field == "cpu");
  CHECK(epyc.part_overrides[0].value == "amd-epyc-9354");

  // The drive of every drive group of that id.
  const auto drive = load_scenario(kTemplate, bundled(), {"cluster.parts.drive.kioxia-cm7-v-6400.random_read_iops=2M"});
  REQUIRE(drive.cluster.drives.size() == 1);
  CHECK(drive.cluster.drives[0].random_read_iops == Approx(2e6));
  CHECK(drive.cluster.drives[0].random_write_iops == Approx(600e3));
}

TEST_CASE("cluster.parts in a scenario file: values, their own sources, and file:line:key errors",
          "[scenario][parts]") {
  testing::TempDir dir;
  const std::string head = "include: " + kTemplate.string() + "\ncluster:\n  parts:\n";
  const auto file = dir.write("s.yaml", head + "    drive:\n"
                                               "      kioxia-cm7-v-6400:\n"
                                               "        random_read_iops: {value: 2M, source: \"MEAS: our fio run\"}\n"
                                               "        read_latency: 70us\n"
                                               "    nic:\n"
                                               "      intel-e810-cqda2-100gbe: {rdma: roce_v2}\n");
  const auto spec = load_scenario(file, bundled());
  CHECK(spec.cluster.drives[0].random_read_iops == Approx(2e6));
  CHECK(spec.cluster.drives[0].read_latency_ns == 70'000);
  CHECK(spec.cluster.nic.rdma == hcisim::models::RdmaKind::RoCEv2);
  CHECK(spec.what_if.empty());  // the scenario's own parts: its figures would still be graded
  REQUIRE(spec.part_overrides.size() == 3);
  CHECK(spec.part_overrides[0].field == "random_read_iops");
  CHECK(spec.part_overrides[0].value == "2,000,000 IOPS");
  CHECK(spec.part_overrides[0].source == "scenario override (" + file.string() + ":6): MEAS: our fio run");
  CHECK(spec.part_overrides[1].field == "read_latency");
  CHECK(spec.part_overrides[1].source == "scenario override (" + file.string() + ":7)");
  CHECK(spec.part_overrides[2].kind == "nic");
  CHECK(spec.part_overrides[2].field == "rdma");
  CHECK_THAT(describe(spec), Contains("  drive kioxia-cm7-v-6400: read_latency = 70 us  [scenario override (" +
                                      file.string() + ":7)]"));

  SECTION("out of the catalog's range: refused at the scenario's file, line and key") {
    const auto bad =
        dir.write("bad.yaml", head + "    drive:\n      kioxia-cm7-v-6400:\n        random_read_iops: 2G\n");
    CHECK(load_error_of([&] { load_scenario(bad, bundled()); }) ==
          bad.string() + ":6: key 'cluster.parts.drive.kioxia-cm7-v-6400.random_read_iops': expected from 10 to "
                         "1,000,000,000 IOPS, got '2G'");
    const auto clock =
        dir.write("clock.yaml", head + "    cpu:\n      intel-xeon-gold-6430: {all_core_clock: 3.5GHz}\n");
    CHECK(load_error_of([&] { load_scenario(clock, bundled()); }) ==
          clock.string() + ":5: key 'cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock': expected a clock between "
                           "base_clock and boost_clock, got '3.5GHz'");
  }
  SECTION("a check across fields that fails at a field the scenario left alone names the override") {
    const auto base = dir.write("base.yaml", head + "    cpu:\n      intel-xeon-gold-6430: {base_clock: 3.5GHz}\n");
    const std::string message = load_error_of([&] { load_scenario(base, bundled()); });
    CHECK_THAT(message,
               Contains("intel-xeon-gold-6430.yaml:") &&
                   Contains("key 'cluster.parts.cpu.intel-xeon-gold-6430.boost_clock': expected at least base_clock") &&
                   EndsWith("(cpu 'intel-xeon-gold-6430' with the scenario's override of base_clock at " +
                            base.string() + ":5)"));
  }
  SECTION("unknown parts, fields and kinds") {
    const auto id = dir.write("id.yaml", head + "    cpu:\n      intel-xeon-gold-643: {cores: 8}\n");
    CHECK_THAT(load_error_of([&] { load_scenario(id, bundled()); }),
               StartsWith(id.string() + ":5: key 'cluster.parts.cpu.intel-xeon-gold-643': unknown cpu "
                                        "'intel-xeon-gold-643'; did you mean intel-xeon-gold-6430"));
    const auto kind = dir.write("kind.yaml", head + "    drive:\n      intel-xeon-gold-6430: {capacity: 1TB}\n");
    CHECK_THAT(
        load_error_of([&] { load_scenario(kind, bundled()); }),
        StartsWith(kind.string() +
                   ":5: key 'cluster.parts.drive.intel-xeon-gold-6430': 'intel-xeon-gold-6430' is a cpu, not a drive"));
    const auto field = dir.write("field.yaml", head + "    cpu:\n      intel-xeon-gold-6430: {all_core: 2.8GHz}\n");
    CHECK_THAT(load_error_of([&] { load_scenario(field, bundled()); }),
               StartsWith(field.string() + ":5: key 'cluster.parts.cpu.intel-xeon-gold-6430.all_core': unknown key; "
                                           "did you mean 'all_core_clock'?"));
    const auto model = dir.write("model.yaml", head + "    cpu:\n      intel-xeon-gold-6430: {model: faster}\n");
    CHECK_THAT(load_error_of([&] { load_scenario(model, bundled()); }),
               Contains("key 'cluster.parts.cpu.intel-xeon-gold-6430.model': unknown key"));
    const auto stack = dir.write("stack.yaml", head + "    stack:\n      s2d: {slab_size: 1GiB}\n");
    CHECK_THAT(load_error_of([&] { load_scenario(stack, bundled()); }),
               StartsWith(stack.string() + ":4: key 'cluster.parts.stack': a stack profile is not changed from a "
                                           "scenario"));
    const auto ref = dir.write("ref.yaml", head + "    node:\n      template-2s-2u-nvme-gen5: {cpu: amd-epyc-935}\n");
    CHECK_THAT(load_error_of([&] { load_scenario(ref, bundled()); }),
               StartsWith(ref.string() + ":5: key 'cluster.parts.node.template-2s-2u-nvme-gen5.cpu': expected a known "
                                         "cpu id, got 'amd-epyc-935'"));
  }
}

TEST_CASE("cluster.parts by --set: out of range is refused naming the --set", "[scenario][parts]") {
  CHECK(load_error_of([&] {
          load_scenario(kTemplate, bundled(), {"cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=20GHz"});
        }) == "--set cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock=20GHz:1: key "
              "'cluster.parts.cpu.intel-xeon-gold-6430.all_core_clock': expected a clock between base_clock and "
              "boost_clock, got '20GHz'");
  CHECK(load_error_of([&] {
          load_scenario(kTemplate, bundled(), {"cluster.parts.drive.kioxia-cm7-v-6400.read_latency=0us"});
        }) == "--set cluster.parts.drive.kioxia-cm7-v-6400.read_latency=0us:1: key "
              "'cluster.parts.drive.kioxia-cm7-v-6400.read_latency': expected a latency above 0 and at most 1 s, got "
              "'0us'");
  // A drive type change is read like a file: the keys of the other type are refused.
  CHECK_THAT(
      load_error_of([&] { load_scenario(kTemplate, bundled(), {"cluster.parts.drive.kioxia-cm7-v-6400.type=hdd"}); }),
      Contains("key 'cluster.parts.drive.kioxia-cm7-v-6400.random_read_iops': not used by an hdd"));
}
