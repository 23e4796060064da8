#include "models/workload/diskspd_regions.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace hcisim::models {
namespace {

[[noreturn]] void fail(const std::string& why) { throw std::invalid_argument("DISKSPD: " + why); }

std::string bytes(std::uint64_t n) { return std::to_string(n) + " bytes"; }

// region x percent / 100 without overflow.
std::uint64_t percent_of(std::uint64_t region, std::uint64_t percent) {
  return static_cast<std::uint64_t>(static_cast<unsigned __int128>(region) * percent / 100);
}

// Flag combinations DISKSPD accepts and the model runs.
void check_switches(const DiskspdTarget& t) {
  if (t.block_bytes == 0 || t.threads < 1 || t.outstanding < 1) {
    fail("block size, threads and outstanding I/Os must be positive");
  }
  if (!t.software_cache_disabled) {
    fail("without -Sh (guest file cache on) is not modelled: add -Sh, as VMFleet does");
  }
  if (!(t.write_fraction >= 0.0 && t.write_fraction <= 1.0)) fail("the write share (-w) must be 0-100 %");
  if (t.random_percent < 1 || t.random_percent > 100) fail("-rs takes a percentage of random I/Os from 1 to 100");
  if (t.random_percent < 100 && t.pattern != AccessPattern::Random) {
    fail("-rs mixes random and sequential I/Os; it cannot be combined with -s or -si");
  }
  if (t.distribution != DistributionKind::Uniform) {
    if (t.pattern != AccessPattern::Random) fail("-rdpct / -rdabs shape random offsets; they need -r or -rs");
    if (t.ranges.empty()) fail("-rdpct / -rdabs need at least one IO%/span pair");
  } else if (!t.ranges.empty()) {
    fail("distribution ranges are given without -rdpct or -rdabs");
  }
  if (t.skew != PopularitySkew::None) {
    if (t.pattern != AccessPattern::Random)
      fail("a zipf / pareto distribution shapes random offsets; it needs random I/O");
    if (t.distribution != DistributionKind::Uniform)
      fail("a zipf / pareto distribution cannot be combined with -rdpct / -rdabs");
    const bool zipf = t.skew == PopularitySkew::Zipf;
    if (zipf && !(t.skew_parameter > 0 && t.skew_parameter != 1 && t.skew_parameter < 1e6)) {
      fail("zipf: theta must be greater than 0 and not 1");
    }
    if (!zipf && !(t.skew_parameter > 0 && t.skew_parameter < 1)) fail("pareto: h must be between 0 and 1 (exclusive)");
  }
  if (t.thread_stride_bytes > 0 && t.pattern != AccessPattern::Sequential) {
    fail("-T sets where each thread's own sequential stream starts; it applies to -s only "
         "(random offsets and the shared -si stream do not use it)");
  }
  if (t.throughput_bytes_per_ms > std::numeric_limits<std::uint32_t>::max()) {
    fail("-g is a 32-bit count of bytes per millisecond in DISKSPD; at most 4294967295");
  }
  const bool sized =
      t.write_buffer == WriteBufferContent::RandomBuffer || t.write_buffer == WriteBufferContent::FileBuffer;
  if (sized != (t.write_buffer_bytes > 0)) fail("a -Z<size> buffer needs a size greater than 0 (and only it has one)");
}

// Appends the aligned positions of [lo, hi) (relative to the region start).
// Bounds inside the region round down to the alignment, so ranges tile it.
void add_range(TargetRegion& r, std::uint64_t lo, std::uint64_t hi, double weight, std::uint64_t block) {
  const std::uint64_t first = lo / r.align * r.align;
  if (hi < r.end - r.start) hi = hi / r.align * r.align;
  if (hi < first + block) {
    fail("a range of the random distribution, [" + bytes(lo) + ", " + bytes(hi) + ") of the region, holds no " +
         std::to_string(block) + "-byte block at a multiple of the alignment (" + bytes(r.align) + ")");
  }
  r.ranges.push_back(RandomRange{weight, r.start + first, (hi - block - first) / r.align + 1});
}

void resolve_percent(TargetRegion& r, const DiskspdTarget& t) {
  const std::uint64_t size = r.end - r.start;
  int io = 0;
  std::uint64_t span = 0;
  for (const DistributionRange& d : t.ranges) {
    if (d.io_percent < 0 || d.io_percent > 100 || d.span < 1 || d.span > 100) {
      fail("-rdpct pairs are IO%/target% with IO% 0-100 and target% 1-100");
    }
    if (io + d.io_percent > 100) fail("-rdpct: the IO% add up to more than 100");
    if (span + d.span > 100) fail("-rdpct: the target% add up to more than 100");
    if (d.io_percent > 0)
      add_range(r, percent_of(size, span), percent_of(size, span + d.span), d.io_percent / 100.0, t.block_bytes);
    io += d.io_percent;
    span += d.span;
  }
  if (io < 100) {
    if (span == 100) {
      fail("-rdpct: the ranges cover the whole target but only " + std::to_string(io) + " % of the I/O; the other " +
           std::to_string(100 - io) + " % has nowhere to go");
    }
    add_range(r, percent_of(size, span), size, (100 - io) / 100.0, t.block_bytes);
  }
}

void resolve_absolute(TargetRegion& r, const DiskspdTarget& t) {
  const std::uint64_t size = r.end - r.start;
  struct Kept {
    std::uint64_t lo, hi;
    int io;
  };
  std::vector<Kept> kept;
  int io = 0;
  std::uint64_t at = 0;
  for (const DistributionRange& d : t.ranges) {
    if (d.io_percent < 0 || d.io_percent > 100 || d.span == 0) {
      fail("-rdabs pairs are IO%/size with IO% 0-100 and a size greater than 0");
    }
    if (io + d.io_percent > 100) fail("-rdabs: the IO% add up to more than 100");
    io += d.io_percent;
    // Ranges past the region's end are dropped; one that crosses it is cut.
    if (at < size && d.io_percent > 0) kept.push_back({at, d.span > size - at ? size : at + d.span, d.io_percent});
    at = d.span > size - std::min(at, size) ? size : at + d.span;
  }
  if (io < 100 && at < size) kept.push_back({at, size, 100 - io});
  int total = 0;
  for (const Kept& k : kept) total += k.io;
  if (total == 0) fail("-rdabs: no range with I/O lies inside the target's region (" + bytes(size) + ")");
  for (const Kept& k : kept) add_range(r, k.lo, k.hi, static_cast<double>(k.io) / total, t.block_bytes);
}

}  // namespace

TargetRegion resolve_region(const DiskspdTarget& t, std::uint64_t file_bytes) {
  check_switches(t);
  TargetRegion r;
  if (t.max_offset_bytes > file_bytes) {
    fail("-f" + std::to_string(t.max_offset_bytes) + " reaches past the end of the file (" + bytes(file_bytes) + ")");
  }
  r.start = t.base_offset_bytes;
  r.end = t.max_offset_bytes > 0 ? t.max_offset_bytes : file_bytes;
  if (r.start >= r.end || r.end - r.start < t.block_bytes) {
    fail("the target's region [-B, -f) = [" + bytes(r.start) + ", " + bytes(r.end) + ") holds no block of " +
         bytes(t.block_bytes));
  }
  r.align = t.random_align_bytes > 0 ? t.random_align_bytes : t.block_bytes;
  r.granularity = std::gcd(r.start, t.block_bytes);
  switch (t.pattern) {
    case AccessPattern::Random:
      r.granularity = std::gcd(r.start, r.align);
      // -rs: the sequential I/Os step by the block from a random offset.
      if (t.random_percent < 100) r.granularity = std::gcd(r.granularity, t.block_bytes);
      if (t.distribution == DistributionKind::Percent) {
        resolve_percent(r, t);
      } else if (t.distribution == DistributionKind::Absolute) {
        resolve_absolute(r, t);
      } else {
        add_range(r, 0, r.end - r.start, 1.0, t.block_bytes);
      }
      {
        double sum = 0;
        for (RandomRange& range : r.ranges) {
          sum += range.cumulative;  // add_range stored the range's own weight here
          range.cumulative = sum;
        }
        r.ranges.back().cumulative = 1.0;  // exactly, whatever the rounding
      }
      break;
    case AccessPattern::Sequential:
      r.granularity = std::gcd(r.granularity, t.thread_stride_bytes);
      for (int k = 0; k < t.threads; ++k) {
        const auto first = static_cast<unsigned __int128>(k) * t.thread_stride_bytes;
        if (first + t.block_bytes > r.end - r.start) {
          fail("-T" + std::to_string(t.thread_stride_bytes) + " starts thread " + std::to_string(k + 1) +
               "'s stream past the end of the region (" + bytes(r.end - r.start) + ")");
        }
      }
      break;
    case AccessPattern::SequentialInterleaved: break;
  }
  return r;
}

void check_diskspd(const DiskspdSpec& spec) {
  if (spec.targets.empty()) fail("a workload needs at least one target");
  for (std::size_t i = 0; i < spec.targets.size(); ++i) {
    try {
      resolve_region(spec.targets[i], spec.file_bytes);
    } catch (const std::invalid_argument& e) {
      if (spec.targets.size() == 1) throw;
      const std::string what = e.what();
      throw std::invalid_argument("DISKSPD target " + std::to_string(i + 1) + ": " + what.substr(what.find(' ') + 1));
    }
  }
}

}  // namespace hcisim::models
