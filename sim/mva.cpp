#include "sim/mva.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <stdexcept>

namespace hcisim::sim {

namespace {

void validate(const std::vector<MvaStation>& stations, int population, double think_time_s) {
  if (population < 0) throw std::invalid_argument("solve_mva: negative population");
  if (!(think_time_s >= 0)) throw std::invalid_argument("solve_mva: negative think time");
  for (const MvaStation& s : stations) {
    if (!(s.demand_s >= 0)) throw std::invalid_argument("solve_mva: negative demand");
    if (s.kind == MvaStation::Kind::MultiServer && s.servers < 1)
      throw std::invalid_argument("solve_mva: multi-server station needs servers >= 1");
  }
}

// Residence time at population n from the state at population n-1.
double residence(const MvaStation& s, double queue_before, const Eigen::VectorXd& low_states_before) {
  switch (s.kind) {
    case MvaStation::Kind::Delay: return s.demand_s;
    case MvaStation::Kind::Queueing: return s.demand_s * (1.0 + queue_before);
    case MvaStation::Kind::MultiServer: {
      const int c = s.servers;
      double idle_correction = 0;
      for (int j = 0; j <= c - 2; ++j) idle_correction += (c - 1 - j) * low_states_before[j];
      return s.demand_s / c * (1.0 + queue_before + idle_correction);
    }
  }
  return 0;
}

// p(j | n) for j = 0..c-1 from p(. | n-1) and X(n).
void update_low_states(const MvaStation& s, double throughput, Eigen::VectorXd& p) {
  const int c = s.servers;
  const double load = throughput * s.demand_s;  // mean number of busy servers
  for (int j = c - 1; j >= 1; --j) p[j] = std::clamp(load / j * p[j - 1], 0.0, 1.0);
  double weighted = load;
  for (int j = 1; j <= c - 1; ++j) weighted += (c - j) * p[j];
  p[0] = std::clamp(1.0 - weighted / c, 0.0, 1.0);
}

}  // namespace

MvaResult solve_mva(const std::vector<MvaStation>& stations, int population, double think_time_s) {
  validate(stations, population, think_time_s);
  const auto k = static_cast<Eigen::Index>(stations.size());
  Eigen::VectorXd queue = Eigen::VectorXd::Zero(k);
  Eigen::VectorXd resid = Eigen::VectorXd::Zero(k);
  // Marginal probabilities of the lowest c states of each multi-server station;
  // at population 0 the station is empty for sure.
  std::vector<Eigen::VectorXd> low_states(stations.size());
  for (std::size_t i = 0; i < stations.size(); ++i) {
    if (stations[i].kind != MvaStation::Kind::MultiServer) continue;
    low_states[i] = Eigen::VectorXd::Zero(stations[i].servers);
    low_states[i][0] = 1.0;
  }

  double throughput = 0;
  for (int n = 1; n <= population; ++n) {
    for (Eigen::Index i = 0; i < k; ++i)
      resid[i] = residence(stations[static_cast<std::size_t>(i)], queue[i], low_states[static_cast<std::size_t>(i)]);
    const double cycle = think_time_s + resid.sum();
    throughput = cycle > 0 ? n / cycle : 0.0;
    queue = throughput * resid;
    for (std::size_t i = 0; i < stations.size(); ++i)
      if (stations[i].kind == MvaStation::Kind::MultiServer) update_low_states(stations[i], throughput, low_states[i]);
  }

  MvaResult result;
  result.throughput_per_s = throughput;
  result.response_time_s = population == 0 ? 0.0 : resid.sum();
  result.queue_length.assign(queue.data(), queue.data() + k);
  result.residence_time_s.assign(resid.data(), resid.data() + k);
  result.utilisation.resize(stations.size());
  for (std::size_t i = 0; i < stations.size(); ++i) {
    const MvaStation& s = stations[i];
    const double busy = throughput * s.demand_s;
    result.utilisation[i] = s.kind == MvaStation::Kind::MultiServer ? busy / s.servers : busy;
  }
  return result;
}

}  // namespace hcisim::sim
