#include "models/network/fabric.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <stdexcept>
#include <string>

#include "models/cloud/azure_vm.hpp"

namespace hcisim::models {

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, double>>;

// Vertices 0..n-1 are the nodes, vertex n the switch. A node-to-node path costs
// the NIC latency at each end and the switch's forwarding latency in between:
// each node-switch link carries half of its NIC's one-way latency (both NIC ends
// together make one message latency), plus half the switch latency.
std::vector<sim::SimTime> route_latencies(const std::vector<FabricEndpoint>& endpoints, const SwitchSpec& sw) {
  const int nodes = static_cast<int>(endpoints.size());
  Graph graph(static_cast<std::size_t>(nodes) + 1);
  for (int i = 0; i < nodes; ++i) {
    const double link_ns = 0.5 * static_cast<double>(endpoints[static_cast<std::size_t>(i)].nic.message_latency_ns) +
                           0.5 * static_cast<double>(sw.latency_ns);
    boost::add_edge(i, nodes, link_ns, graph);
  }
  std::vector<sim::SimTime> latency(static_cast<std::size_t>(nodes) * nodes, 0);
  std::vector<double> distance(boost::num_vertices(graph));
  for (int from = 0; from < nodes; ++from) {
    boost::dijkstra_shortest_paths(graph, static_cast<std::size_t>(from), boost::distance_map(distance.data()));
    for (int to = 0; to < nodes; ++to) {
      latency[static_cast<std::size_t>(from) * nodes + to] = static_cast<sim::SimTime>(distance[to] + 0.5);
    }
  }
  return latency;
}

// Each NIC port is cabled to a switch port: the link runs at the slower of the
// two. Without a switch (port speed 0: nodes connected directly) the NIC decides.
double link_bits_per_s(const NicSpec& nic, const SwitchSpec& sw) {
  if (sw.port_bits_per_s < 0) throw std::invalid_argument("fabric: a switch port speed cannot be negative");
  return sw.port_bits_per_s > 0 ? std::min(nic.port_bits_per_s, sw.port_bits_per_s) : nic.port_bits_per_s;
}

std::vector<FabricEndpoint> uniform(int nodes, const NicSpec& nic, int nics_per_node) {
  return std::vector<FabricEndpoint>(static_cast<std::size_t>(std::max(nodes, 0)), FabricEndpoint{nic, nics_per_node});
}

}  // namespace

Fabric::Fabric(sim::Engine& engine, int nodes, const NicSpec& nic, int nics_per_node, const SwitchSpec& sw)
    : Fabric(engine, uniform(nodes, nic, nics_per_node), sw) {}

Fabric::Fabric(sim::Engine& engine, const std::vector<FabricEndpoint>& endpoints, const SwitchSpec& sw)
    : engine_(&engine), nodes_(endpoints.size()) {
  if (endpoints.empty()) throw std::invalid_argument("fabric: needs at least one node and a positive NIC line rate");
  latency_ = route_latencies(endpoints, sw);
  // A node's ports are bonded (SET / multichannel) or used as parallel data
  // networks: one pipe per direction with their total capacity, but no single
  // message faster than one port.
  for (const FabricEndpoint& e : endpoints) {
    cloud_vms_.push_back(e.cloud_vm);
    ports_.push_back(e.cloud_vm != nullptr ? 0 : e.nic.ports * e.nics);
    ports_up_.push_back(ports_.back());
    port_bytes_per_s_.push_back(e.cloud_vm != nullptr ? 0 : link_bits_per_s(e.nic, sw) / 8.0);
    if (e.cloud_vm != nullptr) {  // metered by the VM's egress cap instead of NIC pipes
      egress_.push_back(nullptr);
      ingress_.push_back(nullptr);
      egress_class_.push_back(0);
      ingress_class_.push_back(0);
      continue;
    }
    const double port_bytes_per_s = link_bits_per_s(e.nic, sw) / 8.0;
    const double node_bytes_per_s = port_bytes_per_s * e.nic.ports * e.nics;
    if (!(node_bytes_per_s > 0)) {
      throw std::invalid_argument("fabric: needs at least one node and a positive NIC line rate");
    }
    egress_.push_back(std::make_unique<sim::SharedCapacity>(engine, node_bytes_per_s));
    ingress_.push_back(std::make_unique<sim::SharedCapacity>(engine, node_bytes_per_s));
    egress_class_.push_back(egress_.back()->rate_class(port_bytes_per_s));
    ingress_class_.push_back(ingress_.back()->rate_class(port_bytes_per_s));
  }
}

void Fabric::send(int from, int to, std::uint64_t bytes, sim::EventHandler& done, std::uint64_t arg) {
  ++messages_;
  const std::uint32_t index =
      in_flight_.take(Message{from, to, bytes, &done, arg, {kDone, kDone}, {0, 0}, sim::EventId{}});
  Message& m = in_flight_[index];
  const auto f = static_cast<std::size_t>(from);
  const auto t = static_cast<std::size_t>(to);
  if (metered(f) || metered(t)) {
    send_metered(index, f, t, bytes);
    return;
  }
  sim::SharedCapacity& egress = *egress_[f];
  sim::SharedCapacity& ingress = *ingress_[t];
  const double amount = static_cast<double>(bytes);
  const sim::SharedCapacity::Prediction out = egress.predict(amount, egress_class_[f]);
  const sim::SharedCapacity::Prediction in = out ? ingress.predict(amount, ingress_class_[t]) : out;
  if (in) {
    // Both pipes carry it at a rate nothing else changes: the one event is the delivery.
    m.finish = {egress.start_predicted(out, egress_done_, egress_converted_, index),
                ingress.start_predicted(in, ingress_done_, ingress_converted_, index)};
    m.mode = {kPredicted, kPredicted};
    m.delivery = engine_->schedule_at(std::max(m.finish[0], m.finish[1]) + latency(from, to), delivered_, index);
    return;
  }
  // Both ends at once: sending them one after the other would serialise every
  // byte twice and halve the rate of a lone transfer.
  m.mode = {kOrdinary, kOrdinary};
  egress.submit(amount, egress_class_[f], egress_done_, index);
  ingress.submit(amount, ingress_class_[t], ingress_done_, index);
}

// A cloud VM's end is its egress cap (or nothing, receiving); the other end, a
// NIC pipe, shares as usual.
void Fabric::send_metered(std::uint32_t index, std::size_t f, std::size_t t, std::uint64_t bytes) {
  Message& m = in_flight_[index];
  m.mode = {kOrdinary, kOrdinary};
  if (metered(f)) {
    if (cloud_vms_[f]->send(static_cast<double>(bytes), egress_done_, index)) on_pipe_done(index, 0);
  } else {
    egress_[f]->submit(static_cast<double>(bytes), egress_class_[f], egress_done_, index);
  }
  if (metered(t)) {
    cloud_vms_[t]->count_received(static_cast<double>(bytes));
    on_pipe_done(index, 1);  // nothing to carry on this side
  } else {
    ingress_[t]->submit(static_cast<double>(bytes), ingress_class_[t], ingress_done_, index);
  }
}

void Fabric::set_ports_up(int node, int up) {
  const auto n = static_cast<std::size_t>(node);
  if (metered(n)) throw std::invalid_argument("fabric: a cloud VM has no NIC ports to fail");
  if (up < 1 || up > ports_[n]) {
    throw std::invalid_argument("fabric: node " + std::to_string(node + 1) + " has " + std::to_string(ports_[n]) +
                                " NIC ports; " + std::to_string(up) + " cannot be up");
  }
  // Messages predicted in these pipes become ordinary flows: the capacity they were timed on changes.
  ports_up_[n] = up;
  egress_[n]->set_capacity(port_bytes_per_s_[n] * up);
  ingress_[n]->set_capacity(port_bytes_per_s_[n] * up);
}

// A pipe has turned the message's predicted flow into an ordinary one: its
// delivery waits for that pipe's completion now.
void Fabric::on_converted(std::uint32_t message, int pipe) {
  Message& m = in_flight_[message];
  m.mode[static_cast<std::size_t>(pipe)] = kOrdinary;
  if (m.delivery.valid()) engine_->cancel(m.delivery);
  m.delivery = sim::EventId{};
}

// A pipe carrying the message as an ordinary flow has carried all of it; once
// no pipe is, it is delivered after the later of its predicted pipes and the latency.
void Fabric::on_pipe_done(std::uint32_t message, int pipe) {
  Message& m = in_flight_[message];
  m.mode[static_cast<std::size_t>(pipe)] = kDone;
  if (m.mode[0] == kOrdinary || m.mode[1] == kOrdinary) return;
  sim::SimTime crossed = engine_->now();
  for (std::size_t p = 0; p < 2; ++p) {
    if (m.mode[p] == kPredicted) crossed = std::max(crossed, m.finish[p]);
  }
  m.delivery = engine_->schedule_at(crossed + latency(m.from, m.to), delivered_, message);
}

double Fabric::egress_utilisation(int node) const {
  const auto n = static_cast<std::size_t>(node);
  return metered(n) ? cloud_vms_[n]->egress_utilisation() : egress_[n]->utilisation();
}

double Fabric::ingress_utilisation(int node) const {
  const auto n = static_cast<std::size_t>(node);
  return metered(n) ? 0.0 : ingress_[n]->utilisation();
}

double Fabric::node_bytes_per_s(int node) const {
  const auto n = static_cast<std::size_t>(node);
  return metered(n) ? cloud_vms_[n]->egress_cap().base() : egress_[n]->capacity();
}

void Fabric::on_delivered(std::uint64_t message) {
  const Message m = in_flight_[message];
  in_flight_.release(static_cast<std::uint32_t>(message));
  m.done->on_event(m.arg);
}

void Fabric::reset_stats() {
  // A cloud VM's egress cap is reset with the VM (AzureVm::reset_stats).
  for (auto& pipe : egress_) {
    if (pipe) pipe->reset_stats();
  }
  for (auto& pipe : ingress_) {
    if (pipe) pipe->reset_stats();
  }
  messages_ = 0;
}

}  // namespace hcisim::models
