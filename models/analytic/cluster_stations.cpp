#include "models/analytic/cluster_stations.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "models/hardware/serial_link.hpp"
#include "sim/time.hpp"

namespace hcisim::models::analytic {

namespace {

double clock_of(const CpuSpec& cpu) { return cpu.all_core_hz > 0 ? cpu.all_core_hz : cpu.base_hz; }

// As Fabric: a port runs at the slower of the NIC port and the switch port.
double port_bytes_of(const NicSpec& nic, const SwitchSpec& sw) {
  const double bits = sw.port_bits_per_s > 0 ? std::min(nic.port_bits_per_s, sw.port_bits_per_s) : nic.port_bits_per_s;
  return bits / 8.0;
}

std::string host_name(int host, int nodes) {
  return host < nodes ? "node " + std::to_string(host + 1) : "compute host " + std::to_string(host - nodes + 1);
}

}  // namespace

ClusterStations::ClusterStations(Network& net, const ClusterSpec& spec)
    : net_(&net), spec_(&spec), nodes_(spec.node_count) {
  const int hosts = spec.node_count + spec.compute_hosts.count;
  for (int h = 0; h < hosts; ++h) {
    const bool compute = h >= spec.node_count;
    const CpuSpec& cpu = compute ? spec.compute_hosts.cpu : spec.cpu;
    const int sockets = compute ? spec.compute_hosts.node.sockets : spec.node.sockets;
    if (cpu.cores <= 0 || sockets <= 0 || clock_of(cpu) <= 0) {
      throw std::invalid_argument("host cpu '" + cpu.id + "': cores, sockets and clock must be positive");
    }
    Station s;
    s.name = host_name(h, nodes_) + " CPU";
    s.smt = cpu.threads > cpu.cores;
    s.cores = static_cast<double>(cpu.cores) * sockets;
    s.smt_yield = s.smt ? cpu.smt_yield : 1.0;
    cpu_.push_back(net.add_station(s));
    clock_.push_back(clock_of(cpu));
    capacity_.push_back(s.cores * s.smt_yield);
    const NicSpec& nic = compute ? spec.compute_hosts.nic : spec.nic;
    const int nics = compute ? spec.compute_hosts.node.nic_count : spec.node.nic_count;
    const double port = port_bytes_of(nic, spec.network_switch);
    if (!(port > 0) || nic.ports < 1 || nics < 1) throw std::invalid_argument("fabric: needs a positive NIC line rate");
    port_bytes_.push_back(port);
    host_bytes_.push_back(port * nic.ports * nics);
    nic_latency_ns_.push_back(static_cast<double>(nic.message_latency_ns));
    Station tx;
    tx.name = host_name(h, nodes_) + " NIC egress";
    tx.smt = false;
    egress_.push_back(net.add_station(tx));
    Station rx;
    rx.name = host_name(h, nodes_) + " NIC ingress";
    ingress_.push_back(net.add_station(rx));
  }
  switch_latency_ns_ = static_cast<double>(spec.network_switch.latency_ns);
  // The serving drives: one model per node (the fast path's scope checks it).
  int capacity_drives = 0, cache_drives = 0;
  const DriveSpec* capacity = nullptr;
  const DriveSpec* cache = nullptr;
  for (std::size_t g = 0; g < spec.node.drives.size(); ++g) {
    if (spec.node.drives[g].role == DriveRole::Cache) {
      cache_drives += spec.node.drives[g].count;
      cache = &spec.drives[g];
    } else {
      capacity_drives += spec.node.drives[g].count;
      capacity = &spec.drives[g];
    }
  }
  if (capacity == nullptr || capacity_drives < 1)
    throw std::invalid_argument("node '" + spec.node.id + "' has no capacity drives");
  cache_serves_ = cache != nullptr && cache_drives > 0;
  serving_ = cache_serves_ ? cache : capacity;
  serving_count_ = cache_serves_ ? cache_drives : capacity_drives;
  const DriveSpec& drive = *serving_;
  DriveSpec media = drive;
  serial_ = drive.kind == DriveKind::SasSsd || drive.kind == DriveKind::SataSsd;
  if (serial_) {
    // SerialSsd's media: the datasheet's QD1 latencies less the link time of the 4 KiB they were measured with.
    link_bytes_per_s_ = link_payload_bytes_per_s(drive);
    const auto link_ns = static_cast<std::int64_t>(std::llround(4096.0 / link_bytes_per_s_ * 1e9));
    if (drive.read_latency_ns <= link_ns || drive.write_latency_ns <= link_ns) {
      throw std::invalid_argument("drive '" + drive.id +
                                  "': QD1 read and write latencies must exceed the link time of 4 KiB");
    }
    media.read_latency_ns -= link_ns;
    media.write_latency_ns -= link_ns;
    if (spec.hba.max_iops > 0)
      hba_command_s_ =
          static_cast<double>(std::max<sim::SimTime>(1, sim::from_seconds(1.0 / spec.hba.max_iops))) * 1e-9;
  } else if (drive.kind != DriveKind::Nvme) {
    throw std::invalid_argument("drive '" + drive.id + "': the fast path models flash drives only");
  }
  channels_ = media.random_read_iops * static_cast<double>(media.read_latency_ns) * 1e-9;
  read_latency_s_ = static_cast<double>(media.read_latency_ns) * 1e-9;
  read_bw_ = media.seq_read_bytes_per_s;
  write_bw_ = media.seq_write_bytes_per_s;
  write_iops_ = media.random_write_iops;
  write_latency_s_ = static_cast<double>(media.write_latency_ns) * 1e-9;
  write_buffer_ = media.write_buffer_bytes > 0;
  if (!(channels_ > 0) || !(read_bw_ > 0) || !(write_bw_ > 0) || !(write_iops_ > 0)) {
    throw std::invalid_argument("drive '" + drive.id +
                                "': random IOPS, sequential bandwidth and QD1 read latency must be positive");
  }
  for (int n = 0; n < nodes_; ++n) add_drive_stations(n);
}

void ClusterStations::add_drive_stations(int n) {
  const std::string node = "node " + std::to_string(n + 1);
  const std::string kind = cache_serves_ ? " cache drives" : " drives";
  Station d;
  d.name = node + kind;
  d.instances = serving_count_;
  drives_.push_back(net_->add_station(d));
  int to = -1, from = -1;
  if (serial_) {
    Station link;
    link.name = node + kind + "' links";
    link.instances = serving_count_;
    to = net_->add_station(link);
    from = serving_->interface == DriveInterface::Sas ? net_->add_station(link) : to;  // SATA: one direction at a time
  }
  link_to_.push_back(to);
  link_from_.push_back(from);
  const HbaSpec& hba = spec_->hba;
  auto hba_station = [&](bool modelled, const std::string& what) {
    if (!behind_hba() || !modelled) return -1;
    Station s;
    s.name = node + " HBA " + what;
    return net_->add_station(s);
  };
  hba_cmd_.push_back(hba_station(hba_command_s_ > 0, "command processing"));
  hba_to_host_.push_back(hba_station(hba.max_bytes_per_s > 0, "host link, to the host"));
  hba_from_host_.push_back(hba_station(hba.max_bytes_per_s > 0, "host link, from the host"));
  auto pool = [&](int depth, int instances, const std::string& what) {
    if (depth <= 0) return -1;
    Station s;
    s.name = node + what;
    s.instances = instances;
    return net_->add_station(s);
  };
  slots_.push_back(pool(device_queue_depth(), serving_count_, kind + "' device queues"));
  tags_.push_back(pool(hba_queue_depth(), 1, " HBA tags"));
}

ClusterStations::HbaStations ClusterStations::hba(int node) const {
  const auto n = static_cast<std::size_t>(node);
  return {hba_cmd_[n], hba_to_host_[n], hba_from_host_[n]};
}

double ClusterStations::drive_utilisation(int node) const {
  const auto n = static_cast<std::size_t>(node);
  double busy = net_->stations[static_cast<std::size_t>(drives_[n])].utilisation;
  for (const int link : {link_to_[n], link_from_[n]}) {
    if (link >= 0) busy = std::max(busy, net_->stations[static_cast<std::size_t>(link)].utilisation);
  }
  return busy;
}

int ClusterStations::burst(int cls, int host, const CpuWork& work, IoStage stage) {
  const auto h = static_cast<std::size_t>(host);
  const double cycles = work.total();
  Step s;
  s.cls = cls;
  s.station = cpu_[h];
  s.stretch_by = cpu_[h];
  s.lone_s = cycles / clock_[h];
  s.share_s = cycles / (clock_[h] * capacity_[h]);
  s.scv = spec_->stack.cpu_burst_scv;
  s.stage = stage;
  const int step = net_->add_step(s);
  charges_.push_back({step, host, work});
  return step;
}

int ClusterStations::guest_burst(int cls, int host, double cycles) {
  const int step = burst(cls, host, CpuWork::of(CpuLayer::Guest, cycles), IoStage::Guest);
  net_->steps[static_cast<std::size_t>(step)].low_priority = true;
  if (whole_core_guests()) {
    Step& s = net_->steps[static_cast<std::size_t>(step)];
    const auto h = static_cast<std::size_t>(host);
    s.whole_core = true;
    s.share_s = cycles / (clock_[h] * net_->stations[static_cast<std::size_t>(cpu_[h])].cores);
  }
  return step;
}

bool ClusterStations::whole_core_guests() const {
  return !spec_->cloud.defined() && spec_->hypervisor.scheduler == VpScheduler::Core;
}

void ClusterStations::add_background(int host, int vcpu_station, int vms, int vcpus_per_vm) {
  const HypervisorSpec& hv = spec_->hypervisor;
  if (!(hv.background_cycles_per_s > 0) || vms <= 0) return;
  const auto h = static_cast<std::size_t>(host);
  const double burst_s = hv.background_burst_cycles / clock_[h];
  Station& cpu = net_->stations[static_cast<std::size_t>(cpu_[h])];
  const double per_core = whole_core_guests() ? cpu.cores : capacity_[h];
  cpu.background += vms * hv.background_cycles_per_s / (clock_[h] * per_core);
  cpu.background_burst_s = burst_s / per_core;
  cpu.whole_core_background = whole_core_guests();
  Station& vcpus = net_->stations[static_cast<std::size_t>(vcpu_station)];
  vcpus.background = hv.background_cycles_per_s / (clock_[h] * std::max(1, vcpus_per_vm));
  vcpus.background_burst_s = burst_s / std::max(1, vcpus_per_vm);
  charges_.push_back({-1, host, CpuWork::of(CpuLayer::Guest, vms * hv.background_cycles_per_s)});
}

int ClusterStations::serial_burst(int cls, int station, int host, const CpuWork& work, IoStage stage) {
  const auto h = static_cast<std::size_t>(host);
  const double cycles = work.total();
  Step s;
  s.cls = cls;
  s.station = station;
  s.stretch_by = cpu_[h];
  s.lone_s = cycles / clock_[h];
  s.share_s = s.lone_s;  // one burst at a time
  s.load_station = cpu_[h];
  s.load_share_s = cycles / (clock_[h] * capacity_[h]);
  s.waits_at_load = true;
  s.scv = spec_->stack.cpu_burst_scv;
  s.stage = stage;
  const int step = net_->add_step(s);
  charges_.push_back({step, host, work});
  return step;
}

int ClusterStations::connection_burst(int cls, ConnectionKey key, int lanes, const CpuWork& work, IoStage stage,
                                      const std::string& name) {
  auto found = connections_.find(key);
  if (found == connections_.end()) {
    Station st;
    st.name = name;
    st.instances = std::max(1, lanes);
    found = connections_.emplace(key, net_->add_station(st)).first;
    add_hotspot(found->second, kStorageConnection);
  }
  // A connection's work runs ahead of ordinary bursts (HostCpu's serial queues): no wait for a core.
  const int step = serial_burst(cls, found->second, key.at, work, stage);
  net_->steps[static_cast<std::size_t>(step)].waits_at_load = false;
  return step;
}

int ClusterStations::vcpus(int cls, int vcpu_station, int guest_step, int vcpus_per_vm) {
  Step s;
  s.cls = cls;
  s.station = vcpu_station;
  s.holds = {guest_step};
  s.servers = std::max(1, vcpus_per_vm);
  s.stage = IoStage::Guest;
  return net_->add_step(s);
}

std::vector<int> ClusterStations::message(int cls, int from, int to, double bytes) {
  const auto f = static_cast<std::size_t>(from);
  const auto t = static_cast<std::size_t>(to);
  Step pipes;
  pipes.cls = cls;
  pipes.station = egress_[f];
  pipes.pair_station = ingress_[t];
  pipes.lone_s = std::max(bytes / port_bytes_[f], bytes / port_bytes_[t]);
  pipes.share_s = bytes / host_bytes_[f];
  pipes.pair_share_s = bytes / host_bytes_[t];
  pipes.scv = 0;
  pipes.stage = IoStage::Network;
  Step wire;
  wire.cls = cls;
  // As Fabric's routes: half of each NIC's latency and half the switch's on each of the two links.
  wire.lone_s = std::floor(0.5 * nic_latency_ns_[f] + 0.5 * nic_latency_ns_[t] + switch_latency_ns_ + 0.5) * 1e-9;
  wire.scv = 0;
  wire.stage = IoStage::Network;
  return {net_->add_step(pipes), net_->add_step(wire)};
}

// One command's data at a time, in order (sim::FcfsStation: the HBA and the drive links).
int ClusterStations::fifo_step(int cls, int station, double seconds) {
  Step s;
  s.cls = cls;
  s.station = station;
  s.lone_s = seconds;
  s.share_s = seconds;
  s.scv = 0;
  s.stage = IoStage::Drive;
  return net_->add_step(s);
}

// As Hba::admit: command processing, then the command's data over the host link
// (store and forward, reads too), before the drive.
void ClusterStations::hba_steps(std::vector<int>& steps, int cls, int node, double bytes, bool write) {
  const auto n = static_cast<std::size_t>(node);
  if (hba_cmd_[n] >= 0) steps.push_back(fifo_step(cls, hba_cmd_[n], hba_command_s_));
  const int pipe = write ? hba_from_host_[n] : hba_to_host_[n];
  if (pipe >= 0 && bytes > 0) {
    steps.push_back(fifo_step(cls, pipe, std::ceil(bytes / spec_->hba.max_bytes_per_s * 1e9 - 1e-6) * 1e-9));
  }
}

// DeviceQueue: a command takes a slot of its drive's device queue, then a tag
// of the node's HBA (Hba::admit), and holds both until the drive has completed
// it; the tag pool is listed first, as the slot pool holds its wait.
std::vector<int> ClusterStations::behind_queues(int cls, int node, std::vector<int> held) {
  const auto n = static_cast<std::size_t>(node);
  auto pool = [&](int station, int depth) {
    Step s;
    s.cls = cls;
    s.station = station;
    s.holds = held;
    s.servers = depth;
    s.stage = IoStage::Drive;
    return net_->add_step(s);
  };
  if (tags_[n] >= 0) held.insert(held.begin(), pool(tags_[n], hba_queue_depth()));
  if (slots_[n] >= 0) held.insert(held.begin(), pool(slots_[n], device_queue_depth()));
  return held;
}

std::vector<int> ClusterStations::drive_read(int cls, int node, double bytes) {
  const auto n = static_cast<std::size_t>(node);
  std::vector<int> steps;
  hba_steps(steps, cls, node, bytes, false);
  // FlashDrive: work in channel-seconds, at most `whole` channels at once.
  const double work = std::max(read_latency_s_, channels_ * bytes / read_bw_);
  const double whole =
      std::clamp(std::ceil(work / read_latency_s_ - 1e-9), 1.0, std::max(1.0, std::ceil(channels_ - 1e-9)));
  Step s;
  s.cls = cls;
  s.station = drives_[n];
  s.lone_s = work / std::min(whole, channels_);
  s.share_s = work / channels_;
  s.scv = 0;
  s.stage = IoStage::Drive;
  const int media = net_->add_step(s);
  steps.push_back(media);
  // SerialLink: the data comes back over the drive's link.
  if (serial_) steps.push_back(fifo_step(cls, link_from_[n], link_seconds(bytes)));
  drive_ios_.push_back({media, node, bytes, false, steps});
  return behind_queues(cls, node, steps);
}

std::vector<int> ClusterStations::drive_write(int cls, int node, double bytes) {
  const auto n = static_cast<std::size_t>(node);
  std::vector<int> steps;
  hba_steps(steps, cls, node, bytes, true);
  if (serial_) steps.push_back(fifo_step(cls, link_to_[n], link_seconds(bytes)));  // the data first
  const double per_op = 1.0 / write_iops_;
  const double work = channels_ * std::max(per_op, bytes / write_bw_);
  Step s;
  s.cls = cls;
  s.scv = 0;
  s.stage = IoStage::Drive;
  const int station = drives_[n];
  if (write_buffer_ && bytes > 0) {
    // Acknowledged from the power-loss-protected buffer; the media drains it behind.
    s.lone_s = write_latency_s_;
    s.load_station = station;
    s.load_share_s = work / channels_;
  } else {
    const double whole =
        std::clamp(std::ceil(work / (channels_ * per_op) - 1e-9), 1.0, std::max(1.0, std::ceil(channels_ - 1e-9)));
    s.station = station;
    s.lone_s = work / std::min(whole, channels_);
    s.share_s = work / channels_;
  }
  const int media = net_->add_step(s);
  steps.push_back(media);
  drive_ios_.push_back({media, node, bytes, true, steps});
  return behind_queues(cls, node, steps);
}

std::vector<int> ClusterStations::leaves(const std::vector<int>& steps) {
  std::vector<int> out;
  out.reserve(steps.size());
  for (const int s : steps) out.push_back(net_->leaf(s));
  return out;
}

int ClusterStations::in_turn(const std::vector<int>& steps) {
  if (steps.size() == 1) return net_->leaf(steps.front());
  return net_->seq(leaves(steps));
}

}  // namespace hcisim::models::analytic
