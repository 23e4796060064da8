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

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "sim/time.hpp"

namespace hcisim::sim {

class LatencyHistogram {
 public:
  static constexpr int kSubBucketBits = 7;  // 128 sub-buckets per octave
  static constexpr int kTopExponent = 40;   // last tracked octave ends at 2^40
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
  // Adds `other` as if each of its samples had been seen `factor` times
  // (factor >= 0, not necessarily whole): the distribution of a measured
  // stretch standing for a longer or shorter one (a fast-forwarded span).
  // Counts are rounded along the buckets with the remainder carried, so the
  // total is round(count x factor) and a rare tail bucket is not rounded away
  // more than the bulk; the mean is the other's, and so are min and max.
  void merge_scaled(const LatencyHistogram& other, double factor);
  void reset();

  // The nearest-rank percentile as percentile_ns() defines it, of `count`
  // samples between `min` and `max` held in buckets of this geometry, where
  // samples(i) gives bucket i's (scanned from the minimum's bucket): for other
  // stores of the same buckets (sim::BatchQuantiles' sections).
  template <class Samples>
  static double percentile_of(double p, std::uint64_t count, SimTime min, SimTime max, const Samples& samples);

  // Bucket geometry, public so reports and tests can reason about resolution.
  static std::size_t bucket_index(SimTime value_ns);
  static SimTime bucket_lower_ns(std::size_t index);
  static SimTime bucket_width_ns(std::size_t index);
  static constexpr std::size_t bucket_count() {
    return kSubBuckets + static_cast<std::size_t>(kTopExponent - kSubBucketBits) * kSubBuckets;
  }

 private:
  // Min and max widened to hold the other's (before count_ grows).
  void take_range(const LatencyHistogram& other);
  static constexpr std::size_t kSubBuckets = std::size_t{1} << kSubBucketBits;

  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0;
  unsigned __int128 sum_ = 0;  // exact even for 10^12 samples of 10^12 ns
  SimTime min_ = 0;
  SimTime max_ = 0;
};

template <class Samples>
double LatencyHistogram::percentile_of(double p, std::uint64_t count, SimTime min, SimTime max,
                                       const Samples& samples) {
  if (count == 0) return 0.0;
  p = std::clamp(p, 0.0, 100.0);
  // Nearest rank: ceil(p * N / 100), at least 1. Multiplying before dividing keeps
  // "round" percentiles (99.9 of 200000) exact in double arithmetic.
  const double raw_rank = std::ceil(p * static_cast<double>(count) / 100.0);
  const std::uint64_t rank = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(std::max(raw_rank, 1.0)), 1, count);
  if (rank == 1) return static_cast<double>(min);
  if (rank == count) return static_cast<double>(max);
  std::uint64_t seen = 0;
  std::size_t index = bucket_index(min);  // none below it holds a sample
  const std::size_t last = bucket_index(max);
  for (; index < last; ++index) {
    seen += samples(index);
    if (seen >= rank) break;
  }
  const double midpoint =
      static_cast<double>(bucket_lower_ns(index)) + static_cast<double>(bucket_width_ns(index) - 1) / 2.0;
  return std::clamp(midpoint, static_cast<double>(min), static_cast<double>(max));
}

}  // namespace hcisim::sim
