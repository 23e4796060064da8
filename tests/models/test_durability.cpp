// The durability chains against closed forms of reliability theory.
// lambda = per-domain failure rate, mu = repair rate, nu = node outage rate,
// delta = 1 / downtime, rho = 1 / resync time.
//   two units, repair:        MTTDL = (3 lambda + mu) / (2 lambda^2)
//   three units, independent repairs: MTTDL = (11 lambda^2 + 7 lambda mu + 2 mu^2) / (6 lambda^3)
//   nested (2 nodes x 2 drives), independent repairs:
//     MTTDL = (25 lambda^3 + 23 lambda^2 mu + 13 lambda mu^2 + 3 mu^3) / (12 lambda^4)
//   no repair, n domains, loss at k failed: MTTDL = sum_{i<k} 1 / ((n - i) lambda)
// (the three-unit and nested forms solved by first-step analysis with sympy).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Dense>

#include "models/failure/durability.hpp"
#include "models/failure/pool_quorum.hpp"

using namespace hcisim::models;

namespace {

constexpr double kHour = 3600.0;
constexpr double kYear = kSecondsPerYear;

// Drive failures only: no node outages.
DurabilityInputs drives_only(int nodes, int drives, CopyLayout layout, double afr, double rebuild_s) {
  DurabilityInputs in;
  in.nodes = nodes;
  in.capacity_drives_per_node = drives;
  in.layout = layout;
  in.drive_afr = afr;
  in.drive_rebuild_s = rebuild_s;
  return in;
}

// Node outages only: no drive failures.
DurabilityInputs outages_only(int nodes, CopyLayout layout, double mtbf_s, double downtime_s, double resync_s) {
  DurabilityInputs in;
  in.nodes = nodes;
  in.capacity_drives_per_node = 4;
  in.layout = layout;
  in.node_mtbf_s = mtbf_s;
  in.node_downtime_s = downtime_s;
  in.node_resync_s = resync_s;
  return in;
}

double binomial(int n, int k) { return std::tgamma(n + 1.0) / (std::tgamma(k + 1.0) * std::tgamma(n - k + 1.0)); }

}  // namespace

TEST_CASE("durability: AFR converts to an exponential rate that fails with probability AFR in a year", "[durability]") {
  const double lambda = failure_rate_per_s(0.02);
  CHECK(lambda * 8760 * kHour == Approx(-std::log(0.98)).epsilon(1e-12));
  CHECK(1 - std::exp(-lambda * kYear) == Approx(0.02).epsilon(1e-12));
  CHECK(failure_rate_per_s(0.0) == 0.0);
  CHECK_THROWS_AS(failure_rate_per_s(1.0), std::invalid_argument);
}

TEST_CASE("durability: two-way mirror on two nodes matches (3 lambda + mu) / (2 lambda^2)", "[durability]") {
  // Four drives per node: a node is one fault domain failing at 4 lambda_drive.
  for (const double rebuild_s : {6 * kHour, 10 * 60.0, 7 * 24 * kHour}) {
    for (const double afr : {0.005, 0.02}) {
      const DurabilityInputs in = drives_only(2, 4, two_way_mirror(), afr, rebuild_s);
      const double lambda = 4 * failure_rate_per_s(afr), mu = 1 / rebuild_s;
      CHECK(mean_time_to_data_loss_s(in) == Approx((3 * lambda + mu) / (2 * lambda * lambda)).epsilon(1e-9));
    }
  }
}

TEST_CASE("durability: two-way mirror loss probability within t matches the two-state closed form", "[durability]") {
  const double afr = 0.02, rebuild_s = 24 * kHour;
  const DurabilityInputs in = drives_only(2, 4, two_way_mirror(), afr, rebuild_s);
  const double lambda = 4 * failure_rate_per_s(afr), mu = 1 / rebuild_s;
  // Q_T = [[-2l, 2l], [mu, -(l + mu)]]: eigenvalues r1 (slow), r2 (fast), r1 r2 = 2 l^2.
  const double b = 3 * lambda + mu;
  const double r2 = -(b + std::sqrt(b * b - 8 * lambda * lambda)) / 2;
  const double r1 = 2 * lambda * lambda / r2;
  for (const double t : {0.1 * kYear, kYear, 5 * kYear, 1000 * kYear}) {
    // 1 - S(t), S = (r2 e^{r1 t} - r1 e^{r2 t}) / (r2 - r1), written without cancellation.
    const double expected = (-r2 * std::expm1(r1 * t) + r1 * std::expm1(r2 * t)) / (r2 - r1);
    CHECK(data_loss_probability(in, t) == Approx(expected).epsilon(1e-9));
  }
}

TEST_CASE("durability: three-way mirror on three nodes matches the independent-repair closed form", "[durability]") {
  for (const double rebuild_s : {2 * kHour, 48 * kHour}) {
    const DurabilityInputs in = drives_only(3, 1, three_way_mirror(), 0.03, rebuild_s);
    const double l = failure_rate_per_s(0.03), mu = 1 / rebuild_s;
    const double expected = (11 * l * l + 7 * l * mu + 2 * mu * mu) / (6 * l * l * l);
    CHECK(mean_time_to_data_loss_s(in) == Approx(expected).epsilon(1e-9));
  }
}

TEST_CASE("durability: without repair MTTDL is the sum of 1 / (k lambda) and loss is a binomial tail", "[durability]") {
  // Three-way mirror on 4 nodes of 24 drives: loss once 3 of the 4 node domains have lost a drive.
  const double afr = 0.01;
  const DurabilityInputs in = drives_only(4, 24, three_way_mirror(), afr, kNever);
  const double l = 24 * failure_rate_per_s(afr);
  CHECK(mean_time_to_data_loss_s(in) == Approx(1 / (4 * l) + 1 / (3 * l) + 1 / (2 * l)).epsilon(1e-9));
  for (const double t : {0.5 * kYear, 3 * kYear}) {
    const double p = -std::expm1(-l * t);
    const double at_least_3_of_4 = 4 * p * p * p * (1 - p) + p * p * p * p;
    CHECK(data_loss_probability(in, t) == Approx(at_least_3_of_4).epsilon(1e-9));
  }
  // Simple layout on 2 nodes of 3 drives: the first of the 6 drives to fail loses data.
  const DurabilityInputs simple = drives_only(2, 3, simple_layout(), afr, kNever);
  CHECK(mean_time_to_data_loss_s(simple) == Approx(1 / (6 * failure_rate_per_s(afr))).epsilon(1e-12));
}

TEST_CASE("durability: nested two-way mirror (2 nodes x 2 drives) matches its closed forms", "[durability]") {
  const double afr = 0.02, l = failure_rate_per_s(afr);
  // No repair: data is lost when all four drives have failed, E[max of 4 exponentials].
  const DurabilityInputs none = drives_only(2, 2, nested_two_way_mirror(), afr, kNever);
  CHECK(mean_time_to_data_loss_s(none) == Approx(25 / (12 * l)).epsilon(1e-9));
  const double t = 2 * kYear, p = -std::expm1(-l * t);
  CHECK(data_loss_probability(none, t) == Approx(p * p * p * p).epsilon(1e-9));
  // Each failed drive rebuilt independently at mu.
  const double rebuild_s = 12 * kHour, mu = 1 / rebuild_s;
  const DurabilityInputs repaired = drives_only(2, 2, nested_two_way_mirror(), afr, rebuild_s);
  const double expected =
      (25 * l * l * l + 23 * l * l * mu + 13 * l * mu * mu + 3 * mu * mu * mu) / (12 * l * l * l * l);
  CHECK(mean_time_to_data_loss_s(repaired) == Approx(expected).epsilon(1e-9));
}

TEST_CASE("durability: transient node outages alone never lose data", "[durability]") {
  const DurabilityInputs in = outages_only(2, two_way_mirror(), 1000 * kHour, 10 * kHour, kHour);
  CHECK(std::isinf(mean_time_to_data_loss_s(in)));
  CHECK(data_loss_probability(in, 10 * kYear) == 0.0);
}

TEST_CASE("durability: drive failures with node outages match the first-step equations of the stated rules",
          "[durability]") {
  // Two nodes, one drive each, two-way mirror. States (H healthy, F drive lost, T down and
  // stale, R resyncing, C down holding the last current copy while the volume is offline):
  //   0 HH   1 HF   2 HT   3 HR   4 FC   5 TC   6 RC
  // Expected time to loss from each: t_i = (1 + sum_j q_ij t_j) / q_i, with the loss rate in q_i.
  const double afr = 0.05, rebuild_s = 30 * kHour, mtbf_s = 2000 * kHour, down_s = 8 * kHour, resync_s = 3 * kHour;
  const double l = failure_rate_per_s(afr), mu = 1 / rebuild_s, nu = 1 / mtbf_s, d = 1 / down_s, rho = 1 / resync_s;
  Eigen::MatrixXd q = Eigen::MatrixXd::Zero(7, 7);
  Eigen::VectorXd loss = Eigen::VectorXd::Zero(7);
  // One row per state (clang-format would put one statement a line).
  // clang-format off
  q(0, 1) = 2 * l;  q(0, 2) = 2 * nu;                                  // HH
  loss(1) = l;      q(1, 4) = nu;  q(1, 0) = mu;  q(1, 2) = nu;        // HF: H's drive; H down (offline); rebuild; F down
  loss(2) = l;      q(2, 5) = nu;  q(2, 3) = d;                        // HT: H's drive; H down (offline); T returns
  loss(3) = l;      q(3, 6) = nu;  q(3, 0) = rho; q(3, 2) = nu;        // HR: H's drive; H down (offline); resync; R down
  q(4, 5) = nu;     q(4, 1) = d;                                       // FC: F down; C returns (online)
  q(5, 6) = d;      q(5, 2) = d;                                       // TC: T returns (still offline); C returns
  q(6, 5) = nu;     q(6, 3) = d;                                       // RC: R down; C returns (resync can go on)
  // clang-format on
  Eigen::MatrixXd a = -q;
  for (int i = 0; i < 7; ++i) a(i, i) = q.row(i).sum() + loss(i);
  const Eigen::VectorXd t = a.fullPivLu().solve(Eigen::VectorXd::Ones(7));

  DurabilityInputs in = drives_only(2, 1, two_way_mirror(), afr, rebuild_s);
  in.node_mtbf_s = mtbf_s;
  in.node_downtime_s = down_s;
  in.node_resync_s = resync_s;
  CHECK(mean_time_to_data_loss_s(in) == Approx(t(0)).epsilon(1e-9));
}

TEST_CASE("durability: quorum rules reproduce the documented examples", "[durability][quorum]") {
  // 16 drives, 2 of 4 nodes down: 8 + the owner's tie-break keeps the pool; one more drive does not.
  CHECK(pool_has_quorum(8, 16));
  CHECK_FALSE(pool_has_quorum(7, 16));
  // 4 nodes + witness survive two node failures; 3 nodes do not survive two.
  CHECK(cluster_has_quorum(2, 4, true));
  CHECK_FALSE(cluster_has_quorum(1, 3, true));
  CHECK_FALSE(cluster_has_quorum(1, 2, false));  // a 2-node cluster needs its witness
  CHECK(cluster_has_quorum(1, 2, true));
}

TEST_CASE("durability: availability of a single repairable unit is mu / (lambda + mu)", "[durability][availability]") {
  const double mtbf_s = 5000 * kHour, down_s = 4 * kHour;
  const DurabilityInputs in = outages_only(1, simple_layout(), mtbf_s, down_s, 0);
  CHECK(volume_availability(in) == Approx((1 / down_s) / (1 / mtbf_s + 1 / down_s)).epsilon(1e-12));
}

TEST_CASE("durability: availability with node outages follows the binomial of nodes down and the quorum rules",
          "[durability][availability]") {
  const double mtbf_s = 500 * kHour, down_s = 50 * kHour;  // a node is down 1/11 of the time
  const double q = (1 / mtbf_s) / (1 / mtbf_s + 1 / down_s), a = 1 - q;
  // Three-way mirror, 4 nodes + witness: online with up to two nodes down.
  CHECK(volume_availability(outages_only(4, three_way_mirror(), mtbf_s, down_s, 0)) ==
        Approx(a * a * a * a + 4 * a * a * a * q + 6 * a * a * q * q).epsilon(1e-12));
  // Three-way mirror on 3 nodes: copies survive two down, quorum does not.
  CHECK(volume_availability(outages_only(3, three_way_mirror(), mtbf_s, down_s, 0)) ==
        Approx(a * a * a + 3 * a * a * q).epsilon(1e-12));
  // Rare outages: the unavailability keeps its digits where 1 - availability would not.
  const double rare_q = (1 / (1e5 * kHour)) / (1 / (1e5 * kHour) + 1 / (0.1 * kHour)), rare_a = 1 - rare_q;
  CHECK(volume_unavailability(outages_only(4, three_way_mirror(), 1e5 * kHour, 0.1 * kHour, 0)) ==
        Approx(4 * rare_a * rare_q * rare_q * rare_q + rare_q * rare_q * rare_q * rare_q).epsilon(1e-9));
  // Two-way mirror on 2 nodes: one node down is survivable only with a witness.
  DurabilityInputs two = outages_only(2, two_way_mirror(), mtbf_s, down_s, 0);
  CHECK(volume_availability(two) == Approx(1 - q * q).epsilon(1e-12));
  two.witness = false;
  CHECK(volume_availability(two) == Approx(a * a).epsilon(1e-12));
}

TEST_CASE("durability: availability with drive failures, outages and resyncs is the product form of one node",
          "[durability][availability]") {
  // One node: H -(D l)-> F -(mu)-> H; H, F, R -(nu)-> T -(delta)-> R -(rho)-> H. Its stationary shares:
  const int drives = 6;
  const double afr = 0.2, rebuild_s = 100 * kHour, mtbf_s = 800 * kHour, down_s = 20 * kHour, resync_s = 10 * kHour;
  const double l = drives * failure_rate_per_s(afr), mu = 1 / rebuild_s, nu = 1 / mtbf_s, d = 1 / down_s,
               rho = 1 / resync_s;
  const double p_down = nu / (nu + d), p_resync = d * p_down / (nu + rho);
  const double p_healthy = (1 - p_down - p_resync) / (1 + l / (mu + nu));
  DurabilityInputs in = drives_only(4, drives, two_way_mirror(), afr, rebuild_s);
  in.node_mtbf_s = mtbf_s;
  in.node_downtime_s = down_s;
  in.node_resync_s = resync_s;
  // Two-way mirror on 4 nodes: online while at most one node is not healthy (quorum holds then).
  const double h4 = std::pow(p_healthy, 4);
  CHECK(volume_availability(in) == Approx(h4 + 4 * std::pow(p_healthy, 3) * (1 - p_healthy)).epsilon(1e-10));
  // Three-way mirror on 5 nodes: at most two not healthy.
  in.nodes = 5;
  in.layout = three_way_mirror();
  double expected = 0;
  for (int k = 0; k <= 2; ++k) expected += binomial(5, k) * std::pow(p_healthy, 5 - k) * std::pow(1 - p_healthy, k);
  CHECK(volume_availability(in) == Approx(expected).epsilon(1e-10));
}

TEST_CASE("durability: layout comparison on two nodes lists what fits, with closed-form MTTDL", "[durability]") {
  const double afr = 0.02, rebuild_s = 8 * kHour;
  const auto rows = compare_mirror_layouts(drives_only(2, 2, two_way_mirror(), afr, rebuild_s), kYear);
  REQUIRE(rows.size() == 3);
  const double l = failure_rate_per_s(afr), mu = 1 / rebuild_s;
  CHECK(rows[0].layout.copies() == 2);
  CHECK(rows[0].fits);
  CHECK(rows[0].usable_fraction == Approx(0.5));
  CHECK(rows[0].mttdl_s == Approx((3 * 2 * l + mu) / (2 * 4 * l * l)).epsilon(1e-9));
  CHECK_FALSE(rows[1].fits);  // three-way mirror needs three nodes
  CHECK(rows[1].why_not.find("3 nodes") != std::string::npos);
  CHECK(rows[1].usable_fraction == Approx(1.0 / 3));
  CHECK(rows[2].fits);
  CHECK(rows[2].usable_fraction == Approx(0.25));
  CHECK(rows[2].mttdl_s ==
        Approx((25 * l * l * l + 23 * l * l * mu + 13 * l * mu * mu + 3 * mu * mu * mu) / (12 * l * l * l * l))
            .epsilon(1e-9));
  // Only drive failures: availability = 1 - P(both nodes have lost a drive), P = 2 l / (2 l + mu).
  const double p_lost = 2 * l / (2 * l + mu);
  CHECK(rows[0].availability == Approx(1 - p_lost * p_lost).epsilon(1e-12));
}

TEST_CASE("durability: MTTDL by repair time follows the closed form for each repair time", "[durability]") {
  const double afr = 0.01;
  const DurabilityInputs base = drives_only(2, 8, two_way_mirror(), afr, 0);
  const std::vector<RepairTimes> speeds = {{"1", 16 * kHour, 0}, {"4", 5 * kHour, 0}, {"16", 2 * kHour, 0}};
  const auto rows = durability_by_repair_time(base, speeds, kYear);
  REQUIRE(rows.size() == 3);
  const double l = 8 * failure_rate_per_s(afr);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double mu = 1 / speeds[i].drive_rebuild_s;
    CHECK(rows[i].repair.label == speeds[i].label);
    CHECK(rows[i].mttdl_s == Approx((3 * l + mu) / (2 * l * l)).epsilon(1e-9));
    // MTTDL ~ mu / (2 l^2): much larger than a year, so P(loss in a year) ~ year / MTTDL.
    CHECK(rows[i].loss_probability == Approx(kYear / rows[i].mttdl_s).epsilon(0.01));
  }
}

TEST_CASE("durability: bad inputs are refused with a clear message", "[durability]") {
  CHECK_THROWS_WITH(mean_time_to_data_loss_s(drives_only(2, 4, three_way_mirror(), 0.01, kHour)),
                    Catch::Contains("three-way mirror puts copies on 3 nodes"));
  CHECK_THROWS_WITH(mean_time_to_data_loss_s(drives_only(2, 1, nested_two_way_mirror(), 0.01, kHour)),
                    Catch::Contains("distinct drives"));
  CHECK_THROWS_WITH(mean_time_to_data_loss_s(drives_only(2, 4, two_way_mirror(), 1.0, kHour)), Catch::Contains("AFR"));
  CHECK_THROWS_WITH(mean_time_to_data_loss_s(drives_only(2, 4, two_way_mirror(), 0.01, 0)),
                    Catch::Contains("rebuild time"));
  CHECK_THROWS_WITH(mean_time_to_data_loss_s(outages_only(2, two_way_mirror(), 1000 * kHour, 0, 0)),
                    Catch::Contains("downtime"));
  CHECK_THROWS_WITH(volume_availability(drives_only(2, 4, two_way_mirror(), 0.01, kNever)),
                    Catch::Contains("finite drive rebuild"));
  CHECK_THROWS_WITH(data_loss_probability(drives_only(2, 4, two_way_mirror(), 0.01, kHour), -1),
                    Catch::Contains("mission"));
}
