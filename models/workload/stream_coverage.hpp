// Does a run carry each DISKSPD sequential stream over its whole region?
//
// A stream (-s: one per thread; -si: one per VM and target) walks its region
// from the start. While it has not passed over all of it, its I/O has fallen
// only on the few slabs it did pass over, so what the run measured is the
// placement of those slabs (local or remote copies, which drives): in a closed
// loop the streams that happen to sit on fast slabs issue more I/O, and a
// short run's throughput is biased toward them. The benchmark it stands for
// runs long enough to cover its files many times (VMFleet 1.0: 60 s warm-up and
// 60 s measured, mechanisms.md 2.4), so its figure is the average over every
// slab. The fast path computes that average (and defers when the run does not
// cover the streams, as the simulator would then disagree with it); the
// simulator warns (warn_short_streams). Both judge from the same arithmetic, here.
#pragma once

#include <cstddef>
#include <vector>

#include "models/spec/workload_spec.hpp"

namespace hcisim::models {

struct RunResult;

// What the VMs running DISKSPD target `target` did over a run: I/Os issued
// (all VMs together) and how many VMs run it.
struct TargetTraffic {
  std::size_t target = 0;
  double ios = 0;
  double vms = 0;
};

struct StreamCoverage {
  double short_share = 0;  // of all the I/O: on sequential streams that did not pass over their whole region
  double least = 1;        // the share of its region the average stream of the least-covered entry passed over
  double needed_s = 0;     // the run (warm-up + measured) that would carry the slowest of them over it
};

// A run whose short streams carry more than this share of the I/O is not the
// average over the slabs (the fast path defers, the simulator warns).
constexpr double kShortStreamShare = 0.1;

// Over a run of `run_s` seconds (warm-up included: the streams move then too).
StreamCoverage stream_coverage(const DiskspdSpec& workload, const std::vector<TargetTraffic>& traffic, double run_s);

// The simulator's finding (RunResult::warnings, FindingKind::ShortStreams) when
// the short streams carry more than kShortStreamShare of the I/O, with the run
// length that would do.
void warn_short_streams(RunResult& result, const StreamCoverage& coverage);

}  // namespace hcisim::models
