// solve_mva against cases computable by hand or by an independent method: a
// single station with N = 1, 2, the finite-source (machine repairman) Markov
// chain for multi-server stations, degenerate equivalences, and the asymptotic
// throughput bounds of operational analysis.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "sim/mva.hpp"

using namespace hcisim::sim;
using Kind = MvaStation::Kind;

namespace {
// Machine repairman: N customers think (exp, mean Z) then visit c exponential servers
// of mean D. Solved as a birth-death chain: the independent reference.
struct RepairmanResult {
  double throughput;
  double queue_length;
};
RepairmanResult repairman(int customers, int servers, double demand, double think) {
  std::vector<double> p(static_cast<std::size_t>(customers) + 1, 0.0);
  p[0] = 1.0;
  for (int n = 1; n <= customers; ++n) {
    const double birth = (customers - n + 1) / think;    // from n-1 to n
    const double death = std::min(n, servers) / demand;  // from n to n-1
    p[static_cast<std::size_t>(n)] = p[static_cast<std::size_t>(n) - 1] * birth / death;
  }
  double total = 0;
  for (double x : p) total += x;
  RepairmanResult r{0, 0};
  for (int n = 0; n <= customers; ++n) {
    const double pn = p[static_cast<std::size_t>(n)] / total;
    r.throughput += pn * std::min(n, servers) / demand;
    r.queue_length += pn * n;
  }
  return r;
}
}  // namespace

TEST_CASE("MVA: one queueing station, N = 1 and N = 2, by hand", "[mva]") {
  const std::vector<MvaStation> one{{Kind::Queueing, 2.0, 1}};
  SECTION("no think time") {
    const MvaResult n1 = solve_mva(one, 1);
    REQUIRE(n1.throughput_per_s == Approx(0.5));
    REQUIRE(n1.response_time_s == Approx(2.0));
    REQUIRE(n1.queue_length[0] == Approx(1.0));
    const MvaResult n2 = solve_mva(one, 2);
    REQUIRE(n2.throughput_per_s == Approx(0.5));  // saturated: 1 / D
    REQUIRE(n2.response_time_s == Approx(4.0));   // D (1 + Q(1)) = 2 * 2
    REQUIRE(n2.queue_length[0] == Approx(2.0));
    REQUIRE(n2.utilisation[0] == Approx(1.0));
  }
  SECTION("think time 3") {
    const MvaResult n1 = solve_mva(one, 1, 3.0);
    REQUIRE(n1.throughput_per_s == Approx(1.0 / 5.0));
    REQUIRE(n1.queue_length[0] == Approx(0.4));
    const MvaResult n2 = solve_mva(one, 2, 3.0);
    // R(2) = 2 * (1 + 0.4) = 2.8; X(2) = 2 / (3 + 2.8).
    REQUIRE(n2.response_time_s == Approx(2.8));
    REQUIRE(n2.throughput_per_s == Approx(2.0 / 5.8));
    REQUIRE(n2.queue_length[0] == Approx(2.0 / 5.8 * 2.8));
    REQUIRE(n2.residence_time_s[0] == Approx(2.8));
  }
}

TEST_CASE("MVA: queueing and multi-server stations match the machine-repairman chain", "[mva]") {
  for (const int servers : {1, 2, 4, 7}) {
    for (const int customers : {1, 3, 10, 30}) {
      const double demand = 0.9, think = 1.7;
      const MvaStation station =
          servers == 1 ? MvaStation{Kind::Queueing, demand, 1} : MvaStation{Kind::MultiServer, demand, servers};
      const MvaResult mva = solve_mva({station}, customers, think);
      const RepairmanResult chain = repairman(customers, servers, demand, think);
      INFO("c = " << servers << ", N = " << customers);
      CHECK(mva.throughput_per_s == Approx(chain.throughput).epsilon(1e-9));
      CHECK(mva.queue_length[0] == Approx(chain.queue_length).epsilon(1e-9));
      CHECK(mva.utilisation[0] == Approx(chain.throughput * demand / servers).epsilon(1e-9));
    }
  }
}

TEST_CASE("MVA: degenerate stations agree with their simpler equivalents", "[mva]") {
  const double think = 0.5;
  for (const int customers : {1, 5, 20}) {
    // One server is a queueing station; at least N servers never queue: a delay.
    const MvaResult single = solve_mva({{Kind::Queueing, 1.0, 1}, {Kind::Delay, 0.3, 1}}, customers, think);
    const MvaResult ms1 = solve_mva({{Kind::MultiServer, 1.0, 1}, {Kind::Delay, 0.3, 1}}, customers, think);
    CHECK(ms1.throughput_per_s == Approx(single.throughput_per_s).epsilon(1e-12));
    CHECK(ms1.queue_length[0] == Approx(single.queue_length[0]).epsilon(1e-12));
    const MvaResult delay = solve_mva({{Kind::Delay, 1.0, 1}}, customers, think);
    const MvaResult ms_many = solve_mva({{Kind::MultiServer, 1.0, customers}}, customers, think);
    CHECK(delay.throughput_per_s == Approx(customers / (1.0 + think)));
    CHECK(ms_many.throughput_per_s == Approx(delay.throughput_per_s).epsilon(1e-12));
    CHECK(ms_many.response_time_s == Approx(1.0).epsilon(1e-12));
  }
  const MvaResult empty = solve_mva({{Kind::Queueing, 1.0, 1}}, 0);
  CHECK(empty.throughput_per_s == 0.0);
  CHECK(empty.queue_length[0] == 0.0);
}

TEST_CASE("MVA: throughput respects the asymptotic bounds and approaches 1 / D_max", "[mva]") {
  const std::vector<MvaStation> network{{Kind::Queueing, 0.010, 1},
                                        {Kind::MultiServer, 0.024, 3},  // 0.008 per server
                                        {Kind::Queueing, 0.006, 1},
                                        {Kind::Delay, 0.004, 1}};
  const double think = 0.1;
  const double total = 0.010 + 0.024 + 0.006 + 0.004;
  const double bottleneck = 0.010;  // largest demand per server
  double previous = 0;
  for (int n = 1; n <= 80; ++n) {
    const MvaResult r = solve_mva(network, n, think);
    INFO("N = " << n);
    CHECK(r.throughput_per_s <= std::min(n / (total + think), 1.0 / bottleneck) * (1 + 1e-12));
    CHECK(r.throughput_per_s >= n / (n * total + think) * (1 - 1e-12));  // pessimistic bound
    CHECK(r.throughput_per_s >= previous);                               // more users never hurt
    previous = r.throughput_per_s;
    // Little's law over the whole cycle: everyone is somewhere.
    double present = r.throughput_per_s * think;
    for (double q : r.queue_length) present += q;
    CHECK(present == Approx(n).epsilon(1e-9));
    CHECK(r.response_time_s == Approx(n / r.throughput_per_s - think).epsilon(1e-9));
  }
  CHECK(previous > 0.99 / bottleneck);
}

TEST_CASE("MVA rejects nonsense", "[mva]") {
  REQUIRE_THROWS_AS(solve_mva({{Kind::Queueing, 1.0, 1}}, -1), std::invalid_argument);
  REQUIRE_THROWS_AS(solve_mva({{Kind::Queueing, -1.0, 1}}, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(solve_mva({{Kind::MultiServer, 1.0, 0}}, 1), std::invalid_argument);
  REQUIRE_THROWS_AS(solve_mva({{Kind::Queueing, 1.0, 1}}, 1, -0.1), std::invalid_argument);
}
