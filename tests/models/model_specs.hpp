// Hand-built specs for the model tests, with the datasheet numbers of the parts
// in hardware-catalog/ (the model tests do not link the YAML loader), and small
// helpers that turn those numbers into the times the models should produce.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "models/spec/hardware_spec.hpp"
#include "models/spec/hypervisor_spec.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/spec/stack_spec.hpp"
#include "models/spec/workload_spec.hpp"
#include "sim/time.hpp"

namespace mtest {

using namespace hcisim::models;
namespace sim = hcisim::sim;

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * KiB;
constexpr std::uint64_t GiB = 1024 * MiB;

// hardware-catalog/drives/kioxia-cm6-v-3200.yaml (no write buffer stated there).
inline DriveSpec kioxia_cm6v() {
  DriveSpec d;
  d.id = "kioxia-cm6-v-3200";
  d.model = "KIOXIA CM6-V 3.2 TB";
  d.kind = DriveKind::Nvme;
  d.capacity_bytes = 3'200'000'000'000ull;
  d.random_read_iops = 1.4e6;
  d.random_write_iops = 350e3;
  d.seq_read_bytes_per_s = 6.9e9;
  d.seq_write_bytes_per_s = 4.2e9;
  d.read_latency_ns = 90'000;
  d.write_latency_ns = 25'000;
  return d;
}

// hardware-catalog/drives/hgst-ultrastar-7k6000-2tb-sas.yaml (the R740xd capacity HDD).
inline DriveSpec hgst_7k6000_2tb() {
  DriveSpec d;
  d.id = "hgst-ultrastar-7k6000-2tb-sas";
  d.model = "HGST Ultrastar 7K6000 2 TB, 7200 rpm, 12 Gb/s SAS";
  d.kind = DriveKind::Hdd;
  d.capacity_bytes = 2'000'000'000'000ull;
  d.interface = DriveInterface::Sas;
  d.link_bits_per_s = 12e9;
  d.link_payload_fraction = 0.8;
  d.queue_depth = 32;
  d.rpm = 7200;
  d.avg_seek_ns = 8'500'000;
  d.track_to_track_seek_ns = 800'000;
  d.full_stroke_seek_ns = 16'000'000;
  d.outer_media_bytes_per_s = 215e6;
  d.inner_media_bytes_per_s = 150e6;
  d.queue_age_limit_ns = 1'000'000'000;
  d.write_cache_bytes = 0;
  return d;
}

// hardware-catalog/drives/r740xd-sas-mu-ssd-1920.yaml (the R740xd cache SSD).
inline DriveSpec r740xd_cache_ssd() {
  DriveSpec d;
  d.id = "r740xd-sas-mu-ssd-1920";
  d.model = "1.92 TB 12 Gb/s SAS mixed-use SSD";
  d.kind = DriveKind::SasSsd;
  d.capacity_bytes = 1'920'000'000'000ull;
  d.random_read_iops = 300e3;
  d.random_write_iops = 90e3;
  d.seq_read_bytes_per_s = 2.1e9;
  d.seq_write_bytes_per_s = 1.7e9;
  d.read_latency_ns = 150'000;
  d.write_latency_ns = 40'000;
  d.write_buffer_bytes = 8 * MiB;
  d.interface = DriveInterface::Sas;
  d.link_bits_per_s = 12e9;
  d.link_payload_fraction = 0.8;
  d.queue_depth = 254;
  return d;
}

// hardware-catalog/drives/vxrack-emlc-sas-ssd-800.yaml (the VxRack PF100 SSD).
inline DriveSpec vxrack_emlc_800() {
  DriveSpec d;
  d.id = "vxrack-emlc-sas-ssd-800";
  d.model = "800 GB eMLC 12 Gb/s SAS SSD";
  d.kind = DriveKind::SasSsd;
  d.capacity_bytes = 800'000'000'000ull;
  d.random_read_iops = 150e3;
  d.random_write_iops = 45e3;
  d.seq_read_bytes_per_s = 1.05e9;
  d.seq_write_bytes_per_s = 0.65e9;
  d.read_latency_ns = 150'000;
  d.write_latency_ns = 40'000;
  d.write_buffer_bytes = 8 * MiB;
  d.interface = DriveInterface::Sas;
  d.link_bits_per_s = 12e9;
  d.link_payload_fraction = 0.8;
  d.queue_depth = 254;
  return d;
}

// hardware-catalog/hbas/lsi-sas-3008.yaml
inline HbaSpec lsi_sas_3008() {
  HbaSpec h;
  h.id = "lsi-sas-3008";
  h.model = "LSI SAS 3008 12 Gb/s SAS HBA";
  h.max_iops = 1e6;
  h.max_bytes_per_s = 7.88e9;
  h.queue_depth = 0;
  return h;
}

// hardware-catalog/cpus/amd-epyc-7742.yaml
inline CpuSpec epyc_7742() {
  CpuSpec c;
  c.id = "amd-epyc-7742";
  c.model = "AMD EPYC 7742";
  c.cores = 64;
  c.threads = 128;
  c.base_hz = 2.25e9;
  c.boost_hz = 3.4e9;
  c.all_core_hz = 3.0e9;
  c.smt_yield = 1.25;
  return c;
}

// hardware-catalog/nics/mellanox-connectx-6-dx-100gbe.yaml
inline NicSpec connectx6_dx() {
  NicSpec n;
  n.id = "mellanox-connectx-6-dx-100gbe";
  n.model = "ConnectX-6 Dx dual-port 100GbE";
  n.ports = 2;
  n.port_bits_per_s = 100e9;
  n.rdma = RdmaKind::RoCEv2;
  n.message_latency_ns = 1'500;
  return n;
}

// hardware-catalog/switches/generic-100gbe.yaml
inline SwitchSpec switch_100g() {
  SwitchSpec s;
  s.id = "generic-100gbe";
  s.model = "Generic cut-through 100 GbE";
  s.port_bits_per_s = 100e9;
  s.latency_ns = 800;
  return s;
}

// hardware-catalog/stacks/s2d.yaml
inline StackSpec s2d_stack() {
  StackSpec s;
  s.id = "s2d";
  s.model = "Storage Spaces Direct";
  s.product = ProductKind::S2d;
  s.storage_stack = {549, 0.05};
  s.mirror_write = {314'855, 0};
  s.volume_write = {14'865, 0};
  s.drive_io = {10'000, 0.0};
  s.network_message = {68'451, 0.02};
  s.network_tcp_extra = {20'000, 1.0};
  s.slab_bytes = 256.0 * MiB;
  s.interleave_bytes = 256.0 * KiB;
  s.control_message_bytes = 256;
  return s;
}

// hardware-catalog/hypervisors/hyper-v.yaml, without the guest OS's background
// work and the path's fixed latency (the timing tests add them where they test them).
inline HypervisorSpec hyper_v() {
  HypervisorSpec h;
  h.id = "hyper-v";
  h.model = "Microsoft Hyper-V";
  h.kind = HypervisorKind::HyperV;
  h.guest = {96'346, 0.05};
  h.host = {25'230, 0.05};
  h.disk_queue_depth = 256;
  h.scheduler = VpScheduler::Core;
  h.vcpus_per_channel = 16;
  return h;
}

// AX-7525-like nodes (2 x EPYC 7742, one ConnectX-6 Dx) with fewer drives, so
// the tests stay small.
inline ClusterSpec ax7525_cluster(int nodes, int drives_per_node, Resiliency resiliency) {
  ClusterSpec c;
  c.node.id = "dell-ax-7525";
  c.node.model = "Dell EMC AX-7525";
  c.node.cpu_id = "amd-epyc-7742";
  c.node.sockets = 2;
  c.node.memory_bytes = 1024 * GiB;
  c.node.drives = {NodeDriveGroup{"kioxia-cm6-v-3200", drives_per_node, DriveRole::Capacity}};
  c.node.nic_id = "mellanox-connectx-6-dx-100gbe";
  c.node.nic_count = 1;
  c.node_count = nodes;
  c.cpu = epyc_7742();
  c.drives = {kioxia_cm6v()};
  c.nic = connectx6_dx();
  c.network_switch = switch_100g();
  c.stack = s2d_stack();
  c.hypervisor = hyper_v();
  c.resiliency = resiliency;
  return c;
}

// 3 of those nodes (4 CM6-V each, three-way mirror), 2 VMs per node running
// DISKSPD 4K random, T2 O8, with the given write fraction; the caller sets the
// run (warm-up, duration, seed) and the id.
inline ScenarioSpec ax7525_small_run(double write_fraction) {
  ScenarioSpec s;
  s.cluster = ax7525_cluster(3, 4, Resiliency::ThreeWayMirror);
  s.vms.vcpus = 2;
  s.vms.per_node = {2, 2, 2};
  s.vms.workload.file_bytes = 10 * GiB;
  DiskspdTarget& w = s.vms.workload.targets[0];
  w.block_bytes = 4 * KiB;
  w.threads = 2;
  w.outstanding = 8;
  w.write_fraction = write_fraction;
  w.pattern = AccessPattern::Random;
  return s;
}

// hardware-catalog/cpus/intel-xeon-e5-2680-v3.yaml (the VxRack PF100's CPU)
inline CpuSpec xeon_e5_2680_v3() {
  CpuSpec c;
  c.id = "intel-xeon-e5-2680-v3";
  c.model = "Intel Xeon E5-2680 v3";
  c.cores = 12;
  c.threads = 24;
  c.base_hz = 2.5e9;
  c.boost_hz = 3.3e9;
  c.all_core_hz = 2.9e9;
  c.smt_yield = 1.25;
  return c;
}

// hardware-catalog/cpus/intel-xeon-e5-2690-v3.yaml (the two-layer compute host's CPU, an assumption)
inline CpuSpec xeon_e5_2690_v3() {
  CpuSpec c = xeon_e5_2680_v3();
  c.id = "intel-xeon-e5-2690-v3";
  c.model = "Intel Xeon E5-2690 v3";
  c.base_hz = 2.6e9;
  c.boost_hz = 3.5e9;
  c.all_core_hz = 3.1e9;
  return c;
}

// hardware-catalog/nics/vxrack-4x10gbe-sfp.yaml
inline NicSpec vxrack_4x10gbe() {
  NicSpec n;
  n.id = "vxrack-4x10gbe-sfp";
  n.model = "4 x 10 GbE SFP+";
  n.ports = 4;
  n.port_bits_per_s = 10e9;
  n.rdma = RdmaKind::None;
  n.message_latency_ns = 10'000;
  return n;
}

// hardware-catalog/switches/cisco-nexus-3164q.yaml
inline SwitchSpec nexus_3164q() {
  SwitchSpec s;
  s.id = "cisco-nexus-3164q";
  s.model = "Cisco Nexus 3164Q";
  s.port_bits_per_s = 40e9;
  s.latency_ns = 1'000;
  return s;
}

// hardware-catalog/stacks/scaleio.yaml (burst variability 0 here, so times are exact)
inline StackSpec scaleio_stack() {
  StackSpec s;
  s.id = "scaleio";
  s.model = "EMC ScaleIO";
  s.product = ProductKind::ScaleIo;
  s.storage_stack = {15'000, 0.0};  // sdc
  s.server_io = {40'000, 0.1};      // sds
  s.drive_io = {10'000, 0.0};
  s.network_message = {5'000, 0.0};
  s.network_tcp_extra = {20'000, 1.0};  // network_tcp
  s.slab_bytes = 1.0 * MiB;
  s.interleave_bytes = 1.0 * MiB;
  s.columns = 1;
  s.connections_per_pair = 4;
  s.control_message_bytes = 256;
  return s;
}

// hardware-catalog/hypervisors/esxi-5.5.yaml (esxi-6.0 has the same figures)
inline HypervisorSpec esxi() {
  HypervisorSpec h;
  h.id = "esxi-5.5";
  h.model = "VMware ESXi 5.5";
  h.kind = HypervisorKind::Esxi;
  h.guest = {35'000, 0.05};
  h.host = {30'000, 0.05};
  h.disk_queue_depth = 32;
  h.adapter_queue_depth = 128;
  return h;
}

// VxRack PF100-like nodes (2 x E5-2680 v3, 4 x 10 GbE) with `drives_per_node`
// eMLC SAS SSDs and no HBA limit (the HBA has its own tests), ScaleIO, ESXi.
inline ClusterSpec vxrack_cluster(int nodes, int drives_per_node) {
  ClusterSpec c;
  c.node.id = "vxrack-node-pf100";
  c.node.model = "EMC VxRack Node PF100";
  c.node.cpu_id = "intel-xeon-e5-2680-v3";
  c.node.sockets = 2;
  c.node.memory_bytes = 512 * GiB;
  c.node.drives = {NodeDriveGroup{"vxrack-emlc-sas-ssd-800", drives_per_node, DriveRole::Capacity}};
  c.node.nic_id = "vxrack-4x10gbe-sfp";
  c.node.nic_count = 1;
  c.node_count = nodes;
  c.cpu = xeon_e5_2680_v3();
  c.drives = {vxrack_emlc_800()};
  c.nic = vxrack_4x10gbe();
  c.network_switch = nexus_3164q();
  c.stack = scaleio_stack();
  c.hypervisor = esxi();
  c.resiliency = Resiliency::TwoWayMirror;
  return c;
}

// The same with `hosts` compute-only hosts (2 x `cpu`, the same NIC, no drives).
inline ClusterSpec vxrack_two_layer(int nodes, int drives_per_node, int hosts, const CpuSpec& cpu) {
  ClusterSpec c = vxrack_cluster(nodes, drives_per_node);
  c.compute_hosts.count = hosts;
  c.compute_hosts.node.id = "vxrack-compute-host";
  c.compute_hosts.node.cpu_id = cpu.id;
  c.compute_hosts.node.sockets = 2;
  c.compute_hosts.node.nic_id = c.node.nic_id;
  c.compute_hosts.cpu = cpu;
  c.compute_hosts.nic = c.nic;
  return c;
}

// ---- Expected times, from the numbers above and the model descriptions. ----

// A CPU burst of `cycles` at `hz`, rounded to the nanosecond as HostCpu does.
inline sim::SimTime cpu_ns(double cycles, double hz) { return std::llround(cycles * 1e9 / hz); }

// Time for `bytes` to cross a pipe of `bytes_per_s` alone: rounded up to a whole ns
// (sim::SharedCapacity schedules completions on the next whole nanosecond).
inline sim::SimTime pipe_ns(std::uint64_t bytes, double bytes_per_s) {
  return static_cast<sim::SimTime>(std::ceil(static_cast<double>(bytes) / bytes_per_s * 1e9 - 1e-3));
}

// One-way node-to-node latency of the converged fabric: NIC latency at the two
// ends (half each) plus the switch in between.
inline sim::SimTime routed_latency_ns(const NicSpec& nic, const SwitchSpec& sw) {
  return nic.message_latency_ns + sw.latency_ns;
}

// A message alone between two nodes: it streams through the sender's egress and
// the receiver's ingress at one port's rate at once, then takes the routed latency.
inline sim::SimTime message_ns(std::uint64_t bytes, const NicSpec& nic, const SwitchSpec& sw) {
  return pipe_ns(bytes, nic.port_bits_per_s / 8.0) + routed_latency_ns(nic, sw);
}

}  // namespace mtest
