// fio job files as VM workloads: each option against what fio's HOWTO says it
// means, and errors that name the file and line.
#include <catch2/catch.hpp>

#include "load_error_of.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/fio_job_parser.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;
using namespace hcisim::frontend;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using hcisim::frontend::testing::load_error_of;

namespace {
models::DiskspdSpec parse(const std::string& text) { return parse_fio_job_file(text, "x.fio"); }
constexpr std::uint64_t GiB = 1ull << 30;
}  // namespace

TEST_CASE("a fio job with clones becomes one target per clone, each on its own file", "[fio]") {
  const auto spec = parse("; a comment\n"
                          "[global]\n"
                          "ioengine=libaio\n"
                          "direct=1\n"
                          "size=1g\n"
                          "\n"
                          "[oltp]\n"
                          "rw=randrw\n"
                          "rwmixread=70\n"
                          "bs=8k\n"
                          "iodepth=16\n"
                          "numjobs=2\n");
  REQUIRE(spec.targets.size() == 2);
  for (std::size_t k = 0; k < 2; ++k) {
    const auto& t = spec.targets[k];
    CHECK(t.pattern == models::AccessPattern::Random);
    CHECK(t.block_bytes == 8192);
    CHECK(t.threads == 1);
    CHECK(t.outstanding == 16);
    CHECK(t.write_fraction == Approx(0.30));
    CHECK(t.base_offset_bytes == k * GiB);
    CHECK(t.max_offset_bytes == (k + 1) * GiB);
  }
  CHECK(spec.file_bytes == 2 * GiB);
}

TEST_CASE("fio job defaults and engine rules", "[fio]") {
  // fio: rw defaults to read (sequential), bs to 4k, iodepth to 1, the engine to psync.
  auto spec = parse("[seq]\ndirect=1\nsize=64m\n");
  CHECK(spec.targets.front().pattern == models::AccessPattern::Sequential);
  CHECK(spec.targets.front().write_fraction == 0);
  CHECK(spec.targets.front().block_bytes == 4096);
  CHECK(spec.targets.front().outstanding == 1);
  // A synchronous engine keeps one I/O in flight whatever iodepth says.
  spec = parse("[s]\ndirect=1\nsize=64m\nioengine=psync\niodepth=8\n");
  CHECK(spec.targets.front().outstanding == 1);
  // rw=randrw without rwmixread is 50/50; rwmixwrite sets the write share.
  CHECK(parse("[m]\ndirect=1\nsize=64m\nrw=randrw\n").targets.front().write_fraction == Approx(0.5));
  CHECK(parse("[m]\ndirect=1\nsize=64m\nrw=randrw\nrwmixwrite=20\n").targets.front().write_fraction == Approx(0.2));
  // Jobs sharing a filename share the region; clones are threads on it.
  spec = parse("[global]\ndirect=1\nfilename=/dev/sdb\nsize=10g\n[a]\nrw=randread\nnumjobs=4\n[b]\nrw=write\n");
  REQUIRE(spec.targets.size() == 2);
  CHECK(spec.targets[0].threads == 4);
  CHECK(spec.targets[0].max_offset_bytes == 10 * GiB);
  CHECK(spec.targets[1].base_offset_bytes == 0);
  CHECK(spec.file_bytes == 10 * GiB);
  // runtime is in seconds by default.
  CHECK(parse("[r]\ndirect=1\nsize=1m\nruntime=60\n").duration_ns == 60'000'000'000);
  CHECK(parse("[r]\ndirect=1\nsize=1m\nruntime=2m\n").duration_ns == 120'000'000'000);
}

TEST_CASE("fio rate_iops and random_distribution", "[fio]") {
  // 500 IOPS of 4 KiB = 2048 bytes per ms, DISKSPD's -g unit.
  CHECK(parse("[r]\ndirect=1\nsize=1g\nrw=randread\nrate_iops=500\n").targets.front().throughput_bytes_per_ms == 2048);
  const auto zoned = parse("[z]\ndirect=1\nsize=1g\nrw=randread\nrandom_distribution=zoned:60/10:30/20:8/30:2/40\n");
  const auto& t = zoned.targets.front();
  CHECK(t.distribution == models::DistributionKind::Percent);
  CHECK(t.ranges == std::vector<models::DistributionRange>{{60, 10}, {30, 20}, {8, 30}, {2, 40}});
  const auto abs = parse("[z]\ndirect=1\nsize=1g\nrw=randread\nrandom_distribution=zoned_abs:60/100m:40/900m\n");
  CHECK(abs.targets.front().distribution == models::DistributionKind::Absolute);
  CHECK(abs.targets.front().ranges.front().span == 100ull << 20);
  const auto zipf = parse("[z]\ndirect=1\nsize=1g\nrw=randread\nrandom_distribution=zipf:1.2\n");
  CHECK(zipf.targets.front().skew == models::PopularitySkew::Zipf);
  CHECK(zipf.targets.front().skew_parameter == 1.2);
  const auto pareto = parse("[z]\ndirect=1\nsize=1g\nrw=randwrite\nrandom_distribution=pareto:0.2\n");
  CHECK(pareto.targets.front().skew == models::PopularitySkew::Pareto);
}

TEST_CASE("fio options the model cannot run are errors at their line", "[fio]") {
  auto error = [](const std::string& text) { return load_error_of([&] { parse(text); }); };
  CHECK(error("[a]\ndirect=1\nsize=1g\nbssplit=4k/50:8k/50\n") ==
        std::string("x.fio:4: key 'bssplit': unknown or not modelled fio option (hcisim reads: name description rw "
                    "readwrite bs blocksize iodepth numjobs rwmixread rwmixwrite size runtime ramp_time time_based "
                    "rate_iops random_distribution direct buffered ioengine filename group_reporting thread "
                    "randrepeat norandommap)"));
  CHECK_THAT(error("[a]\nsize=1g\n"), StartsWith("x.fio:1: key 'direct': job [a] runs buffered I/O"));
  CHECK_THAT(error("[a]\ndirect=0\nsize=1g\n"), StartsWith("x.fio:2: key 'direct': expected direct=1"));
  CHECK_THAT(error("[a]\ndirect=1\n"), StartsWith("x.fio:1: key 'size': job [a] needs size="));
  CHECK_THAT(error("[a]\ndirect=1\nsize=1g\nrw=randtrim\n"), StartsWith("x.fio:4: key 'rw': expected read, write"));
  CHECK_THAT(error("[a]\ndirect=1\nsize=1g\nrw=randrw\nrate_iops=100\n"),
             StartsWith("x.fio:5: key 'rate_iops': a cap on a read/write mix"));
  CHECK_THAT(error("[a]\ndirect=1\nsize=1g\nrw=randread\nrandom_distribution=zipf:1\n"),
             StartsWith("x.fio:5: key 'random_distribution': expected zipf:THETA"));
  CHECK_THAT(error("[a]\ndirect=1\nsize=1g\nrw=randread\nrandom_distribution=normal:5\n"),
             Contains("normal is not modelled"));
  CHECK_THAT(error("[a]\ndirect=1\nsize=${SIZE}\n"), StartsWith("x.fio:3: key 'size': environment variables"));
  CHECK_THAT(error("direct=1\n"), StartsWith("x.fio:1: an option before any [section]"));
  CHECK_THAT(error("[global]\ndirect=1\n"), Contains("no job section"));
  CHECK_THAT(error("[a]\ndirect=1\nsize=1g\nioengine=null\n"), StartsWith("x.fio:4: key 'ioengine': expected libaio"));
}

TEST_CASE("fio values fio itself refuses, or that the model cannot sample, are errors at their line", "[fio]") {
  auto error = [](const std::string& text) { return load_error_of([&] { parse(text); }); };
  const std::string job = "[a]\ndirect=1\nioengine=libaio\nsize=1g\nrw=randread\n";
  // pareto:h below ~1.1e-16 made the sampler's power infinite (every I/O on the last block, UB in the cast).
  CHECK(error(job + "random_distribution=pareto:1e-300\n") ==
        "x.fio:6: key 'random_distribution': expected pareto:H with 0.001 <= h < 1, like pareto:0.2, got "
        "'pareto:1e-300'");
  CHECK_THAT(error(job + "random_distribution=pareto:0.0009\n"), StartsWith("x.fio:6: key 'random_distribution'"));
  CHECK(parse(job + "random_distribution=pareto:0.001\n").targets.front().skew_parameter == 0.001);
  // zipf the model refuses (|theta - 1| < 1e-9) is refused here, at its line.
  CHECK_THAT(error(job + "random_distribution=zipf:1.0000000001\n"),
             StartsWith("x.fio:6: key 'random_distribution': expected zipf:THETA"));
  // fio: "access percentage don't add up to 100"; "zone_split percentages add to more than 100%".
  CHECK(error(job + "random_distribution=zoned:50/50\n") ==
        "x.fio:6: key 'random_distribution': expected access percentages adding up to 100 (fio refuses others), got 50 "
        "in 'zoned:50/50'");
  CHECK_THAT(error(job + "random_distribution=zoned:60/10:50/90\n"), Contains("got 110 in 'zoned:60/10:50/90'"));
  CHECK_THAT(error(job + "random_distribution=zoned_abs:50/100m\n"), Contains("access percentages adding up to 100"));
  CHECK(error(job + "random_distribution=zoned:60/70:40/40\n") ==
        "x.fio:6: key 'random_distribution': expected size percentages adding up to at most 100 (fio refuses more), "
        "got 110 in 'zoned:60/70:40/40'");
  CHECK(parse(job + "random_distribution=zoned:60/10:40/20\n").targets.front().ranges.size() == 2);
  // A bare option is 1 only for switches: a truncated "rwmixread" is not a 1 % read mix.
  CHECK(error("[a]\ndirect=1\nsize=1g\nrw=randrw\nrwmixread\n") ==
        "x.fio:5: key 'rwmixread': expected rwmixread=VALUE: fio needs a value for it; only switches (direct "
        "group_reporting thread time_based randrepeat norandommap) may be written without one");
  CHECK_THAT(error("[global]\nbs\n[a]\ndirect=1\nsize=1g\n"), StartsWith("x.fio:2: key 'bs': expected bs=VALUE"));
  CHECK(parse("[a]\ndirect\nsize=1g\ntime_based\ngroup_reporting\n").targets.size() == 1);
  // direct=1 moves whole sectors: fio's I/O of 513 bytes fail with EINVAL (DISKSPD refuses -b513 -Sh).
  CHECK(error(job + "bs=513\n") ==
        "x.fio:6: key 'bs': expected a multiple of 512 bytes: with direct=1 each I/O is whole sectors, got '513'");
  CHECK_THAT(error(job + "blocksize=4095\n"), StartsWith("x.fio:6: key 'blocksize': expected a multiple of 512 bytes"));
  CHECK(parse(job + "bs=1536\n").targets.front().block_bytes == 1536);
}

TEST_CASE("a scenario runs a fio job file as its VMs' workload", "[fio]") {
  testing::TempDir dir;
  // The AX-7525 cluster, without the common file's DISKSPD file_size (the job file sizes its files).
  const std::string head = "schema_version: 1\ntitle: fio\ncluster:\n  node: dell-ax-7525\n  nodes: 4\n"
                           "  switch: generic-100gbe\n  stack: s2d\n  resiliency: three-way-mirror\n"
                           "run:\n  duration: 10ms\nvms:\n  vcpus: 2\n  per_node: 4\n  workload:\n";
  dir.write("jobs/oltp.fio",
            "[global]\ndirect=1\nioengine=libaio\n[db]\nrw=randrw\nrwmixread=70\nbs=8k\niodepth=8\nsize=4g\n");
  const auto file = dir.write("s.yaml", head + "    fio: jobs/oltp.fio\n");
  const auto spec = load_scenario(file, Catalog::load());
  REQUIRE(spec.vms.workload.targets.size() == 1);
  CHECK(spec.vms.workload.targets.front().block_bytes == 8192);
  CHECK(spec.vms.workload.file_bytes == 4 * GiB);
  CHECK(spec.vms.workload.profile == "fio jobs/oltp.fio");
  // file_size beside a fio job: the size is given twice.
  const auto twice = dir.write("t.yaml", head + "    fio: jobs/oltp.fio\n    file_size: 1GiB\n");
  CHECK_THAT(load_error_of([&] { load_scenario(twice, Catalog::load()); }), Contains("size= in the fio job file"));
  // An error in the job file names the job file's line.
  dir.write("jobs/bad.fio", "[db]\ndirect=1\nsize=4g\nverify=md5\n");
  const auto bad = dir.write("b.yaml", head + "    fio: jobs/bad.fio\n");
  CHECK_THAT(load_error_of([&] { load_scenario(bad, Catalog::load()); }), Contains("bad.fio:4: key 'verify'"));
}
