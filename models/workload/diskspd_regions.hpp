// Where a DISKSPD target's I/Os go inside the VM's file: the region [B, f)
// set by -B and -f, the aligned positions of random I/Os, and the ranges of a
// -rdpct / -rdabs distribution resolved against the region (mechanisms.md 2.1):
//
//   ranges follow each other from the region's start; IO% 0 is a gap (no I/O);
//   if the IO% add up to less than 100, the rest of the I/Os go to the rest of
//   the region. -rdpct spans are percentages of the region; -rdabs spans are
//   bytes, and when the region is smaller than the ranges, those past its end
//   are dropped (one that crosses it is cut) and the IO% of the ranges left
//   define the distribution (their relative values).
//
// Random offsets are region start + a multiple of the alignment (-r<align>,
// default the block size), with the whole block inside its range. Range bounds
// inside the region that are not multiples of the alignment round down to one,
// so the ranges tile the region.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/spec/workload_spec.hpp"

namespace hcisim::models {

// One range of random positions: first + k x align for k < positions.
struct RandomRange {
  double cumulative = 1.0;      // probability of this range and those before it
  std::uint64_t first = 0;      // absolute offset in the file
  std::uint64_t positions = 0;  // aligned block positions (> 0)
};

struct TargetRegion {
  std::uint64_t start = 0;          // -B
  std::uint64_t end = 0;            // -f, or the file size
  std::uint64_t align = 0;          // random offsets step by this
  std::vector<RandomRange> ranges;  // random targets only; one range when uniform
  // Every offset the target issues is a multiple of this (for the storage's
  // worst-case split of an I/O over stripe units).
  std::uint64_t granularity = 0;
};

// Resolves target `t` in a file of `file_bytes`; throws std::invalid_argument
// naming what is wrong (the front end reports it at the key).
TargetRegion resolve_region(const DiskspdTarget& t, std::uint64_t file_bytes);

// Checks every target of a workload (and the rules between targets); throws
// std::invalid_argument starting "DISKSPD target N: " when there are several.
void check_diskspd(const DiskspdSpec& spec);

}  // namespace hcisim::models
