#include "sim/batch_quantiles.hpp"

#include <algorithm>
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

void BatchQuantiles::check_query(double p, double confidence, const BatchQuantiles* also) const {
  if (!(p > 0 && p < 100)) throw std::invalid_argument("BatchQuantiles: p must be in (0, 100)");
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("BatchQuantiles: confidence must be in (0, 1)");
  if (also != nullptr && (also->complete_ != complete_ || also->batch_size_ != batch_size_)) {
    throw std::logic_error("BatchQuantiles: the two series were not fed the same intervals");
  }
}

const LatencyHistogram& BatchQuantiles::section(std::size_t i, const BatchQuantiles* also,
                                                LatencyHistogram& both) const {
  if (also == nullptr) return sections_[i];
  both.reset();
  both.merge(sections_[i]);
  both.merge(also->sections_[i]);
  return both;
}

std::optional<BatchQuantiles::Spread> BatchQuantiles::spread(double p, std::size_t begin, std::size_t end,
                                                             const BatchQuantiles* also) const {
  const double tail_share = 1 - p / 100;
  LatencyHistogram all;
  LatencyHistogram both;
  std::vector<double> estimates;
  estimates.reserve(end - begin);
  for (std::size_t i = begin; i < end; ++i) {
    const LatencyHistogram& s = section(i, also, both);
    if (static_cast<double>(s.count()) * tail_share < kMinTailSamples) return std::nullopt;
    estimates.push_back(s.percentile_ns(p));
    all.merge(s);
  }
  const double estimate = all.percentile_ns(p);
  double squares = 0;
  for (const double q : estimates) squares += (q - estimate) * (q - estimate);
  return Spread{estimate, squares};
}

namespace {
double t_quantile(double degrees_of_freedom, double confidence) {
  return boost::math::quantile(boost::math::students_t(degrees_of_freedom), 0.5 + confidence / 2);
}
}  // namespace

std::optional<BatchQuantiles::Interval> BatchQuantiles::interval(double p, double confidence,
                                                                  const BatchQuantiles* also) const {
  check_query(p, confidence, also);
  const std::size_t m = complete_;
  if (m < 2) return std::nullopt;
  const auto whole = spread(p, 0, m, also);
  if (!whole) return std::nullopt;
  const double k = static_cast<double>(m);
  return Interval{whole->estimate_ns, t_quantile(k - 1, confidence) * std::sqrt(whole->squares / (k - 1) / k), m};
}

std::optional<BatchQuantiles::Halves> BatchQuantiles::halves(double p, double confidence,
                                                              const BatchQuantiles* also) const {
  check_query(p, confidence, also);
  const std::size_t m = complete_;
  if (m < 4) return std::nullopt;
  const std::size_t middle = m / 2;
  const auto first = spread(p, 0, middle, also);
  const auto second = spread(p, middle, m, also);
  if (!first || !second) return std::nullopt;
  const double k1 = static_cast<double>(middle), k2 = static_cast<double>(m - middle);
  const double variance = first->squares / (k1 - 1) / k1 + second->squares / (k2 - 1) / k2;
  return Halves{first->estimate_ns, second->estimate_ns,
                t_quantile(std::min(k1, k2) - 1, confidence) * std::sqrt(variance)};
}

void BatchQuantiles::reset() {
  for (LatencyHistogram& section : sections_) section.reset();
  batch_size_ = 1;
  complete_ = 0;
  partial_count_ = 0;
}

}  // namespace hcisim::sim
