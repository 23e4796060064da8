#include <catch2/catch.hpp>

#include "tools/frontend/diskspd_parser.hpp"

using namespace hcisim::frontend;
using hcisim::models::AccessPattern;
using Catch::Matchers::Contains;

TEST_CASE("DISKSPD command line: the VMFleet 4K random read line", "[diskspd]") {
  const auto spec = parse_diskspd_command("-b4K -t2 -o32 -w0 -r -d60 -W10 -Sh -L -c10G");
  CHECK(spec.block_bytes == 4096);
  CHECK(spec.threads == 2);
  CHECK(spec.outstanding == 32);
  CHECK(spec.write_fraction == 0.0);
  CHECK(spec.pattern == AccessPattern::Random);
  CHECK(spec.random_align_bytes == 0);
  CHECK(spec.duration_ns == 60'000'000'000);
  CHECK(spec.warmup_ns == 10'000'000'000);
  CHECK(spec.software_cache_disabled);
  CHECK(spec.latency_stats);
  CHECK(spec.file_bytes == 10ull << 30);
  CHECK(spec.throughput_cap_bytes_per_s == 0.0);
}

TEST_CASE("DISKSPD command line: absent flags take DISKSPD's defaults", "[diskspd]") {
  const auto spec = parse_diskspd_command("-c1G");
  CHECK(spec.block_bytes == 64 * 1024);
  CHECK(spec.threads == 1);
  CHECK(spec.outstanding == 2);
  CHECK(spec.write_fraction == 0.0);
  CHECK(spec.pattern == AccessPattern::Sequential);
  CHECK(spec.duration_ns == 10'000'000'000);
  CHECK(spec.warmup_ns == 5'000'000'000);
  CHECK_FALSE(spec.software_cache_disabled);
  CHECK_FALSE(spec.latency_stats);
}

TEST_CASE("DISKSPD command line: patterns, alignment, caps, write mix, slashes", "[diskspd]") {
  const auto aligned = parse_diskspd_command("-b8K -r4K -w30");
  CHECK(aligned.pattern == AccessPattern::Random);
  CHECK(aligned.random_align_bytes == 4096);
  CHECK(aligned.write_fraction == Approx(0.30));

  CHECK(parse_diskspd_command("-b512K -si").pattern == AccessPattern::SequentialInterleaved);
  CHECK(parse_diskspd_command("-b512K -s").pattern == AccessPattern::Sequential);
  CHECK(parse_diskspd_command("-b512K -s512K").pattern == AccessPattern::Sequential);

  // -g: bytes per millisecond per thread; -g<n>i: IOPS per thread (uses the block size, in any order).
  CHECK(parse_diskspd_command("-g1000 -b4K").throughput_cap_bytes_per_s == Approx(1e6));
  CHECK(parse_diskspd_command("-g500i -b8K").throughput_cap_bytes_per_s == Approx(500.0 * 8192));

  const auto windows = parse_diskspd_command("diskspd.exe /b4K /t4 /o8 /r /Su \"C:\\Cluster Storage\\test file.dat\"");
  CHECK(windows.block_bytes == 4096);
  CHECK(windows.threads == 4);
  CHECK(windows.outstanding == 8);
  CHECK(windows.software_cache_disabled);
  CHECK(parse_diskspd_command("-b4K -Sb").software_cache_disabled == false);
  // Accepted, not modelled.
  CHECK(parse_diskspd_command("-b4K -C30 -D -Z1M -z -h").software_cache_disabled);
}

TEST_CASE("DISKSPD command line: unknown and malformed flags are errors naming the flag", "[diskspd]") {
  CHECK_THROWS_WITH(parse_diskspd_command("-b4K -q3"), Contains("'-q3': unknown flag"));
  CHECK_THROWS_WITH(parse_diskspd_command("-bfoo"), Contains("'-bfoo': expected a block size"));
  CHECK_THROWS_WITH(parse_diskspd_command("-b4KiB"), Contains("'-b4KiB'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-t0"), Contains("'-t0': expected a thread count"));
  CHECK_THROWS_WITH(parse_diskspd_command("-o"), Contains("'-o': expected an outstanding I/O count"));
  CHECK_THROWS_WITH(parse_diskspd_command("-w101"), Contains("'-w101': expected a write percentage from 0 to 100"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rx"), Contains("'-rx'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-r -si"), Contains("'-si': the access pattern"));
  CHECK_THROWS_WITH(parse_diskspd_command("-t2 -t4"), Contains("'-t4'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-Sx"), Contains("'-Sx'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-gfast"), Contains("'-gfast'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-b4K -s8K"), Contains("stride"));
  CHECK_THROWS_WITH(parse_diskspd_command("-b4K a.dat b.dat"), Contains("second target"));
  CHECK_THROWS_WITH(parse_diskspd_command("-b4K \"open"), Contains("quote"));
}

TEST_CASE("VMFleet profile names", "[diskspd]") {
  const auto read = parse_vmfleet_profile("B4-T2-O32-W0-PR");
  CHECK(read.block_bytes == 4096);
  CHECK(read.threads == 2);
  CHECK(read.outstanding == 32);
  CHECK(read.write_fraction == 0.0);
  CHECK(read.pattern == AccessPattern::Random);
  CHECK(read.software_cache_disabled);
  CHECK(read.latency_stats);

  const auto write = parse_vmfleet_profile("B4-T2-O16-W100-PR");
  CHECK(write.write_fraction == 1.0);
  CHECK(write.outstanding == 16);

  const auto seq = parse_vmfleet_profile("B512-T1-O8-W0-PSI");
  CHECK(seq.block_bytes == 512 * 1024);
  CHECK(seq.pattern == AccessPattern::SequentialInterleaved);
  CHECK(parse_vmfleet_profile("b8-t1-o1-w30-ps").pattern == AccessPattern::Sequential);
  CHECK(parse_vmfleet_profile("B8-T1-O1-W30-PR").write_fraction == Approx(0.30));

  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W0"), Contains("missing P"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W0-PX"), Contains("'PX'"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W0-PR-Q1"), Contains("unknown part 'Q1'"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T0-O32-W0-PR"), Contains("'T0' is out of range"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W120-PR"), Contains("'W120'"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-B8-T2-O32-W0-PR"), Contains("'B' is given twice"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4--T2"), Contains("empty part"));
  CHECK_THROWS_AS(parse_vmfleet_profile(""), DiskspdError);
}
