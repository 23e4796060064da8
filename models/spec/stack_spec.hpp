// Per-layer costs of a software-defined storage stack (one profile per product).
// CPU work is in cycles, charged on the node where the layer runs.
#pragma once

#include <cstdint>
#include <string>

namespace hcisim::models {

struct LayerCost {
  double cycles_per_io = 0;
  double cycles_per_byte = 0;
  double cycles(double bytes) const { return cycles_per_io + cycles_per_byte * bytes; }
};

struct StackSpec {
  std::string id;
  std::string product;
  LayerCost guest;               // in the VM: application + guest kernel + virtual disk driver (vCPU)
  LayerCost hypervisor;          // host virtual storage path (VMBus, VHDX), per VM I/O
  LayerCost storage_stack;       // host storage stack per VM I/O (CSV/ReFS/Spaces)
  LayerCost drive_io;            // host per drive I/O issued (one per copy on that node)
  LayerCost network_message;     // per remote message on each end (SMB Direct / RDMA)
  LayerCost network_tcp_extra;   // added per message when the transport is TCP (no RDMA)
  double slab_bytes = 256.0 * 1024 * 1024;
  // Variability of the time one CPU burst takes (squared coefficient of
  // variation): 0 = always exactly cycles / clock, 1 = exponential.
  double cpu_burst_scv = 0;
  // Size on the wire of a message that carries no data (read request, write ack).
  std::uint32_t control_message_bytes = 256;
};

}  // namespace hcisim::models
