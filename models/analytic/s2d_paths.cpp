#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include "models/analytic/product_paths.hpp"
#include "models/storage/s2d/s2d_product.hpp"

namespace hcisim::models::analytic {

double hypergeometric(int population, int marked, int draws, int k) {
  if (k < 0 || k > draws || k > marked || draws - k > population - marked) return 0;
  auto log_choose = [](int n, int r) { return std::lgamma(n + 1.0) - std::lgamma(r + 1.0) - std::lgamma(n - r + 1.0); };
  return std::exp(log_choose(marked, k) + log_choose(population - marked, draws - k) - log_choose(population, draws));
}

namespace {

class S2dPaths {
 public:
  S2dPaths(Network& net, ClusterStations& hw, const ScenarioSpec& spec)
      : net_(net),
        hw_(hw),
        spec_(spec),
        stack_(spec.cluster.stack),
        rdma_(spec.cluster.nic.rdma != RdmaKind::None),
        nodes_(spec.cluster.node_count),
        copies_(copies(spec.cluster.resiliency)),
        up_(static_cast<std::size_t>(nodes_), true) {
    for (const int f : spec.cluster.failed_nodes) up_.at(static_cast<std::size_t>(f)) = false;
    for (int n = 0; n < nodes_; ++n) up_count_ += up_[static_cast<std::size_t>(n)] ? 1 : 0;
  }

  // Owner of each node's volume (the loader resolves failovers into volume_owners).
  std::vector<int> owners() const {
    std::vector<int> o = spec_.cluster.volume_owners;
    if (o.empty()) {
      for (int n = 0; n < nodes_; ++n) o.push_back(n);
    }
    return o;
  }
  double local_share() const { return static_cast<double>(copies_) / nodes_; }

  // Expected copies written on running nodes other than the owner, and the
  // share of writes that miss a copy on a failed node (dirty-region tracking).
  double remote_writes() const { return local_share() * (up_count_ - 1); }
  double degraded_share() const {
    const int down = nodes_ - up_count_;
    if (down == 0) return 0;
    // P(every copy on a running node) = C(up, copies) / C(nodes, copies).
    return 1 - hypergeometric(nodes_, up_count_, copies_, copies_);
  }

  int path(int cls, const VmGroup& g, const DiskspdTarget& t, bool write, const std::vector<PieceCount>& pieces) {
    const double block = static_cast<double>(t.block_bytes);
    const double ctl = stack_.control_message_bytes;
    const int owner = g.owner;
    const int host = g.host;
    const HypervisorSpec& hyp = spec_.cluster.hypervisor;
    // The owner's planning work: per piece, a drive I/O issued locally or a message to each remote copy.
    CpuWork plan;
    plan.add(CpuLayer::StorageStack, stack_.storage_stack.cycles(block));
    if (write) plan.add(CpuLayer::StorageStack, stack_.mirror_write.cycles(block));
    std::vector<int> per_count;
    std::vector<double> probabilities;
    for (const PieceCount& pc : pieces) {
      const double b = block / pc.pieces;
      const double local = local_share();
      const double remote = write ? remote_writes() : 1 - local;
      plan.add(CpuLayer::DriveIo, pc.probability * pc.pieces * local * drive_cycles(b));
      plan.add(CpuLayer::Network, pc.probability * pc.pieces * remote * message(write ? b + ctl : ctl));
      per_count.push_back(
          net_.max({write ? piece_write(cls, owner, b) : piece_read(cls, owner, b)}, {static_cast<double>(pc.pieces)}));
      probabilities.push_back(pc.probability);
    }
    int io = net_.mix(per_count, probabilities);
    // The I/O holds its volume's stage (serial per volume on the owner) before its drive I/Os go out;
    // waiting reads take it before waiting writes (S2dProduct::next_stage).
    const LayerCost& stage = write ? stack_.volume_write : stack_.volume_read;
    if (stage.cycles(block) > 0) {
      const int held = hw_.serial_burst(cls, volume_stage_station(owner), owner,
                                        CpuWork::of(CpuLayer::StorageStack, stage.cycles(block)), IoStage::Host);
      net_.steps[static_cast<std::size_t>(held)].low_priority = write;
      io = net_.seq({net_.leaf(held), io});
    }
    // With storage channels the hypervisor's work is the channel's step (workload_classes.cpp).
    const CpuWork host_work =
        hyp.vcpus_per_channel > 0 ? CpuWork{} : CpuWork::of(CpuLayer::Hypervisor, hyp.host.cycles(block));
    if (host == owner) {
      CpuWork work = host_work;
      for (int l = 0; l < kCpuLayerCount; ++l) work.cycles[l] += plan.cycles[l];
      return net_.seq({net_.leaf(hw_.burst(cls, host, work, IoStage::Host)), io});
    }
    // ReFS CSV redirection: the I/O goes to the owner over SMB and comes back.
    const double request = write ? block + ctl : ctl;
    const double reply = write ? ctl : block + ctl;
    std::vector<int> steps;
    CpuWork first = host_work;
    first.add(CpuLayer::Network, message(request));
    steps.push_back(hw_.burst(cls, host, first, IoStage::Host));
    for (const int s : hw_.message(cls, host, owner, request)) steps.push_back(redirect(s));
    steps.push_back(csv(cls, owner, message(request)));
    steps.push_back(hw_.burst(cls, owner, plan, IoStage::Host));
    std::vector<int> after;
    after.push_back(csv(cls, owner, message(reply)));
    for (const int s : hw_.message(cls, owner, host, reply)) after.push_back(redirect(s));
    after.push_back(csv(cls, host, message(reply)));
    std::vector<int> all = hw_.leaves(steps);
    all.push_back(io);
    for (const int leaf : hw_.leaves(after)) all.push_back(leaf);
    return net_.seq(all);
  }

 private:
  // As S2dProduct::drive_cycles: a drive I/O, and the cache tier's lookup on a hybrid node.
  double drive_cycles(double bytes) const {
    return stack_.drive_io.cycles(bytes) + (hw_.cache_serves() ? stack_.cache.lookup_cycles_per_io : 0.0);
  }
  double message(double bytes) const {
    return stack_.network_message.cycles(bytes) + (rdma_ ? 0.0 : stack_.network_tcp_extra.cycles(bytes));
  }
  int redirect(int step) {
    net_.steps[static_cast<std::size_t>(step)].stage = IoStage::Redirect;
    return step;
  }
  // The stages of the volumes `owner` coordinates: one station, an instance per volume.
  int volume_stage_station(int owner) {
    auto found = volume_stages_.find(owner);
    if (found != volume_stages_.end()) return found->second;
    Station st;
    st.name = "stages of the volumes node " + std::to_string(owner + 1) + " owns";
    const std::vector<int> all = owners();
    st.instances = std::max(1, static_cast<int>(std::count(all.begin(), all.end(), owner)));
    const int station = net_.add_station(st);
    hw_.add_hotspot(station, kVolumeStage);
    return volume_stages_.emplace(owner, station).first->second;
  }

  // A message end of CSV redirection at `at`: an ordinary burst there.
  int csv(int cls, int at, double cycles) {
    return hw_.burst(cls, at, CpuWork::of(CpuLayer::Network, cycles), IoStage::Redirect);
  }

  // A sub-op on a copy at node j != owner: request, the copy node's burst
  // (receive, drive I/O, reply), the drive, the reply, the owner's receive.
  int remote(int cls, int owner, int j, double b, bool write) {
    const double ctl = stack_.control_message_bytes;
    const double request = write ? b + ctl : ctl;
    const double reply = write ? ctl : b + ctl;
    std::vector<int> steps = hw_.message(cls, owner, j, request);
    CpuWork at_copy;
    at_copy.add(CpuLayer::Network, message(request) + message(reply));
    at_copy.add(CpuLayer::DriveIo, drive_cycles(b));
    steps.push_back(hw_.burst(cls, j, at_copy, IoStage::RemoteCpu));
    for (const int d : write ? hw_.drive_write(cls, j, b) : hw_.drive_read(cls, j, b)) steps.push_back(d);
    for (const int s : hw_.message(cls, j, owner, reply)) steps.push_back(s);
    steps.push_back(hw_.burst(cls, owner, CpuWork::of(CpuLayer::Network, message(reply)), IoStage::CompletionCpu));
    return net_.seq(hw_.leaves(steps));
  }
  // A copy on one of the running nodes other than the owner, each as likely.
  int any_remote(int cls, int owner, double b, bool write) {
    std::vector<int> branches;
    for (int j = 0; j < nodes_; ++j) {
      if (j != owner && up_[static_cast<std::size_t>(j)]) branches.push_back(remote(cls, owner, j, b, write));
    }
    if (branches.empty()) return -1;
    return net_.mix(branches, std::vector<double>(branches.size(), 1.0 / static_cast<double>(branches.size())));
  }
  int local(int cls, int owner, double b, bool write) {
    return hw_.in_turn(write ? hw_.drive_write(cls, owner, b) : hw_.drive_read(cls, owner, b));
  }

  // A read piece: the owner's copy when it holds one, else a copy on another running node.
  int piece_read(int cls, int owner, double b) {
    const int here = local(cls, owner, b, false);
    const int away = any_remote(cls, owner, b, false);
    if (away < 0) return here;
    return net_.mix({here, away}, {local_share(), 1 - local_share()});
  }

  // A write piece: every copy on a running node, the owner's (if it holds one) and
  // K others, K hypergeometric over the running nodes; done when all are.
  int piece_write(int cls, int owner, double b) {
    const int here = local(cls, owner, b, true);
    const int away = any_remote(cls, owner, b, true);
    std::vector<int> cases;
    std::vector<double> weights;
    double total = 0;
    for (int with_local = 0; with_local <= 1; ++with_local) {
      const double p_local = with_local ? local_share() : 1 - local_share();
      const int others = copies_ - with_local;
      for (int k = 0; k <= others; ++k) {
        const double p = p_local * hypergeometric(nodes_ - 1, up_count_ - 1, others, k);
        if (p <= 0 || with_local + k == 0 || (k > 0 && away < 0)) continue;
        std::vector<int> children;
        std::vector<double> counts;
        if (with_local) {
          children.push_back(here);
          counts.push_back(1);
        }
        if (k > 0) {
          children.push_back(away);
          counts.push_back(k);
        }
        cases.push_back(net_.max(children, counts));
        weights.push_back(p);
        total += p;
      }
    }
    for (double& w : weights) w /= total;
    return net_.mix(cases, weights);
  }

  Network& net_;
  ClusterStations& hw_;
  const ScenarioSpec& spec_;
  const StackSpec& stack_;
  bool rdma_;
  int nodes_;
  int copies_;
  std::map<int, int> volume_stages_;  // owner -> the station of the stages of its volumes
  std::vector<bool> up_;
  int up_count_ = 0;
};

}  // namespace

std::vector<ClassInfo> build_s2d(Network& net, ClusterStations& hw, const ScenarioSpec& spec,
                                 std::vector<VmGroup>& groups) {
  S2dPaths paths(net, hw, spec);
  groups = vm_groups(spec, paths.owners());
  const int columns = spec.cluster.stack.columns > 0 ? spec.cluster.stack.columns : s2d_default_columns([&] {
    int d = 0;
    for (const NodeDriveGroup& g : spec.cluster.node.drives) {
      if (g.role == DriveRole::Capacity) d += g.count;
    }
    return d;
  }());
  const auto unit =
      static_cast<std::uint64_t>(columns == 1 ? spec.cluster.stack.slab_bytes : spec.cluster.stack.interleave_bytes);
  std::vector<ClassInfo> info =
      add_classes(net, hw, spec, groups, unit,
                  [&](int cls, const VmGroup& g, const DiskspdTarget& t, bool write,
                      const std::vector<PieceCount>& pieces) { return paths.path(cls, g, t, write, pieces); });
  for (ClassInfo& c : info) {
    const VmGroup& g = groups[static_cast<std::size_t>(c.group)];
    c.redirected = g.host != g.owner;
    c.degraded_writes = paths.degraded_share();
  }
  return info;
}

}  // namespace hcisim::models::analytic
