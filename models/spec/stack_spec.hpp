// Per-layer costs and layout of a software-defined storage product (one
// profile per product, in the catalog's stacks/). CPU work is in cycles at the
// running clock, charged on the node where the layer runs.
#pragma once

#include <cstdint>
#include <string>

namespace hcisim::models {

struct LayerCost {
  double cycles_per_io = 0;
  double cycles_per_byte = 0;
  double cycles(double bytes) const { return cycles_per_io + cycles_per_byte * bytes; }
};

enum class ProductKind { S2d, ScaleIo };

struct StackSpec {
  std::string id;
  std::string model;             // display name
  ProductKind product = ProductKind::S2d;
  LayerCost storage_stack;       // per VM I/O on the node running the volume's stack (S2D: CSVFS, ReFS, Spaces on
                                 // the owner; ScaleIO: the SDC in the VM's hypervisor)
  LayerCost server_io;           // ScaleIO: the SDS's work per copy it serves (unused by S2D)
  LayerCost drive_io;            // per drive I/O issued (one per piece and copy on that node)
  LayerCost network_message;     // per message, at each end (SMB Direct over RDMA)
  LayerCost network_tcp_extra;   // added per message end when the transport is TCP (S2D without RDMA; ScaleIO always)
  // Layout: columns x interleave stripes over extents (slabs) of slab_bytes.
  // ScaleIO: one column, and slab_bytes = interleave_bytes = its chunk size.
  double slab_bytes = 256.0 * 1024 * 1024;
  int columns = 0;               // 0 = the product's rule (S2D: capacity drives per node, at most 8)
  double interleave_bytes = 256.0 * 1024;
  int connections_per_pair = 1;  // protocol connections between two nodes
  // Variability of the time one CPU burst takes (squared coefficient of
  // variation): 0 = always exactly cycles / clock, 1 = exponential.
  double cpu_burst_scv = 0;
  // Size on the wire of a message that carries no data (read request, write ack).
  std::uint32_t control_message_bytes = 256;
};

}  // namespace hcisim::models
