// What a VM runs: a DISKSPD-like I/O generator (the parameters VMFleet passes).
#pragma once

#include <cstdint>

namespace hcisim::models {

enum class AccessPattern {
  Random,                  // -r: uniformly random block-aligned offsets
  Sequential,              // -s: each thread walks its own sequential stream
  SequentialInterleaved,   // -si: threads share one sequential stream
};

struct DiskspdSpec {
  std::uint64_t block_bytes = 4096;        // -b
  int threads = 1;                         // -t (per target)
  int outstanding = 2;                     // -o (per thread)
  double write_fraction = 0.0;             // -w (percent / 100)
  AccessPattern pattern = AccessPattern::Sequential;  // -r / -s / -si
  std::uint64_t random_align_bytes = 0;    // -r<align>: random offsets are multiples of this; 0 = block size
  std::uint64_t file_bytes = 0;            // working set per VM (-c or the target file size)
  double throughput_cap_bytes_per_s = 0;   // -g, per thread; 0 = no cap
  bool software_cache_disabled = true;     // -Sh (VMFleet always passes it)
  bool latency_stats = true;               // -L
  std::int64_t duration_ns = 0;            // -d
  std::int64_t warmup_ns = 0;              // -W
};

}  // namespace hcisim::models
