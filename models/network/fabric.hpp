// The network between nodes: each node's NIC ports (bandwidth per direction,
// shared max-min fairly by concurrent messages) and the switches and links
// between them, held as a Boost.Graph from which one-way latencies are routed.
//
// A message from node a to node b streams through a's egress and b's ingress
// at once (the NICs and the cut-through switch pipeline it: a lone transfer
// runs at one port's rate, not half of it); it has crossed when both pipes have
// carried all its bytes, so the slower share decides (incast shows up at the
// receiver), then it takes the routed latency (NIC + switch hops). Each port
// runs at the slower of the NIC port and the switch port it is cabled to. CPU
// costs of messages are the stack's business.
//
// A cloud VM endpoint has no NIC pipes: its network is metered by the VM's
// egress cap only (a token bucket: a message waits there while the cap is
// exhausted) and what it receives is free (mechanisms.md 4.3); its NIC spec
// gives only the message latency.
//
// Speed: a message whose pipes carry it at a rate nothing else changes (both
// idle, or only a few messages in them, each at one port's rate with ports to
// spare: NICs are rarely busy) is predicted in both (SharedCapacity::
// start_predicted), which gives the times its pipes finish up front: its one
// event is the delivery, at the later of them plus the latency, instead of
// one event per pipe, one for the latency and all the pipes' bookkeeping.
// When something arrives that would change its rate, the pipe turns it into
// an ordinary flow and tells the fabric (its delivery then waits for that
// pipe), so the sharing and the times are those of the ordinary path; only
// the order of events at the same nanosecond can differ.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"
#include "sim/record_pool.hpp"
#include "sim/shared_capacity.hpp"

namespace hcisim::models {

class AzureVm;

// The NICs of one endpoint (a storage node or a compute host).
struct FabricEndpoint {
  NicSpec nic;
  int nics = 1;
  AzureVm* cloud_vm = nullptr;  // set: metered on egress by this VM's cap, ingress free, no NIC pipes
};

class Fabric {
 public:
  // A converged fabric: every node's NIC on one switch.
  Fabric(sim::Engine& engine, int nodes, const NicSpec& nic, int nics_per_node, const SwitchSpec& sw);
  // The same with NICs per endpoint (compute hosts may have other NICs than storage nodes).
  Fabric(sim::Engine& engine, const std::vector<FabricEndpoint>& endpoints, const SwitchSpec& sw);
  Fabric(const Fabric&) = delete;
  Fabric& operator=(const Fabric&) = delete;

  void send(int from, int to, std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg);

  // One-way latency of a small message, routed over the graph.
  sim::SimTime latency(int from, int to) const {
    return latency_[static_cast<std::size_t>(from) * nodes_ + static_cast<std::size_t>(to)];
  }
  // A cloud VM's egress: its cap's use (relative to the cap); its ingress is not metered (0).
  double egress_utilisation(int node) const;
  double ingress_utilisation(int node) const;
  double node_bytes_per_s(int node = 0) const;
  // NIC ports of an endpoint (every NIC's), and how many carry traffic now.
  int ports(int node) const { return ports_[static_cast<std::size_t>(node)]; }
  int ports_up(int node) const { return ports_up_[static_cast<std::size_t>(node)]; }
  // A port of a server endpoint is lost or regained: its pipes carry
  // (ports up) x port speed from now on; messages in flight keep going over the
  // other ports (SMB Multichannel / SET move them; the seconds that takes are
  // not modelled). At least one port stays up (0: the node is cut off, a node failure).
  void set_ports_up(int node, int ports_up);
  std::uint64_t messages() const { return messages_; }
  void reset_stats();

 private:
  // How a message's pipe (0 egress, 1 ingress) carries it.
  static constexpr std::uint8_t kPredicted = 0;  // at a rate nothing changes: done at `finish`, no callback
  static constexpr std::uint8_t kOrdinary = 1;   // shared: its completion calls back
  static constexpr std::uint8_t kDone = 2;
  struct Message {
    int from;
    int to;
    std::uint64_t bytes;
    sim::EventHandler* done;
    std::uint64_t arg;
    std::array<std::uint8_t, 2> mode;
    std::array<sim::SimTime, 2> finish;  // of a predicted pipe
    sim::EventId delivery{};             // scheduled while no pipe carries it as an ordinary flow
  };
  void send_metered(std::uint32_t index, std::size_t from, std::size_t to, std::uint64_t bytes);
  void on_converted(std::uint32_t message, int pipe);
  void on_pipe_done(std::uint32_t message, int pipe);
  void on_egress_done(std::uint64_t message) { on_pipe_done(static_cast<std::uint32_t>(message), 0); }
  void on_ingress_done(std::uint64_t message) { on_pipe_done(static_cast<std::uint32_t>(message), 1); }
  void on_egress_converted(std::uint64_t message) { on_converted(static_cast<std::uint32_t>(message), 0); }
  void on_ingress_converted(std::uint64_t message) { on_converted(static_cast<std::uint32_t>(message), 1); }
  bool metered(std::size_t endpoint) const { return cloud_vms_[endpoint] != nullptr; }
  void on_delivered(std::uint64_t message);

  sim::Engine* engine_;
  std::size_t nodes_;
  std::vector<sim::SimTime> latency_;  // nodes x nodes
  std::vector<std::unique_ptr<sim::SharedCapacity>> egress_;
  std::vector<std::unique_ptr<sim::SharedCapacity>> ingress_;
  std::vector<int> egress_class_;
  std::vector<int> ingress_class_;
  std::vector<AzureVm*> cloud_vms_;  // per endpoint; null = NIC pipes
  std::vector<int> ports_;           // per endpoint: NIC ports (0 for a cloud VM)
  std::vector<int> ports_up_;
  std::vector<double> port_bytes_per_s_;
  sim::RecordPool<Message> in_flight_;
  std::uint64_t messages_ = 0;
  sim::MemberEvent<Fabric, &Fabric::on_egress_done> egress_done_{*this};
  sim::MemberEvent<Fabric, &Fabric::on_ingress_done> ingress_done_{*this};
  sim::MemberEvent<Fabric, &Fabric::on_egress_converted> egress_converted_{*this};
  sim::MemberEvent<Fabric, &Fabric::on_ingress_converted> ingress_converted_{*this};
  sim::MemberEvent<Fabric, &Fabric::on_delivered> delivered_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "fabric", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
