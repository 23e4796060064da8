// stream_coverage: how much of its region each DISKSPD sequential stream passes
// over in a run, from the I/Os its target's VMs issued (the fast path's solved
// rates and the simulator's counts go through the same arithmetic).
#include <catch2/catch.hpp>

#include "model_specs.hpp"
#include "models/workload/stream_coverage.hpp"

using namespace mtest;

namespace {

DiskspdTarget target(AccessPattern pattern, int threads, std::uint64_t block) {
  DiskspdTarget t;
  t.pattern = pattern;
  t.threads = threads;
  t.outstanding = 4;
  t.block_bytes = block;
  return t;
}

}  // namespace

TEST_CASE("a -s stream per thread and a -si stream per VM: the share of its region each passes over") {
  DiskspdSpec w;
  w.file_bytes = 1 * GiB;
  w.targets = {target(AccessPattern::Sequential, 2, 1 * MiB)};
  // 2 VMs x 2 threads = 4 streams; 1,024 I/Os of 1 MiB over 1 s: 256 MiB each, a quarter of the file.
  StreamCoverage c = stream_coverage(w, {{0, 1024, 2}}, 1.0);
  CHECK(c.short_share == Approx(1.0));
  CHECK(c.least == Approx(0.25));
  CHECK(c.needed_s == Approx(4.0));
  // -si: the two threads of a VM share one stream, so each goes twice as far.
  w.targets[0].pattern = AccessPattern::SequentialInterleaved;
  c = stream_coverage(w, {{0, 1024, 2}}, 1.0);
  CHECK(c.least == Approx(0.5));
  CHECK(c.needed_s == Approx(2.0));
  // Once a stream has passed over its whole region, nothing is short.
  c = stream_coverage(w, {{0, 2048, 2}}, 1.0);
  CHECK(c.short_share == 0);
  CHECK(c.needed_s == 0);
  CHECK(c.least == 1);
}

TEST_CASE("random targets are never short; the short share counts all the I/O and the slowest stream sets the run") {
  DiskspdSpec w;
  w.file_bytes = 1 * GiB;
  w.targets = {target(AccessPattern::Random, 1, 4 * KiB), target(AccessPattern::Sequential, 1, 1 * MiB),
               target(AccessPattern::Sequential, 1, 64 * KiB)};
  // Over 2 s on 4 VMs: 3,000 random I/Os; 512 x 1 MiB (128 MiB a stream: 1/8 of the file);
  // 500 x 64 KiB (7.8 MiB a stream: 1/131 of it, so it needs 262 s).
  const StreamCoverage c = stream_coverage(w, {{0, 3000, 4}, {1, 512, 4}, {2, 500, 4}}, 2.0);
  CHECK(c.short_share == Approx(1012.0 / 4012.0));
  CHECK(c.least == Approx(500.0 / 4 * 64 * KiB / GiB));
  CHECK(c.needed_s == Approx(2.0 * GiB / (500.0 / 4 * 64 * KiB)));
  // The region is what -B and -f leave of the file: half of it is covered twice as fast.
  w.targets[1].base_offset_bytes = 512 * MiB;
  const StreamCoverage half = stream_coverage(w, {{1, 512, 4}}, 2.0);
  CHECK(half.least == Approx(0.25));
}
