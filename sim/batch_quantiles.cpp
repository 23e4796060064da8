#include "sim/batch_quantiles.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

#include <boost/math/distributions/students_t.hpp>

namespace hcisim::sim {

BatchQuantiles::BatchQuantiles(std::size_t batch_count) : batch_count_(batch_count) {
  if (batch_count < 2) throw std::invalid_argument("BatchQuantiles: batch_count must be at least 2");
}

void BatchQuantiles::add(const LatencyHistogram& interval) {
  // Every section past the complete ones is kept empty, the open one included.
  if (sections_.empty()) sections_.resize(2 * batch_count_ + 1);
  sections_[complete_].merge(interval);
  if (++partial_count_ == batch_size_) close_batch();
}

void BatchQuantiles::close_batch() {
  partial_count_ = 0;
  if (++complete_ < 2 * batch_count_) return;
  // Section i becomes old sections 2i and 2i+1 (a swap moves 2i down; what it
  // moves up lies below 2i + 2, where nothing is read again).
  for (std::size_t i = 0; i < batch_count_; ++i) {
    if (i != 2 * i) std::swap(sections_[i], sections_[2 * i]);
    sections_[i].merge(sections_[2 * i + 1]);
  }
  for (std::size_t i = batch_count_; i < sections_.size(); ++i) sections_[i].reset();
  complete_ = batch_count_;
  batch_size_ *= 2;
}

std::optional<BatchQuantiles::Interval> BatchQuantiles::interval(double p, double confidence,
                                                                  const BatchQuantiles* also) const {
  if (!(p > 0 && p < 100)) throw std::invalid_argument("BatchQuantiles::interval: p must be in (0, 100)");
  if (!(confidence > 0 && confidence < 1)) {
    throw std::invalid_argument("BatchQuantiles::interval: confidence must be in (0, 1)");
  }
  if (also != nullptr && (also->complete_ != complete_ || also->batch_size_ != batch_size_)) {
    throw std::logic_error("BatchQuantiles::interval: the two series were not fed the same intervals");
  }
  const std::size_t m = complete_;
  if (m < 2) return std::nullopt;
  const double tail_share = 1 - p / 100;
  LatencyHistogram all;
  LatencyHistogram both;  // a section of the two series together
  std::vector<double> section_estimates;
  section_estimates.reserve(m);
  for (std::size_t i = 0; i < m; ++i) {
    const LatencyHistogram* section = &sections_[i];
    if (also != nullptr) {
      both.reset();
      both.merge(sections_[i]);
      both.merge(also->sections_[i]);
      section = &both;
    }
    if (static_cast<double>(section->count()) * tail_share < kMinTailSamples) return std::nullopt;
    section_estimates.push_back(section->percentile_ns(p));
    all.merge(*section);
  }
  const double estimate = all.percentile_ns(p);
  double squares = 0;
  for (const double q : section_estimates) squares += (q - estimate) * (q - estimate);
  const double k = static_cast<double>(m);
  const boost::math::students_t distribution(k - 1);
  const double t = boost::math::quantile(distribution, 0.5 + confidence / 2);
  return Interval{estimate, t * std::sqrt(squares / (k - 1) / k), m};
}

void BatchQuantiles::reset() {
  for (LatencyHistogram& section : sections_) section.reset();
  batch_size_ = 1;
  complete_ = 0;
  partial_count_ = 0;
}

}  // namespace hcisim::sim
