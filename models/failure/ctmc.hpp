// Solvers for a small continuous-time Markov chain given by its transition
// rates (dense Eigen matrices; the durability chains have tens to a few
// hundred states).
//
// Accuracy matters here: repair rates are 10^4..10^6 times failure rates, so
// ordinary Gaussian elimination on the generator loses digits to cancellation
// in the diagonal. Both linear solvers below are subtraction-free state
// reductions (Grassmann-Taksar-Heyman): when a state is eliminated, the exit
// rate of every remaining state is recomputed as a sum of non-negative terms,
// never as a difference, so results keep nearly full relative precision.
// The transient solver uses uniformisation over a short step followed by
// repeated squaring: every term is non-negative, so small probabilities (the
// chance of losing data within a year) come out with relative, not absolute,
// accuracy.
#pragma once

#include <Eigen/Dense>

namespace hcisim::models {

struct Ctmc {
  // rates(i, j): rate from state i to state j (i != j), >= 0; the diagonal is ignored.
  Eigen::MatrixXd rates;
  // Rate from state i into the one absorbing state (size 0 = there is none).
  Eigen::VectorXd absorption;
};

// Expected time until absorption from each state (the solution of Q_T t = -1,
// i.e. the row sums of the fundamental matrix). +infinity for a state from
// which absorption is not certain (it can reach states that never absorb).
Eigen::VectorXd mean_time_to_absorption(const Ctmc& chain);

// Probability of having been absorbed by time t >= 0, starting in `start`.
double absorption_probability_by(const Ctmc& chain, int start, double t);

// Stationary distribution of a chain without absorption. Throws
// std::invalid_argument unless the chain is irreducible.
Eigen::VectorXd stationary_distribution(const Ctmc& chain);

}  // namespace hcisim::models
