#include "models/failure/redundancy_chain.hpp"

#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

namespace hcisim::models {

namespace {

using Counts = std::vector<int>;

struct Rates {
  double drive = 0;        // one drive's failure rate
  double node = 0;         // one node's outage rate
  double node_return = 0;  // 1 / downtime
  double resync = 0;       // 1 / resync time
  bool instant_resync = false;
  double rebuild = 0;  // 1 / rebuild time of one failed drive (0: never)
};

double rate_of(double mean_s) { return std::isinf(mean_s) ? 0.0 : 1.0 / mean_s; }

Rates rates_of(const DurabilityInputs& in) {
  Rates r;
  r.drive = failure_rate_per_s(in.drive_afr);
  r.node = rate_of(in.node_mtbf_s);
  if (r.node > 0) {
    r.node_return = 1.0 / in.node_downtime_s;
    r.instant_resync = in.node_resync_s == 0;
    r.resync = r.instant_resync ? 0.0 : 1.0 / in.node_resync_s;
  }
  r.rebuild = r.drive > 0 ? rate_of(in.drive_rebuild_s) : 0.0;
  return r;
}

// Enumerates the states reachable from "every node healthy" and their rates.
class ChainBuilder {
 public:
  ChainBuilder(const NodeConditions& conditions, int nodes) : conditions_(conditions) {
    Counts all_healthy(static_cast<std::size_t>(conditions.count()), 0);
    all_healthy[0] = nodes;
    id(all_healthy);
  }
  bool next(int& state) {
    if (visited_ == states_.size()) return false;
    state = static_cast<int>(visited_++);
    return true;
  }
  const Counts& state(int i) const { return states_[static_cast<std::size_t>(i)]; }
  void add(int from, const Counts& to, double rate) {
    if (rate <= 0) return;
    const int target = id(to);
    if (target != from) edges_.emplace_back(from, target, rate);
  }
  void add_loss(int from, double rate) {
    if (rate > 0) losses_.emplace_back(from, rate);
  }
  RedundancyChain finish() const {
    const auto n = static_cast<Eigen::Index>(states_.size());
    RedundancyChain out;
    out.conditions = conditions_;
    out.states = states_;
    out.chain.rates = Eigen::MatrixXd::Zero(n, n);
    out.chain.absorption = Eigen::VectorXd::Zero(n);
    for (const auto& [from, to, rate] : edges_) out.chain.rates(from, to) += rate;
    for (const auto& [from, rate] : losses_) out.chain.absorption(from) += rate;
    return out;
  }

 private:
  int id(const Counts& counts) {
    const auto [it, inserted] = index_.emplace(counts, static_cast<int>(states_.size()));
    if (inserted) states_.push_back(counts);
    return it->second;
  }

  NodeConditions conditions_;
  std::map<Counts, int> index_;
  std::vector<Counts> states_;
  std::size_t visited_ = 0;
  std::vector<std::tuple<int, int, double>> edges_;
  std::vector<std::tuple<int, double>> losses_;
};

int full_nodes(const NodeConditions& c, const Counts& s, bool count_current) {
  int n = 0;
  for (int k = 1; k < c.count(); ++k)
    if (c.full(k) && (count_current || k != c.down_current())) n += s[static_cast<std::size_t>(k)];
  return n;
}

Counts moved(const Counts& s, int from, int to) {
  Counts t = s;
  --t[static_cast<std::size_t>(from)];
  ++t[static_cast<std::size_t>(to)];
  return t;
}

// The loss chain's rules (durability.hpp states them in prose).
class LossRules {
 public:
  LossRules(const DurabilityInputs& in, const Rates& r, ChainBuilder& b)
      : c_{in.layout.copies_per_node},
        slab_nodes_(in.layout.nodes_per_slab),
        drives_(in.capacity_drives_per_node),
        r_(r),
        b_(b) {}

  void expand(int state) {
    const Counts s = b_.state(state);  // a copy: adding states may reallocate
    const bool online = s[static_cast<std::size_t>(c_.down_current())] == 0;
    for (int k = 0; k < c_.count(); ++k) {
      const double n = s[static_cast<std::size_t>(k)];
      if (n == 0) continue;
      if (k == c_.healthy()) {
        permanent(state, s, k, c_.drives_lost(1), n * drives_ * r_.drive);
        down(state, s, k, online, n * r_.node);
      } else if (k <= c_.m) {  // drives lost k
        if (k < c_.m) permanent(state, s, k, k + 1, n * (drives_ - k) * r_.drive);
        if (online) add(state, s, k, k - 1, n * k * r_.rebuild);
        down(state, s, k, online, n * r_.node);
      } else if (k == c_.down()) {
        add(state, s, k, c_.resyncing(), n * r_.node_return);
      } else if (k == c_.resyncing()) {
        if (online) add(state, s, k, c_.healthy(), n * r_.resync);
        down(state, s, k, online, n * r_.node);
      } else {  // down, current
        add(state, s, k, c_.healthy(), n * r_.node_return);
      }
    }
  }

 private:
  // A drive failure. Data is lost when it leaves the node with no usable copy of
  // some slab while slab_nodes - 1 other nodes hold no current copy of it either.
  void permanent(int state, const Counts& s, int from, int to, double rate) {
    if (c_.full(to) && full_nodes(c_, s, false) >= slab_nodes_ - 1) {
      b_.add_loss(state, rate);
    } else {
      add(state, s, from, to, rate);
    }
  }
  // A node outage. The node's copies go stale, unless this outage (or an earlier
  // one) takes the volume offline: then nothing is written while it is away.
  void down(int state, const Counts& s, int from, bool online, double rate) {
    int to = c_.down();
    if (!c_.full(from) && (!online || full_nodes(c_, s, true) + 1 >= slab_nodes_)) to = c_.down_current();
    add(state, s, from, to, rate);
  }
  void add(int state, const Counts& s, int from, int to, double rate) {
    Counts t = moved(s, from, to);
    // Back online: the copies of nodes still down go stale from now on.
    const auto current = static_cast<std::size_t>(c_.down_current());
    if (t[current] > 0 && full_nodes(c_, t, true) < slab_nodes_) {
      t[static_cast<std::size_t>(c_.down())] += t[current];
      t[current] = 0;
    }
    if (r_.instant_resync && t[current] == 0) {
      t[0] += t[static_cast<std::size_t>(c_.resyncing())];
      t[static_cast<std::size_t>(c_.resyncing())] = 0;
    }
    b_.add(state, t, rate);
  }

  NodeConditions c_;
  int slab_nodes_;
  int drives_;
  Rates r_;
  ChainBuilder& b_;
};

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("durability: " + message);
}

bool positive_time(double s) { return s > 0; }  // false for NaN; +inf allowed

}  // namespace

void validate(const DurabilityInputs& in) {
  const CopyLayout& l = in.layout;
  require(in.nodes >= 1, "nodes must be >= 1, got " + std::to_string(in.nodes));
  require(in.capacity_drives_per_node >= 1,
          "capacity drives per node must be >= 1, got " + std::to_string(in.capacity_drives_per_node));
  require(l.nodes_per_slab >= 1 && l.copies_per_node >= 1, "layout '" + l.name + "' needs at least one copy");
  require(in.nodes >= l.nodes_per_slab, "a " + l.name + " puts copies on " + std::to_string(l.nodes_per_slab) +
                                            " nodes; the cluster has " + std::to_string(in.nodes));
  require(in.capacity_drives_per_node >= l.copies_per_node,
          "a " + l.name + " puts " + std::to_string(l.copies_per_node) +
              " copies on distinct drives of a node; it has " + std::to_string(in.capacity_drives_per_node));
  require(in.drive_afr >= 0 && in.drive_afr < 1, "drive AFR must be in [0, 1), got " + std::to_string(in.drive_afr));
  require(positive_time(in.node_mtbf_s), "node MTBF must be > 0 (or never)");
  if (!std::isinf(in.node_mtbf_s)) {
    require(positive_time(in.node_downtime_s) && std::isfinite(in.node_downtime_s),
            "node downtime must be finite and > 0 when nodes fail");
    require(in.node_resync_s >= 0 && std::isfinite(in.node_resync_s), "node resync time must be finite and >= 0");
  }
  if (in.drive_afr > 0) require(positive_time(in.drive_rebuild_s), "drive rebuild time must be > 0 (or never)");
}

RedundancyChain build_data_loss_chain(const DurabilityInputs& in) {
  validate(in);
  const Rates r = rates_of(in);
  ChainBuilder builder(NodeConditions{in.layout.copies_per_node}, in.nodes);
  LossRules rules(in, r, builder);
  for (int state = 0; builder.next(state);) rules.expand(state);
  return builder.finish();
}

RedundancyChain build_outage_chain(const DurabilityInputs& in) {
  validate(in);
  const Rates r = rates_of(in);
  const NodeConditions c{in.layout.copies_per_node};
  ChainBuilder builder(c, in.nodes);
  const int drives = in.capacity_drives_per_node;
  const auto add = [&](int state, const Counts& s, int from, int to, double rate) {
    Counts t = moved(s, from, to);
    if (r.instant_resync) {
      t[0] += t[static_cast<std::size_t>(c.resyncing())];
      t[static_cast<std::size_t>(c.resyncing())] = 0;
    }
    builder.add(state, t, rate);
  };
  for (int state = 0; builder.next(state);) {
    const Counts s = builder.state(state);
    for (int k = 0; k < c.down_current(); ++k) {
      const double n = s[static_cast<std::size_t>(k)];
      if (n == 0) continue;
      if (k <= c.m) {  // healthy or drives lost k
        if (k < c.m) add(state, s, k, k + 1, n * (drives - k) * r.drive);
        if (k > 0) add(state, s, k, k - 1, n * k * r.rebuild);
        add(state, s, k, c.down(), n * r.node);
      } else if (k == c.down()) {
        add(state, s, k, c.resyncing(), n * r.node_return);
      } else {  // resyncing
        add(state, s, k, c.healthy(), n * r.resync);
        add(state, s, k, c.down(), n * r.node);
      }
    }
  }
  return builder.finish();
}

}  // namespace hcisim::models
