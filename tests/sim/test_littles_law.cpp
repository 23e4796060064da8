// Little's law on simulated systems: the time-average number in system L, the
// throughput X and the mean response W are measured independently of each other
// (a time-weighted counter, a completion count, per-job timestamps) and must
// satisfy L = X W, for an FCFS and a PS station with very different service laws.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "sim/engine.hpp"
#include "sim/fcfs_station.hpp"
#include "sim/ps_station.hpp"
#include "sim/time_weighted.hpp"
#include "tests/sim/queueing_harness.hpp"

using namespace hcisim::sim;
using qtest::ServiceDistribution;

namespace {
// Open Poisson arrivals into a station; measures over [window_start, window_end]:
// L from its own counter, X from departures in the window, W from those departures.
template <class Station>
class LittleProbe final : public EventHandler {
 public:
  LittleProbe(Engine& engine, Station& station, double arrivals_per_ms, ServiceDistribution service)
      : engine_(engine),
        station_(station),
        mean_gap_ns_(1e6 / arrivals_per_ms),
        service_(service),
        rng_(engine.stream("little")) {
    engine_.schedule_in(0, arrival_event_);
  }

  void start_window() {
    in_system_.reset(engine_.now());
    window_start_ = engine_.now();
    departures_ = 0;
    response_sum_ns_ = 0;
  }
  double mean_number() const { return in_system_.average(engine_.now()); }
  double throughput_per_ms() const {
    return static_cast<double>(departures_) / (static_cast<double>(engine_.now() - window_start_) * 1e-6);
  }
  double mean_response_ms() const { return response_sum_ns_ / static_cast<double>(departures_) * 1e-6; }
  std::uint64_t departures() const { return departures_; }

  void on_event(std::uint64_t id) override {  // a departure
    in_system_.add(engine_.now(), -1);
    ++departures_;
    response_sum_ns_ += static_cast<double>(engine_.now() - arrival_[id]);
  }

 private:
  void on_arrival(std::uint64_t) {
    const std::uint64_t id = arrival_.size();
    arrival_.push_back(engine_.now());
    in_system_.add(engine_.now(), 1);
    station_.submit(service_.draw(rng_), *this, id);
    engine_.schedule_in(static_cast<SimTime>(std::llround(rng_.exponential(mean_gap_ns_))), arrival_event_);
  }

  Engine& engine_;
  Station& station_;
  double mean_gap_ns_;
  ServiceDistribution service_;
  RandomStream rng_;
  std::vector<SimTime> arrival_;
  TimeWeighted in_system_;
  SimTime window_start_ = 0;
  std::uint64_t departures_ = 0;
  double response_sum_ns_ = 0;
  MemberEvent<LittleProbe, &LittleProbe::on_arrival> arrival_event_{*this};
};

// Returns L measured by the probe.
template <class Station>
double check_littles_law(Engine& engine, Station& station, double lambda_per_ms, ServiceDistribution service) {
  LittleProbe<Station> probe(engine, station, lambda_per_ms, service);
  engine.run_until(500 * kMillisecond);
  probe.start_window();
  station.reset_stats();
  engine.run_until(500 * kMillisecond + 400'000 * kMillisecond);
  const double l = probe.mean_number();
  const double x = probe.throughput_per_ms();
  const double w = probe.mean_response_ms();
  INFO("L " << l << ", X " << x << " /ms, W " << w << " ms, departures " << probe.departures());
  REQUIRE(probe.departures() > 200'000);
  // Only jobs straddling the window's ends break the identity: a few in 10^5 here.
  CHECK(std::abs(l - x * w) < 0.001 * l);
  // X is the arrival rate in steady state (no job is lost).
  CHECK(x == Approx(lambda_per_ms).epsilon(0.01));
  return l;
}
}  // namespace

TEST_CASE("Little's law L = X W on an M/M/2 FCFS station, and the station's own L agrees", "[queueing][little]") {
  Engine engine(41);
  FcfsStation station(engine, 2);
  const double l = check_littles_law(engine, station, 1.5, {ServiceDistribution::Kind::Exponential, 1e6});
  // The station integrates the same sample path (waiting + in service) on its own.
  CHECK(station.mean_in_system() == Approx(l).epsilon(1e-9));
}

TEST_CASE("Little's law L = X W on a 3-core PS station with hyperexponential work", "[queueing][little]") {
  Engine engine(42);
  PsStation station(engine, 3);
  const double l = check_littles_law(engine, station, 2.4, {ServiceDistribution::Kind::Hyperexponential, 1e6, 8.0});
  CHECK(station.mean_active() == Approx(l).epsilon(1e-9));
}
