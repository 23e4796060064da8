#include "sim/latency_histogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace hcisim::sim {

LatencyHistogram::LatencyHistogram() : buckets_(bucket_count(), 0) {}

std::size_t LatencyHistogram::bucket_index(SimTime value_ns) {
  const auto v = static_cast<std::uint64_t>(std::clamp<SimTime>(value_ns, 1, kMaxTrackedNs));
  if (v < kSubBuckets) return static_cast<std::size_t>(v);
  // v in [2^e, 2^(e+1)) with e >= kSubBucketBits; keep the top kSubBucketBits+1 bits.
  const int exponent = std::bit_width(v) - 1;
  const int shift = exponent - kSubBucketBits;
  const std::size_t sub = static_cast<std::size_t>(v >> shift) - kSubBuckets;
  return kSubBuckets + static_cast<std::size_t>(shift) * kSubBuckets + sub;
}

SimTime LatencyHistogram::bucket_lower_ns(std::size_t index) {
  if (index < kSubBuckets) return static_cast<SimTime>(index);
  const std::size_t shift = (index - kSubBuckets) / kSubBuckets;
  const std::size_t sub = (index - kSubBuckets) % kSubBuckets;
  return static_cast<SimTime>((kSubBuckets + sub) << shift);
}

SimTime LatencyHistogram::bucket_width_ns(std::size_t index) {
  if (index < kSubBuckets) return 1;
  return SimTime{1} << ((index - kSubBuckets) / kSubBuckets);
}

void LatencyHistogram::record_n(SimTime value_ns, std::uint64_t count) {
  if (count == 0) return;
  const SimTime v = std::max<SimTime>(value_ns, 1);
  buckets_[bucket_index(v)] += count;
  if (count_ == 0) {
    min_ = v;
    max_ = v;
  } else {
    min_ = std::min(min_, v);
    max_ = std::max(max_, v);
  }
  count_ += count;
  sum_ += static_cast<unsigned __int128>(v) * count;
}

double LatencyHistogram::mean_ns() const {
  if (count_ == 0) return 0.0;
  // Split the 128-bit sum so the division loses nothing a double could hold.
  const unsigned __int128 whole = sum_ / count_;
  const unsigned __int128 rest = sum_ % count_;
  return static_cast<double>(whole) + static_cast<double>(rest) / static_cast<double>(count_);
}

double LatencyHistogram::percentile_ns(double p) const {
  return percentile_of(p, count_, min_, max_, [this](std::size_t i) { return buckets_[i]; });
}

void LatencyHistogram::take_range(const LatencyHistogram& other) {
  min_ = count_ == 0 ? other.min_ : std::min(min_, other.min_);
  max_ = count_ == 0 ? other.max_ : std::max(max_, other.max_);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  if (other.count_ == 0) return;
  // Only the buckets between the other's minimum and maximum hold samples.
  const std::size_t last = bucket_index(other.max_);
  for (std::size_t i = bucket_index(other.min_); i <= last; ++i) buckets_[i] += other.buckets_[i];
  take_range(other);
  count_ += other.count_;
  sum_ += other.sum_;
}

void LatencyHistogram::merge_scaled(const LatencyHistogram& other, double factor) {
  if (other.count_ == 0 || !(factor > 0)) return;
  const std::size_t last = bucket_index(other.max_);
  double carried = 0;  // other's samples seen so far, times factor
  std::uint64_t added = 0;
  for (std::size_t i = bucket_index(other.min_); i <= last; ++i) {
    if (other.buckets_[i] == 0) continue;
    carried += static_cast<double>(other.buckets_[i]) * factor;
    const auto upto = static_cast<std::uint64_t>(std::llround(carried));
    buckets_[i] += upto - added;
    added = upto;
  }
  if (added == 0) return;
  take_range(other);
  count_ += added;
  // The other's mean, over the samples added.
  sum_ += static_cast<unsigned __int128>(static_cast<long double>(other.sum_) * added / other.count_);
}

void LatencyHistogram::reset() {
  // Only the buckets between the minimum and the maximum hold samples (none when empty).
  if (count_ > 0) {
    std::fill(buckets_.begin() + static_cast<std::ptrdiff_t>(bucket_index(min_)),
              buckets_.begin() + static_cast<std::ptrdiff_t>(bucket_index(max_)) + 1, 0);
  }
  count_ = 0;
  sum_ = 0;
  min_ = 0;
  max_ = 0;
}

}  // namespace hcisim::sim
