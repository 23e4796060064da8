#include <string>

#include "models/analytic/product_paths.hpp"

namespace hcisim::models::analytic {

namespace {

class ScaleIoPaths {
 public:
  ScaleIoPaths(Network& net, ClusterStations& hw, const ScenarioSpec& spec)
      : net_(net),
        hw_(hw),
        spec_(spec),
        stack_(spec.cluster.stack),
        nodes_(spec.cluster.node_count),
        lanes_(spec.cluster.stack.connections_per_pair) {}

  int path(int cls, const VmGroup& g, const DiskspdTarget& t, bool write, const std::vector<PieceCount>& pieces) {
    const double block = static_cast<double>(t.block_bytes);
    const double ctl = stack_.control_message_bytes;
    // 1. The SDC on the VM's host: the hypervisor's work, the SDC's, one request per chunk piece.
    CpuWork sdc;
    sdc.add(CpuLayer::Hypervisor, spec_.cluster.hypervisor.host.cycles(block));
    sdc.add(CpuLayer::StorageStack, stack_.storage_stack.cycles(block));
    std::vector<int> per_count;
    std::vector<double> probabilities;
    for (const PieceCount& pc : pieces) {
      const double b = block / pc.pieces;
      sdc.add(CpuLayer::Network, pc.probability * pc.pieces * message(write ? b + ctl : ctl));
      std::vector<int> primaries;
      for (int p = 0; p < nodes_; ++p) primaries.push_back(piece(cls, g.host, p, b, write));
      const int any = net_.mix(primaries, std::vector<double>(primaries.size(), 1.0 / nodes_));
      per_count.push_back(net_.max({any}, {static_cast<double>(pc.pieces)}));
      probabilities.push_back(pc.probability);
    }
    return net_.seq({net_.leaf(hw_.burst(cls, g.host, sdc, IoStage::Host)), net_.mix(per_count, probabilities)});
  }

 private:
  // One message end: the protocol's work and TCP's, always.
  double message(double bytes) const {
    return stack_.network_message.cycles(bytes) + stack_.network_tcp_extra.cycles(bytes);
  }
  std::string host_name(int h) const {
    return h < nodes_ ? "node " + std::to_string(h + 1) : "compute host " + std::to_string(h - nodes_ + 1);
  }
  int sdc_end(int cls, int host, int primary, int at, const CpuWork& work, IoStage stage) {
    return hw_.connection_burst(cls, {kScaleIoSdc, host, primary, at}, lanes_, work, stage,
                                "ScaleIO socket SDC on " + host_name(host) + " -> SDS on " + host_name(primary) +
                                    " (its end at " + host_name(at) + ")");
  }
  int sds_end(int cls, int primary, int secondary, int at, const CpuWork& work) {
    return hw_.connection_burst(cls, {kScaleIoSds, primary, secondary, at}, lanes_, work, IoStage::RemoteCpu,
                                "ScaleIO mirror socket SDS on " + host_name(primary) + " -> SDS on " +
                                    host_name(secondary) + " (its end at " + host_name(at) + ")");
  }
  // A message between two hosts; none on the wire when the SDS is on the SDC's own host.
  void send(std::vector<int>& steps, int cls, int from, int to, double bytes) {
    if (from == to) return;
    for (const int s : hw_.message(cls, from, to, bytes)) steps.push_back(s);
  }

  // The primary's forward to the secondary: receive, write, acknowledge.
  int mirror(int cls, int p, int s, double b) {
    const double ctl = stack_.control_message_bytes;
    std::vector<int> steps = hw_.message(cls, p, s, b + ctl);
    CpuWork at_secondary;
    at_secondary.add(CpuLayer::Network, message(b + ctl) + message(ctl));
    at_secondary.add(CpuLayer::StorageStack, stack_.server_io.cycles(b));
    at_secondary.add(CpuLayer::DriveIo, stack_.drive_io.cycles(b));
    steps.push_back(sds_end(cls, p, s, s, at_secondary));
    for (const int d : hw_.drive_write(cls, s, b)) steps.push_back(d);
    for (const int x : hw_.message(cls, s, p, ctl)) steps.push_back(x);
    steps.push_back(sds_end(cls, p, s, p, CpuWork::of(CpuLayer::Network, message(ctl))));
    return net_.seq(hw_.leaves(steps));
  }

  // 2. A chunk piece at its primary SDS `p` (secondary: any other node).
  int piece(int cls, int host, int p, double b, bool write) {
    const double ctl = stack_.control_message_bytes;
    const double to_primary = write ? b + ctl : ctl;
    std::vector<int> before;
    send(before, cls, host, p, to_primary);
    CpuWork at_primary;
    at_primary.add(CpuLayer::Network, message(to_primary) + message(b + ctl));
    at_primary.add(CpuLayer::StorageStack, stack_.server_io.cycles(b));
    at_primary.add(CpuLayer::DriveIo, stack_.drive_io.cycles(b));
    before.push_back(sdc_end(cls, host, p, p, at_primary, IoStage::RemoteCpu));
    std::vector<int> all;
    if (!write) {
      for (const int d : hw_.drive_read(cls, p, b)) before.push_back(d);
      send(before, cls, p, host, b + ctl);
      before.push_back(
          sdc_end(cls, host, p, host, CpuWork::of(CpuLayer::Network, message(b + ctl)), IoStage::CompletionCpu));
      return net_.seq(hw_.leaves(before));
    }
    all = hw_.leaves(before);
    std::vector<int> mirrors;
    for (int s = 0; s < nodes_; ++s) {
      if (s != p) mirrors.push_back(mirror(cls, p, s, b));
    }
    const int own = hw_.in_turn(hw_.drive_write(cls, p, b));
    const int copies =
        mirrors.empty() ? own
                        : net_.max({own, net_.mix(mirrors, std::vector<double>(mirrors.size(), 1.0 / mirrors.size()))});
    all.push_back(copies);
    std::vector<int> after;
    after.push_back(sdc_end(cls, host, p, p, CpuWork::of(CpuLayer::Network, message(ctl)), IoStage::RemoteCpu));
    send(after, cls, p, host, ctl);
    after.push_back(sdc_end(cls, host, p, host, CpuWork::of(CpuLayer::Network, message(ctl)), IoStage::CompletionCpu));
    for (const int leaf : hw_.leaves(after)) all.push_back(leaf);
    return net_.seq(all);
  }

  Network& net_;
  ClusterStations& hw_;
  const ScenarioSpec& spec_;
  const StackSpec& stack_;
  int nodes_;
  int lanes_;
};

}  // namespace

std::vector<ClassInfo> build_scaleio(Network& net, ClusterStations& hw, const ScenarioSpec& spec,
                                     std::vector<VmGroup>& groups) {
  ScaleIoPaths paths(net, hw, spec);
  groups = vm_groups(spec, std::vector<int>(static_cast<std::size_t>(spec.cluster.node_count), -1));
  const auto unit = static_cast<std::uint64_t>(spec.cluster.stack.slab_bytes);
  return add_classes(net, hw, spec, groups, unit,
                     [&](int cls, const VmGroup& g, const DiskspdTarget& t, bool write,
                         const std::vector<PieceCount>& pieces) { return paths.path(cls, g, t, write, pieces); });
}

}  // namespace hcisim::models::analytic
