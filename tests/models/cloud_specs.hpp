// Hand-built cloud specs with the numbers of hardware-catalog/cloud/ (the model
// tests do not link the YAML loader). Azure MB/s = 10^6 B/s.
#pragma once

#include <cstdint>
#include <string>

#include "models/spec/cloud_spec.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/spec/stack_spec.hpp"

namespace ctest {

using namespace hcisim::models;

constexpr std::uint64_t GiB = 1ull << 30;
constexpr std::uint64_t TiB = 1ull << 40;
constexpr double MBps = 1e6;

// azure-vm-sizes.yaml: azure-standard-d64s-v3
inline CloudVmSpec d64s_v3() {
  CloudVmSpec v;
  v.id = "azure-standard-d64s-v3";
  v.model = "Azure Standard_D64s_v3";
  v.vcpus = 64;
  v.parent_vcpus = 64;
  v.physical_cores = 32;
  v.memory_bytes = 256 * GiB;
  v.uncached_iops = 80'000;
  v.uncached_bytes_per_s = 1'200 * MBps;
  v.burst_iops = 80'000;
  v.burst_bytes_per_s = 2'000 * MBps;
  v.burst_window_s = 30 * 60;
  v.burst_credits_at_start = 1;
  v.cached_iops = 128'000;
  v.cached_bytes_per_s = 1'024 * MBps;
  v.egress_bits_per_s = 30e9;
  v.throttle_window_s = 0.010;
  v.vcpu_clock_hz = 2.6e9;
  v.smt_yield = 1.25;
  v.message_latency_ns = 40'000;
  return v;
}

// azure-vm-sizes.yaml: azure-standard-e64-16ds-v4 / -32ds-v4 (constrained-core E64ds_v4)
inline CloudVmSpec e64ds_v4(int active_vcpus) {
  CloudVmSpec v = d64s_v3();
  v.id = "azure-standard-e64-" + std::to_string(active_vcpus) + "ds-v4";
  v.model = "Azure Standard_E64-" + std::to_string(active_vcpus) + "ds_v4";
  v.vcpus = active_vcpus;
  v.parent_vcpus = 64;
  v.physical_cores = active_vcpus / 2;
  v.memory_bytes = 504 * GiB;
  v.cached_iops = 0;
  v.cached_bytes_per_s = 0;
  return v;
}

inline ManagedDiskSpec premium_ssd(const std::string& id, std::uint64_t capacity, double iops, double mbps) {
  ManagedDiskSpec d;
  d.id = id;
  d.model = "Azure Premium SSD v1 " + id;
  d.capacity_bytes = capacity;
  d.iops = iops;
  d.bytes_per_s = mbps * MBps;
  d.io_latency_ns = 2'000'000;  // EST 2 ms
  d.throttle_window_s = 0.010;
  return d;
}

// azure-premium-ssd.yaml
inline ManagedDiskSpec p30() { return premium_ssd("azure-premium-ssd-p30", 1 * TiB, 5'000, 200); }
inline ManagedDiskSpec p60() { return premium_ssd("azure-premium-ssd-p60", 8 * TiB, 16'000, 500); }
inline ManagedDiskSpec p20() {
  ManagedDiskSpec d = premium_ssd("azure-premium-ssd-p20", 512 * GiB, 2'300, 150);
  d.burst_iops = 3'500;
  d.burst_bytes_per_s = 170 * MBps;
  d.burst_window_s = 30 * 60;
  return d;
}

// stacks/infoscale.yaml, with the stripe unit given.
inline StackSpec infoscale_stack(std::uint64_t stripe_unit) {
  StackSpec st;
  st.id = "infoscale";
  st.model = "Veritas InfoScale";
  st.product = ProductKind::InfoScale;
  st.storage_stack = {25'000, 0};
  st.server_io = {20'000, 0};
  st.drive_io = {10'000, 0};
  st.network_message = {15'000, 1.0};
  st.control_message_bytes = 256;
  st.cpu_burst_scv = 0;  // exact bursts: the tests add up single I/Os
  st.infoscale.stripe_unit_bytes = stripe_unit;
  st.infoscale.vxfs.discovered_direct_iosz_bytes = 128 * 1024 * 1024;  // the seed's tunables
  st.infoscale.vxfs.write_nstream = 96;
  st.infoscale.vxfs.read_nstream = 96;
  st.infoscale.dirty_batches = 2;
  st.infoscale.page_cache = {2'000, 0.3};
  return st;
}

// A cloud cluster as the scenario loader builds it: storage VMs with
// `disks` P60 each, one volume per disk position, and client VMs.
inline ClusterSpec cloud_cluster(int storage_vms, int disks, const CloudVmSpec& client, int clients,
                                 std::uint64_t stripe_unit) {
  ClusterSpec c;
  c.cloud.storage_vm = d64s_v3();
  c.cloud.storage_vms = storage_vms;
  c.cloud.disk = p60();
  c.cloud.disks_per_vm = disks;
  c.cloud.client_vm = client;
  c.cloud.clients = clients;
  c.node_count = storage_vms;
  c.compute_hosts.count = clients;
  c.stack = infoscale_stack(stripe_unit);
  c.stack.infoscale.volumes = disks;
  c.resiliency = Resiliency::Simple;
  c.hypervisor.id = "none";
  return c;
}

// SAS iotest on that cluster: every client core one stream of `file` bytes in 64 KiB calls.
inline ScenarioSpec sas_scenario(const ClusterSpec& cluster, std::uint64_t file, std::int64_t interval_ns) {
  ScenarioSpec s;
  s.id = "sas";
  s.cluster = cluster;
  s.vms.per_node.assign(static_cast<std::size_t>(cluster.node_count), 0);
  s.vms.vcpus = 2;
  SasIotestSpec sas;
  sas.file_bytes = file;
  sas.block_bytes = 64 * 1024;
  sas.streams_per_client = cluster.cloud.client_vm.physical_cores;
  s.vms.sas = sas;
  s.run.duration_ns = 3'600'000'000'000;  // time limit: the iotest ends the run
  s.run.interval_ns = interval_ns;
  s.run.seed = 1;
  return s;
}

}  // namespace ctest
