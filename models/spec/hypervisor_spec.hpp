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

// How virtual processors share a host's cores. Classic: any LP, beside any
// other work on the core's other thread. Core (Hyper-V's default since Windows
// Server 2019): a virtual processor runs on a core of its own, whose other
// thread stays idle meanwhile (HostCpu::set_whole_core_guests).
enum class VpScheduler { Classic, Core };

struct HypervisorSpec {
  std::string id;
  std::string model;  // display name
  HypervisorKind kind = HypervisorKind::HyperV;
  LayerCost guest;  // per I/O on a vCPU: the I/O generator, guest storage stack, virtual disk driver
  LayerCost host;   // per I/O on the host CPU: VMBus / virtual storage provider / virtual disk file
  // A VM's storage channels (Hyper-V: VMBus channels of its virtual SCSI
  // adapter, one per 16 virtual processors): each handles its I/Os' host work
  // one at a time. 0 = no channel: the host work runs with the storage
  // product's first burst, in parallel with other I/Os'.
  int vcpus_per_channel = 0;
  int disk_queue_depth = 0;  // outstanding I/Os per virtual disk the controller accepts; more wait in the guest
  VpScheduler scheduler = VpScheduler::Classic;
  // The virtual disk path's latency per I/O that is not CPU work: signalling
  // the request and its completion across the VM boundary and the virtual
  // processor taking the completion (not a queue: every I/O waits it).
  sim::SimTime io_latency_ns = 0;
  // The guest OS's own work on a VM's vCPUs beside its I/O (services, timers):
  // bursts of background_burst_cycles arriving at random (a Poisson process), so
  // many that they take background_cycles_per_s a second per VM. An I/O of a VM
  // whose vCPUs are all in such a burst waits for it. 0 = none.
  double background_cycles_per_s = 0;
  double background_burst_cycles = 0;
  sim::SimTime vm_restart_ns = 0;  // a failed node's VM restarting on another node, after the failure is detected
  // Outstanding I/Os per virtual storage adapter over all its disks (ESXi's
  // vSCSI adapters); 0 = no adapter limit. Each VM has its data disk on one adapter.
  int adapter_queue_depth = 0;
};

}  // namespace hcisim::models
