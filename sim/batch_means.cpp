#include "sim/batch_means.hpp"

#include <cmath>
#include <stdexcept>

#include <boost/math/distributions/students_t.hpp>

namespace hcisim::sim {

BatchMeans::BatchMeans(std::size_t batch_count) : batch_count_(batch_count) {
  if (batch_count < 2) throw std::invalid_argument("BatchMeans: batch_count must be at least 2");
  batch_sums_.reserve(2 * batch_count);
}

void BatchMeans::close_batch() {
  batch_sums_.push_back(partial_sum_);
  partial_sum_ = 0.0;
  partial_count_ = 0;
  if (batch_sums_.size() < 2 * batch_count_) return;
  // Merge adjacent pairs in place: batch i becomes old batches 2i and 2i+1.
  for (std::size_t i = 0; i < batch_count_; ++i) {
    batch_sums_[i] = batch_sums_[2 * i] + batch_sums_[2 * i + 1];
  }
  batch_sums_.resize(batch_count_);
  batch_size_ *= 2;
}

BatchMeans::Interval BatchMeans::interval(double confidence) const {
  if (!(confidence > 0.0 && confidence < 1.0)) {
    throw std::invalid_argument("BatchMeans::interval: confidence must be in (0, 1)");
  }
  const std::size_t k = batch_sums_.size();
  if (k < 2) throw std::logic_error("BatchMeans::interval: fewer than 2 complete batches");

  const double size = static_cast<double>(batch_size_);
  double grand = 0.0;
  for (const double s : batch_sums_) grand += s / size;
  grand /= static_cast<double>(k);
  double squares = 0.0;  // two passes: no cancellation when the mean is large
  for (const double s : batch_sums_) {
    const double d = s / size - grand;
    squares += d * d;
  }
  const double variance = squares / static_cast<double>(k - 1);

  const boost::math::students_t distribution(static_cast<double>(k - 1));
  const double t = boost::math::quantile(distribution, 0.5 + confidence / 2.0);
  return Interval{grand, t * std::sqrt(variance / static_cast<double>(k)), confidence, k};
}

void BatchMeans::reset() {
  batch_size_ = 1;
  batch_sums_.clear();  // keeps the reserved capacity
  partial_sum_ = 0.0;
  partial_count_ = 0;
  sum_ = 0.0;
  count_ = 0;
}

}  // namespace hcisim::sim
