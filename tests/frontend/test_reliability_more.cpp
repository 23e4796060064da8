// The value reproducers of ../shared/reliability/more (sections 1 and 6; copied,
// with their files, into tests/scenarios/bad/reliability/more): each is refused
// by the loader with file, line, key and the accepted range, before any model
// is built.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/diskspd_xml.hpp"
#include "tools/frontend/input/fio_job_parser.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using hcisim::frontend::testing::load_error_of;
using hcisim::frontend::testing::TempDir;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::path(HCISIM_SOURCE_DIR) / "tests/scenarios/bad/reliability/more";
const fs::path kScenarios = fs::path(HCISIM_SOURCE_DIR) / "scenarios";

std::string error_of(const fs::path& scenario, const std::vector<fs::path>& catalog_folders = {},
                     const std::vector<std::string>& overrides = {}) {
  return load_error_of([&] { load_scenario(scenario, Catalog::load(catalog_folders), overrides); });
}

std::string part(const std::string& folder, const std::string& file) { return (kDir / folder / file).string(); }

}  // namespace

TEST_CASE("more reproducers, section 1: values that overflowed a model's casts are refused at file:line",
          "[reliability]") {
  const fs::path sql = kScenarios / "vxrack/hci-sql.yaml";
  const fs::path infoscale = kScenarios / "azure-infoscale/test1.yaml";
  CHECK(error_of(sql, {kDir / "cat-hba-max-iops-tiny"}) ==
        part("cat-hba-max-iops-tiny", "hbas/lsi-sas-3008.yaml") +
            ":8: key 'max_iops': expected from 1,000 to 100,000,000 IOPS, got '1e-300'");
  CHECK(error_of(infoscale, {kDir / "cat-cloud-disk-iops-tiny"}) ==
        part("cat-cloud-disk-iops-tiny", "cloud/azure-premium-ssd.yaml") +
            ":45: key 'parts[4].iops': expected from 10 to 1,000,000,000 IOPS, got '1e-300'");
  CHECK(error_of(infoscale, {kDir / "cat-cloud-vm-iops-tiny"}) ==
        part("cat-cloud-vm-iops-tiny", "cloud/azure-vm-sizes.yaml") +
            ":13: key 'parts[0].uncached_disk_iops': expected from 10 to 1,000,000,000 IOPS, got '1e-300'");
  CHECK(error_of(sql, {kDir / "cat-oltp-cpu-scale-1e15"}) ==
        part("cat-oltp-cpu-scale-1e15", "applications/sql-server-oltp.yaml") +
            ":39: key 'cpu_scale': expected a factor from 0.001 to 1000, got '1e15'");
  CHECK(error_of(sql, {kDir / "cat-oltp-page-reads-1e15"}) ==
        part("cat-oltp-page-reads-1e15", "applications/sql-server-oltp.yaml") +
            ":45: key 'transactions.new_order.page_reads': expected a number from 0 to 1,000,000 pages, got '1e15'");
  CHECK(error_of(sql, {}, {"vms.oltp.think_time=1e6h"}) ==
        "--set vms.oltp.think_time=1e6h:1: key 'vms.oltp.think_time': expected a duration from 0 to 24 h, got '1e6h'");
  CHECK(
      error_of(kDir / "fio-pareto-tiny.yaml") ==
      (kDir / "fio-pareto-tiny.fio").string() +
          ":8: key 'random_distribution': expected pareto:H with 0.001 <= h < 1, like pareto:0.2, got 'pareto:1e-300'");
}

TEST_CASE("more reproducers, section 6: fio and DISKSPD XML values fio or DISKSPD refuse", "[reliability]") {
  CHECK(error_of(kDir / "fio-zoned-50.yaml") ==
        (kDir / "fio-zoned-50.fio").string() +
            ":8: key 'random_distribution': expected access percentages adding up to 100 (fio refuses others), got 50 "
            "in 'zoned:50/50'");
  CHECK(error_of(kDir / "fio-bs-513-direct.yaml") ==
        (kDir / "fio-bs-513-direct.fio").string() +
            ":5: key 'bs': expected a multiple of 512 bytes: with direct=1 each I/O is whole sectors, got '513'");
  CHECK(
      error_of(kDir / "xml-blocksize-513.yaml") ==
      (kDir / "xml-blocksize-513.yaml").string() +
          ":13: key 'vms.workload.xml': " + (kDir / "xml-blocksize-513.xml").string() +
          ":2: <BlockSize>: expected a multiple of 512 bytes with DisableOSCache (unbuffered I/O moves whole sectors, "
          "as DISKSPD -Sh requires), got 513");
  // The command line's -B and -T follow the same rule now (XML BaseFileOffset and ThreadStride too).
  for (const char* line : {"-b4K -t1 -o4 -r -B513 -Sh -c1G", "-b4K -t2 -o4 -s -T513 -Sh -c1G"}) {
    CHECK_THAT(error_of(kDir / "base.yaml", {}, {std::string("vms.workload.diskspd=\"") + line + "\""}),
               Contains("with the software cache off (-Sh) the ") && Contains("must be a multiple of 512 bytes"));
  }
  CHECK(error_of(kDir / "base.yaml").empty());
}

TEST_CASE("more reproducers, section 7: checks the model makes are made by the loader, with file:line:key",
          "[reliability]") {
  const fs::path hybrid = kScenarios / "r740xd/100-read.yaml";
  CHECK(error_of(hybrid, {kDir / "cat-hdd-queue-age-1ms"}) ==
        part("cat-hdd-queue-age-1ms", "drives/hgst-ultrastar-7k6000-2tb-sas.yaml") +
            ":25: key 'queue_age_limit': expected 0 (no aging bound) or at least queue_depth x (avg_seek + half a "
            "revolution) = 405.4 ms: below it a full queue is served oldest-first, got '1ms'");
  // The host CPU model runs one or two threads per core; three passed the loader before.
  CHECK(
      error_of(hybrid, {kDir / "cat-cpu-threads-3x"}) ==
      part("cat-cpu-threads-3x", "cpus/intel-xeon-silver-4110.yaml") +
          ":7: key 'threads': expected cores (8) or twice the cores (SMT): the model runs at most 2 threads per core, "
          "got '24'");
  CHECK(error_of(kDir / "timeline-drive-fails-twice.yaml") ==
        (kDir / "timeline-drive-fails-twice.yaml").string() +
            ":6: key 'timeline.events[1].fail': drive 2.1 has failed already: a failed drive does not return");
  CHECK(error_of(kDir / "fio-zipf-near-1.yaml") ==
        (kDir / "fio-zipf-near-1.fio").string() +
            ":6: key 'random_distribution': expected zipf:THETA with theta > 0 and not 1, like zipf:1.2, got "
            "'zipf:1.0000000001'");
  // A result file of another shape: its error, at the scenario's line.
  CHECK(error_of(kDir / "measured-not-fio.yaml") ==
        (kDir / "measured-not-fio.yaml").string() + ":5: key 'reference.measured.file': " +
            (kDir / "measured-not-fio.json").string() + ": expected fio's JSON output with a \"jobs\" list");
  // The buffer pool's hot set must round to a page (PageSkew::hot_set), checked where the size enters.
  CHECK_THAT(error_of(kScenarios / "vxrack/hci-sql.yaml", {}, {"vms.oltp.database_size=16KiB"}),
             Contains("key 'vms.oltp': OLTP workload: buffer_pool.database_size of 2 pages is too small for a "
                      "hot_data_fraction of 0.100000"));
  // Just above the bound each is accepted.
  CHECK(error_of(kScenarios / "vxrack/hci-sql.yaml", {}, {"vms.oltp.database_size=40KiB"}).empty());
}

TEST_CASE(
    "fuzz findings on the newer forms: what comes from the file is escaped in errors; an empty --vary key is refused",
    "[reliability]") {
  const std::string fio =
      load_error_of([] { (void)parse_fio_job_file(std::string("[jo\t\0b]\ndirect=1\n", 17), "job.fio"); });
  CHECK(fio == "job.fio:1: key 'size': job [jo\\t\\x00b] needs size= (the file each clone works on)");
  std::string xml;
  try {
    (void)parse_diskspd_xml(
        "<Profile><TimeSpans><TimeSpan><Targets><Target><Path>f</Path>"
        "<DisableOSCache>fals\xad</DisableOSCache></Target></Targets></TimeSpan></TimeSpans></Profile>",
        "p.xml");
  } catch (const std::invalid_argument& e) {
    xml = e.what();
  }
  CHECK_THAT(xml, Contains("<DisableOSCache>: expected true or false, got 'fals\\xad'"));
  // The attribute pre-scan's error names the element as the file wrote it: escaped too (a CI fuzz finding).
  std::string attributes;
  for (int i = 0; i < 65; ++i) attributes += " a" + std::to_string(i) + "='1'";
  std::string crowded;
  try {
    (void)parse_diskspd_xml("<Profile><Ta\x1b\xe5rget" + attributes + "/></Profile>", "p\x01.xml");
  } catch (const std::invalid_argument& e) {
    crowded = e.what();
  }
  CHECK_THAT(crowded, StartsWith("p\\x01.xml:1: <Ta\\x1b\\xe5rget> has 65 attributes"));
  CHECK_THROWS_WITH(parse_vary("\t\t=1,2"), Contains("expected a key.path before '='"));
}

TEST_CASE("more reproducers, section 5: an XML element with 100,000 attributes is refused before tinyxml2 reads it",
          "[reliability][diskspd-xml]") {
  // As xml-many-attributes.sh writes it (tinyxml2 took 36-45 s on it: each attribute checked against the earlier).
  std::string attributes;
  for (int i = 0; i < 100'000; ++i) attributes += " a" + std::to_string(i) + "=\"1\"";
  const TempDir dir;
  const fs::path xml = dir.write(
      "p.xml",
      "<?xml version=\"1.0\"?>\n<Profile><TimeSpans><TimeSpan><Targets><Target" + attributes +
          "><Path>*1</Path><BlockSize>4096</BlockSize><Random>4096</Random><DisableOSCache>true</DisableOSCache>"
          "<FileSize>1073741824</FileSize></Target></Targets></TimeSpan></TimeSpans></Profile>\n");
  const std::string why = xml.string() +
                          ":2: <Target> has 100000 attributes; DISKSPD profiles use at most 2 per element, and more "
                          "than 64 are refused unread (kMaxXmlAttributes in tools/frontend/input/input_limits.hpp)";
  CHECK_THROWS_WITH(read_diskspd_xml(xml), why);
  // The same through a scenario (the reproducer's base.yaml with `xml: p.xml`).
  std::ifstream in(kDir / "base.yaml");
  std::stringstream base;
  base << in.rdbuf();
  std::string text = base.str();
  const std::string diskspd = "diskspd: \"-b4K -t1 -o4 -w0 -r -Sh -L -c1G\"";
  REQUIRE(text.find(diskspd) != std::string::npos);
  text.replace(text.find(diskspd), diskspd.size(), "xml: p.xml");
  const fs::path scenario = dir.write("s.yaml", text);
  CHECK(error_of(scenario) == scenario.string() + ":14: key 'vms.workload.xml': " + why);
}

TEST_CASE("more reproducers, section 5: the bundled XML profiles pass the attribute pre-scan",
          "[reliability][diskspd-xml]") {
  for (const auto& entry : fs::recursive_directory_iterator(kScenarios)) {
    if (entry.path().extension() != ".xml") continue;
    INFO(entry.path().string());
    CHECK_NOTHROW(read_diskspd_xml(entry.path()));
  }
  CHECK(error_of(kScenarios / "vmfleet2/sql.yaml").empty());
}

namespace {

// The bundled part `file` with the line starting `key:` (its first) given `value` instead.
std::string bundled_with(const std::string& file, const std::string& key, const std::string& value) {
  std::ifstream in(fs::path(HCISIM_SOURCE_DIR) / "hardware-catalog" / file);
  std::string out, line;
  bool done = false;
  while (std::getline(in, line)) {
    const std::string trimmed =
        line.substr(line.find_first_not_of(' ') == std::string::npos ? 0 : line.find_first_not_of(' '));
    if (!done && trimmed.rfind(key + ":", 0) == 0) {
      line = line.substr(0, line.size() - trimmed.size()) + key + ": {value: " + value + ", source: \"EST: probe\"}";
      done = true;
    }
    out += line + "\n";
  }
  REQUIRE(done);
  return out;
}

}  // namespace

// A probe set every number of every bundled part to 1e300, 1e-300 and 0 and ran a
// scenario using it: these were accepted and then hung, overflowed a time cast or
// failed in the model without file:line. Each is refused where it enters now.
TEST_CASE("catalog numbers at 1e300, 1e-300 and 0 are refused at file:line when the model cannot run them",
          "[reliability]") {
  struct Case {
    const char* file;
    const char* key;
    const char* value;
    const char* expected;
  };
  const Case cases[] = {
      {"hypervisors/hyper-v.yaml", "cycles_per_second", "1e-300",
       "key 'guest_background.cycles_per_second': expected at least cycles_per_burst / 3600 (a burst at least every "
       "hour on average), got '1e-300'"},
      {"drives/hgst-ultrastar-7k6000-2tb-sas.yaml", "track_to_track_seek", "0ms",
       "key 'track_to_track_seek': expected a seek above 0, got '0ms'"},
      {"drives/hgst-ultrastar-7k6000-2tb-sas.yaml", "full_stroke_seek", "1s",
       "key 'avg_seek': hard disk seek: average seek 8500000 ns cannot come from track-to-track"},
      {"drives/hgst-ultrastar-7k6000-2tb-sas.yaml", "rpm", "1e300", "key 'rpm': expected from 1,000 to 100,000 rpm"},
      {"drives/kioxia-cm6-v-3200.yaml", "seq_read_throughput", "1e-300GB/s",
       "key 'seq_read_throughput.value': expected a byte rate of at least 100 KB/s, got '1e-300GB/s'"},
      {"drives/kioxia-cm6-v-3200.yaml", "random_write_iops", "1e-300",
       "key 'random_write_iops': expected from 10 to 1,000,000,000 IOPS, got '1e-300'"},
      {"nics/vxrack-4x10gbe-sfp.yaml", "port_speed", "1e-300Gb/s",
       "key 'port_speed.value': expected a bit rate of at least 1 Mb/s, got '1e-300Gb/s'"},
      {"switches/cisco-nexus-3164q.yaml", "port_speed", "1e-300Gb/s",
       "key 'port_speed.value': expected a bit rate of at least 1 Mb/s, got '1e-300Gb/s'"},
      {"cloud/azure-vm-sizes.yaml", "network_egress", "1e-300Gb/s",
       "key 'parts[0].network_egress.value': expected a bit rate of at least 1 Mb/s, got '1e-300Gb/s'"},
  };
  for (const Case& c : cases) {
    INFO(c.file << " " << c.key << " = " << c.value);
    hcisim::frontend::testing::TempDir user;
    const fs::path file = user.write(c.file, bundled_with(c.file, c.key, c.value));
    const std::string error = load_error_of([&] { Catalog::load_only({user.path()}); });
    CHECK_THAT(error, Contains(file.string() + ":") && Contains(c.expected));
  }
}
