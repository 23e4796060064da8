// The hardware of a cluster, shared by every storage product: nodes with their
// CPUs and drives, compute-only hosts (two-layer: a CPU and NICs, no drives),
// the fabric between all of them, and which nodes are up. Products decide what
// runs where; the cluster only holds the parts.
//
// Host numbering: 0 .. node_count() - 1 are the storage nodes, then the
// compute hosts up to host_count() - 1; cpu(), node() and the fabric take
// either kind.
//
// A cloud cluster (ClusterSpec::cloud): the storage nodes are storage VMs whose
// drives are their managed disks behind the VM's uncached caps (AzureVm), the
// compute hosts are client VMs; each VM's CPU is its vCPUs, and its network is
// metered on egress only, by its cap.
#pragma once

#include <memory>
#include <vector>

#include "models/cache/cache_tier.hpp"
#include "models/cloud/azure_vm.hpp"
#include "models/cloud/managed_disk.hpp"
#include "models/hardware/drive.hpp"
#include "models/hardware/hba.hpp"
#include "models/hardware/host_cpu.hpp"
#include "models/hardware/make_drive.hpp"
#include "models/network/fabric.hpp"
#include "models/spec/scenario_spec.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

struct ClusterNode {
  ClusterNode(sim::Engine& engine, const ClusterSpec& spec, int index, DriveFactory& drives);
  // A compute-only host (index counts from the first compute host).
  ClusterNode(sim::Engine& engine, const ComputeHostsSpec& host, double burst_scv, int index);
  // A cloud VM: a storage VM with `disks` managed disks (`disk`), or a client
  // (compute_only, no disks). `name` names its random stream ("node3", "host1").
  ClusterNode(sim::Engine& engine, const CloudVmSpec& vm, const ManagedDiskSpec& disk, int disks, bool compute_only,
              double burst_scv, const std::string& name);
  HostCpu cpu;
  bool compute_only = false;
  std::unique_ptr<Hba> hba;           // the SAS/SATA drives' HBA, if the node has one
  std::unique_ptr<CacheTier> cache;   // hybrid nodes: cache drives in front of the capacity drives
  std::unique_ptr<AzureVm> cloud_vm;  // cloud clusters: the VM's caps
  std::vector<std::unique_ptr<ManagedDisk>> managed_disks;  // cloud clusters: the storage VM's data disks
  std::vector<std::unique_ptr<Drive>>
      drives;  // capacity drives (behind the cache tier, if any; cloud: behind the VM's caps)
  bool up = true;
};

class Cluster {
 public:
  Cluster(sim::Engine& engine, const ClusterSpec& spec);
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  int node_count() const { return storage_nodes_; }                   // storage nodes
  int host_count() const { return static_cast<int>(nodes_.size()); }  // storage nodes and compute hosts
  bool compute_only(int i) const { return node(i).compute_only; }
  ClusterNode& node(int i) { return *nodes_[static_cast<std::size_t>(i)]; }
  const ClusterNode& node(int i) const { return *nodes_[static_cast<std::size_t>(i)]; }
  HostCpu& cpu(int i) { return node(i).cpu; }
  bool up(int i) const { return node(i).up; }
  int drives_per_node() const { return static_cast<int>(nodes_.front()->drives.size()); }
  Fabric& fabric() { return fabric_; }
  const Fabric& fabric() const { return fabric_; }
  std::vector<HostCpu*> cpus();  // of every host, in host order
  bool cloud() const { return nodes_.front()->cloud_vm != nullptr; }

 private:
  sim::Engine* engine_;
  int storage_nodes_;
  std::vector<std::unique_ptr<ClusterNode>> nodes_;
  Fabric fabric_;
};

}  // namespace hcisim::models
