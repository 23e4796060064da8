// What a VM runs: DISKSPD with the parameters VMFleet passes, as one or more
// targets. Every target of a VM works on the VM's one virtual disk (its own
// region inside it, set by -B and -f), as VMFleet 2.0's Vdi and Sql profiles do.
// The switches are those of DISKSPD 2.x (mechanisms.md 2.1, 2.2).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hcisim::models {

enum class AccessPattern {
  Random,                 // -r (-rs: a share of the I/Os random, the rest sequential runs)
  Sequential,             // -s: each thread walks its own sequential stream
  SequentialInterleaved,  // -si: threads share one sequential stream
};

// -Z family: what the write buffers hold. Only -Zr changes what the model
// does (the generator writes new random data before every write: guest CPU
// per byte). The others fill a buffer once, before the run, and no modelled
// layer (drives, hypervisor, S2D) looks at data content.
enum class WriteBufferContent {
  RepeatingPattern,  // default: bytes 0..255 repeated
  Zeros,             // -Z
  RandomPerIo,       // -Zr
  RandomBuffer,      // -Z<size>: a random-filled source buffer of write_buffer_bytes
  FileBuffer,        // -Z<size>,<file>: the source buffer read from a file
};

// -rdpct / -rdabs: non-uniform random offsets over consecutive ranges of the region.
enum class DistributionKind {
  Uniform,   // default
  Percent,   // -rdpct: each range's span is a percentage of the region
  Absolute,  // -rdabs: each range's span is a byte count
};

// fio's random_distribution=zipf:theta and pareto:h (fio HOWTO, "random_distribution"):
// the target's aligned positions ranked by popularity and drawn by rank
// (models/workload/skewed_positions.hpp); None = uniform or -rdpct/-rdabs ranges.
enum class PopularitySkew { None, Zipf, Pareto };

// One IO%/span pair as written; the ranges follow each other from the start of
// the region. IO% 0 is a gap. If the IO% add up to less than 100, the rest of
// the I/Os go to the rest of the region (resolved in diskspd_regions.hpp).
struct DistributionRange {
  int io_percent = 0;
  std::uint64_t span = 0;  // Percent: percent of the region (1-100); Absolute: bytes
  bool operator==(const DistributionRange&) const = default;
};

struct DiskspdTarget {
  std::uint64_t block_bytes = 4096;                   // -b
  int threads = 1;                                    // -t: threads on this target
  int outstanding = 2;                                // -o: I/Os in flight per thread
  double write_fraction = 0.0;                        // -w (percent / 100)
  AccessPattern pattern = AccessPattern::Sequential;  // -r / -s / -si
  std::uint64_t random_align_bytes = 0;               // -r<align>: random offsets are multiples of this; 0 = block size
  // -rs<pct>: percent of I/Os at random offsets (Random only). The others
  // continue sequentially from the thread's previous I/O with its I/O type,
  // so sequential runs have geometric lengths (mean 100 / random_percent).
  int random_percent = 100;
  DistributionKind distribution = DistributionKind::Uniform;  // -rdpct / -rdabs
  std::vector<DistributionRange> ranges;                      // as written (empty when Uniform)
  PopularitySkew skew = PopularitySkew::None;                 // fio zipf / pareto (distribution Uniform, no ranges)
  double skew_parameter = 0;                                  // Zipf theta (> 0, not 1) or Pareto h (0 < h < 1)
  std::uint64_t base_offset_bytes = 0;                        // -B: the region starts here
  std::uint64_t max_offset_bytes = 0;                         // -f: the region ends here; 0 = the end of the file
  std::uint64_t thread_stride_bytes = 0;                      // -T: thread k's sequential stream starts at B + k x T
  // -g, per thread on this target, in DISKSPD's unit (bytes per millisecond;
  // -g<n>i is converted to n x block / 1000 by integer division); 0 = no limit.
  std::uint64_t throughput_bytes_per_ms = 0;
  // The same limit as given in IOPS (-g<n>i, XML unit="IOPS", fio rate_iops, a
  // per-VM IOPS target): n, for echoing it in the user's unit; 0 = given in bytes per ms.
  std::uint64_t throughput_iops = 0;
  WriteBufferContent write_buffer = WriteBufferContent::RepeatingPattern;  // -Z family
  std::uint64_t write_buffer_bytes = 0;                                    // -Z<size>
  bool software_cache_disabled = true;                                     // -Sh (VMFleet always passes it)

  bool operator==(const DiskspdTarget&) const = default;
};

struct DiskspdSpec {
  std::vector<DiskspdTarget> targets = {DiskspdTarget{}};  // at least one
  std::uint64_t file_bytes = 0;  // the VM's disk, which every target works in (-c or file_size)
  bool latency_stats = true;     // -L
  std::int64_t duration_ns = 0;  // -d (the scenario's run: section sets simulated time)
  std::int64_t warmup_ns = 0;    // -W (likewise)
  // A VMFleet 2.0 core workload name or an XML profile file the targets came
  // from, for reports; empty for a command line or a VMFleet 1.0 name.
  std::string profile;

  // I/Os each VM keeps in flight: the sum over targets of threads x outstanding.
  int outstanding_per_vm() const {
    int total = 0;
    for (const DiskspdTarget& t : targets) total += t.threads * t.outstanding;
    return total;
  }
  bool operator==(const DiskspdSpec&) const = default;
};

}  // namespace hcisim::models
