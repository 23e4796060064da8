#include "sim/batch_quantiles.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include <boost/math/distributions/students_t.hpp>

namespace hcisim::sim {

void BatchQuantiles::Section::widen(std::size_t first, std::size_t last) {
  if (samples_.empty()) {
    first_ = first;
    samples_.assign(last - first + 1, 0);
    return;
  }
  if (first < first_) {
    samples_.insert(samples_.begin(), first_ - first, 0);
    first_ = first;
  }
  if (last >= first_ + samples_.size()) samples_.resize(last - first_ + 1, 0);
}

void BatchQuantiles::Section::count_in(std::uint64_t count, SimTime min, SimTime max) {
  min_ = count_ == 0 ? min : std::min(min_, min);
  max_ = count_ == 0 ? max : std::max(max_, max);
  count_ += count;
}

void BatchQuantiles::Section::add(const LatencyHistogram& h) {
  if (h.count() == 0) return;
  const std::size_t first = LatencyHistogram::bucket_index(h.min_ns());
  const std::size_t last = LatencyHistogram::bucket_index(h.max_ns());
  widen(first, last);
  for (std::size_t i = first; i <= last; ++i) samples_[i - first_] += h.bucket_samples(i);
  count_in(h.count(), h.min_ns(), h.max_ns());
}

void BatchQuantiles::Section::add(const Section& s) {
  if (s.count_ == 0) return;
  widen(s.first_, s.first_ + s.samples_.size() - 1);
  for (std::size_t i = 0; i < s.samples_.size(); ++i) samples_[s.first_ + i - first_] += s.samples_[i];
  count_in(s.count_, s.min_, s.max_);
}

void BatchQuantiles::Section::clear() {
  std::fill(samples_.begin(), samples_.end(), 0);
  count_ = 0;
}

double BatchQuantiles::Section::percentile_ns(double p) const {
  return LatencyHistogram::percentile_of(p, count_, min_, max_, [this](std::size_t i) { return samples_[i - first_]; });
}

BatchQuantiles::BatchQuantiles(std::size_t batch_count) : batch_count_(batch_count) {
  if (batch_count < 2) throw std::invalid_argument("BatchQuantiles: batch_count must be at least 2");
}

void BatchQuantiles::add(const LatencyHistogram& interval) {
  // Every section past the complete ones is kept empty, the open one included.
  if (sections_.empty()) sections_.resize(2 * batch_count_ + 1);
  sections_[complete_].add(interval);
  if (++partial_count_ == batch_size_) close_batch();
}

void BatchQuantiles::close_batch() {
  partial_count_ = 0;
  if (++complete_ < 2 * batch_count_) return;
  // Section i becomes old sections 2i and 2i+1 (a swap moves 2i down; what it
  // moves up lies below 2i + 2, where nothing is read again; section 0 stays).
  for (std::size_t i = 0; i < batch_count_; ++i) {
    if (i > 0) std::swap(sections_[i], sections_[2 * i]);
    sections_[i].add(sections_[2 * i + 1]);
  }
  for (std::size_t i = batch_count_; i < sections_.size(); ++i) sections_[i].clear();
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

const BatchQuantiles::Section& BatchQuantiles::section(std::size_t i, const BatchQuantiles* also, Section& both) const {
  if (also == nullptr) return sections_[i];
  both.clear();
  both.add(sections_[i]);
  both.add(also->sections_[i]);
  return both;
}

std::optional<BatchQuantiles::Spread> BatchQuantiles::spread(double p, std::size_t begin, std::size_t end,
                                                             const BatchQuantiles* also) const {
  const double tail_share = 1 - p / 100;
  Section all;
  Section both;
  std::vector<double> estimates;
  estimates.reserve(end - begin);
  for (std::size_t i = begin; i < end; ++i) {
    const Section& s = section(i, also, both);
    if (static_cast<double>(s.count()) * tail_share < kMinTailSamples) return std::nullopt;
    estimates.push_back(s.percentile_ns(p));
    all.add(s);
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
  for (Section& section : sections_) section.clear();
  batch_size_ = 1;
  complete_ = 0;
  partial_count_ = 0;
}

}  // namespace hcisim::sim
