#include <catch2/catch.hpp>

#include "tools/frontend/input/diskspd_parser.hpp"

using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using hcisim::models::AccessPattern;
using hcisim::models::DistributionKind;
using hcisim::models::DistributionRange;
using hcisim::models::WriteBufferContent;

namespace {

hcisim::models::DiskspdTarget target_of(std::string_view line) {
  const auto spec = parse_diskspd_command(line);
  REQUIRE(spec.targets.size() == 1);
  return spec.targets[0];
}

}  // namespace

TEST_CASE("DISKSPD command line: the VMFleet 4K random read line", "[diskspd]") {
  const auto vm = parse_diskspd_command("-b4K -t2 -o32 -w0 -r -d60 -W10 -Sh -L -c10G");
  REQUIRE(vm.targets.size() == 1);
  const auto& spec = vm.targets[0];
  CHECK(spec.block_bytes == 4096);
  CHECK(spec.threads == 2);
  CHECK(spec.outstanding == 32);
  CHECK(spec.write_fraction == 0.0);
  CHECK(spec.pattern == AccessPattern::Random);
  CHECK(spec.random_align_bytes == 0);
  CHECK(vm.duration_ns == 60'000'000'000);
  CHECK(vm.warmup_ns == 10'000'000'000);
  CHECK(spec.software_cache_disabled);
  CHECK(vm.latency_stats);
  CHECK(vm.file_bytes == 10ull << 30);
  CHECK(spec.throughput_bytes_per_ms == 0);
  CHECK(spec.random_percent == 100);
  CHECK(spec.distribution == DistributionKind::Uniform);
  CHECK(spec.write_buffer == WriteBufferContent::RepeatingPattern);
}

TEST_CASE("DISKSPD command line: absent flags take DISKSPD's defaults", "[diskspd]") {
  const auto vm = parse_diskspd_command("-c1G");
  const auto& spec = vm.targets.at(0);
  CHECK(spec.block_bytes == 64 * 1024);
  CHECK(spec.threads == 1);
  CHECK(spec.outstanding == 2);
  CHECK(spec.write_fraction == 0.0);
  CHECK(spec.pattern == AccessPattern::Sequential);
  CHECK(vm.duration_ns == 10'000'000'000);
  CHECK(vm.warmup_ns == 5'000'000'000);
  CHECK_FALSE(spec.software_cache_disabled);
  CHECK_FALSE(vm.latency_stats);
  CHECK(spec.base_offset_bytes == 0);
  CHECK(spec.max_offset_bytes == 0);
}

TEST_CASE("DISKSPD command line: patterns, alignment, caps, write mix, slashes", "[diskspd]") {
  const auto aligned = target_of("-b8K -r4K -w30");
  CHECK(aligned.pattern == AccessPattern::Random);
  CHECK(aligned.random_align_bytes == 4096);
  CHECK(aligned.write_fraction == Approx(0.30));

  CHECK(target_of("-b512K -si").pattern == AccessPattern::SequentialInterleaved);
  CHECK(target_of("-b512K -s").pattern == AccessPattern::Sequential);
  CHECK(target_of("-b512K -s512K").pattern == AccessPattern::Sequential);

  // -g: bytes per millisecond per thread; -g<n>i: IOPS per thread (uses the block size, in any order),
  // converted as DISKSPD does: n x block / 1000 by integer division.
  CHECK(target_of("-g1000 -b4K").throughput_bytes_per_ms == 1000);
  CHECK(target_of("-g500i -b8K").throughput_bytes_per_ms == 500 * 8192 / 1000);
  CHECK(target_of("-b32K -g6i").throughput_bytes_per_ms == 196);  // 6 x 32768 / 1000 = 196.6: rounds down

  const auto windows = target_of("diskspd.exe /b4K /t4 /o8 /r /Su \"C:\\Cluster Storage\\test file.dat\"");
  CHECK(windows.block_bytes == 4096);
  CHECK(windows.threads == 4);
  CHECK(windows.outstanding == 8);
  CHECK(windows.software_cache_disabled);
  CHECK(target_of("-b4K -Sb").software_cache_disabled == false);
  // Accepted, not modelled.
  CHECK(target_of("-b4K -C30 -D -z -h").software_cache_disabled);
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
  const auto vm = parse_vmfleet_profile("B4-T2-O32-W0-PR");
  REQUIRE(vm.targets.size() == 1);
  const auto& read = vm.targets[0];
  CHECK(read.block_bytes == 4096);
  CHECK(read.threads == 2);
  CHECK(read.outstanding == 32);
  CHECK(read.write_fraction == 0.0);
  CHECK(read.pattern == AccessPattern::Random);
  CHECK(read.software_cache_disabled);
  CHECK(vm.latency_stats);

  const auto write = parse_vmfleet_profile("B4-T2-O16-W100-PR").targets.at(0);
  CHECK(write.write_fraction == 1.0);
  CHECK(write.outstanding == 16);

  const auto seq = parse_vmfleet_profile("B512-T1-O8-W0-PSI").targets.at(0);
  CHECK(seq.block_bytes == 512 * 1024);
  CHECK(seq.pattern == AccessPattern::SequentialInterleaved);
  CHECK(parse_vmfleet_profile("b8-t1-o1-w30-ps").targets.at(0).pattern == AccessPattern::Sequential);
  CHECK(parse_vmfleet_profile("B8-T1-O1-W30-PR").targets.at(0).write_fraction == Approx(0.30));

  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W0"), Contains("missing P"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W0-PX"), Contains("'PX'"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W0-PR-Q1"), Contains("unknown part 'Q1'"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T0-O32-W0-PR"), Contains("'T0' is out of range"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-T2-O32-W120-PR"), Contains("'W120'"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4-B8-T2-O32-W0-PR"), Contains("'B' is given twice"));
  CHECK_THROWS_WITH(parse_vmfleet_profile("B4--T2"), Contains("empty part"));
  CHECK_THROWS_AS(parse_vmfleet_profile(""), DiskspdError);
}

TEST_CASE("DISKSPD command line: -rs, -rdpct and -rdabs", "[diskspd]") {
  // -rs implies random offsets; -r may add the alignment (in either order).
  const auto mixed = target_of("-b4K -rs50");
  CHECK(mixed.pattern == AccessPattern::Random);
  CHECK(mixed.random_percent == 50);
  const auto aligned = target_of("-rs20 -r512 -b32K");
  CHECK(aligned.random_percent == 20);
  CHECK(aligned.random_align_bytes == 512);

  // VMFleet 2.0's "Dist": 95 % of the I/O in the first 5 %, 4 % in the next 10 %.
  const auto dist = target_of("-b4K -r -rdpct95/5:4/10");
  CHECK(dist.distribution == DistributionKind::Percent);
  CHECK(dist.ranges == std::vector<DistributionRange>{{95, 5}, {4, 10}});
  // The -rdabs example of DISKSPD's usage text, with a gap.
  const auto abs = target_of("-b4K -r -rdabs10/10G:0/1G:75/1G");
  CHECK(abs.distribution == DistributionKind::Absolute);
  CHECK(abs.ranges == std::vector<DistributionRange>{{10, 10ull << 30}, {0, 1ull << 30}, {75, 1ull << 30}});
  CHECK(target_of("-rdpct90/10 -b8K").pattern == AccessPattern::Random);  // -rd alone means random too

  CHECK_THROWS_WITH(parse_diskspd_command("-rs0"), Contains("'-rs0': expected a random share from 1 to 100"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rs101"), Contains("'-rs101'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-s -rs50"), Contains("-rs: needs random offsets"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rdpct95/5 -si"), Contains("-rdpct/-rdabs: needs random offsets"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rdxyz10/5"), Contains("'-rdxyz10/5'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rdpct95"), Contains("IO%/target% pairs"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rdpct95/0"), Contains("IO%/target% pairs"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rdpct95/5:"), Contains("IO%/target% pairs"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rdabs101/1G"), Contains("IO%/size pairs"));
  CHECK_THROWS_WITH(parse_diskspd_command("-rs50 -rs20"), Contains("more than once"));
}

TEST_CASE("DISKSPD command line: regions, strides, -F/-O and -Z", "[diskspd]") {
  const auto region = target_of("-b8K -r -B5G -f10G");
  CHECK(region.base_offset_bytes == 5ull << 30);
  CHECK(region.max_offset_bytes == 10ull << 30);
  CHECK(target_of("-s -t4 -T1G").thread_stride_bytes == 1ull << 30);

  // -F total threads (one target: threads on it); -O outstanding per thread with -F, over -o.
  const auto f = target_of("-F4 -O16 -o2");
  CHECK(f.threads == 4);
  CHECK(f.outstanding == 16);
  CHECK(target_of("-F3 -o8").outstanding == 8);
  CHECK_THROWS_WITH(parse_diskspd_command("-t2 -F4"), Contains("-t or -F, not both"));
  CHECK_THROWS_WITH(parse_diskspd_command("-O8"), Contains("-O: goes with -F"));

  CHECK(target_of("-Z").write_buffer == WriteBufferContent::Zeros);
  CHECK(target_of("-Zr").write_buffer == WriteBufferContent::RandomPerIo);
  const auto source = target_of("-Z10M");
  CHECK(source.write_buffer == WriteBufferContent::RandomBuffer);
  CHECK(source.write_buffer_bytes == 10u << 20);
  const auto file = target_of("-Z1M,c:\\data.bin");
  CHECK(file.write_buffer == WriteBufferContent::FileBuffer);
  CHECK(file.write_buffer_bytes == 1u << 20);
  CHECK_THROWS_WITH(parse_diskspd_command("-Zq"), Contains("'-Zq'"));
  CHECK_THROWS_WITH(parse_diskspd_command("-Z1M,"), Contains("a file name after the comma"));
  CHECK_THROWS_WITH(parse_diskspd_command("-Z -Zr"), Contains("more than once"));
}

TEST_CASE("DISKSPD command line: what the model does not run is refused, with the reason", "[diskspd]") {
  CHECK_THROWS_WITH(parse_diskspd_command("-i10 -j5"), Contains("bursts") && Contains("not modelled"));
  CHECK_THROWS_WITH(parse_diskspd_command("-j5"), Contains("bursts"));
  CHECK_THROWS_WITH(parse_diskspd_command("-fr"), Contains("file-access hints") && Contains("not modelled"));
  CHECK_THROWS_WITH(parse_diskspd_command("-f0"), Contains("greater than 0"));
  // -g: a 32-bit count of bytes per ms; an IOPS limit that rounds to 0 bytes per ms would not throttle.
  CHECK_THROWS_WITH(parse_diskspd_command("-g4294967296"), Contains("'-g4294967296'"));
  CHECK(target_of("-g4294967295").throughput_bytes_per_ms == 4294967295ull);
  CHECK_THROWS_WITH(parse_diskspd_command("-b512 -g1i"), Contains("0 bytes per ms") && Contains("unthrottled"));
  CHECK(target_of("-b512 -g2i").throughput_bytes_per_ms == 1);
  CHECK_THROWS_WITH(parse_diskspd_command("-x"), Contains("unknown flag"));
}
