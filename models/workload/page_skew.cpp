#include "models/workload/page_skew.hpp"

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace hcisim::models {

PageSkew::PageSkew(std::vector<AccessTier> tiers) : tiers_(std::move(tiers)) {
  if (tiers_.empty()) throw std::invalid_argument("page skew: at least one tier of pages is needed");
  double share_sum = 0;
  for (const AccessTier& t : tiers_) {
    if (t.pages == 0) throw std::invalid_argument("page skew: every tier needs at least one page");
    if (!(t.share >= 0)) throw std::invalid_argument("page skew: a tier's share of accesses must be >= 0");
    first_.push_back(pages_);
    pages_ += t.pages;
    share_sum += t.share;
  }
  if (std::abs(share_sum - 1.0) > 1e-9) {
    throw std::invalid_argument("page skew: the tiers' shares of accesses sum to " + std::to_string(share_sum) +
                                ", not 1");
  }
}

PageSkew PageSkew::hot_set(std::uint64_t pages, double hot_data_fraction, double hot_access_fraction) {
  if (!(hot_data_fraction > 0 && hot_data_fraction < 1)) {
    throw std::invalid_argument("buffer pool: hot_data_fraction must be in (0, 1), got " +
                                std::to_string(hot_data_fraction));
  }
  if (!(hot_access_fraction >= 0 && hot_access_fraction <= 1)) {
    throw std::invalid_argument("buffer pool: hot_access_fraction must be in [0, 1], got " +
                                std::to_string(hot_access_fraction));
  }
  const auto hot = static_cast<std::uint64_t>(std::llround(hot_data_fraction * static_cast<double>(pages)));
  if (hot == 0 || hot >= pages) {
    throw std::invalid_argument("buffer pool: " + std::to_string(pages) + " pages are too few for a hot fraction of " +
                                std::to_string(hot_data_fraction));
  }
  return PageSkew({{hot, hot_access_fraction}, {pages - hot, 1.0 - hot_access_fraction}});
}

double PageSkew::cached_pages(double t) const {
  double sum = 0;
  for (const AccessTier& k : tiers_) {
    const double p = k.share / static_cast<double>(k.pages);
    sum += static_cast<double>(k.pages) * -std::expm1(-p * t);
  }
  return sum;
}

double PageSkew::characteristic_time(std::uint64_t cache_pages) const {
  // Pages never accessed can never be cached: the reachable occupancy is the
  // number of pages with a positive share.
  double reachable = 0;
  for (const AccessTier& k : tiers_) reachable += k.share > 0 ? static_cast<double>(k.pages) : 0.0;
  const double b = static_cast<double>(cache_pages);
  if (b >= reachable) return std::numeric_limits<double>::infinity();
  if (cache_pages == 0) return 0;
  double lo = 0, hi = b;  // cached_pages(t) <= t, so T >= B
  while (cached_pages(hi) < b) hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (cached_pages(mid) < b ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

double PageSkew::lru_hit_ratio(std::uint64_t cache_pages) const {
  const double t = characteristic_time(cache_pages);
  if (std::isinf(t)) return 1.0;
  double hit = 0;
  for (const AccessTier& k : tiers_) hit += k.share * -std::expm1(-k.share / static_cast<double>(k.pages) * t);
  return hit;
}

std::vector<double> PageSkew::miss_shares(std::uint64_t cache_pages) const {
  const double t = characteristic_time(cache_pages);
  if (std::isinf(t)) return access_shares();
  std::vector<double> shares;
  double sum = 0;
  for (const AccessTier& k : tiers_) {
    shares.push_back(k.share * std::exp(-k.share / static_cast<double>(k.pages) * t));
    sum += shares.back();
  }
  for (double& s : shares) s /= sum;
  return shares;
}

double PageSkew::expected_distinct(double draws) const {
  double sum = 0;
  for (const AccessTier& k : tiers_) {
    const double p = k.share / static_cast<double>(k.pages);
    sum += static_cast<double>(k.pages) * -std::expm1(draws * std::log1p(-p));
  }
  return sum;
}

std::vector<double> PageSkew::page_shares() const {
  std::vector<double> shares;
  for (const AccessTier& k : tiers_) shares.push_back(static_cast<double>(k.pages) / static_cast<double>(pages_));
  return shares;
}

std::vector<double> PageSkew::access_shares() const {
  std::vector<double> shares;
  for (const AccessTier& k : tiers_) shares.push_back(k.share);
  return shares;
}

TierSampler::TierSampler(const PageSkew& skew, const std::vector<double>& tier_weights) {
  if (tier_weights.size() != skew.tiers().size()) throw std::invalid_argument("tier sampler: one weight per tier");
  double sum = 0;
  for (double w : tier_weights) sum += w;
  if (!(sum > 0)) throw std::invalid_argument("tier sampler: the weights sum to zero");
  double running = 0;
  for (std::size_t k = 0; k < tier_weights.size(); ++k) {
    running += tier_weights[k] / sum;
    cumulative_.push_back(running);
    first_.push_back(skew.first_rank(k));
    pages_.push_back(skew.tiers()[k].pages);
  }
  cumulative_.back() = 1.0;
}

std::uint64_t TierSampler::sample(sim::RandomStream& rng) const {
  std::size_t k = 0;
  if (cumulative_.size() > 1) {
    const double u = rng.uniform01();
    while (k + 1 < cumulative_.size() && u >= cumulative_[k]) ++k;
  }
  return first_[k] + rng.uniform_index(pages_[k]);
}

PageScatter::PageScatter(std::uint64_t pages) : pages_(pages) {
  if (pages == 0) throw std::invalid_argument("page scatter: no pages");
  // A stride near N / golden ratio, nudged to be coprime with N.
  stride_ = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(pages) * 0.6180339887498949));
  while (std::gcd(stride_, pages_) != 1) ++stride_;
  shift_ = pages_ / 3;
}

}  // namespace hcisim::models
