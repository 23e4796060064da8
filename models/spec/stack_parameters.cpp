#include "models/spec/stack_parameters.hpp"

// Each entry names only the fields it sets (designated initializers); the rest keep their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace hcisim::models {

using Q = Quantity;

namespace {

Parameter size(std::string_view name, std::string_view doc) { return {.name = name, .quantity = Q::Size, .doc = doc}; }

Parameter duration(std::string_view name, std::string_view doc) {
  return {.name = name, .quantity = Q::Duration, .doc = doc};
}

Parameter share(std::string_view name, std::string_view unit, std::string_view doc, bool at_most_1 = true) {
  Parameter p = {.name = name, .quantity = Q::Real, .unit = unit, .min = 0, .doc = doc};
  if (at_most_1) p.max = 1;
  return p;
}

Parameter integer(std::string_view name, std::string_view unit, double min, double max, std::string_view doc) {
  return {.name = name, .quantity = Q::Integer, .unit = unit, .min = min, .max = max, .doc = doc};
}

std::vector<Parameter> cache_tier_fields() {
  return {
      size("page_size", "the cache's page: at least 4 KiB and a whole fraction of slab_size"),
      size("metadata_reserve", "per cache drive, not used for data"),
      size("max_cached_write", "larger writes go to the capacity drive"),
      size("first_miss_read", "reads up to this are admitted on the first miss"),
      size("sequential_bypass", "sequential reads larger than this bypass the cache"),
      share("destage_start", "of the cache dirty", "dirty share of the cache that starts destaging"),
      share("destage_stop", "of the cache dirty", "dirty share that stops it; below destage_start", false),
      size("destage_max_write", "one destage write, contiguous dirty pages; at least one cache page"),
      integer("destage_outstanding", "writes per capacity drive", 1, 256,
              "destage writes in flight per capacity drive"),
      share("warmup_fill", "of the cache", "share of the cache a read warm-up fills"),
      {.name = "lookup_cycles_per_io",
       .quantity = Q::Real,
       .unit = "cycles per drive I/O",
       .min = 0,
       .doc = "CPU per drive I/O through the cache"},
  };
}

std::vector<Parameter> failure_fields() {
  return {
      duration("node_detection", "until the cluster declares a silent node down"),
      duration("drive_detection", "until an I/O to a failed drive gives up"),
      duration("volume_failover", "a volume's ownership moving to another node"),
      size("repair_io", "one repair (resync / rebuild) copy: at least 4 KiB and at most slab_size"),
      integer("repair_outstanding", "repair I/Os per volume", 1, 16,
              "repair I/Os in flight per volume (S2D: 1, 2, 4, 8, 16)"),
      size("dirty_region", "granularity of dirty-region tracking (what a resync copies): slab_size"),
      integer("reserve_drives_per_node", "drives", 0, 64, "capacity kept free for in-place rebuilds, in drives"),
  };
}

std::vector<Parameter> rebuild_fields() {
  return {
      duration("device_detection", "the device error time: until an I/O to a failed device gives up"),
      integer("concurrent_ios_per_device", "rebuild I/Os per device", 1, 64, "rebuild I/Os in flight per device"),
      {.name = "spare",
       .quantity = Q::Real,
       .unit = "of each device",
       .min = 0,
       .min_exclusive = true,
       .doc = "share of every device kept free as spare for rebuilds; below 0.5"},
  };
}

std::vector<Parameter> vxfs_fields() {
  constexpr std::string_view kUnit = "requests in flight per file";
  return {
      {.name = "read_pref_io",
       .quantity = Q::Size,
       .default_value = "from the stripe unit",
       .doc = "one read-ahead request: a multiple of 512 bytes, at most 1 GiB"},
      {.name = "write_pref_io",
       .quantity = Q::Size,
       .default_value = "from the stripe unit",
       .doc = "one flush-behind write: a multiple of 512 bytes, at most 1 GiB"},
      {.name = "read_nstream",
       .quantity = Q::Integer,
       .unit = kUnit,
       .default_value = "from the columns",
       .min = 1,
       .max = 4096,
       .doc = "read-ahead requests in flight per file"},
      {.name = "write_nstream",
       .quantity = Q::Integer,
       .unit = kUnit,
       .default_value = "from the columns",
       .min = 1,
       .max = 4096,
       .doc = "flush-behind writes in flight per file; flush starts at nstream x pref_io"},
      size("discovered_direct_iosz", "larger requests go unbuffered (direct)"),
  };
}

}  // namespace

const std::vector<Parameter>& layer_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "cycles_per_io",
       .quantity = Q::Real,
       .unit = "cycles per I/O",
       .min = 0,
       .max = layer_limits::kMaxCyclesPerIo,
       .doc = "CPU cycles per I/O"},
      {.name = "cycles_per_byte",
       .quantity = Q::Real,
       .unit = "cycles per byte",
       .min = 0,
       .max = layer_limits::kMaxCyclesPerByte,
       .doc = "CPU cycles per byte"},
  };
  return list;
}

const std::vector<Parameter>& stack_parameters() {
  // A layer is a mapping of layer_parameters(): CPU cycles per I/O and per byte.
  static const std::vector<Parameter> list = {
      {.name = "product",
       .quantity = Q::Choice,
       .choices = {"s2d", "scaleio", "infoscale"},
       .doc = "the mechanics the profile runs (model is the product's name)"},
      {.name = "storage_stack",
       .quantity = Q::Mapping,
       .applies_to = "s2d",
       .doc = "layer: CSV/ReFS/Spaces on the volume's owner per VM I/O"},
      {.name = "mirror_write",
       .quantity = Q::Mapping,
       .applies_to = "s2d",
       .doc = "layer: per VM write on the owner, beside storage_stack"},
      {.name = "volume_write",
       .quantity = Q::Mapping,
       .applies_to = "s2d",
       .doc = "layer: what a write holds its volume's stage for, one I/O at a time per volume on its owner "
              "(docs/s2d-calibration.md \"The volume stage\")"},
      {.name = "volume_read",
       .quantity = Q::Mapping,
       .applies_to = "s2d",
       .doc = "layer: the same for a read (waiting reads go ahead of waiting writes; a direction costing nothing "
              "skips the stage)"},
      {.name = "drive_io", .quantity = Q::Mapping, .doc = "layer: per drive I/O issued"},
      {.name = "network_message", .quantity = Q::Mapping, .doc = "layer: the protocol's work per message, each end"},
      {.name = "network_tcp_extra",
       .quantity = Q::Mapping,
       .applies_to = "s2d",
       .doc = "layer: added per message end without RDMA"},
      {.name = "slab_size",
       .quantity = Q::Size,
       .applies_to = "s2d",
       .doc = "the volumes' slabs, from 1 MiB to 64 GiB (S2D uses 256 MiB)"},
      {.name = "columns",
       .quantity = Q::Integer,
       .unit = "columns",
       .default_value = "one per capacity drive",
       .min = 1,
       .max = 64,
       .applies_to = "s2d",
       .doc = "a volume's columns"},
      {.name = "interleave",
       .quantity = Q::Size,
       .applies_to = "s2d",
       .doc = "a column's stripe unit: at least 4 KiB and a whole fraction of slab_size"},
      {.name = "connections_per_pair",
       .quantity = Q::Integer,
       .unit = "connections per node pair",
       .min = 1,
       .max = 64,
       .applies_to = "scaleio",
       .doc = "sockets per node pair, each handling its messages one at a time at each end (S2D's messages are "
              "bursts on the cores: docs/s2d-calibration.md)"},
      {.name = "control_message_size",
       .quantity = Q::Size,
       .default_value = "256 B",
       .max = 1 << 20,
       .doc = "wire size of a message without data"},
      {.name = "cpu_burst_variability",
       .quantity = Q::Real,
       .unit = "(squared coefficient of variation)",
       .default_value = "0",
       .min = 0,
       .max = 10,
       .doc = "squared coefficient of variation of a CPU burst's time (1 = exponential)"},
      {.name = "cache_tier",
       .quantity = Q::Mapping,
       .default_value = "none",
       .applies_to = "s2d, scaleio",
       .doc = "a hybrid node's cache drives (a scenario refuses it under any product but s2d)",
       .fields = cache_tier_fields()},
      {.name = "csv_cache",
       .quantity = Q::Mapping,
       .default_value = "none",
       .applies_to = "s2d, scaleio",
       .doc = "the CSV block cache",
       .fields = {{.name = "block_size", .quantity = Q::Size, .min = 512, .doc = "what the CSV block cache tracks"},
                  {.name = "hit_cycles_per_byte",
                   .quantity = Q::Real,
                   .unit = "cycles per byte",
                   .min = 0,
                   .doc = "copying a hit to the VM's buffer"}}},
      {.name = "failure",
       .quantity = Q::Mapping,
       .default_value = "none",
       .applies_to = "s2d",
       .doc = "failure handling",
       .fields = failure_fields()},
      {.name = "sdc",
       .quantity = Q::Mapping,
       .applies_to = "scaleio",
       .doc = "layer: the SDC in the VM's hypervisor, per VM I/O"},
      {.name = "sds", .quantity = Q::Mapping, .applies_to = "scaleio", .doc = "layer: per copy an SDS serves"},
      {.name = "network_tcp",
       .quantity = Q::Mapping,
       .applies_to = "scaleio",
       .doc = "layer: TCP/IP per message end (ScaleIO always runs TCP)"},
      {.name = "chunk_size",
       .quantity = Q::Size,
       .applies_to = "scaleio",
       .doc = "a volume's chunks, each on two nodes; a multiple of 4 KiB"},
      {.name = "rebuild",
       .quantity = Q::Mapping,
       .default_value = "none",
       .applies_to = "scaleio",
       .doc = "a lost device's rebuild",
       .fields = rebuild_fields()},
      {.name = "client",
       .quantity = Q::Mapping,
       .applies_to = "infoscale",
       .doc = "layer: VxFS, CVM and the FSS client per request, on the client VM"},
      {.name = "server",
       .quantity = Q::Mapping,
       .applies_to = "infoscale",
       .doc = "layer: the FSS server per piece, on the disk's storage VM"},
      {.name = "stripe_unit",
       .quantity = Q::Size,
       .applies_to = "infoscale",
       .doc = "the volumes' stripe unit: a multiple of 512 bytes, at most 1 GiB"},
      {.name = "vxfs",
       .quantity = Q::Mapping,
       .applies_to = "infoscale",
       .doc = "the shipped tunables",
       .fields = vxfs_fields()},
      {.name = "dirty_batches",
       .quantity = Q::Integer,
       .unit = "flush-behind batches per file",
       .min = 1,
       .max = 64,
       .applies_to = "infoscale",
       .doc = "flush-behind batches a file may have dirty or being written before its "
              "writer waits"},
      {.name = "page_cache",
       .quantity = Q::Mapping,
       .applies_to = "infoscale",
       .doc = "layer: the copy between the application's buffer and the page cache"},
  };
  return list;
}

}  // namespace hcisim::models
