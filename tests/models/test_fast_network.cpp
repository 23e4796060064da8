// The fast path's queueing network solver against exact results: one
// customer never waits; a closed network's throughput against exact MVA
// (sim::solve_mva) and its asymptotic bounds; Clark's maximum of two normals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

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

// The finite-source M/M/c queue: `users` alternate an exponential think time and an
// exponential service on one of `units` servers. Its birth-death chain over k, the users
// at the servers, in closed form (p(k) / p(k-1) = ((users - k + 1) / think) / (min(k, units)
// / service)); returns the throughput.
double finite_source_throughput(int users, int units, double service, double think) {
  std::vector<double> p(static_cast<std::size_t>(users) + 1, 1.0);
  double total = 1;
  for (int k = 1; k <= users; ++k) {
    p[static_cast<std::size_t>(k)] =
        p[static_cast<std::size_t>(k - 1)] * (users - k + 1) / think / (std::min(k, units) / service);
    total += p[static_cast<std::size_t>(k)];
  }
  double x = 0;
  for (int k = 1; k <= users; ++k) x += p[static_cast<std::size_t>(k)] / total * std::min(k, units) / service;
  return x;
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

TEST_CASE("a token pool held through a service time is within a few percent of exact multi-server MVA") {
  // N users with think time Z take one of c units each, hold it for an exponential S and
  // give it back: the finite-source M/M/c queue (the machine-repairman model), solved exactly.
  const double service = 150e-6, think = 300e-6;
  for (const int units : {1, 2, 4, 16}) {
    for (const int users : {1, 2, 4, 8, 16, 32, 64}) {
      INFO("units " << units << ", users " << users);
      Network net;
      Station pool;
      pool.name = "pool";
      const int station = net.add_station(pool);
      Step held;
      held.lone_s = service;
      const int held_step = net.add_step(held);
      Step take;
      take.station = station;
      take.holds = {held_step};
      take.servers = units;
      const int take_step = net.add_step(take);
      models::analytic::ClassSpec c;
      c.population = users;
      c.think_s = think;
      c.read_root = net.seq({net.leaf(take_step), net.leaf(held_step)});
      net.classes.push_back(c);
      models::analytic::solve(net);
      const double exact = finite_source_throughput(users, units, service, think);
      CAPTURE(net.classes[0].throughput, exact);
      // Schweitzer's approximation is worst at the knee (one unit at 4 users: -6.6 %); the
      // pool's Erlang-C scaling keeps c units no worse than one, and with a unit for every
      // user (no one waits for long) it is all but exact.
      CHECK(net.classes[0].throughput == Approx(exact).epsilon(0.07));
      if (users <= units) CHECK(net.classes[0].throughput == Approx(exact).epsilon(0.01));
      // Never past the pool's capacity nor the users' own rate.
      CHECK(net.classes[0].throughput <= units / service * 1.0001);
      CHECK(net.classes[0].throughput <= users / (service + think) * 1.0001);
      CHECK(net.stations[0].utilisation == Approx(net.classes[0].throughput * service / units).epsilon(1e-6));
    }
  }
}
