// PageSkew: the characteristic-time (Che) LRU hit ratio against its closed form
// for uniform access and against a direct LRU simulation at small scale; the
// expected number of distinct pages against counting; the tier sampler and
// the page scatter.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "models/workload/page_skew.hpp"
#include "sim/random.hpp"

using hcisim::models::AccessTier;
using hcisim::models::PageScatter;
using hcisim::models::PageSkew;
using hcisim::models::TierSampler;
using hcisim::sim::RandomStream;

namespace {

// An exact LRU cache of `capacity` pages over `pages` pages: a doubly linked
// list in arrays, most recent at the head. O(1) per access.
class LruCache {
 public:
  LruCache(std::uint64_t pages, std::uint64_t capacity)
      : prev_(pages, kNone), next_(pages, kNone), cached_(pages, false), capacity_(capacity) {}

  // True on a hit; a miss brings the page in and evicts the least recent.
  bool access(std::uint64_t page) {
    const bool hit = cached_[page];
    if (hit) {
      unlink(page);
    } else {
      if (size_ == capacity_) {
        const std::uint64_t victim = tail_;
        unlink(victim);
        cached_[victim] = false;
        --size_;
      }
      cached_[page] = true;
      ++size_;
    }
    push_front(page);
    return hit;
  }

 private:
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};
  void unlink(std::uint64_t p) {
    if (prev_[p] != kNone)
      next_[prev_[p]] = next_[p];
    else
      head_ = next_[p];
    if (next_[p] != kNone)
      prev_[next_[p]] = prev_[p];
    else
      tail_ = prev_[p];
    prev_[p] = next_[p] = kNone;
  }
  void push_front(std::uint64_t p) {
    prev_[p] = kNone;
    next_[p] = head_;
    if (head_ != kNone)
      prev_[head_] = p;
    else
      tail_ = p;
    head_ = p;
  }
  std::vector<std::uint64_t> prev_, next_;
  std::vector<bool> cached_;
  std::uint64_t head_ = kNone, tail_ = kNone;
  std::uint64_t size_ = 0, capacity_;
};

// Draws a page under independent references straight from the tier
// definition (not through TierSampler): tier by its share, page uniform in it.
std::uint64_t draw_page(const std::vector<AccessTier>& tiers, RandomStream& rng) {
  double u = rng.uniform01();
  std::uint64_t first = 0;
  for (std::size_t k = 0; k < tiers.size(); ++k) {
    if (u < tiers[k].share || k + 1 == tiers.size()) return first + rng.uniform_index(tiers[k].pages);
    u -= tiers[k].share;
    first += tiers[k].pages;
  }
  return 0;
}

struct LruResult {
  double hit_ratio;
  std::vector<double> miss_share;  // per tier
};

LruResult simulate_lru(const std::vector<AccessTier>& tiers, std::uint64_t capacity, std::uint64_t accesses) {
  std::uint64_t pages = 0;
  for (const auto& t : tiers) pages += t.pages;
  LruCache cache(pages, capacity);
  RandomStream rng(7, "lru-check");
  for (std::uint64_t i = 0; i < 20 * pages; ++i) cache.access(draw_page(tiers, rng));  // warm up
  std::uint64_t hits = 0;
  std::vector<double> misses(tiers.size(), 0.0);
  for (std::uint64_t i = 0; i < accesses; ++i) {
    const std::uint64_t page = draw_page(tiers, rng);
    if (cache.access(page)) {
      ++hits;
      continue;
    }
    std::uint64_t first = 0;
    for (std::size_t k = 0; k < tiers.size(); first += tiers[k].pages, ++k) {
      if (page < first + tiers[k].pages) {
        misses[k] += 1;
        break;
      }
    }
  }
  const double total_misses = static_cast<double>(accesses - hits);
  for (double& m : misses) m /= total_misses;
  return {static_cast<double>(hits) / static_cast<double>(accesses), misses};
}

}  // namespace

TEST_CASE("page skew: uniform access gives LRU's exact hit ratio B / N", "[oltp][skew]") {
  // One tier: by symmetry every page is cached with probability B / N.
  const PageSkew uniform({{10'000, 1.0}});
  for (std::uint64_t b : {1ull, 100ull, 2'500ull, 9'999ull}) {
    CHECK(uniform.lru_hit_ratio(b) == Approx(static_cast<double>(b) / 10'000).epsilon(1e-9));
  }
  // A "hot set" whose hot share equals its data share is uniform too.
  const PageSkew flat = PageSkew::hot_set(10'000, 0.3, 0.3);
  CHECK(flat.lru_hit_ratio(4'000) == Approx(0.4).epsilon(1e-9));
  // A cache that holds every page always hits; an empty one never does.
  CHECK(uniform.lru_hit_ratio(10'000) == 1.0);
  CHECK(uniform.lru_hit_ratio(0) == 0.0);
}

TEST_CASE("page skew: the characteristic time solves sum N_k (1 - exp(-p_k T)) = B", "[oltp][skew]") {
  const PageSkew skew = PageSkew::hot_set(6'000'000, 0.1, 0.9);
  for (std::uint64_t b : {10'000ull, 600'000ull, 1'900'000ull, 5'000'000ull}) {
    const double t = skew.characteristic_time(b);
    double occupancy = 0, hit = 0;
    for (const AccessTier& k : skew.tiers()) {
      const double p = k.share / static_cast<double>(k.pages);
      occupancy += static_cast<double>(k.pages) * (1 - std::exp(-p * t));
      hit += k.share * (1 - std::exp(-p * t));
    }
    CHECK(occupancy == Approx(static_cast<double>(b)).epsilon(1e-8));
    CHECK(skew.lru_hit_ratio(b) == Approx(hit).epsilon(1e-9));
  }
  // When the hot set fits with room to spare, nearly all hot accesses hit and
  // the rest of the cache serves the cold pages about uniformly:
  // h ~ a_hot + a_cold (B - N_hot) / N_cold = 0.9 + 0.1 x 1.4 M / 5.4 M.
  CHECK(skew.lru_hit_ratio(2'000'000) == Approx(0.9 + 0.1 * 1.4 / 5.4).margin(0.003));
}

TEST_CASE("page skew: the Che hit ratio agrees with a direct LRU simulation", "[oltp][skew]") {
  struct Case {
    std::vector<AccessTier> tiers;
    std::uint64_t cache;
  };
  const std::vector<Case> cases = {
      {{{200, 0.9}, {1'800, 0.1}}, 100},  // the hot set does not fit
      {{{200, 0.9}, {1'800, 0.1}}, 400},  // it fits, with cold pages besides
      {{{200, 0.8}, {1'800, 0.2}}, 1'000},
      {{{50, 0.5}, {450, 0.3}, {1'500, 0.2}}, 300},  // three tiers
  };
  for (const Case& c : cases) {
    const PageSkew skew(c.tiers);
    const LruResult lru = simulate_lru(c.tiers, c.cache, 2'000'000);
    INFO("cache " << c.cache << ": Che " << skew.lru_hit_ratio(c.cache) << ", LRU " << lru.hit_ratio);
    // Che is known to be accurate to a small fraction of a percentage point at
    // these sizes; the simulation's own standard error is ~0.0003.
    CHECK(skew.lru_hit_ratio(c.cache) == Approx(lru.hit_ratio).margin(0.002));
    const std::vector<double> shares = skew.miss_shares(c.cache);
    for (std::size_t k = 0; k < shares.size(); ++k) CHECK(shares[k] == Approx(lru.miss_share[k]).margin(0.005));
  }
}

TEST_CASE("page skew: expected distinct pages among W accesses", "[oltp][skew]") {
  const std::vector<AccessTier> tiers = {{1'000, 0.9}, {9'000, 0.1}};
  const PageSkew skew(tiers);
  RandomStream rng(3, "distinct");
  for (double w : {500.0, 5'000.0, 50'000.0}) {
    double mean = 0;
    const int trials = 200;
    for (int trial = 0; trial < trials; ++trial) {
      std::vector<bool> seen(10'000, false);
      double distinct = 0;
      for (int i = 0; i < static_cast<int>(w); ++i) {
        const std::uint64_t page = draw_page(tiers, rng);
        if (!seen[page]) {
          seen[page] = true;
          distinct += 1;
        }
      }
      mean += distinct / trials;
    }
    INFO("W = " << w);
    CHECK(skew.expected_distinct(w) == Approx(mean).epsilon(0.01));
  }
  CHECK(skew.expected_distinct(0) == 0.0);
  CHECK(skew.expected_distinct(1) == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("page skew: the tier sampler draws tiers by weight and pages uniformly", "[oltp][skew]") {
  const PageSkew skew({{100, 0.7}, {900, 0.3}});
  const TierSampler sampler(skew, {0.25, 0.75});
  RandomStream rng(11, "sampler");
  const int n = 400'000;
  double first_tier = 0, low_half_of_second = 0;
  std::uint64_t out_of_range = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t rank = sampler.sample(rng);
    if (rank >= 1'000) ++out_of_range;
    if (rank < 100)
      first_tier += 1;
    else if (rank < 550)
      low_half_of_second += 1;
  }
  CHECK(out_of_range == 0);
  const double p = first_tier / n;
  CHECK(std::abs(p - 0.25) < 3.29 * std::sqrt(0.25 * 0.75 / n));
  const double q = low_half_of_second / n;  // half of tier 2's pages: 0.375
  CHECK(std::abs(q - 0.375) < 3.29 * std::sqrt(0.375 * 0.625 / n));
}

TEST_CASE("page scatter: a bijection of the data file's pages", "[oltp][skew]") {
  for (std::uint64_t n : {1ull, 2ull, 6ull, 997ull, 1'024ull, 100'000ull}) {
    const PageScatter scatter(n);
    std::vector<bool> hit(n, false);
    std::uint64_t distinct = 0;
    for (std::uint64_t r = 0; r < n; ++r) {
      const std::uint64_t p = scatter.page_of(r);
      if (p < n && !hit[p]) {
        hit[p] = true;
        ++distinct;
      }
    }
    CHECK(distinct == n);
  }
  // Adjacent ranks (pages of the same tier) land far apart.
  const PageScatter scatter(100'000);
  const auto gap = static_cast<std::int64_t>(scatter.page_of(1)) - static_cast<std::int64_t>(scatter.page_of(0));
  CHECK(std::abs(gap) > 1'000);
}

TEST_CASE("page skew: bad tiers are refused", "[oltp][skew]") {
  CHECK_THROWS_AS(PageSkew({}), std::invalid_argument);
  CHECK_THROWS_AS(PageSkew({{0, 1.0}}), std::invalid_argument);
  CHECK_THROWS_AS(PageSkew({{10, 0.5}, {10, 0.4}}), std::invalid_argument);
  CHECK_THROWS_AS(PageSkew::hot_set(1'000, 0.0, 0.9), std::invalid_argument);
  CHECK_THROWS_AS(PageSkew::hot_set(1'000, 0.1, 1.2), std::invalid_argument);
  CHECK_THROWS_AS(PageSkew::hot_set(3, 0.1, 0.9), std::invalid_argument);  // no hot page
}
