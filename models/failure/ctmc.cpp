#include "models/failure/ctmc.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace hcisim::models {

namespace {

using Eigen::Index;

void check(const Ctmc& chain) {
  const Index n = chain.rates.rows();
  if (n == 0 || chain.rates.cols() != n)
    throw std::invalid_argument("Markov chain: the rate matrix must be square and not empty");
  if (chain.absorption.size() != 0 && chain.absorption.size() != n)
    throw std::invalid_argument("Markov chain: one absorption rate per state (or none)");
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < n; ++j)
      if (i != j && !(chain.rates(i, j) >= 0 && std::isfinite(chain.rates(i, j))))
        throw std::invalid_argument("Markov chain: rates must be finite and >= 0");
    if (chain.absorption.size() != 0 && !(chain.absorption(i) >= 0 && std::isfinite(chain.absorption(i))))
      throw std::invalid_argument("Markov chain: absorption rates must be finite and >= 0");
  }
}

double absorption_of(const Ctmc& chain, Index i) { return chain.absorption.size() == 0 ? 0.0 : chain.absorption(i); }

// Marks every state from which some marked state can be reached (marks grow backwards along the rates).
void mark_predecessors(const Eigen::MatrixXd& rates, std::vector<bool>& marked) {
  const Index n = rates.rows();
  std::vector<Index> frontier;
  for (Index i = 0; i < n; ++i)
    if (marked[static_cast<std::size_t>(i)]) frontier.push_back(i);
  while (!frontier.empty()) {
    const Index j = frontier.back();
    frontier.pop_back();
    for (Index i = 0; i < n; ++i) {
      if (i == j || marked[static_cast<std::size_t>(i)] || !(rates(i, j) > 0)) continue;
      marked[static_cast<std::size_t>(i)] = true;
      frontier.push_back(i);
    }
  }
}

}  // namespace

Eigen::VectorXd mean_time_to_absorption(const Ctmc& chain) {
  check(chain);
  const Index n = chain.rates.rows();
  // Absorption is certain from a state unless it can reach a state that cannot absorb.
  std::vector<bool> can_absorb(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) can_absorb[static_cast<std::size_t>(i)] = absorption_of(chain, i) > 0;
  mark_predecessors(chain.rates, can_absorb);
  std::vector<bool> may_never(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < may_never.size(); ++i) may_never[i] = !can_absorb[i];
  mark_predecessors(chain.rates, may_never);

  std::vector<Index> kept;  // states with finite expected time; they only lead to each other or absorb
  for (Index i = 0; i < n; ++i)
    if (!may_never[static_cast<std::size_t>(i)]) kept.push_back(i);
  const Index m = static_cast<Index>(kept.size());
  Eigen::VectorXd result = Eigen::VectorXd::Constant(n, std::numeric_limits<double>::infinity());
  if (m == 0) return result;

  Eigen::MatrixXd r(m, m);
  Eigen::VectorXd a(m), b = Eigen::VectorXd::Ones(m), exit(m);
  for (Index i = 0; i < m; ++i) {
    for (Index j = 0; j < m; ++j)
      r(i, j) = i == j ? 0.0 : chain.rates(kept[static_cast<std::size_t>(i)], kept[static_cast<std::size_t>(j)]);
    a(i) = absorption_of(chain, kept[static_cast<std::size_t>(i)]);
  }
  // Eliminate states m-1 .. 1. After eliminating k, state i < k reaches j through k with
  // probability r(i,k)/exit(k) * r(k,j) / ..., absorbs through it and spends its time there:
  // all folded into row i. exit(k) is a sum of what is left, never a difference.
  for (Index k = m - 1; k >= 0; --k) {
    double out = a(k);
    for (Index j = 0; j < k; ++j) out += r(k, j);
    exit(k) = out;
    if (!(out > 0)) throw std::logic_error("Markov chain: a state with certain absorption has no exit");
    for (Index i = 0; i < k; ++i) {
      if (!(r(i, k) > 0)) continue;
      const double f = r(i, k) / out;
      for (Index j = 0; j < k; ++j)
        if (j != i) r(i, j) += f * r(k, j);
      a(i) += f * a(k);
      b(i) += f * b(k);
    }
  }
  // Back substitution: t_k = (b_k + sum_{j<k} r(k,j) t_j) / exit(k).
  Eigen::VectorXd t(m);
  for (Index k = 0; k < m; ++k) {
    double sum = b(k);
    for (Index j = 0; j < k; ++j) sum += r(k, j) * t(j);
    t(k) = sum / exit(k);
  }
  for (Index i = 0; i < m; ++i) result(kept[static_cast<std::size_t>(i)]) = t(i);
  return result;
}

double absorption_probability_by(const Ctmc& chain, int start, double t) {
  check(chain);
  const Index n = chain.rates.rows();
  if (start < 0 || start >= n) throw std::invalid_argument("Markov chain: start state out of range");
  if (!(t >= 0) || !std::isfinite(t)) throw std::invalid_argument("Markov chain: the time must be finite and >= 0");
  Eigen::VectorXd exit(n);
  double fastest = 0;
  for (Index i = 0; i < n; ++i) {
    double out = absorption_of(chain, i);
    for (Index j = 0; j < n; ++j)
      if (j != i) out += chain.rates(i, j);
    exit(i) = out;
    fastest = std::max(fastest, out);
  }
  if (fastest == 0 || t == 0) return 0.0;

  // Uniformisation at rate `fastest`: P = I + Q / fastest is stochastic and non-negative.
  // exp(Q h) = sum_k Poisson(k; fastest h) P^k for a step h with fastest * h <= 1, then
  // exp(Q t) = exp(Q h)^(2^s) by squaring.
  const double x_total = fastest * t;
  const int squarings = x_total > 1 ? static_cast<int>(std::ceil(std::log2(x_total))) : 0;
  const double x = x_total / std::ldexp(1.0, squarings);
  Eigen::MatrixXd p = Eigen::MatrixXd::Zero(n + 1, n + 1);
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < n; ++j)
      p(i, j) = i == j ? std::max(0.0, 1.0 - exit(i) / fastest) : chain.rates(i, j) / fastest;
    p(i, n) = absorption_of(chain, i) / fastest;
  }
  p(n, n) = 1.0;
  double weight = std::exp(-x);
  Eigen::MatrixXd power = Eigen::MatrixXd::Identity(n + 1, n + 1);
  Eigen::MatrixXd step = weight * power;
  // Poisson tail below 1e-25 after k terms: negligible even after 2^s squarings.
  for (int k = 1; weight > 1e-25 || k <= x; ++k) {
    power = power * p;
    weight *= x / k;
    step += weight * power;
  }
  for (int s = 0; s < squarings; ++s) step = step * step;
  return std::min(1.0, step(start, n));
}

Eigen::VectorXd stationary_distribution(const Ctmc& chain) {
  check(chain);
  const Index n = chain.rates.rows();
  for (Index i = 0; i < n; ++i)
    if (absorption_of(chain, i) > 0)
      throw std::invalid_argument("Markov chain: a chain with absorption has no stationary distribution");
  // Irreducible: every state reaches state 0 and state 0 reaches every state.
  std::vector<bool> reaches_0(static_cast<std::size_t>(n), false);
  reaches_0[0] = true;
  mark_predecessors(chain.rates, reaches_0);
  std::vector<bool> reached(static_cast<std::size_t>(n), false);
  reached[0] = true;
  mark_predecessors(chain.rates.transpose(), reached);
  for (Index i = 0; i < n; ++i)
    if (!reaches_0[static_cast<std::size_t>(i)] || !reached[static_cast<std::size_t>(i)])
      throw std::invalid_argument(
          "Markov chain: the chain is not irreducible (some state is never left or never reached)");

  // GTH: eliminate states n-1 .. 1, folding the paths through each into the rest.
  Eigen::MatrixXd r = chain.rates;
  r.diagonal().setZero();
  Eigen::VectorXd exit(n);
  for (Index k = n - 1; k >= 1; --k) {
    double out = 0;
    for (Index j = 0; j < k; ++j) out += r(k, j);
    exit(k) = out;
    for (Index i = 0; i < k; ++i) {
      if (!(r(i, k) > 0)) continue;
      const double f = r(i, k) / out;
      for (Index j = 0; j < k; ++j)
        if (j != i) r(i, j) += f * r(k, j);
    }
  }
  Eigen::VectorXd pi(n);
  pi(0) = 1.0;
  for (Index k = 1; k < n; ++k) {
    double in = 0;
    for (Index i = 0; i < k; ++i) in += pi(i) * r(i, k);
    pi(k) = in / exit(k);
  }
  return pi / pi.sum();
}

}  // namespace hcisim::models
