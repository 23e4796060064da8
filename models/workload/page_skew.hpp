// Skewed access to the pages of a database, and what an LRU buffer pool of a
// given size makes of it.
//
// Access model: independent references (each access picks a page independently
// of the past). Pages are split into tiers in rank order; tier k holds N_k
// pages and receives the share a_k of all accesses, uniformly over its pages,
// so a page of tier k is referenced with probability p_k = a_k / N_k per access.
// The "hot set" is two tiers (a fraction of the accesses to a fraction of the pages).
//
// LRU hit ratio by the characteristic-time (Che) approximation: a page stays
// cached iff it is referenced again within T accesses, where T solves
//     sum_k N_k (1 - exp(-p_k T)) = B          (B = cache pages),
// and then
//     hit ratio  h = sum_k a_k (1 - exp(-p_k T)),
//     share of the misses from tier k  =  a_k exp(-p_k T) / (1 - h).
// Uniform access (one tier) gives exactly h = B / N, which is also LRU's exact value.
// T is found by bisection once, at set-up; nothing here runs per access.
//
// Distinct pages among W independent accesses (pages made dirty by W page writes):
//     D(W) = sum_k N_k (1 - (1 - p_k)^W).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/random.hpp"

namespace hcisim::models {

struct AccessTier {
  std::uint64_t pages = 0;
  double share = 0;  // share of all accesses
};

class PageSkew {
 public:
  // Tiers in rank order; each needs pages > 0, shares >= 0 summing to 1.
  explicit PageSkew(std::vector<AccessTier> tiers);
  // Two tiers: round(hot_data_fraction x pages) hot pages get hot_access_fraction of the accesses.
  static PageSkew hot_set(std::uint64_t pages, double hot_data_fraction, double hot_access_fraction);

  std::uint64_t pages() const { return pages_; }
  const std::vector<AccessTier>& tiers() const { return tiers_; }
  // First rank of tier k (ranks of tier k are first(k) .. first(k) + N_k - 1).
  std::uint64_t first_rank(std::size_t tier) const { return first_[tier]; }

  // The characteristic time T in accesses (infinite when the cache holds every page).
  double characteristic_time(std::uint64_t cache_pages) const;
  double lru_hit_ratio(std::uint64_t cache_pages) const;
  // Per tier, the share of misses that come from it (sums to 1). With a cache
  // holding every page there are no misses; the shares are then the access shares.
  std::vector<double> miss_shares(std::uint64_t cache_pages) const;
  // Expected distinct pages among `draws` independent accesses.
  double expected_distinct(double draws) const;
  // Per tier, its share of the pages (the weights of a uniform draw over all pages).
  std::vector<double> page_shares() const;
  std::vector<double> access_shares() const;

 private:
  double cached_pages(double t) const;  // sum_k N_k (1 - exp(-p_k t))

  std::vector<AccessTier> tiers_;
  std::vector<std::uint64_t> first_;
  std::uint64_t pages_ = 0;
};

// Draws a page rank: the tier by the given weights, then a page uniformly inside it.
class TierSampler {
 public:
  TierSampler() = default;
  TierSampler(const PageSkew& skew, const std::vector<double>& tier_weights);
  std::uint64_t sample(sim::RandomStream& rng) const;

 private:
  std::vector<double> cumulative_;  // upper edge of each tier's weight, last = 1
  std::vector<std::uint64_t> first_, pages_;
};

// Where rank r sits in the data file: page = (r x stride + shift) mod N, a
// bijection because gcd(stride, N) = 1. Hot pages are spread over the file
// (TPC-C's hot rows sit in every table) instead of packed at its start, so the
// storage sees them scattered over its chunks.
class PageScatter {
 public:
  PageScatter() = default;
  explicit PageScatter(std::uint64_t pages);
  std::uint64_t page_of(std::uint64_t rank) const {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(rank) * stride_ + shift_) % pages_);
  }

 private:
  std::uint64_t pages_ = 1, stride_ = 1, shift_ = 0;
};

}  // namespace hcisim::models
