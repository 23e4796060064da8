// Shared pieces of the queueing-theory tests: service-time distributions, the
// Erlang C formula, an open Poisson source that measures each job, and a
// helper that checks an analytic value against a batch-means interval.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "sim/batch_means.hpp"
#include "sim/engine.hpp"
#include "sim/latency_histogram.hpp"
#include "sim/random.hpp"
#include "sim/time_weighted.hpp"

namespace qtest {

using namespace hcisim::sim;

// The confidence of every interval check. 99 % (not 95 %) so that a harmless
// change of the kernel's sample path rarely flips a check; the width bound keeps
// the check sharp.
constexpr double kConfidence = 0.99;

// Asserts that `analytic` lies in the interval and that the interval is narrower
// than `max_relative_half_width` of the analytic value (so a vague run cannot pass).
inline void check_interval(const BatchMeans& samples, double analytic, double max_relative_half_width,
                           double extra_tolerance = 0.0) {
  const BatchMeans::Interval ci = samples.interval(kConfidence);
  INFO("analytic " << analytic << ", measured " << ci.mean << " +- " << ci.half_width << " ("
                   << 100.0 * ci.half_width / analytic << " %), " << ci.batches << " batches of "
                   << samples.batch_size() << ", " << samples.count() << " samples");
  CHECK(std::abs(ci.mean - analytic) <= ci.half_width + extra_tolerance);
  CHECK(ci.half_width < max_relative_half_width * analytic);
}

// Probability that an arriving job waits in M/M/c with offered load a = lambda/mu.
inline double erlang_c(int servers, double offered_load) {
  // Erlang B by the stable recursion, then C from B.
  double b = 1.0;
  for (int k = 1; k <= servers; ++k) b = offered_load * b / (k + offered_load * b);
  const double rho = offered_load / servers;
  return b / (1.0 - rho + rho * b);
}

struct ServiceDistribution {
  enum class Kind { Exponential, Deterministic, Hyperexponential } kind = Kind::Exponential;
  double mean_ns = 1e6;
  double scv = 1.0;  // squared coefficient of variation; Hyperexponential only (> 1)

  // Balanced-means two-phase hyperexponential: p1/mu1 = p2/mu2.
  SimTime draw(RandomStream& rng) const {
    double x = mean_ns;
    switch (kind) {
      case Kind::Exponential: x = rng.exponential(mean_ns); break;
      case Kind::Deterministic: break;
      case Kind::Hyperexponential: {
        const double p1 = 0.5 * (1.0 + std::sqrt((scv - 1.0) / (scv + 1.0)));
        const bool first = rng.bernoulli(p1);
        x = rng.exponential(first ? mean_ns / (2.0 * p1) : mean_ns / (2.0 * (1.0 - p1)));
        break;
      }
    }
    return static_cast<SimTime>(std::llround(x));
  }
};

// An open system: Poisson arrivals into a station with FcfsStation-like submit().
// For every job that arrives after `warmup` it records the response time and the
// wait (response minus own service) in ms into batch means, and the response in
// a histogram; it also tracks the number in system as a time-weighted average.
template <class Station>
class PoissonSource final : public EventHandler {
 public:
  PoissonSource(Engine& engine, Station& station, double arrivals_per_ms, ServiceDistribution service, SimTime warmup,
                const char* stream_name = "source")
      : engine_(engine),
        station_(station),
        mean_gap_ns_(1e6 / arrivals_per_ms),
        service_(service),
        warmup_(warmup),
        rng_(engine.stream(stream_name)),
        jobs_(kRing) {
    engine_.schedule_in(next_gap(), arrival_event_);
  }

  // Restarts every measurement (histogram, batch means, counters) at now.
  void reset_measurements() {
    response_ms.reset();
    wait_ms.reset();
    histogram.reset();
    in_system.reset(engine_.now());
    completed = 0;
  }

  BatchMeans response_ms{32};
  BatchMeans wait_ms{32};
  LatencyHistogram histogram;
  TimeWeighted in_system;
  std::uint64_t completed = 0;  // measured completions

  // Optional: fraction of measured responses above a threshold, as batch means.
  SimTime tail_threshold_ns = 0;
  BatchMeans tail_fraction{32};

 private:
  static constexpr std::size_t kRing = std::size_t{1} << 16;  // > peak jobs in system
  struct JobRecord {
    SimTime arrival = 0;
    SimTime service = 0;
  };

  SimTime next_gap() { return static_cast<SimTime>(std::llround(rng_.exponential(mean_gap_ns_))); }

  void on_arrival(std::uint64_t) {
    const std::uint64_t id = next_id_++;
    const SimTime service = service_.draw(rng_);
    jobs_[id & (kRing - 1)] = JobRecord{engine_.now(), service};
    in_system.add(engine_.now(), 1.0);
    if (next_id_ - finished_ids_ >= kRing) throw std::length_error("PoissonSource: too many jobs in system");
    station_.submit(service, *this, id);
    engine_.schedule_in(next_gap(), arrival_event_);
  }

  void on_event(std::uint64_t id) override {  // a job completed
    ++finished_ids_;
    in_system.add(engine_.now(), -1.0);
    const JobRecord& job = jobs_[id & (kRing - 1)];
    if (job.arrival < warmup_) return;
    const SimTime response = engine_.now() - job.arrival;
    ++completed;
    response_ms.add(static_cast<double>(response) * 1e-6);
    wait_ms.add(static_cast<double>(response - job.service) * 1e-6);
    histogram.record(response);
    if (tail_threshold_ns > 0) tail_fraction.add(response > tail_threshold_ns ? 1.0 : 0.0);
  }

  Engine& engine_;
  Station& station_;
  double mean_gap_ns_;
  ServiceDistribution service_;
  SimTime warmup_;
  RandomStream rng_;
  std::vector<JobRecord> jobs_;
  std::uint64_t next_id_ = 0;
  std::uint64_t finished_ids_ = 0;
  MemberEvent<PoissonSource, &PoissonSource::on_arrival> arrival_event_{*this};
};

}  // namespace qtest
