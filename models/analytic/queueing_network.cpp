#include "models/analytic/queueing_network.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hcisim::models::analytic {

int Network::add_station(Station s) {
  if (s.instances < 1) throw std::invalid_argument("queueing network: a station needs at least one instance");
  stations.push_back(std::move(s));
  return static_cast<int>(stations.size() - 1);
}

int Network::add_step(Step s) {
  if (!(s.lone_s >= 0) || !(s.share_s >= 0)) throw std::invalid_argument("queueing network: negative service time");
  steps.push_back(s);
  return static_cast<int>(steps.size() - 1);
}

int Network::leaf(int step) {
  Node n;
  n.kind = Node::Kind::Leaf;
  n.step = step;
  nodes.push_back(std::move(n));
  return static_cast<int>(nodes.size() - 1);
}

int Network::seq(std::vector<int> children) {
  Node n;
  n.kind = Node::Kind::Seq;
  n.children = std::move(children);
  nodes.push_back(std::move(n));
  return static_cast<int>(nodes.size() - 1);
}

int Network::mix(std::vector<int> children, std::vector<double> probabilities) {
  if (children.size() != probabilities.size())
    throw std::invalid_argument("queueing network: a mix needs one probability per child");
  Node n;
  n.kind = Node::Kind::Mix;
  n.children = std::move(children);
  n.weights = std::move(probabilities);
  nodes.push_back(std::move(n));
  return static_cast<int>(nodes.size() - 1);
}

int Network::max(std::vector<int> children, std::vector<double> counts) {
  if (counts.empty()) counts.assign(children.size(), 1.0);
  if (children.size() != counts.size())
    throw std::invalid_argument("queueing network: a max needs one count per child");
  Node n;
  n.kind = Node::Kind::Max;
  n.children = std::move(children);
  n.weights = std::move(counts);
  nodes.push_back(std::move(n));
  return static_cast<int>(nodes.size() - 1);
}

void clark_max(double m1, double v1, double m2, double v2, double& mean, double& variance, double& p_first) {
  const double a2 = v1 + v2;
  if (a2 <= 1e-30 * std::max(1e-30, m1 * m1 + m2 * m2)) {
    p_first = m1 >= m2 ? 1.0 : 0.0;
    mean = std::max(m1, m2);
    variance = m1 >= m2 ? v1 : v2;
    return;
  }
  const double a = std::sqrt(a2);
  const double alpha = (m1 - m2) / a;
  const double phi = std::exp(-0.5 * alpha * alpha) / std::sqrt(2 * M_PI);
  const double cdf = 0.5 * std::erfc(-alpha / std::sqrt(2.0));
  p_first = cdf;
  mean = m1 * cdf + m2 * (1 - cdf) + a * phi;
  const double second = (m1 * m1 + v1) * cdf + (m2 * m2 + v2) * (1 - cdf) + (m1 + m2) * a * phi;
  variance = std::max(0.0, second - mean * mean);
}

namespace {}  // namespace

// Busy logical processors of an smt station at `utilisation` of its capacity
// (cores x yield), `whole_core` of it whole-core work: that holds a core each
// and one LP; the rest fills the other cores, one thread each first, then pairs.
double smt_busy_lps(const Station& s, double utilisation, double whole_core) {
  const double cores = s.cores > 0 ? s.cores : 0;
  const double y = s.smt ? s.smt_yield : 1.0;
  const double guests = std::clamp(whole_core, 0.0, 1.0) * cores * y;  // cores they hold (share_s is over the cores)
  const double work = std::max(0.0, std::clamp(utilisation, 0.0, 1.0) - std::clamp(whole_core, 0.0, 1.0)) * cores * y;
  const double free = std::max(0.0, cores - guests);
  if (!s.smt || y <= 1 || work <= free) return guests + work;
  return guests + free + std::min(free, (work - free) / (y - 1));
}

namespace {

// Mean burst time over the time alone on a core of the ordinary (not
// whole-core) work: an SMT-aware scheduler fills idle cores first, so bursts
// slow down only once that work exceeds one thread per core left free.
double smt_stretch(const Station& s, double utilisation, double whole_core) {
  if (!s.smt || s.smt_yield <= 1.0 || s.cores <= 0) return 1.0;
  const double work = std::max(0.0, utilisation - whole_core) * s.cores * s.smt_yield;  // single-thread units
  if (work <= 0) return 1.0;
  const double lps =
      smt_busy_lps(s, utilisation, whole_core) - std::clamp(whole_core, 0.0, 1.0) * s.cores * s.smt_yield;
  return std::max(1.0, lps / work);
}

// Variance of a wait of mean w at a station busy `rho` whose visits take
// `share` each: the work of the Q = w / share customers found, their number
// zero with probability 1 - rho and geometric otherwise (the M/M/1 shape),
// but in a closed class of `population` it varies no more than the customers
// elsewhere do (a saturated bottleneck holds nearly all of them).
double wait_variance(double w, double rho, double share, double population) {
  if (w <= 0) return 0;
  const double r = std::clamp(rho, 0.05, 1.0);
  const double open = w * w * (2.0 / r - 1.0);
  if (share <= 0) return open;
  const double found = w / share;
  return std::min(open, share * share * (found + std::max(0.0, population - found)));
}

void evaluate_nodes(Network& net) {
  for (Node& n : net.nodes) {
    n.stages.fill(0.0);
    switch (n.kind) {
      case Node::Kind::Leaf: {
        const Step& s = net.steps[static_cast<std::size_t>(n.step)];
        n.mean = s.residence_s;
        n.variance = s.variance;
        n.stages[static_cast<std::size_t>(s.stage)] = s.residence_s;
        break;
      }
      case Node::Kind::Seq: {
        n.mean = 0;
        n.variance = 0;
        for (const int c : n.children) {
          const Node& child = net.nodes[static_cast<std::size_t>(c)];
          n.mean += child.mean;
          n.variance += child.variance;
          for (int k = 0; k < kIoStageCount; ++k) n.stages[k] += child.stages[k];
        }
        break;
      }
      case Node::Kind::Mix: {
        double mean = 0, second = 0;
        for (std::size_t i = 0; i < n.children.size(); ++i) {
          const Node& child = net.nodes[static_cast<std::size_t>(n.children[i])];
          const double p = n.weights[i];
          mean += p * child.mean;
          second += p * (child.variance + child.mean * child.mean);
          for (int k = 0; k < kIoStageCount; ++k) n.stages[k] += p * child.stages[k];
        }
        n.mean = mean;
        n.variance = std::max(0.0, second - mean * mean);
        break;
      }
      case Node::Kind::Max: {
        bool first = true;
        double mean = 0, variance = 0;
        std::array<double, kIoStageCount> path{};
        for (std::size_t i = 0; i < n.children.size(); ++i) {
          const Node& child = net.nodes[static_cast<std::size_t>(n.children[i])];
          const int copies = static_cast<int>(std::lround(n.weights[i]));
          for (int c = 0; c < copies; ++c) {
            if (first) {
              mean = child.mean;
              variance = child.variance;
              path = child.stages;
              first = false;
              continue;
            }
            double m = 0, v = 0, p = 0;
            clark_max(mean, variance, child.mean, child.variance, m, v, p);
            for (int k = 0; k < kIoStageCount; ++k) path[k] = p * path[k] + (1 - p) * child.stages[k];
            mean = m;
            variance = v;
          }
        }
        // The critical path's stages, scaled to the mean of the maximum.
        double along = 0;
        for (const double x : path) along += x;
        const double scale = along > 0 ? mean / along : 0;
        for (int k = 0; k < kIoStageCount; ++k) n.stages[k] = path[k] * scale;
        n.mean = mean;
        n.variance = variance;
        break;
      }
    }
  }
}

// Visits per I/O of every node and step, from the class roots down.
void count_visits(Network& net) {
  for (Node& n : net.nodes) n.multiplier = 0;
  for (Step& s : net.steps) s.visits = 0;
  for (const ClassSpec& c : net.classes) {
    if (c.read_root >= 0) net.nodes[static_cast<std::size_t>(c.read_root)].multiplier += 1 - c.write_fraction;
    if (c.write_root >= 0) net.nodes[static_cast<std::size_t>(c.write_root)].multiplier += c.write_fraction;
  }
  for (std::size_t i = net.nodes.size(); i-- > 0;) {
    const Node& n = net.nodes[i];
    if (n.multiplier == 0) continue;
    switch (n.kind) {
      case Node::Kind::Leaf: net.steps[static_cast<std::size_t>(n.step)].visits += n.multiplier; break;
      case Node::Kind::Seq:
        for (const int c : n.children) net.nodes[static_cast<std::size_t>(c)].multiplier += n.multiplier;
        break;
      case Node::Kind::Mix:
      case Node::Kind::Max:
        for (std::size_t k = 0; k < n.children.size(); ++k) {
          net.nodes[static_cast<std::size_t>(n.children[k])].multiplier += n.multiplier * n.weights[k];
        }
        break;
    }
  }
}

// A token pool of c units at utilisation rho waits as an M/M/c queue, not as
// Seidmann's single server of a c-th of the demand: the Erlang-C probability
// of waiting over rho, by which the single server's wait is scaled (1 for one
// unit; at two units and rho = 0.6, 0.75 of it; 1 once the pool is full).
double pool_wait_factor(int units, double rho) {
  if (units <= 1 || rho >= 1) return 1;
  if (rho <= 0) return 0;
  const double offered = units * rho;
  double blocking = 1;  // Erlang B, by its recursion over the units
  for (int k = 1; k <= units; ++k) blocking = offered * blocking / (k + offered * blocking);
  const double waiting = blocking / (1 - rho * (1 - blocking));
  return waiting / rho;
}

double cycle_time(const Network& net, const ClassSpec& c) {
  double t = 0;
  if (c.read_root >= 0) t += (1 - c.write_fraction) * net.nodes[static_cast<std::size_t>(c.read_root)].mean;
  if (c.write_root >= 0) t += c.write_fraction * net.nodes[static_cast<std::size_t>(c.write_root)].mean;
  return t;
}

}  // namespace

SolveReport solve(Network& net) {
  for (std::size_t i = 0; i < net.nodes.size(); ++i) {
    for (const int c : net.nodes[i].children) {
      if (c < 0 || static_cast<std::size_t>(c) >= i)
        throw std::logic_error("queueing network: a node's child must come before it");
    }
  }
  const std::size_t stations = net.stations.size();
  const std::size_t classes = net.classes.size();
  count_visits(net);
  // Backlog per station instance, in total and per class (for self-exclusion).
  std::vector<double> backlog(stations, 0.0), fresh(stations, 0.0), rho(stations, 0.0);
  std::vector<double> by_class(stations * classes, 0.0), fresh_by_class(stations * classes, 0.0);
  // Priorities at a CPU (Step::low_priority): the backlog and utilisation of
  // host work, and what the guest work in progress leaves a host burst to wait
  // for (sum of rate x share^2: the mean residual of exponential bursts, times
  // the chance one is in progress).
  std::vector<double> backlog_hi(stations, 0.0), fresh_hi(stations, 0.0), rho_hi(stations, 0.0), used_hi(stations, 0.0);
  std::vector<double> by_class_hi(stations * classes, 0.0), fresh_by_class_hi(stations * classes, 0.0);
  std::vector<double> residual_lo(stations, 0.0), fresh_residual_lo(stations, 0.0), used(stations, 0.0);
  std::vector<double> bursts(stations, 0.0), fresh_bursts(stations, 0.0);  // visits per second per instance
  constexpr double kMostHostShare = 0.95;
  std::vector<double> stretch(stations, 1.0), whole(stations, 0.0);
  // Token pools: their units, and the factor on their queueing part's wait.
  // A pool with a unit for every customer that can take one makes no one wait.
  std::vector<int> pool_units(stations, 0);
  std::vector<double> pool_customers(stations, 0.0);
  std::vector<char> counted(stations * classes, 0);
  for (const Step& s : net.steps) {
    if (s.holds.empty()) continue;
    const auto k = static_cast<std::size_t>(s.station);
    const int units = static_cast<int>(std::lround(s.servers));
    if (pool_units[k] != 0 && pool_units[k] != units) {
      throw std::logic_error("queueing network: a token pool's steps disagree on its units");
    }
    pool_units[k] = units;
    char& seen_class = counted[k * classes + static_cast<std::size_t>(s.cls)];
    if (seen_class) continue;
    seen_class = 1;
    const ClassSpec& c = net.classes[static_cast<std::size_t>(s.cls)];
    pool_customers[k] += net.stations[k].per_vm ? c.population / std::max(1, c.vm_instances) : c.population;
  }
  std::vector<double> pool_factor(stations, 1.0);
  for (ClassSpec& c : net.classes) c.throughput = 0;

  auto seen_in = [&](const std::vector<double>& total, const std::vector<double>& per_class, int station, int cls) {
    if (station < 0) return 0.0;
    const Station& st = net.stations[static_cast<std::size_t>(station)];
    const ClassSpec& c = net.classes[static_cast<std::size_t>(cls)];
    const double own_population = st.per_vm ? c.population / std::max(1, c.vm_instances) : c.population;
    const double mine = per_class[static_cast<std::size_t>(station) * classes + cls];
    const double own = own_population >= 1 ? mine / own_population : mine;
    return std::max(0.0, total[static_cast<std::size_t>(station)] - own);
  };
  auto seen = [&](int station, int cls) { return seen_in(backlog, by_class, station, cls); };
  // Waits at a station where host work goes first (HostCpu). A CPU's many LPs:
  // a burst waits only when every one is busy, so Seidmann's first come, first
  // served wait is scaled by Erlang C's probability of waiting over the
  // utilisation (as a token pool's, with cores x yield servers). A guest burst
  // waits what Kleinrock's conservation law leaves it (a work-conserving
  // discipline keeps sum rho_i W_i of first come, first served: what host work
  // waits less, guest work waits more).
  auto cpu_wait = [&](int station, int cls, bool low) {
    if (station < 0) return 0.0;
    const auto k = static_cast<std::size_t>(station);
    const Station& st = net.stations[k];
    const double f =
        st.cores > 0 ? pool_wait_factor(static_cast<int>(std::lround(st.cores * st.smt_yield)), std::min(used[k], 1.0))
                     : 1.0;
    const double fcfs = seen(station, cls) * f;
    // Host work at a CPU: Cobham's M/M/c with priorities, the chance every LP is
    // busy over the time to the next one frees (bursts of all sizes end at the
    // rate of their count: the count-weighted mean share), stretched by the host
    // work ahead of it. (Elsewhere: the host work found, and the guest burst in progress.)
    const double hi =
        st.cores > 0 && bursts[k] > 0
            ? std::min(fcfs, f * used[k] * (used[k] / bursts[k]) / (1 - std::min(used_hi[k], kMostHostShare)))
            : std::min(fcfs, (seen_in(backlog_hi, by_class_hi, station, cls) + residual_lo[k]) * f);
    if (!low) return hi;
    const double lo_used = used[k] - used_hi[k];
    if (!(lo_used > 0)) return fcfs;
    return std::max(fcfs, (used[k] * fcfs - used_hi[k] * hi) / lo_used);
  };
  auto effective = [&](const Step& s, double base) {
    return s.stretch_by >= 0 && !s.whole_core ? base * stretch[static_cast<std::size_t>(s.stretch_by)] : base;
  };
  auto held_s = [&](const Step& s) {
    double held = 0;
    for (const int h : s.holds) held += net.steps[static_cast<std::size_t>(h)].residence_s;
    return held;
  };
  auto share_of = [&](const Step& s) {
    if (!s.holds.empty()) return held_s(s) / s.servers;
    return s.stretch_by >= 0 && s.stretch_by != s.station ? effective(s, s.share_s) + s.load_wait_s : s.share_s;
  };

  auto population_of = [&](const Step& s) { return net.classes[static_cast<std::size_t>(s.cls)].population; };

  SolveReport report;
  constexpr int kMaxIterations = 3000;
  // Each update moves part of the way to its new value (throughputs, backlogs,
  // utilisations): a serial station held through a CPU wait, and Erlang C's
  // steep rise near a CPU's saturation, feed back on themselves. The share
  // shrinks while the iteration has not settled, so a cycle dies out.
  double damping = 0.5;
  constexpr int kRetryEvery = 200;
  constexpr double kLeastDamping = 0.01;
  int iteration = 0;
  double low = 0, high = 0, sum = 0;  // the total throughput over the iterations since the damping last changed
  int counted_iterations = 0;
  auto blend = [&](double old, double fresh) { return iteration == 0 ? fresh : (1 - damping) * old + damping * fresh; };
  for (int it = 0; it < kMaxIterations; ++it) {
    for (std::size_t k = 0; k < stations; ++k) {
      if (pool_units[k] == 0) continue;
      pool_factor[k] = pool_customers[k] <= pool_units[k] ? 0.0 : pool_wait_factor(pool_units[k], rho[k]);
    }
    // Residences from the backlogs: token pools (vCPUs, device slots, HBA tags)
    // after the steps they hold, in step order.
    for (int pass = 0; pass < 2; ++pass) {
      for (Step& s : net.steps) {
        if (s.holds.empty() == (pass == 1)) continue;
        double wait = s.holds.empty() ? cpu_wait(s.station, s.cls, s.low_priority) : seen(s.station, s.cls);
        s.own_wait_s = wait;
        if (s.pair_station >= 0) {
          s.pair_wait_s = seen(s.pair_station, s.cls);
          wait = std::max(wait, s.pair_wait_s);
        }
        s.wait_s = wait;
        const double r = s.station >= 0 ? rho[static_cast<std::size_t>(s.station)] : 0.0;
        if (!s.holds.empty()) {
          wait *= pool_factor[static_cast<std::size_t>(s.station)];
          const double held = held_s(s);
          // A batch released at once: the k-th waits k / servers bursts (half the batch on average).
          wait += held * std::max(0.0, s.batch + 1 - s.servers) / (2 * s.servers);
          s.wait_s = wait;
          s.residence_s = wait;
          s.variance = wait_variance(wait, r, share_of(s), population_of(s));
        } else {
          s.load_wait_s = s.waits_at_load ? cpu_wait(s.load_station, s.cls, false) : 0.0;
          const double lone = effective(s, s.lone_s) + s.load_wait_s;
          s.residence_s = lone + wait;
          s.variance = s.scv * lone * lone + wait_variance(wait, r, share_of(s), population_of(s));
        }
      }
    }
    evaluate_nodes(net);
    // Throughput of each class.
    double change = 0;
    for (ClassSpec& c : net.classes) {
      const double cycle = cycle_time(net, c);
      const double in_storage = c.storage_limit > 0 ? std::min(c.population, c.storage_limit) : c.population;
      double x = cycle + c.think_s > 0 ? in_storage / (cycle + c.think_s) : 0;
      if (c.max_rate > 0) x = std::min(x, c.max_rate);
      const double next = it == 0 ? x : (1 - damping) * c.throughput + damping * x;
      change = std::max(change, std::fabs(next - c.throughput) / std::max(next, 1e-300));
      c.throughput = next;
      c.vm_queue_s = next > 0 ? std::max(0.0, (c.population - in_storage) / next) : 0;
    }
    // Backlogs and utilisations (Little's law on the queueing parts).
    std::fill(fresh.begin(), fresh.end(), 0.0);
    std::fill(fresh_by_class.begin(), fresh_by_class.end(), 0.0);
    std::fill(rho.begin(), rho.end(), 0.0);
    std::fill(fresh_hi.begin(), fresh_hi.end(), 0.0);
    std::fill(fresh_by_class_hi.begin(), fresh_by_class_hi.end(), 0.0);
    std::fill(rho_hi.begin(), rho_hi.end(), 0.0);
    std::fill(fresh_residual_lo.begin(), fresh_residual_lo.end(), 0.0);
    std::fill(whole.begin(), whole.end(), 0.0);
    // Background load: its share of the station, and the work it leaves found (a burst in progress).
    for (std::size_t k = 0; k < stations; ++k) {
      const Station& st = net.stations[k];
      rho[k] = st.background;
      if (st.whole_core_background) whole[k] = st.background;
      // Background bursts are of one size (VmIoPath): one in progress has half of it left.
      fresh[k] = st.background * st.background_burst_s / 2;
      fresh_residual_lo[k] = fresh[k];  // guest work, as the VMs' own
      fresh_bursts[k] = st.background_burst_s > 0 ? st.background / st.background_burst_s : 0.0;
    }
    auto add = [&](int station, int cls, double rate, double share, double wait, bool whole_core = false,
                   bool low = false) {
      const auto k = static_cast<std::size_t>(station);
      const double per_instance = rate / net.stations[k].instances;
      rho[k] += per_instance * share;
      fresh_bursts[k] += per_instance;
      if (whole_core) whole[k] += per_instance * share;
      const double work = per_instance * share * (share + wait);
      fresh[k] += work;
      fresh_by_class[k * classes + static_cast<std::size_t>(cls)] += work;
      if (low) {
        fresh_residual_lo[k] += per_instance * share * share;
      } else {
        rho_hi[k] += per_instance * share;
        fresh_hi[k] += work;
        fresh_by_class_hi[k * classes + static_cast<std::size_t>(cls)] += work;
      }
    };
    for (const Step& s : net.steps) {
      const double rate = net.rate(s);
      if (rate <= 0) continue;
      // Each pipe of a message holds it for its own wait only (the other may finish later).
      if (s.station >= 0) {
        add(s.station, s.cls, rate, share_of(s), s.pair_station >= 0 ? s.own_wait_s : s.wait_s, s.whole_core,
            s.low_priority);
      }
      if (s.pair_station >= 0) add(s.pair_station, s.cls, rate, s.pair_share_s, s.pair_wait_s);
      if (s.load_station >= 0) add(s.load_station, s.cls, rate, s.load_share_s, s.load_wait_s);
    }
    double backlog_change = 0;
    for (std::size_t k = 0; k < stations; ++k) {
      const double next = fresh[k];
      backlog_change = std::max(backlog_change, std::fabs(next - backlog[k]) / std::max(next, 1e-9));
      backlog[k] = blend(backlog[k], next);
      backlog_hi[k] = blend(backlog_hi[k], fresh_hi[k]);
      residual_lo[k] = fresh_residual_lo[k];
      bursts[k] = blend(bursts[k], fresh_bursts[k]);
      used[k] = blend(used[k], rho[k]);
      used_hi[k] = blend(used_hi[k], rho_hi[k]);
      stretch[k] = smt_stretch(net.stations[k], rho[k], whole[k]);
    }
    for (std::size_t i = 0; i < by_class.size(); ++i) {
      by_class[i] = blend(by_class[i], fresh_by_class[i]);
      by_class_hi[i] = blend(by_class_hi[i], fresh_by_class_hi[i]);
    }
    report.iterations = it + 1;
    iteration = it + 1;
    double total = 0;
    for (const ClassSpec& c : net.classes) total += c.throughput;
    if (iteration % kRetryEvery == 1) low = high = sum = 0, counted_iterations = 0;
    low = counted_iterations == 0 ? total : std::min(low, total);
    high = std::max(high, total);
    sum += total;
    ++counted_iterations;
    if (iteration % kRetryEvery == 0) damping = std::max(kLeastDamping, damping * 0.7);
    // Throughput settles first; queues split between two equally saturated
    // stations drift slowly without moving the latency (Little: N / X).
    if (it > 2 && change < 1e-7 && backlog_change < 1e-5) {
      report.converged = true;
      break;
    }
  }
  if (!report.converged && sum > 0) report.swing = (high - low) / (sum / counted_iterations);
  for (std::size_t k = 0; k < stations; ++k) {
    net.stations[k].utilisation = rho[k];
    net.stations[k].whole_core = whole[k];
    net.stations[k].backlog_s = backlog[k];
    net.stations[k].stretch = stretch[k];
  }
  return report;
}

}  // namespace hcisim::models::analytic
