// LatencyHistogram against exact order statistics of the same samples.
//
// Percentile definition on both sides: nearest rank. The p-th percentile of N
// sorted samples is the sample of rank ceil(p * N / 100) (at least 1). The exact
// side computes the rank in integer arithmetic from p in hundredths of a percent,
// so it does not share the histogram's floating-point rank computation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/latency_histogram.hpp"
#include "sim/random.hpp"

using namespace hcisim::sim;

namespace {

// Percentiles checked, in hundredths of a percent: p1 p10 p50 p90 p99 p99.9 p99.99.
const std::vector<std::uint64_t> kPercentHundredths = {100, 1000, 5000, 9000, 9900, 9990, 9999};

SimTime exact_percentile(const std::vector<SimTime>& sorted, std::uint64_t p_hundredths) {
  const std::uint64_t n = sorted.size();
  std::uint64_t rank = (p_hundredths * n + 9999) / 10000;  // ceil(p * n / 100)
  rank = std::clamp<std::uint64_t>(rank, 1, n);
  return sorted[rank - 1];
}

// An odd sample count, so ranks like p99.9 * N / 100 are not integers.
constexpr int kSamples = 200'003;

template <class Draw>
std::vector<SimTime> draw_samples(const std::string& name, Draw draw) {
  RandomStream rng(2024, name);
  std::vector<SimTime> samples(kSamples);
  for (auto& s : samples) s = std::max<SimTime>(1, draw(rng));
  return samples;
}

std::vector<SimTime> exponential_samples() {
  return draw_samples("exponential", [](RandomStream& r) { return std::llround(r.exponential(1e6)); });
}
std::vector<SimTime> log_uniform_samples() {  // 100 ns .. 100 s, uniform in log(value)
  return draw_samples("log-uniform",
                      [](RandomStream& r) { return std::llround(100.0 * std::pow(1e9, r.uniform01())); });
}
std::vector<SimTime> tight_constant_samples() {  // 7777 ns +- 2 ns
  return draw_samples("tight",
                      [](RandomStream& r) { return SimTime{7775} + static_cast<SimTime>(r.uniform_index(5)); });
}
std::vector<SimTime> bimodal_samples() {  // 90 %: 20 us + exp(80 us); 10 %: uniform 12..18 ms
  return draw_samples("bimodal", [](RandomStream& r) {
    if (r.bernoulli(0.9)) return SimTime{20'000} + std::llround(r.exponential(80'000.0));
    return std::llround(12e6 + 6e6 * r.uniform01());
  });
}

double relative_error(double estimate, double exact) { return std::abs(estimate - exact) / exact; }

}  // namespace

TEST_CASE("histogram percentiles are within 1 % of the exact nearest-rank order statistics", "[stats][histogram]") {
  struct Case {
    const char* name;
    std::vector<SimTime> samples;
  };
  std::vector<Case> cases;
  cases.push_back({"exponential mean 1 ms", exponential_samples()});
  cases.push_back({"log-uniform 100 ns..100 s", log_uniform_samples()});
  cases.push_back({"tight constant 7777 +- 2 ns", tight_constant_samples()});
  cases.push_back({"bimodal 100 us / 15 ms", bimodal_samples()});

  double worst = 0.0;
  for (auto& c : cases) {
    INFO(c.name);
    LatencyHistogram h;
    unsigned __int128 sum = 0;
    for (const SimTime v : c.samples) {
      h.record(v);
      sum += static_cast<unsigned __int128>(v);
    }
    std::sort(c.samples.begin(), c.samples.end());

    CHECK(h.count() == c.samples.size());
    CHECK(h.min_ns() == c.samples.front());
    CHECK(h.max_ns() == c.samples.back());
    const double exact_mean = static_cast<double>(sum) / static_cast<double>(c.samples.size());
    CHECK(h.mean_ns() == Approx(exact_mean).epsilon(1e-12));

    for (const std::uint64_t ph : kPercentHundredths) {
      const double p = static_cast<double>(ph) / 100.0;
      const double exact = static_cast<double>(exact_percentile(c.samples, ph));
      const double estimate = h.percentile_ns(p);
      INFO("p" << p << ": histogram " << estimate << " exact " << exact);
      const double err = relative_error(estimate, exact);
      CHECK(err <= 0.01);
      worst = std::max(worst, err);
    }
    // Nearest rank at the ends is the exact extreme.
    CHECK(h.percentile_ns(0.0) == static_cast<double>(c.samples.front()));
    CHECK(h.percentile_ns(100.0) == static_cast<double>(c.samples.back()));
  }
  // The design bound is half a bucket: 1/256 = 0.39 %.
  INFO("worst relative error " << worst);
  CHECK(worst <= 0.005);
}

TEST_CASE("histogram buckets tile the range with width at most 1/128 of their lower edge", "[stats][histogram]") {
  const std::size_t n = LatencyHistogram::bucket_count();
  REQUIRE(LatencyHistogram::bucket_index(LatencyHistogram::kMaxTrackedNs) == n - 1);
  REQUIRE(LatencyHistogram::bucket_lower_ns(n - 1) + LatencyHistogram::bucket_width_ns(n - 1) - 1 ==
          LatencyHistogram::kMaxTrackedNs);
  int failures = 0;
  for (std::size_t i = 1; i < n; ++i) {
    const SimTime lo = LatencyHistogram::bucket_lower_ns(i);
    const SimTime w = LatencyHistogram::bucket_width_ns(i);
    const bool contiguous = i + 1 == n || LatencyHistogram::bucket_lower_ns(i + 1) == lo + w;
    const bool maps_back = LatencyHistogram::bucket_index(lo) == i && LatencyHistogram::bucket_index(lo + w - 1) == i;
    const bool narrow = w == 1 || w * 128 <= lo;
    if (!(contiguous && maps_back && narrow)) {
      ++failures;
      INFO("bucket " << i << " lower " << lo << " width " << w);
      CHECK(contiguous);
      CHECK(maps_back);
      CHECK(narrow);
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("histogram resolves any single value from 1 ns to the top of the range within 0.4 %", "[stats][histogram]") {
  std::vector<SimTime> values;
  for (SimTime v = 1; v <= 300; ++v) values.push_back(v);
  for (int e = 7; e < LatencyHistogram::kTopExponent; ++e) {  // octave edges
    const SimTime edge = SimTime{1} << e;
    values.insert(values.end(), {edge - 1, edge, edge + 1});
  }
  RandomStream rng(7, "single values");
  for (int i = 0; i < 2000; ++i) {
    values.push_back(std::llround(std::pow(2.0, 1.0 + 38.9 * rng.uniform01())));
  }

  LatencyHistogram h;
  double worst = 0.0;
  for (const SimTime v : values) {
    // Median of {1, v, top}: rank 2 is v, reported through its bucket (not clamped by min/max).
    h.reset();
    h.record(1);
    h.record(v);
    h.record(LatencyHistogram::kMaxTrackedNs);
    worst = std::max(worst, relative_error(h.percentile_ns(50.0), static_cast<double>(v)));
  }
  INFO("worst relative error " << worst);
  CHECK(worst <= 1.0 / 256.0 + 1e-12);
  CHECK(worst > 0.0);  // the sweep does reach coarse buckets
}

TEST_CASE("histogram clamps values below 1 ns and beyond the range, and still counts them", "[stats][histogram]") {
  LatencyHistogram h;
  h.record(0);
  h.record(-25);
  CHECK(h.count() == 2);
  CHECK(h.min_ns() == 1);
  CHECK(h.max_ns() == 1);
  CHECK(h.mean_ns() == 1.0);

  const SimTime huge = LatencyHistogram::kMaxTrackedNs * 10;
  h.record(huge);
  CHECK(h.count() == 3);
  CHECK(h.max_ns() == huge);
  CHECK(h.percentile_ns(100.0) == static_cast<double>(huge));
  CHECK(h.mean_ns() == Approx((2.0 + static_cast<double>(huge)) / 3.0).epsilon(1e-15));
}

TEST_CASE("histogram record_n equals repeated record", "[stats][histogram]") {
  LatencyHistogram once, repeated;
  once.record_n(12'345, 7);
  once.record_n(999, 0);  // a zero count records nothing
  once.record_n(3'000'000, 2);
  for (int i = 0; i < 7; ++i) repeated.record(12'345);
  for (int i = 0; i < 2; ++i) repeated.record(3'000'000);
  CHECK(once.count() == 9);
  CHECK(once.min_ns() == repeated.min_ns());
  CHECK(once.max_ns() == repeated.max_ns());
  CHECK(once.mean_ns() == repeated.mean_ns());
  for (double p = 0.0; p <= 100.0; p += 5.0) CHECK(once.percentile_ns(p) == repeated.percentile_ns(p));
}

TEST_CASE("histogram merge equals recording both sample sets", "[stats][histogram]") {
  const auto first = exponential_samples();
  const auto second = bimodal_samples();
  LatencyHistogram a, b, both;
  for (const SimTime v : first) {
    a.record(v);
    both.record(v);
  }
  for (const SimTime v : second) {
    b.record(v);
    both.record(v);
  }
  a.merge(b);
  CHECK(a.count() == both.count());
  CHECK(a.min_ns() == both.min_ns());
  CHECK(a.max_ns() == both.max_ns());
  CHECK(a.mean_ns() == both.mean_ns());
  int mismatches = 0;
  for (double p = 0.0; p <= 100.0; p += 0.25) {
    if (a.percentile_ns(p) != both.percentile_ns(p)) ++mismatches;
  }
  CHECK(mismatches == 0);
  // Bucket by bucket (merge adds only the other's range between its minimum and maximum).
  int bucket_mismatches = 0;
  for (std::size_t i = 0; i < LatencyHistogram::bucket_count(); ++i) {
    bucket_mismatches += a.bucket_samples(i) != both.bucket_samples(i) ? 1 : 0;
  }
  CHECK(bucket_mismatches == 0);

  SECTION("merging into an empty histogram copies, merging an empty one changes nothing") {
    LatencyHistogram empty, target;
    target.merge(b);
    target.merge(empty);
    CHECK(target.count() == b.count());
    CHECK(target.min_ns() == b.min_ns());
    CHECK(target.max_ns() == b.max_ns());
    CHECK(target.percentile_ns(99.0) == b.percentile_ns(99.0));
  }
}

TEST_CASE("histogram reset empties it", "[stats][histogram]") {
  LatencyHistogram h;
  CHECK(h.percentile_ns(50.0) == 0.0);  // empty from the start
  for (const SimTime v : log_uniform_samples()) h.record(v);
  REQUIRE(h.count() == static_cast<std::uint64_t>(kSamples));
  h.reset();
  CHECK(h.count() == 0);
  CHECK(h.mean_ns() == 0.0);
  CHECK(h.min_ns() == 0);
  CHECK(h.max_ns() == 0);
  CHECK(h.percentile_ns(50.0) == 0.0);
  CHECK(h.percentile_ns(100.0) == 0.0);

  // After a reset it behaves like a new histogram: no leftover counts.
  LatencyHistogram fresh;
  for (const SimTime v : {500, 40'000, 40'000, 7'000'000}) {
    h.record(v);
    fresh.record(v);
  }
  CHECK(h.min_ns() == 500);
  CHECK(h.max_ns() == 7'000'000);
  CHECK(h.mean_ns() == fresh.mean_ns());
  for (double p = 0.0; p <= 100.0; p += 10.0) CHECK(h.percentile_ns(p) == fresh.percentile_ns(p));
  // Bucket by bucket (reset clears only the range between the minimum and the maximum).
  int leftovers = 0;
  for (std::size_t i = 0; i < LatencyHistogram::bucket_count(); ++i) {
    leftovers += h.bucket_samples(i) != fresh.bucket_samples(i) ? 1 : 0;
  }
  CHECK(leftovers == 0);
}

TEST_CASE("a histogram merged scaled keeps the distribution, the count rounded and the mean", "[histogram]") {
  LatencyHistogram window;
  RandomStream rng(7, "scaled");
  for (int i = 0; i < 20'000; ++i) window.record(static_cast<SimTime>(rng.exponential(100'000.0)) + 1);
  for (const double factor : {0.37, 1.0, 12.5}) {
    LatencyHistogram stood_for;
    stood_for.merge_scaled(window, factor);
    CHECK(stood_for.count() == static_cast<std::uint64_t>(std::llround(20'000 * factor)));
    CHECK(stood_for.mean_ns() == Approx(window.mean_ns()).epsilon(1e-9));
    for (const double p : {50.0, 90.0, 99.0, 99.9}) {
      // Within the rounding of one sample per bucket run: a bucket's width (0.4 %) and a rank's step.
      CHECK(stood_for.percentile_ns(p) == Approx(window.percentile_ns(p)).epsilon(0.02));
    }
  }
  // Whole factors are exact repeats.
  LatencyHistogram three, repeated;
  three.merge_scaled(window, 3.0);
  for (int i = 0; i < 3; ++i) repeated.merge(window);
  for (std::size_t b = 0; b < LatencyHistogram::bucket_count(); ++b)
    REQUIRE(three.bucket_samples(b) == repeated.bucket_samples(b));
}
