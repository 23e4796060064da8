// Log-bucketed latency histogram: percentiles without storing samples.
//
// Layout (HDR-like): values 0..127 ns each get their own bucket; above that, every
// power-of-two octave [2^e, 2^(e+1)) is split into 128 equal linear sub-buckets of
// width 2^(e-7). A bucket therefore never spans more than 1/128 of its lower edge,
// and reporting the bucket midpoint is within 1/256 (0.39 %) of any value in it.
// Values up to 2^40 ns (~18 min) are tracked; larger ones land in the top bucket.
//
// Percentiles use the nearest-rank definition: the p-th percentile of N samples is
// the sample of rank ceil(p * N / 100) in ascending order (rank at least 1).
// Rank 1 and rank N return the exact min and max; other ranks return the midpoint
// of their bucket, clamped to [min, max].
//
// Cost: record() is O(1) (a bit_width and an add), allocates nothing.
// percentile_ns(), merge() and reset() touch the buckets from the minimum's to the
// maximum's (at most 4352). Memory: 4352 x 8 B = 34 KB, fixed at
// construction. Mean, min and max are exact (running sum in 128 bits).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/time.hpp"

namespace hcisim::sim {

class LatencyHistogram {
 public:
  static constexpr int kSubBucketBits = 7;                         // 128 sub-buckets per octave
  static constexpr int kTopExponent = 40;                          // last tracked octave ends at 2^40
  static constexpr SimTime kMaxTrackedNs = (SimTime{1} << kTopExponent) - 1;

  LatencyHistogram();

  // Values < 1 count as 1 ns; values beyond kMaxTrackedNs go to the top bucket
  // (they are counted, and min/max/mean still see the exact value).
  void record(SimTime value_ns) { record_n(value_ns, 1); }
  void record_n(SimTime value_ns, std::uint64_t count);

  std::uint64_t count() const { return count_; }
  double mean_ns() const;  // exact: running sum / count; 0 when empty
  SimTime min_ns() const { return count_ == 0 ? 0 : min_; }
  SimTime max_ns() const { return count_ == 0 ? 0 : max_; }

  // p in [0, 100] (clamped); p = 50 is the median. Empty -> 0.
  double percentile_ns(double p) const;

  // Samples in bucket `index` (< bucket_count()), for reports that export the distribution.
  std::uint64_t bucket_samples(std::size_t index) const { return buckets_[index]; }

  void merge(const LatencyHistogram& other);
  void reset();

  // Bucket geometry, public so reports and tests can reason about resolution.
  static std::size_t bucket_index(SimTime value_ns);
  static SimTime bucket_lower_ns(std::size_t index);
  static SimTime bucket_width_ns(std::size_t index);
  static constexpr std::size_t bucket_count() {
    return kSubBuckets + static_cast<std::size_t>(kTopExponent - kSubBucketBits) * kSubBuckets;
  }

 private:
  static constexpr std::size_t kSubBuckets = std::size_t{1} << kSubBucketBits;

  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0;
  unsigned __int128 sum_ = 0;  // exact even for 10^12 samples of 10^12 ns
  SimTime min_ = 0;
  SimTime max_ = 0;
};

}  // namespace hcisim::sim
