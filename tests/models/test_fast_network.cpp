// The fast path's queueing network solver against exact results: one
// customer never waits; a closed network's throughput against exact MVA
// (sim::solve_mva) and its asymptotic bounds; Clark's maximum of two normals.
#include <catch2/catch.hpp>

#include <cmath>

#include "models/analytic/queueing_network.hpp"
#include "sim/mva.hpp"

using namespace hcisim;
using models::analytic::Network;
using models::analytic::Station;
using models::analytic::Step;

namespace {

// A closed class cycling over `demands` single-server stations (exponential), population n.
Network single_servers(const std::vector<double>& demands, double population) {
  Network net;
  std::vector<int> leaves;
  for (const double d : demands) {
    Station st;
    st.name = "s";
    const int k = net.add_station(st);
    Step s;
    s.station = k;
    s.lone_s = d;
    s.share_s = d;
    leaves.push_back(net.leaf(net.add_step(s)));
  }
  models::analytic::ClassSpec c;
  c.population = population;
  c.read_root = net.seq(leaves);
  net.classes.push_back(c);
  return net;
}

}  // namespace

TEST_CASE("one I/O in flight never waits: its latency is the sum of its service times") {
  Network net = single_servers({1e-3, 2e-3, 0.5e-3}, 1);
  models::analytic::solve(net);
  CHECK(net.classes[0].throughput == Approx(1 / 3.5e-3).epsilon(1e-9));
}

TEST_CASE("a closed network of single servers is within a few percent of exact MVA and inside the bounds") {
  const std::vector<double> demands = {1e-3, 0.6e-3, 0.3e-3};
  for (const int n : {2, 4, 8, 32, 128}) {
    Network net = single_servers(demands, n);
    const auto report = models::analytic::solve(net);
    CHECK(report.converged);
    std::vector<sim::MvaStation> exact;
    for (const double d : demands) exact.push_back({sim::MvaStation::Kind::Queueing, d, 1});
    const double x = sim::solve_mva(exact, n).throughput_per_s;
    INFO("population " << n);
    // Schweitzer's approximation: within 5 % of exact MVA on such networks.
    CHECK(net.classes[0].throughput == Approx(x).epsilon(0.05));
    // Asymptotic bounds: X <= min(N / sum D, 1 / D max).
    CHECK(net.classes[0].throughput <= std::min(n / 1.9e-3, 1 / 1e-3) * (1 + 1e-9));
  }
  // A large population saturates the busiest station: X -> 1 / D max.
  Network big = single_servers(demands, 5000);
  models::analytic::solve(big);
  CHECK(big.classes[0].throughput == Approx(1000).epsilon(1e-3));
}

TEST_CASE("Clark's maximum of two independent standard normals has mean 1 / sqrt(pi)") {
  double mean = 0, variance = 0, p = 0;
  models::analytic::clark_max(0, 1, 0, 1, mean, variance, p);
  CHECK(mean == Approx(1 / std::sqrt(M_PI)).epsilon(1e-9));
  CHECK(variance == Approx(1 - 1 / M_PI).epsilon(1e-9));
  CHECK(p == Approx(0.5));
  // Far apart, the maximum is the larger one.
  models::analytic::clark_max(10, 1, 0, 1, mean, variance, p);
  CHECK(mean == Approx(10).epsilon(1e-6));
}

TEST_CASE("a fork-join of two equal exponential branches takes longer than one branch") {
  // Two parallel single-server branches, each 1 ms: E[max of two exponentials] = 1.5 ms;
  // Clark's normal approximation gives 1 + 1/sqrt(pi) = 1.56 ms at population 1.
  Network net;
  std::vector<int> branches;
  for (int b = 0; b < 2; ++b) {
    Station st;
    const int k = net.add_station(st);
    Step s;
    s.station = k;
    s.lone_s = 1e-3;
    s.share_s = 1e-3;
    s.scv = 1;
    branches.push_back(net.leaf(net.add_step(s)));
  }
  models::analytic::ClassSpec c;
  c.population = 1;
  c.read_root = net.max(branches);
  net.classes.push_back(c);
  models::analytic::solve(net);
  const double cycle = 1 / net.classes[0].throughput;
  CHECK(cycle > 1.45e-3);
  CHECK(cycle < 1.6e-3);
}
