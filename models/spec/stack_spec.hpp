// Per-layer costs and layout of a software-defined storage product (one
// profile per product, in the catalog's stacks/). CPU work is in cycles at the
// running clock, charged on the node where the layer runs.
#pragma once

#include <cstdint>
#include <string>

#include "models/spec/failure_spec.hpp"

namespace hcisim::models {

struct LayerCost {
  double cycles_per_io = 0;
  double cycles_per_byte = 0;
  double cycles(double bytes) const { return cycles_per_io + cycles_per_byte * bytes; }
};

// Each product's name, what it accepts and what it offers: models/storage/product_registry.hpp.
enum class ProductKind { S2d, ScaleIo, InfoScale };

// VxFS I/O tunables (vxtunefs, mechanisms.md 4.4). A pref_io or nstream of 0
// takes the documented default from the volume geometry: pref_io = the stripe
// unit, nstream = the columns.
struct VxfsTunables {
  std::uint64_t read_pref_io_bytes = 0;   // one read-ahead request
  std::uint64_t write_pref_io_bytes = 0;  // one flush-behind write
  int read_nstream = 0;                   // read-ahead requests in flight per file
  int write_nstream = 0;                  // flush-behind writes in flight per file; flush starts at nstream x pref_io
  std::uint64_t discovered_direct_iosz_bytes = 256 * 1024;  // larger requests go unbuffered (direct)
};

// Veritas InfoScale: VxVM volumes striped one column per storage node, several
// of them in a volume set under one VxFS cluster file system; the storage
// nodes share their disks over the network (Flexible Storage Sharing).
struct InfoScaleSpec {
  std::uint64_t stripe_unit_bytes = 64 * 1024;
  int volumes = 1;  // striped volumes in the volume set
  VxfsTunables vxfs;
  // A writer waits while its file has more than this many flush-behind
  // batches (write_nstream x write_pref_io) dirty or being written.
  int dirty_batches = 2;
  LayerCost page_cache;  // copying between the application's buffer and the page cache
};

// A cache tier of faster drives bound to a node's capacity drives (the Storage
// Spaces Direct / Storage Bus cache). Used only when a node has cache drives.
struct CacheTierSpec {
  bool defined = false;                                // the profile describes a cache tier
  std::uint64_t page_bytes = 16 * 1024;                // cache page
  std::uint64_t metadata_reserve_bytes = 32ull << 30;  // per cache drive, not used for data
  std::uint64_t max_cached_write_bytes = 256 * 1024;   // larger writes go to the capacity drive
  std::uint64_t first_miss_read_bytes = 64 * 1024;     // reads up to this are admitted on the first miss
  std::uint64_t sequential_bypass_bytes = 32 * 1024;   // sequential reads larger than this bypass the cache
  double destage_start = 0.25;                         // dirty share of the cache that starts destaging
  double destage_stop = 0.2;                           // ... and that stops it
  std::uint64_t destage_max_bytes = 1024 * 1024;       // one destage write, contiguous dirty pages
  int destage_outstanding = 4;                         // destage writes in flight per capacity drive
  double warmup_fill = 0.6;                            // share of the cache a read warm-up fills
  double lookup_cycles_per_io = 0;                     // CPU per drive I/O through the cache
};

struct StackSpec {
  std::string id;
  std::string model;  // display name
  ProductKind product = ProductKind::S2d;
  LayerCost storage_stack;  // per VM I/O on the node running the volume's stack (S2D: CSVFS, ReFS, Spaces on
                            // the owner; ScaleIO: the SDC in the VM's hypervisor; InfoScale: VxFS, CVM and
                            // the FSS client on the client)
  LayerCost server_io;      // ScaleIO: the SDS's work per copy it serves; InfoScale: the FSS server's per
                            // piece on the storage node (unused by S2D)
  LayerCost mirror_write;   // S2D: per VM write on the volume's owner, beside storage_stack (a mirror's
                            // write bookkeeping)
  // S2D: the volume's stage on its owner, one I/O at a time per volume, after
  // the stack and before the drive I/Os go out (docs/s2d-calibration.md
  // "The volume stage"): what a write and a read hold it for.
  LayerCost volume_write;
  LayerCost volume_read;
  LayerCost drive_io;           // per drive I/O issued (one per piece and copy on that node)
  LayerCost network_message;    // per message, at each end (SMB Direct over RDMA)
  LayerCost network_tcp_extra;  // added per message end when the transport is TCP (S2D without RDMA; ScaleIO always)
  // Layout: columns x interleave stripes over extents (slabs) of slab_bytes.
  // ScaleIO: one column, and slab_bytes = interleave_bytes = its chunk size.
  double slab_bytes = 256.0 * 1024 * 1024;
  int columns = 0;  // 0 = the product's rule (S2D: capacity drives per node, at most 8)
  double interleave_bytes = 256.0 * 1024;
  int connections_per_pair = 1;                // protocol connections between two nodes
  CacheTierSpec cache;                         // hybrid nodes only
  FailureHandlingSpec failure;                 // detection, failover and repair
  std::uint64_t csv_cache_block_bytes = 4096;  // what the CSV block cache tracks
  double csv_cache_hit_cycles_per_byte = 0;    // copying a CSV block cache hit to the VM's buffer
  // Variability of the time one CPU burst takes (squared coefficient of
  // variation): 0 = always exactly cycles / clock, 1 = exponential.
  double cpu_burst_scv = 0;
  // Size on the wire of a message that carries no data (read request, write ack).
  std::uint32_t control_message_bytes = 256;
  InfoScaleSpec infoscale;  // product: infoscale only
};

}  // namespace hcisim::models
