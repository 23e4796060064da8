// The hypervisor's storage path for a VM's virtual disk, one profile per
// hypervisor (catalog hypervisors/): what a guest I/O costs on the VM's vCPUs
// (guest kernel and virtual disk driver) and on the host (virtual storage
// stack), and how many I/Os the virtual controller keeps in flight per disk.
#pragma once

#include <string>

#include "sim/time.hpp"

#include "models/spec/stack_spec.hpp"

namespace hcisim::models {

enum class HypervisorKind { HyperV, Esxi };

struct HypervisorSpec {
  std::string id;
  std::string model;           // display name
  HypervisorKind kind = HypervisorKind::HyperV;
  LayerCost guest;             // per I/O on a vCPU: the I/O generator, guest storage stack, virtual disk driver
  LayerCost host;              // per I/O on the host CPU: VMBus / virtual storage provider / virtual disk file
  int disk_queue_depth = 0;    // outstanding I/Os per virtual disk the controller accepts; more wait in the guest
  sim::SimTime vm_restart_ns = 0;  // a failed node's VM restarting on another node, after the failure is detected
  // Outstanding I/Os per virtual storage adapter over all its disks (ESXi's
  // vSCSI adapters); 0 = no adapter limit. Each VM has its data disk on one adapter.
  int adapter_queue_depth = 0;
};

}  // namespace hcisim::models
