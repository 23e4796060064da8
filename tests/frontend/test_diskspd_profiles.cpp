// Workloads with several targets: VMFleet 2.0's core workloads by name
// (checked against mechanisms.md 2.5), DISKSPD XML profiles (against their
// command-line equivalents, and errors at the profile's line), and the
// scenario keys that select them.
#include <catch2/catch.hpp>

#include <string>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/base/workload_names.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"
#include "tools/frontend/input/diskspd_xml.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/input/vmfleet2_workloads.hpp"

using namespace hcisim::frontend;
using namespace hcisim::models;
using Catch::Matchers::Contains;
using hcisim::frontend::testing::load_error_of;

namespace {

constexpr std::uint64_t GiB = 1ull << 30;
const std::vector<DistributionRange> kDist = {{95, 5}, {4, 10}};  // 95 % in 5 %, 4 % in 10 %, 1 % in the rest

// A Sql profile written the way DISKSPD writes XML (-Rxml): every element, at its value.
const char* const kSqlXml = R"(<Profile>
  <Progress>0</Progress>
  <ResultFormat>xml</ResultFormat>
  <Verbose>false</Verbose>
  <TimeSpans>
    <TimeSpan>
      <CompletionRoutines>false</CompletionRoutines>
      <MeasureLatency>true</MeasureLatency>
      <CalculateIopsStdDev>false</CalculateIopsStdDev>
      <DisableAffinity>false</DisableAffinity>
      <Duration>60</Duration>
      <Warmup>300</Warmup>
      <Cooldown>30</Cooldown>
      <ThreadCount>0</ThreadCount>
      <RequestCount>0</RequestCount>
      <IoBucketDuration>1000</IoBucketDuration>
      <RandSeed>0</RandSeed>
      <Targets>
        <Target>
          <Path>*1</Path>
          <BlockSize>8192</BlockSize>
          <BaseFileOffset>5368709120</BaseFileOffset>
          <SequentialScan>false</SequentialScan>
          <RandomAccess>false</RandomAccess>
          <TemporaryFile>false</TemporaryFile>
          <UseLargePages>false</UseLargePages>
          <DisableOSCache>true</DisableOSCache>
          <WriteThrough>true</WriteThrough>
          <WriteBufferContent>
            <Pattern>random</Pattern>
            <RandomDataSource>
              <SizeInBytes>10485760</SizeInBytes>
            </RandomDataSource>
          </WriteBufferContent>
          <ParallelAsyncIO>false</ParallelAsyncIO>
          <Random>8192</Random>
          <Distribution>
            <Percent>
              <Range IO="95">5</Range>
              <Range IO="4">10</Range>
            </Percent>
          </Distribution>
          <ThreadStride>0</ThreadStride>
          <MaxFileSize>0</MaxFileSize>
          <RequestCount>32</RequestCount>
          <WriteRatio>30</WriteRatio>
          <Throughput unit="IOPS">1500</Throughput>
          <ThreadsPerFile>4</ThreadsPerFile>
          <IOPriority>3</IOPriority>
        </Target>
        <Target>
          <Path>*1</Path>
          <BlockSize>32768</BlockSize>
          <BaseFileOffset>0</BaseFileOffset>
          <DisableOSCache>true</DisableOSCache>
          <WriteThrough>true</WriteThrough>
          <WriteBufferContent>
            <Pattern>random</Pattern>
            <RandomDataSource>
              <SizeInBytes>10485760</SizeInBytes>
            </RandomDataSource>
          </WriteBufferContent>
          <StrideSize>32768</StrideSize>
          <MaxFileSize>5368709120</MaxFileSize>
          <RequestCount>1</RequestCount>
          <WriteRatio>100</WriteRatio>
          <Throughput unit="IOPS">300</Throughput>
          <ThreadsPerFile>1</ThreadsPerFile>
        </Target>
      </Targets>
    </TimeSpan>
  </TimeSpans>
</Profile>
)";

// kSqlXml with `from` replaced by `to` (which must occur).
std::string sql_edited(const std::string& from, const std::string& to) {
  std::string text = kSqlXml;
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string xml_error(const std::string& text) {
  try {
    parse_diskspd_xml(text, "p.xml");
  } catch (const DiskspdError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("VMFleet 2.0 core workloads expand to the documented profiles", "[vmfleet2]") {
  // mechanisms.md 2.5: all unbuffered + write-through, latency on, 10 MiB random write source.
  for (const std::string& name : vmfleet2_workload_names()) {
    INFO(name);
    const DiskspdSpec w = vmfleet2_workload(name);
    CHECK(w.profile == name);
    CHECK(w.latency_stats);
    CHECK(w.duration_ns == 60'000'000'000);  // 60 s measured after 300 s warm-up
    CHECK(w.warmup_ns == 300'000'000'000);
    for (const DiskspdTarget& t : w.targets) {
      CHECK(t.software_cache_disabled);
      CHECK(t.write_buffer == WriteBufferContent::RandomBuffer);
      CHECK(t.write_buffer_bytes == 10u << 20);
    }
  }
  CHECK(vmfleet2_workload_names() == std::vector<std::string>{"General4KWriteRatio0", "General4KWriteRatio10",
                                                              "General4KWriteRatio30", "Peak4kRead", "Vdi", "Sql"});

  SECTION("General: 4K, T1 QD32, RandomRatio 50, Dist over the whole working set") {
    for (const auto& [name, writes] : {std::pair{"General4KWriteRatio0", 0.0}, std::pair{"General4KWriteRatio10", 0.1},
                                       std::pair{"General4KWriteRatio30", 0.3}}) {
      const DiskspdSpec w = vmfleet2_workload(name);
      REQUIRE(w.targets.size() == 1);
      const DiskspdTarget& t = w.targets[0];
      CHECK(t.block_bytes == 4096);
      CHECK(t.threads == 1);
      CHECK(t.outstanding == 32);
      CHECK(t.write_fraction == Approx(writes));
      CHECK(t.pattern == AccessPattern::Random);
      CHECK(t.random_percent == 50);
      CHECK(t.distribution == DistributionKind::Percent);
      CHECK(t.ranges == kDist);
      CHECK(t.base_offset_bytes == 0);
      CHECK(t.max_offset_bytes == 0);  // the whole file
      CHECK(t.throughput_bytes_per_ms == 0);
    }
  }
  SECTION("Peak4kRead: 4K random read, T1 QD32, 5 GB working set, uniform") {
    const DiskspdTarget t = vmfleet2_workload("peak4kread").targets.at(0);  // any case
    CHECK(t.block_bytes == 4096);
    CHECK(t.threads == 1);
    CHECK(t.outstanding == 32);
    CHECK(t.write_fraction == 0);
    CHECK(t.pattern == AccessPattern::Random);
    CHECK(t.random_percent == 100);
    CHECK(t.distribution == DistributionKind::Uniform);
    CHECK(t.max_offset_bytes == 5 * GiB);
  }
  SECTION("Vdi: 32K writes 20 % random QD8 6 IOPS in 10 GiB + 8K reads 80 % random QD8 6 IOPS in 8 GiB, Dist") {
    const DiskspdSpec w = vmfleet2_workload("Vdi");
    REQUIRE(w.targets.size() == 2);
    const DiskspdTarget &a = w.targets[0], &b = w.targets[1];
    CHECK(a.block_bytes == 32 * 1024);
    CHECK(a.write_fraction == 1.0);
    CHECK(a.random_percent == 20);
    CHECK(a.outstanding == 8);
    CHECK(a.max_offset_bytes == 10 * GiB);
    CHECK(a.throughput_bytes_per_ms == 6 * 32768 / 1000);  // -g6i as DISKSPD converts it
    CHECK(a.ranges == kDist);
    CHECK(b.block_bytes == 8 * 1024);
    CHECK(b.write_fraction == 0.0);
    CHECK(b.random_percent == 80);
    CHECK(b.outstanding == 8);
    CHECK(b.max_offset_bytes == 8 * GiB);
    CHECK(b.throughput_bytes_per_ms == 6 * 8192 / 1000);
    CHECK(b.ranges == kDist);
    CHECK(w.outstanding_per_vm() == 16);
  }
  SECTION("Sql: 8K random 30 % writes 4 x QD32 1,500 IOPS from 5 GiB, Dist + log 32K sequential writes QD1 300 IOPS") {
    const DiskspdSpec w = vmfleet2_workload("Sql");
    REQUIRE(w.targets.size() == 2);
    const DiskspdTarget &data = w.targets[0], &log = w.targets[1];
    CHECK(data.block_bytes == 8192);
    CHECK(data.pattern == AccessPattern::Random);
    CHECK(data.random_percent == 100);
    CHECK(data.write_fraction == Approx(0.3));
    CHECK(data.threads == 4);
    CHECK(data.outstanding == 32);
    CHECK(data.throughput_bytes_per_ms == 1500 * 8192 / 1000);
    CHECK(data.base_offset_bytes == 5 * GiB);
    CHECK(data.ranges == kDist);
    CHECK(log.block_bytes == 32768);
    CHECK(log.pattern == AccessPattern::Sequential);
    CHECK(log.write_fraction == 1.0);
    CHECK(log.threads == 1);
    CHECK(log.outstanding == 1);
    CHECK(log.throughput_bytes_per_ms == 300 * 32768 / 1000);
    CHECK(log.max_offset_bytes == 5 * GiB);
    CHECK(w.outstanding_per_vm() == 129);
  }
  CHECK_THROWS_WITH(vmfleet2_workload("Oltp"),
                    Contains("unknown; expected one of General4KWriteRatio0") && Contains("Sql"));
}

TEST_CASE("DISKSPD XML profiles equal their command-line equivalents", "[diskspd-xml]") {
  SECTION("VMFleet 2.0's Sql, two targets") {
    DiskspdSpec xml = parse_diskspd_xml(kSqlXml, "sql.xml");
    DiskspdSpec lines = vmfleet2_workload("Sql");
    xml.profile = lines.profile;
    CHECK(xml == lines);
  }
  SECTION("one target: -b4K -t1 -o32 -w30 -rs50 -rdpct95/5:4/10 -B1G -f9G -g4000 -Zr -Sh -L") {
    const char* const text = R"(<Profile><TimeSpans><TimeSpan>
      <MeasureLatency>true</MeasureLatency>
      <Targets><Target>
        <Path>C:\run\testfile1.dat</Path>
        <BlockSize>4096</BlockSize>
        <ThreadsPerFile>1</ThreadsPerFile>
        <RequestCount>32</RequestCount>
        <WriteRatio>30</WriteRatio>
        <Random>4096</Random>
        <RandomRatio>50</RandomRatio>
        <Distribution><Percent><Range IO="95">5</Range><Range IO="4">10</Range></Percent></Distribution>
        <BaseFileOffset>1073741824</BaseFileOffset>
        <MaxFileSize>9663676416</MaxFileSize>
        <Throughput>4000</Throughput>
        <DisableOSCache>true</DisableOSCache>
        <WriteThrough>true</WriteThrough>
        <WriteBufferContent><Pattern>random</Pattern></WriteBufferContent>
      </Target></Targets>
    </TimeSpan></TimeSpans></Profile>)";
    CHECK(parse_diskspd_xml(text, "one.xml") ==
          parse_diskspd_command("-b4K -t1 -o32 -w30 -rs50 -rdpct95/5:4/10 -B1G -f9G -g4000 -Zr -Sh -L"));
  }
  SECTION("-si, -Z, -rdabs, -F/-O and an unaligned -r") {
    const char* const text = R"(<Profile><TimeSpans><TimeSpan>
      <ThreadCount>3</ThreadCount><RequestCount>8</RequestCount>
      <Targets><Target><Path>*1</Path><BlockSize>65536</BlockSize><InterlockedSequential>true</InterlockedSequential>
        <DisableOSCache>true</DisableOSCache><WriteBufferContent><Pattern>zero</Pattern></WriteBufferContent>
      </Target></Targets></TimeSpan></TimeSpans></Profile>)";
    CHECK(parse_diskspd_xml(text, "si.xml") == parse_diskspd_command("-b64K -si -F3 -O8 -Z -Su"));
    const char* const abs = R"(<Profile><TimeSpans><TimeSpan><Targets><Target><Path>*1</Path>
        <BlockSize>8192</BlockSize><Random>512</Random><DisableOSCache>true</DisableOSCache>
        <Distribution><Absolute><Range IO="10">10737418240</Range><Range IO="75">1073741824</Range></Absolute></Distribution>
      </Target></Targets></TimeSpan></TimeSpans></Profile>)";
    CHECK(parse_diskspd_xml(abs, "abs.xml") == parse_diskspd_command("-b8K -r512 -rdabs10/10G:75/1G -Sh"));
  }
}

TEST_CASE("DISKSPD XML profiles: what the model does not run is refused at its line", "[diskspd-xml]") {
  CHECK_THAT(xml_error("<Profile><TimeSpans>"), Contains("p.xml:1: not a well-formed XML file"));
  CHECK_THAT(xml_error("<Results/>"), Contains("root element <Profile>"));
  CHECK_THAT(xml_error(sql_edited("<RandSeed>0</RandSeed>", "<RandSeed>0</RandSeed>\n<Affinity/>")),
             Contains("p.xml:18: <Affinity>: not modelled or not a DISKSPD element in <TimeSpan>"));
  CHECK_THAT(xml_error(sql_edited("    </TimeSpan>\n", "    </TimeSpan>\n    <TimeSpan><Targets/></TimeSpan>\n")),
             Contains("p.xml:") && Contains("<TimeSpan>: a second TimeSpan") && Contains("first starts at line 6"));
  CHECK_THAT(xml_error(sql_edited("<IOPriority>3</IOPriority>", "<IOPriority>1</IOPriority>")),
             Contains("p.xml:49: <IOPriority>: only 3 (DISKSPD's default)"));
  CHECK_THAT(xml_error(sql_edited("<UseLargePages>false", "<UseLargePages>true")),
             Contains("<UseLargePages>: only false"));
  CHECK_THAT(xml_error(sql_edited("<IOPriority>3</IOPriority>", "<Weight>2</Weight>")),
             Contains("<Weight>: threads shared among targets"));
  CHECK_THAT(xml_error(sql_edited("<Path>*1</Path>\n          <BlockSize>32768",
                                  "<Path>*2</Path>\n          <BlockSize>32768")),
             Contains("Path '*2' differs from the first target's '*1'") && Contains("one disk"));
  CHECK_THAT(xml_error(sql_edited("<ThreadCount>0</ThreadCount>", "<ThreadCount>4</ThreadCount>")),
             Contains("<ThreadCount>: ThreadCount (-F) makes every thread work on every target"));
  CHECK_THAT(xml_error(sql_edited("<WriteRatio>30</WriteRatio>", "<WriteRatio>130</WriteRatio>")),
             Contains("p.xml:46: <WriteRatio>: expected a write percentage from 0 to 100, got 130"));
  CHECK_THAT(xml_error(sql_edited("<Throughput unit=\"IOPS\">1500", "<Throughput unit=\"MBPS\">1500")),
             Contains("unit must be BPMS (bytes per ms) or IOPS"));
  CHECK_THAT(xml_error(sql_edited("<Range IO=\"95\">", "<Range IO=\"95\" Max=\"1\">")), Contains("attribute 'Max'"));
  CHECK_THAT(
      xml_error(sql_edited("<WriteRatio>30</WriteRatio>", "<WriteRatio>30</WriteRatio><WriteRatio>30</WriteRatio>")),
      Contains("<WriteRatio>: given more than once"));
  CHECK_THAT(xml_error(sql_edited("<StrideSize>32768</StrideSize>", "<StrideSize>65536</StrideSize>")),
             Contains("only stride = block size is modelled"));
  CHECK_THAT(xml_error(sql_edited(
                 "<Pattern>random</Pattern>\n            <RandomDataSource>\n              <SizeInBytes>10485760",
                 "<Pattern>zero</Pattern>\n            <RandomDataSource>\n              <SizeInBytes>10485760")),
             Contains("a RandomDataSource goes with the random pattern"));
}

TEST_CASE("DISKSPD XML profiles: unbuffered I/O needs the command line's 512-byte alignment", "[diskspd-xml]") {
  const std::string rule = "expected a multiple of 512 bytes with DisableOSCache (unbuffered I/O moves whole sectors, "
                           "as DISKSPD -Sh requires), got ";
  CHECK_THAT(xml_error(sql_edited("<BlockSize>8192</BlockSize>", "<BlockSize>513</BlockSize>")),
             Contains("p.xml:21: <BlockSize>: " + rule + "513"));
  // -r16385 -Sh is refused on the command line; so is <Random>16385</Random>.
  CHECK_THAT(xml_error(sql_edited("<Random>8192</Random>", "<Random>16385</Random>")),
             Contains("p.xml:36: <Random>: " + rule + "16385"));
  CHECK_THAT(xml_error(sql_edited("<Random>8192</Random>", "<Random>511</Random>")),
             Contains("<Random>: " + rule + "511"));
  CHECK_THAT(
      xml_error(sql_edited("<BaseFileOffset>5368709120</BaseFileOffset>", "<BaseFileOffset>513</BaseFileOffset>")),
      Contains("p.xml:22: <BaseFileOffset>: " + rule + "513"));
  CHECK_THAT(xml_error(sql_edited("<ThreadStride>0</ThreadStride>", "<ThreadStride>513</ThreadStride>")),
             Contains("p.xml:43: <ThreadStride>: " + rule + "513"));
  // With the OS cache on, the rule does not apply (the scenario refuses cached I/O on its own).
  std::string cached = sql_edited("<BlockSize>8192</BlockSize>", "<BlockSize>513</BlockSize>");
  cached.replace(cached.find("<DisableOSCache>true"), 20, "<DisableOSCache>false");
  CHECK(parse_diskspd_xml(cached, "p.xml").targets.front().block_bytes == 513);
  // The command line names the same rule for -B and -T.
  CHECK_THROWS_WITH(parse_diskspd_command("-b4K -r -B513 -Sh"),
                    "DISKSPD -B513: with the software cache off (-Sh) the base offset must be a multiple of 512 bytes");
  CHECK_THROWS_WITH(
      parse_diskspd_command("-b4K -t2 -s -T513 -Sh"),
      "DISKSPD -T513: with the software cache off (-Sh) the thread stride must be a multiple of 512 bytes");
  CHECK_NOTHROW(parse_diskspd_command("-b4K -t2 -s -T513"));
}

TEST_CASE("workload names: VMFleet 1.0 style for one target, a list for several", "[diskspd]") {
  CHECK(workload_name(parse_vmfleet_profile("B4-T2-O32-W0-PR")) == "B4-T2-O32-W0-PR");
  CHECK(workload_name(vmfleet2_workload("General4KWriteRatio30")) ==
        "General4KWriteRatio30 (B4-T1-O32-W30-PR -rs50 -rdpct95/5:4/10)");
  CHECK(workload_name(vmfleet2_workload("Sql")) ==
        "Sql: 2 targets [B8-T4-O32-W30-PR -rdpct95/5:4/10 -B5G -g1500i; B32-T1-O1-W100-PS -f5G -g300i]");
}

namespace {

const char* const kCluster =
    "schema_version: 1\n"
    "cluster: {node: dell-ax-7525, nodes: 4, switch: generic-100gbe, stack: s2d, resiliency: three-way-mirror}\n"
    "vms: {per_node: 8, vcpus: 4}\n"
    "run: {duration: 10ms}\n";

std::string scenario(const std::string& workload) {
  return "schema_version: 1\ntitle: t\ninclude: cluster.yaml\nvms:\n  workload:\n" + workload;
}

const Catalog& bundled() {
  static const Catalog catalog = Catalog::load();
  return catalog;
}

}  // namespace

TEST_CASE("scenario: vmfleet2, xml and a list of diskspd lines select several targets", "[scenario]") {
  testing::TempDir dir;
  dir.write("cluster.yaml", kCluster);
  dir.write("profiles/sql.xml", kSqlXml);

  SECTION("vmfleet2: Sql, and --dry-run lists each target") {
    const auto file = dir.write("s.yaml", scenario("    vmfleet2: Sql\n    file_size: 20GiB\n"));
    const ScenarioSpec s = load_scenario(file, bundled());
    CHECK(s.vms.workload.targets == vmfleet2_workload("Sql").targets);
    CHECK(s.vms.workload.file_bytes == 20 * GiB);
    const std::string text = describe(s);
    CHECK_THAT(text, Contains("workload: Sql: 2 targets [") && Contains("129 I/Os in flight per VM"));
    CHECK_THAT(text,
               Contains("target 1: 8 KiB random, 30% writes, 4 thread(s) x 32 outstanding, region [5 GiB, 20 GiB)"));
    CHECK_THAT(text,
               Contains("random I/Os 95% in [5 GiB, 5.75 GiB), 4% in [5.75 GiB, 7.25 GiB), 1% in [7.25 GiB, 20 GiB)") &&
                   Contains("limited (-g) to 12288 bytes/ms per thread (1500 IOPS), paced in 15.625 ms clock ticks"));
    CHECK_THAT(text, Contains("target 2: 32 KiB sequential (a stream per thread), 100% writes, 1 thread(s) x 1 "
                              "outstanding, region [0 B, 5 GiB)"));
  }
  SECTION("xml: a path relative to the scenario file, equal to the named workload") {
    const auto file = dir.write("s.yaml", scenario("    xml: profiles/sql.xml\n    file_size: 20GiB\n"));
    const ScenarioSpec s = load_scenario(file, bundled());
    CHECK(s.vms.workload.targets == vmfleet2_workload("Sql").targets);
    CHECK(s.vms.workload.profile == "profiles/sql.xml");
  }
  SECTION("diskspd: a list of lines, one target each") {
    const auto file = dir.write(
        "s.yaml", scenario("    diskspd: [\"-b8K -t4 -o32 -w30 -r -g1500i -B5G -rdpct95/5:4/10 -Sh -L -Z10M -c20G\",\n"
                           "              \"-b32K -t1 -o1 -w100 -s -g300i -f5G -Sh -L -Z10M\"]\n"));
    const ScenarioSpec s = load_scenario(file, bundled());
    CHECK(s.vms.workload.targets == vmfleet2_workload("Sql").targets);
    CHECK(s.vms.workload.file_bytes == 20 * GiB);
  }
  SECTION("errors name the file, line and key") {
    auto error = [&](const std::string& workload) {
      const auto file = dir.write("s.yaml", scenario(workload));
      return load_error_of([&] { load_scenario(file, bundled()); });
    };
    CHECK_THAT(error("    vmfleet2: Sql\n    file_size: 4GiB\n"),
               Contains("s.yaml:6: key 'vms.workload.vmfleet2': DISKSPD target 1: the target's region [-B, -f)"));
    CHECK_THAT(error("    vmfleet2: Vdi\n    file_size: 8GiB\n"),
               Contains("s.yaml:6: key 'vms.workload.vmfleet2': DISKSPD target 1: -f10737418240 reaches past the end"));
    CHECK_THAT(error("    vmfleet2: Tpcc\n    file_size: 8GiB\n"),
               Contains("s.yaml:6: key 'vms.workload.vmfleet2': VMFleet 2.0 workload 'Tpcc': unknown"));
    CHECK_THAT(error("    xml: profiles/none.xml\n    file_size: 8GiB\n"),
               Contains("s.yaml:6: key 'vms.workload.xml'") && Contains("none.xml: cannot read"));
    CHECK_THAT(error("    vmfleet2: Sql\n    xml: profiles/sql.xml\n    file_size: 8GiB\n"),
               Contains("s.yaml:5: key 'vms.workload': expected exactly one of vmfleet"));
    CHECK_THAT(error("    diskspd: [\"-b4K -r -c1G -Sh\", \"-b4K -s -c2G -Sh\"]\n"),
               Contains("s.yaml:6: key 'vms.workload.diskspd[1]': its -c differs"));
    CHECK_THAT(error("    diskspd: \"-b4K -s -T1G -t2 -Sh\"\n    file_size: 1GiB\n"),
               Contains("key 'vms.workload.diskspd': DISKSPD: -T1073741824 starts thread 2's stream past the end"));
    CHECK_THAT(
        error("    diskspd: \"-b4K -r -T4K -Sh\"\n    file_size: 1GiB\n"),
        Contains("key 'vms.workload.diskspd': DISKSPD: -T sets where each thread's own sequential stream starts"));
  }
}

TEST_CASE("an unknown VMFleet 2.0 workload is named escaped (fuzz finding: a control character in it)", "[diskspd]") {
  CHECK_THROWS_WITH(vmfleet2_workload("B32-T2-O\x1d"
                                      "8-W50-PR"),
                    Catch::StartsWith("VMFleet 2.0 workload 'B32-T2-O\\x1d8-W50-PR': unknown; expected one of "));
}

TEST_CASE("DISKSPD XML profiles and command lines refuse the same values (one check_target)", "[diskspd-xml]") {
  // Each case: a command line and the XML target that says the same; both refused or both accepted.
  struct Case {
    const char* line;
    const char* target;  // inside <Target><Path>*1</Path>...</Target>
    bool refused;
  };
  const Case cases[] = {
      {"-b16K -r16385 -Sh", "<BlockSize>16384</BlockSize><Random>16385</Random><DisableOSCache>true</DisableOSCache>",
       true},
      {"-b16K -r16384 -Sh", "<BlockSize>16384</BlockSize><Random>16384</Random><DisableOSCache>true</DisableOSCache>",
       false},
      // 4 GiB - 1: above DISKSPD's 4 GiB - 512 B (the XML reader took up to 2^32 - 1 before).
      {"-b4294967295 -r", "<BlockSize>4294967295</BlockSize><Random>4294967295</Random>", true},
      {"-b4K -r -t5000 -Sh",
       "<BlockSize>4096</BlockSize><Random>4096</Random><ThreadsPerFile>5000</ThreadsPerFile>"
       "<DisableOSCache>true</DisableOSCache>",
       true},
      {"-b4K -r -o0 -Sh",
       "<BlockSize>4096</BlockSize><Random>4096</Random><RequestCount>0</RequestCount>"
       "<DisableOSCache>true</DisableOSCache>",
       true},
      {"-b4K -r -w101 -Sh",
       "<BlockSize>4096</BlockSize><Random>4096</Random><WriteRatio>101</WriteRatio>"
       "<DisableOSCache>true</DisableOSCache>",
       true},
      {"-b4K -rs0 -Sh",
       "<BlockSize>4096</BlockSize><Random>4096</Random><RandomRatio>0</RandomRatio>"
       "<DisableOSCache>true</DisableOSCache>",
       true},
      {"-b512 -r -g1i -Sh",
       "<BlockSize>512</BlockSize><Random>512</Random><Throughput unit=\"IOPS\">1</Throughput>"
       "<DisableOSCache>true</DisableOSCache>",
       true},
      {"-b4K -s8K -Sh", "<BlockSize>4096</BlockSize><StrideSize>8192</StrideSize><DisableOSCache>true</DisableOSCache>",
       true},
      {"-b4K -rdpct95/0 -Sh",
       "<BlockSize>4096</BlockSize><Random>4096</Random><Distribution><Percent>"
       "<Range IO=\"95\">0</Range></Percent></Distribution><DisableOSCache>true</DisableOSCache>",
       true},
      {"-b4K -rdpct101/5 -Sh",
       "<BlockSize>4096</BlockSize><Random>4096</Random><Distribution><Percent>"
       "<Range IO=\"101\">5</Range></Percent></Distribution><DisableOSCache>true</DisableOSCache>",
       true},
      {"-b4K -B513 -r -Sh",
       "<BlockSize>4096</BlockSize><Random>4096</Random><BaseFileOffset>513</BaseFileOffset>"
       "<DisableOSCache>true</DisableOSCache>",
       true},
  };
  for (const Case& c : cases) {
    INFO(c.line);
    const std::string xml = std::string("<Profile><TimeSpans><TimeSpan><Targets><Target><Path>*1</Path>") + c.target +
                            "</Target></Targets></TimeSpan></TimeSpans></Profile>";
    std::string line_error;
    try {
      parse_diskspd_command(c.line);
    } catch (const DiskspdError& e) {
      line_error = e.what();
    }
    const std::string profile_error = xml_error(xml);
    INFO("command line: " << line_error << "\nXML: " << profile_error);
    CHECK(line_error.empty() == !c.refused);
    CHECK(profile_error.empty() == !c.refused);
  }
  // Each names the value in its own terms.
  CHECK_THAT(xml_error("<Profile><TimeSpans><TimeSpan><Targets><Target><Path>*1</Path><BlockSize>4096</BlockSize>"
                       "<Random>4096</Random>\n<ThreadsPerFile>5000</ThreadsPerFile></Target></Targets></TimeSpan>"
                       "</TimeSpans></Profile>"),
             Contains("p.xml:2: <ThreadsPerFile>: expected a thread count from 1 to 4096, got 5000"));
  CHECK_THROWS_WITH(parse_diskspd_command("-b4K -r -t5000 -Sh"),
                    "DISKSPD flag '-t5000': expected a thread count from 1 to 4096");
  CHECK_THROWS_WITH(parse_diskspd_command("-b16K -r16385 -Sh"),
                    "DISKSPD -r16385: with the software cache off (-Sh) the alignment must be a multiple of 512 bytes");
}
