#include "tools/frontend/input/catalog_parts.hpp"

#include <algorithm>
#include <cmath>

#include "models/hardware/disk_geometry.hpp"
#include "models/hardware/flash_drive.hpp"
#include "models/hardware/hdd_drive.hpp"
#include "models/hardware/seek_curve.hpp"
#include "models/spec/hardware_parameters.hpp"
#include "models/spec/stack_parameters.hpp"
#include "models/storage/product_registry.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/catalog_application.hpp"
#include "tools/frontend/input/catalog_cloud.hpp"
#include "tools/frontend/input/catalog_infoscale.hpp"
#include "tools/frontend/input/input_limits.hpp"
#include "tools/frontend/input/not_modelled_yet.hpp"
#include "tools/frontend/input/part_parameters.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::uint64_t kMaxSlabBytes = 64ull << 30;  // 64 GiB

// "key 'KEY': expected EXPECTED, got '<the number>'" unless `ok`.
void require(bool ok, const YamlMap& map, std::string_view key, const std::string& expected) {
  if (!ok) fail_number(map, key, expected);
}

std::string at_most(const std::string& limit) { return "at most " + limit; }

// "value V outside the declared bounds of KEY": "key 'KEY': expected [WHAT ]BOUNDS, got '<V>'".
void check_bounds(const YamlMap& map, const models::Parameter& p, double value, std::string_view what = {}) {
  const bool low = !p.min || (p.min_exclusive ? value > *p.min : value >= *p.min);
  const bool high = !p.max || value <= *p.max;
  if (!(low && high)) fail_number(map, p.name, (what.empty() ? "" : std::string(what) + " ") + bounds_text(p));
}

// An integer key read within its declared bounds, with its declared unit.
std::int64_t declared_integer(PartFieldReader& fields, const YamlMap& map, const models::Parameter& p) {
  return fields.integer(map, p.name, static_cast<std::int64_t>(*p.min), static_cast<std::int64_t>(*p.max), p.unit);
}

std::vector<std::string> kind_keys(PartKind kind) { return parameter_key_strings(*declared_parameters(kind)); }

// Ids are used on command lines and in file names: keep them plain.
void check_id(const YamlValue& value, const std::string& id) {
  const bool plain = std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.';
  });
  if (!plain) value.fail_expected("an id of letters, digits, '-', '_' and '.'");
}

models::CpuSpec read_cpu(const YamlMap& map, PartFieldReader& fields) {
  const auto param = [](std::string_view key) -> const models::Parameter& { return parameter_of(PartKind::Cpu, key); };
  models::CpuSpec cpu;
  cpu.cores = static_cast<int>(declared_integer(fields, map, param("cores")));
  cpu.threads = static_cast<int>(declared_integer(fields, map, param("threads")));
  if (cpu.threads != cpu.cores && cpu.threads != models::kMaxThreadsPerCore * cpu.cores) {
    fail_number(map, "threads",
                "cores (" + std::to_string(cpu.cores) + ") or twice the cores (SMT): the model runs at most " +
                    std::to_string(models::kMaxThreadsPerCore) + " threads per core");
  }
  cpu.base_hz = fields.frequency(map, "base_clock");
  check_bounds(map, param("base_clock"), cpu.base_hz, "a clock");
  cpu.boost_hz = fields.frequency(map, "boost_clock");
  if (cpu.boost_hz < cpu.base_hz) fail_number(map, "boost_clock", "at least base_clock");
  if (map.has("all_core_clock")) {
    cpu.all_core_hz = fields.frequency(map, "all_core_clock");
    if (cpu.all_core_hz < cpu.base_hz || cpu.all_core_hz > cpu.boost_hz) {
      fail_number(map, "all_core_clock", "a clock between base_clock and boost_clock");
    }
  }
  check_bounds(map, param("boost_clock"), cpu.boost_hz);
  const models::Parameter& smt = param("smt_yield");
  cpu.smt_yield = fields.optional_real(map, smt.name, *smt.min, smt.unit).value_or(1.0);
  if (cpu.threads == cpu.cores && cpu.smt_yield != 1.0) {
    fail_number(map, "smt_yield", "1 (threads equal cores: no SMT)");
  }
  // A core cannot do more than one thread's work per hardware thread it has.
  const double threads_per_core = static_cast<double>(cpu.threads) / cpu.cores;
  require(cpu.smt_yield <= threads_per_core, map, "smt_yield",
          "at most threads / cores = " + format_number(threads_per_core) + " (x one thread)");
  return cpu;
}

// Keys only some drive types use: any other type refuses them, so a value is
// never accepted and then ignored.
// Which types use a key is declared with it (applies_to, models/spec/hardware_parameters.hpp).
std::vector<std::string_view> drive_keys_for(std::string_view types) {
  return parameter_keys(models::drive_parameters(), types);
}

template <class Keys>
void refuse_keys(const YamlMap& map, const Keys& keys, std::string_view why) {
  for (std::string_view key : keys) {
    if (map.has(key)) map.required(key).fail(why);
  }
}

const models::Parameter& drive_param(std::string_view key) { return parameter_of(PartKind::Drive, key); }

void read_flash_figures(const YamlMap& map, PartFieldReader& fields, models::DriveSpec& drive) {
  const auto iops = [&](std::string_view key) {
    const models::Parameter& p = drive_param(key);
    const double value = fields.count(map, key, p.unit);
    check_bounds(map, p, value);
    return value;
  };
  const auto rate = [&](std::string_view key) {
    const double value = fields.byte_rate(map, key);
    check_bounds(map, drive_param(key), value);
    return value;
  };
  const auto latency = [&](std::string_view key) {
    const std::int64_t value = fields.duration_ns(map, key);
    check_bounds(map, drive_param(key), static_cast<double>(value), "a latency");
    return value;
  };
  drive.random_read_iops = iops("random_read_iops");
  drive.random_write_iops = iops("random_write_iops");
  drive.seq_read_bytes_per_s = rate("seq_read_throughput");
  drive.seq_write_bytes_per_s = rate("seq_write_throughput");
  drive.read_latency_ns = latency("read_latency");
  drive.write_latency_ns = latency("write_latency");
  // The flash model runs random_read_iops x read_latency I/Os in parallel (Little's law).
  const double channels = drive.random_read_iops * static_cast<double>(drive.read_latency_ns) / 1e9;
  require(channels <= static_cast<double>(models::FlashDrive::kMaxChannels), map, "random_read_iops",
          "random_read_iops x read_latency (" + format_number(channels) + " I/Os in flight inside the drive) of " +
              at_most(format_count(static_cast<double>(models::FlashDrive::kMaxChannels))));
  if (map.has("write_buffer")) drive.write_buffer_bytes = fields.size(map, "write_buffer");
}

// The link and device queue of a SAS or SATA drive.
void read_serial_link(const YamlMap& map, PartFieldReader& fields, models::DriveSpec& drive) {
  drive.link_bits_per_s = fields.bit_rate(map, "link_speed");
  drive.link_payload_fraction =
      fields.choice<double>(map, "link_encoding", {{"8b10b", 8.0 / 10.0}, {"128b150b", 128.0 / 150.0}}, std::nullopt);
  const bool sata = drive.interface == models::DriveInterface::Sata;
  const models::Parameter& depth = drive_param("queue_depth");
  drive.queue_depth = static_cast<int>(fields.integer(map, depth.name, static_cast<std::int64_t>(*depth.min),
                                                      sata ? 32 : static_cast<std::int64_t>(*depth.max), depth.unit));
}

void read_hdd_figures(const YamlMap& map, PartFieldReader& fields, models::DriveSpec& drive) {
  const models::Parameter& rpm = drive_param("rpm");
  drive.rpm = fields.real_within(map, rpm.name, *rpm.min, *rpm.max, rpm.unit, bounds_text(rpm));
  drive.avg_seek_ns = fields.duration_ns(map, "avg_seek");
  drive.track_to_track_seek_ns = fields.duration_ns(map, "track_to_track_seek");
  drive.full_stroke_seek_ns = fields.duration_ns(map, "full_stroke_seek");
  check_bounds(map, drive_param("track_to_track_seek"), static_cast<double>(drive.track_to_track_seek_ns), "a seek");
  if (!(drive.track_to_track_seek_ns < drive.avg_seek_ns && drive.avg_seek_ns < drive.full_stroke_seek_ns)) {
    fail_number(map, "avg_seek", "track_to_track_seek < avg_seek < full_stroke_seek");
  }
  drive.outer_media_bytes_per_s = fields.byte_rate(map, "outer_media_rate");
  drive.inner_media_bytes_per_s = fields.byte_rate(map, "inner_media_rate");
  if (drive.inner_media_bytes_per_s > drive.outer_media_bytes_per_s) {
    fail_number(map, "inner_media_rate", "at most outer_media_rate (LBA 0 is the fast outer edge)");
  }
  // The model solves a seek curve through the three seek times (seek_curve.hpp); not every triple has one.
  try {
    const models::DiskGeometry geometry(drive.capacity_bytes, drive.rpm, drive.outer_media_bytes_per_s,
                                        drive.inner_media_bytes_per_s);
    (void)models::SeekCurve(geometry, drive.track_to_track_seek_ns, drive.avg_seek_ns, drive.full_stroke_seek_ns);
  } catch (const std::invalid_argument& e) {
    map.required("avg_seek").fail(e.what());
  }
  drive.queue_age_limit_ns = fields.duration_ns(map, "queue_age_limit");
  const double min_age_ns = models::hdd_min_queue_age_ns(drive);
  if (drive.queue_age_limit_ns > 0 && static_cast<double>(drive.queue_age_limit_ns) < min_age_ns) {
    fail_number(map, "queue_age_limit",
                "0 (no aging bound) or at least queue_depth x (avg_seek + half a revolution) = " +
                    format_number(std::ceil(min_age_ns / 1e5) / 10) +
                    " ms: below it a full queue is served oldest-first");
  }
  const bool cache_on = fields.choice<bool>(map, "write_cache", {{"on", true}, {"off", false}}, std::nullopt);
  if (cache_on) {
    drive.write_cache_bytes = fields.size(map, "cache_buffer");
    if (drive.write_cache_bytes == 0) fail_number(map, "cache_buffer", "a size greater than 0");
  } else if (map.has("cache_buffer")) {
    map.required("cache_buffer").fail("used only with write_cache: on (the volatile write cache is off)");
  }
}

models::DriveSpec read_drive(const YamlMap& map, PartFieldReader& fields) {
  models::DriveSpec drive;
  drive.kind = fields.choice<models::DriveKind>(map, "type",
                                                {{"nvme", models::DriveKind::Nvme},
                                                 {"sas_ssd", models::DriveKind::SasSsd},
                                                 {"sata_ssd", models::DriveKind::SataSsd},
                                                 {"hdd", models::DriveKind::Hdd},
                                                 {"cloud_disk", models::DriveKind::CloudDisk}},
                                                std::nullopt);
  refuse_unmodelled_drive_type(map.required("type"), drive.kind);
  drive.capacity_bytes = fields.size(map, "capacity");
  if (map.has("afr")) {
    const models::Parameter& afr = drive_param("afr");
    drive.afr = fields.real(map, afr.name, *afr.min, afr.unit);
    if (drive.afr >= 1) fail_number(map, "afr", "an annualised failure rate below 1 (like 0.0044 for 0.44 %)");
  }
  switch (drive.kind) {
    case models::DriveKind::Nvme:
    case models::DriveKind::CloudDisk:
      refuse_keys(map, drive_keys_for(models::kSerialDrives), "used only by sas_ssd, sata_ssd and hdd drives");
      refuse_keys(map, drive_keys_for(models::kHardDisks), "used only by hdd drives");
      read_flash_figures(map, fields, drive);
      break;
    case models::DriveKind::SasSsd:
    case models::DriveKind::SataSsd:
      refuse_keys(map, drive_keys_for(models::kHardDisks),
                  "used only by hdd drives (a sas_ssd or sata_ssd names its interface by its type)");
      drive.interface =
          drive.kind == models::DriveKind::SasSsd ? models::DriveInterface::Sas : models::DriveInterface::Sata;
      read_flash_figures(map, fields, drive);
      read_serial_link(map, fields, drive);
      break;
    case models::DriveKind::Hdd:
      refuse_keys(map, drive_keys_for(models::kFlashDrives),
                  "not used by an hdd: its IOPS and throughput follow from seek, rotation, media rate and queueing");
      drive.interface = fields.choice<models::DriveInterface>(
          map, "interface", {{"sas", models::DriveInterface::Sas}, {"sata", models::DriveInterface::Sata}},
          std::nullopt);
      read_serial_link(map, fields, drive);
      read_hdd_figures(map, fields, drive);
      break;
  }
  return drive;
}

models::HbaSpec read_hba(const YamlMap& map, PartFieldReader& fields) {
  // Every limit is optional: one the catalog has no source for stays off.
  const auto param = [](std::string_view key) -> const models::Parameter& { return parameter_of(PartKind::Hba, key); };
  models::HbaSpec hba;
  if (map.has("max_iops")) {
    hba.max_iops = fields.count(map, "max_iops", param("max_iops").unit);
    check_bounds(map, param("max_iops"), hba.max_iops);
  }
  if (map.has("max_throughput")) {
    hba.max_bytes_per_s = fields.byte_rate(map, "max_throughput");
    check_bounds(map, param("max_throughput"), hba.max_bytes_per_s);
  }
  if (map.has("queue_depth")) hba.queue_depth = static_cast<int>(declared_integer(fields, map, param("queue_depth")));
  return hba;
}

models::NicSpec read_nic(const YamlMap& map, PartFieldReader& fields) {
  const auto param = [](std::string_view key) -> const models::Parameter& { return parameter_of(PartKind::Nic, key); };
  models::NicSpec nic;
  nic.ports = static_cast<int>(declared_integer(fields, map, param("ports")));
  nic.port_bits_per_s = fields.bit_rate(map, "port_speed");
  check_bounds(map, param("port_speed"), nic.port_bits_per_s);
  nic.rdma = fields.choice<models::RdmaKind>(
      map, "rdma",
      {{"none", models::RdmaKind::None}, {"roce_v2", models::RdmaKind::RoCEv2}, {"iwarp", models::RdmaKind::IWarp}},
      std::nullopt);
  nic.message_latency_ns = fields.duration_ns(map, "message_latency");
  check_bounds(map, param("message_latency"), static_cast<double>(nic.message_latency_ns), "a latency");
  return nic;
}

models::SwitchSpec read_switch(const YamlMap& map, PartFieldReader& fields) {
  const auto param = [](std::string_view key) -> const models::Parameter& {
    return parameter_of(PartKind::Switch, key);
  };
  models::SwitchSpec network_switch;
  network_switch.port_bits_per_s = fields.bit_rate(map, "port_speed");
  check_bounds(map, param("port_speed"), network_switch.port_bits_per_s);
  network_switch.latency_ns = fields.duration_ns(map, "latency");
  check_bounds(map, param("latency"), static_cast<double>(network_switch.latency_ns));
  return network_switch;
}

void add_reference(std::vector<PartReference>& refs, PartKind kind, const YamlMap& map, std::string_view key,
                   const std::string& id) {
  const YamlValue value = map.required(key);
  refs.push_back({kind, id, value.file(), value.line(), value.path()});
}

models::NodeSpec read_node(const YamlMap& map, PartFieldReader& fields, std::vector<PartReference>& refs) {
  const auto param = [](std::string_view key) -> const models::Parameter& { return parameter_of(PartKind::Node, key); };
  models::NodeSpec node;
  node.cpu_id = fields.reference(map, "cpu");
  add_reference(refs, PartKind::Cpu, map, "cpu", node.cpu_id);
  node.sockets = static_cast<int>(declared_integer(fields, map, param("sockets")));
  node.memory_bytes = fields.size(map, "memory");
  // A compute-only host has no drives; a scenario refuses a storage node without capacity drives.
  const auto drives = map.optional("drives");
  const std::vector<YamlValue> groups = drives ? drives->items() : std::vector<YamlValue>{};
  if (drives && groups.empty()) {
    drives->fail_expected("a list of drive groups like {drive: ID, count: 24, role: capacity} (or no drives key)");
  }
  int drives_in_node = 0;
  for (const YamlValue& item : groups) {
    const YamlMap group_map = item.map(parameter_key_strings(param("drives").fields));
    models::NodeDriveGroup group;
    group.drive_id = fields.reference(group_map, "drive");
    add_reference(refs, PartKind::Drive, group_map, "drive", group.drive_id);
    group.count = static_cast<int>(fields.integer(group_map, "count", 1, limits::kMaxDrivesPerNode, "drives"));
    drives_in_node += group.count;
    if (drives_in_node > limits::kMaxDrivesPerNode) {
      group_map.required("count").fail("the node's drive groups add up to more than " +
                                       std::to_string(limits::kMaxDrivesPerNode) +
                                       " drives (kMaxDrivesPerNode in tools/frontend/input/input_limits.hpp)");
    }
    group.role = fields.choice<models::DriveRole>(
        group_map, "role", {{"capacity", models::DriveRole::Capacity}, {"cache", models::DriveRole::Cache}},
        models::DriveRole::Capacity);

    node.drives.push_back(group);
  }
  if (drives && std::none_of(node.drives.begin(), node.drives.end(),
                             [](const models::NodeDriveGroup& g) { return g.role == models::DriveRole::Capacity; })) {
    drives->fail("expected at least one group of capacity drives (role: capacity): cache drives only cache them");
  }
  node.nic_id = fields.reference(map, "nic");
  add_reference(refs, PartKind::Nic, map, "nic", node.nic_id);
  if (map.has("nic_count")) node.nic_count = static_cast<int>(declared_integer(fields, map, param("nic_count")));
  if (map.has("mtbf")) {
    node.mtbf_hours = static_cast<double>(fields.duration_ns(map, "mtbf")) / 3.6e12;
    if (node.mtbf_hours <= 0) fail_number(map, "mtbf", "a positive mean time between failures, like 100000h");
  }
  if (map.has("hba")) {
    node.hba_id = fields.reference(map, "hba");
    add_reference(refs, PartKind::Hba, map, "hba", node.hba_id);
  }
  return node;
}

// A number from its declared minimum, at most its declared maximum, with its declared unit.
double declared_real(PartFieldReader& fields, const YamlMap& map, const models::Parameter& p) {
  const double value = fields.real(map, p.name, *p.min, p.unit);
  if (p.max) require(value <= *p.max, map, p.name, at_most(format_number(*p.max) + " " + std::string(p.unit)));
  return value;
}

// The mapping under `key`, whose keys are the declared fields of `p` (the parameter `key`).
YamlMap declared_map(const YamlValue& value, const models::Parameter& p) {
  return value.map(parameter_key_strings(p.fields));
}

// A layer's keys and bounds are declared once (models::layer_parameters(), stack_parameters.cpp).
models::LayerCost read_layer(const YamlMap& map, std::string_view key, PartFieldReader& fields) {
  const auto& declared = models::layer_parameters();
  const YamlMap layer = map.required(key).map(parameter_key_strings(declared));
  models::LayerCost cost;
  cost.cycles_per_io = declared_real(fields, layer, declared[0]);
  cost.cycles_per_byte = declared_real(fields, layer, declared[1]);
  return cost;
}

// Keys of a stack profile that only one product uses (declared with them: applies_to,
// models/spec/stack_parameters.cpp): the others refuse them, so a value is never
// accepted and then ignored.
std::vector<std::string_view> stack_keys_for(std::string_view product) {
  return parameter_keys(models::stack_parameters(), product);
}

const models::Parameter& stack_param(std::string_view key) { return parameter_of(PartKind::Stack, key); }

// Storage Spaces Direct: CSV/ReFS/Spaces on the owner, columns x interleave over slabs.
void read_s2d_stack(const YamlMap& map, PartFieldReader& fields, models::StackSpec& stack) {
  refuse_keys(map, stack_keys_for("scaleio"),
              "used only by product: scaleio (S2D's messages run on the nodes' cores as any other work: no "
              "connection handles them one at a time, docs/s2d-calibration.md)");
  refuse_keys(map, infoscale_only_stack_keys(), "used only by product: infoscale");
  stack.storage_stack = read_layer(map, "storage_stack", fields);
  stack.mirror_write = read_layer(map, "mirror_write", fields);
  stack.volume_write = read_layer(map, "volume_write", fields);
  stack.volume_read = read_layer(map, "volume_read", fields);
  stack.network_tcp_extra = read_layer(map, "network_tcp_extra", fields);
  const std::uint64_t slab = fields.size(map, "slab_size");
  require(slab >= limits::kMinSlabBytes && slab <= kMaxSlabBytes, map, "slab_size",
          "a slab size from " + format_size(limits::kMinSlabBytes) + " to " + format_size(kMaxSlabBytes) +
              " (S2D uses 256 MiB; kMinSlabBytes in tools/frontend/input/input_limits.hpp)");
  stack.slab_bytes = static_cast<double>(slab);
  if (map.has("columns")) stack.columns = static_cast<int>(declared_integer(fields, map, stack_param("columns")));
  stack.interleave_bytes = static_cast<double>(fields.size(map, "interleave"));
  if (stack.interleave_bytes < 4096 || std::fmod(stack.slab_bytes, stack.interleave_bytes) != 0) {
    fail_number(map, "interleave", "at least 4 KiB and a whole fraction of slab_size");
  }
}

// ScaleIO: SDC and SDS work per I/O, TCP on every message, chunks mirrored on two nodes.
void read_scaleio_stack(const YamlMap& map, PartFieldReader& fields, models::StackSpec& stack) {
  if (map.has("failure")) {
    map.required("failure").fail("ScaleIO's failure handling is its rebuild: section (device_detection, "
                                 "concurrent_ios_per_device, spare), not S2D's failure:");
  }
  refuse_keys(map, stack_keys_for("s2d"),
              "used only by product: s2d (ScaleIO has sdc, sds and network_tcp costs and one chunk_size: no "
              "columns, interleave or slabs)");
  refuse_keys(map, infoscale_only_stack_keys(), "used only by product: infoscale");
  stack.storage_stack = read_layer(map, "sdc", fields);
  stack.server_io = read_layer(map, "sds", fields);
  stack.network_tcp_extra = read_layer(map, "network_tcp", fields);
  const std::uint64_t chunk = fields.size(map, "chunk_size");
  if (chunk < 4096 || chunk % 4096 != 0) fail_number(map, "chunk_size", "a multiple of 4 KiB");
  stack.slab_bytes = static_cast<double>(chunk);
  stack.interleave_bytes = static_cast<double>(chunk);
  stack.columns = 1;
  if (const auto rebuild = map.optional("rebuild")) {
    // A lost device's chunks are re-mirrored from their other copy onto the
    // spare capacity of every other node's devices (many-to-many).
    const models::Parameter& declared = stack_param("rebuild");
    const YamlMap r = declared_map(*rebuild, declared);
    models::FailureHandlingSpec& h = stack.failure;
    h.defined = true;
    h.drive_detection_ns = fields.duration_ns(r, "device_detection");
    h.repair_outstanding =
        static_cast<int>(declared_integer(fields, r, field_of(declared, "concurrent_ios_per_device")));
    h.repair_io_bytes = chunk;  // a chunk is copied whole
    h.spare_fraction = fields.real(r, "spare", 0.0, "of each device");
    if (h.spare_fraction <= 0 || h.spare_fraction >= 0.5) {
      r.required("spare").fail_expected("a share of each device above 0 and below 0.5 (like 0.1 for 10 %)");
    }
    h.reserve_drives_per_node = 0;
  }
}

// Each product's own stack keys, by its registry name (models/storage/product_registry.hpp):
// read before the keys every stack has, and its connections per node pair after them
// where the product always has them (a test holds every registered product to have a reader).
struct StackReader {
  std::string_view product;
  void (*read)(const YamlMap&, PartFieldReader&, models::StackSpec&);
  bool connections_per_pair;
};
constexpr StackReader kStackReaders[] = {{"s2d", &read_s2d_stack, false},
                                         {"scaleio", &read_scaleio_stack, true},
                                         {"infoscale", &read_infoscale_stack, false}};

models::StackSpec read_stack(const YamlMap& map, PartFieldReader& fields) {
  models::StackSpec stack;
  const YamlValue product = map.required("product");
  const models::ProductEntry* entry = models::find_product(fields.text(map, "product"));
  const StackReader* reader = nullptr;
  for (const StackReader& r : kStackReaders) {
    if (entry != nullptr && r.product == entry->name) reader = &r;
  }
  if (reader == nullptr) product.fail_expected("one of " + models::product_names());
  stack.product = entry->kind;
  reader->read(map, fields, stack);
  stack.drive_io = read_layer(map, "drive_io", fields);
  stack.network_message = read_layer(map, "network_message", fields);
  if (reader->connections_per_pair) {
    stack.connections_per_pair = static_cast<int>(declared_integer(fields, map, stack_param("connections_per_pair")));
  }
  if (const auto cache = map.optional("cache_tier")) {
    const models::Parameter& declared = stack_param("cache_tier");
    const YamlMap c = declared_map(*cache, declared);
    models::CacheTierSpec& t = stack.cache;
    t.defined = true;
    t.page_bytes = fields.size(c, "page_size");
    if (t.page_bytes < 4096 || std::fmod(stack.slab_bytes, static_cast<double>(t.page_bytes)) != 0) {
      c.required("page_size").fail_expected("at least 4 KiB and a whole fraction of slab_size");
    }
    t.metadata_reserve_bytes = fields.size(c, "metadata_reserve");
    t.max_cached_write_bytes = fields.size(c, "max_cached_write");
    t.first_miss_read_bytes = fields.size(c, "first_miss_read");
    t.sequential_bypass_bytes = fields.size(c, "sequential_bypass");
    t.destage_start = fields.real(c, "destage_start", 0.0, "of the cache dirty");
    t.destage_stop = fields.real(c, "destage_stop", 0.0, "of the cache dirty");
    if (t.destage_start > 1 || t.destage_stop >= t.destage_start) {
      c.required("destage_stop").fail_expected("a share below destage_start, both at most 1");
    }
    t.destage_max_bytes = fields.size(c, "destage_max_write");
    if (t.destage_max_bytes < t.page_bytes) c.required("destage_max_write").fail_expected("at least one cache page");
    t.destage_outstanding = static_cast<int>(declared_integer(fields, c, field_of(declared, "destage_outstanding")));
    t.warmup_fill = fields.real(c, "warmup_fill", 0.0, "of the cache");
    if (t.warmup_fill > 1) c.required("warmup_fill").fail_expected("a share of at most 1");
    t.lookup_cycles_per_io = fields.real(c, "lookup_cycles_per_io", 0.0, "cycles per drive I/O");
  }
  if (const auto failure = map.optional("failure")) {
    const models::Parameter& declared = stack_param("failure");
    const YamlMap f = declared_map(*failure, declared);
    models::FailureHandlingSpec& h = stack.failure;
    h.defined = true;
    h.node_detection_ns = fields.duration_ns(f, "node_detection");
    h.drive_detection_ns = fields.duration_ns(f, "drive_detection");
    h.volume_failover_ns = fields.duration_ns(f, "volume_failover");
    h.repair_io_bytes = fields.size(f, "repair_io");
    if (h.repair_io_bytes < 4096 || stack.slab_bytes / static_cast<double>(h.repair_io_bytes) < 1) {
      f.required("repair_io").fail_expected("at least 4 KiB and at most slab_size");
    }
    h.repair_outstanding = static_cast<int>(declared_integer(fields, f, field_of(declared, "repair_outstanding")));
    h.dirty_region_bytes = fields.size(f, "dirty_region");
    if (static_cast<double>(h.dirty_region_bytes) != stack.slab_bytes) {
      f.required("dirty_region").fail_expected("slab_size: dirty regions finer than a slab are not modelled yet");
    }
    h.reserve_drives_per_node =
        static_cast<int>(declared_integer(fields, f, field_of(declared, "reserve_drives_per_node")));
  }
  if (const auto csv = map.optional("csv_cache")) {
    const YamlMap c = declared_map(*csv, stack_param("csv_cache"));
    stack.csv_cache_block_bytes = fields.size(c, "block_size");
    if (stack.csv_cache_block_bytes < 512) c.required("block_size").fail_expected("at least 512 bytes");
    stack.csv_cache_hit_cycles_per_byte = fields.real(c, "hit_cycles_per_byte", 0.0, "cycles per byte");
  }
  if (map.has("cpu_burst_variability")) {
    const models::Parameter& scv = stack_param("cpu_burst_variability");
    stack.cpu_burst_scv = fields.real(map, scv.name, *scv.min, scv.unit);
    require(stack.cpu_burst_scv <= *scv.max, map, scv.name,
            at_most(format_number(*scv.max) + " (1 = exponential burst times)"));
  }
  if (map.has("control_message_size")) {
    const std::uint64_t bytes = fields.size(map, "control_message_size");
    const double max_bytes = *stack_param("control_message_size").max;
    if (static_cast<double>(bytes) > max_bytes) {
      fail_number(map, "control_message_size",
                  "a size of at most " + format_size(static_cast<std::uint64_t>(max_bytes)));
    }
    stack.control_message_bytes = static_cast<std::uint32_t>(bytes);
  }
  return stack;
}

models::HypervisorSpec read_hypervisor(const YamlMap& map, PartFieldReader& fields) {
  const auto param = [](std::string_view key) -> const models::Parameter& {
    return parameter_of(PartKind::Hypervisor, key);
  };
  models::HypervisorSpec hv;
  hv.kind = fields.choice<models::HypervisorKind>(
      map, "type", {{"hyper-v", models::HypervisorKind::HyperV}, {"esxi", models::HypervisorKind::Esxi}}, std::nullopt);
  if (map.has("version")) fields.text(map, "version");  // shown by `catalog show`; the costs carry the difference
  hv.guest = read_layer(map, "guest", fields);
  hv.host = read_layer(map, "host", fields);
  hv.disk_queue_depth = static_cast<int>(declared_integer(fields, map, param("disk_queue_depth")));
  if (map.has("vm_restart")) hv.vm_restart_ns = fields.duration_ns(map, "vm_restart");
  hv.scheduler = fields.choice<models::VpScheduler>(
      map, "scheduler", {{"classic", models::VpScheduler::Classic}, {"core", models::VpScheduler::Core}},
      models::VpScheduler::Classic);
  if (map.has("io_latency")) hv.io_latency_ns = fields.duration_ns(map, "io_latency");
  if (map.has("vcpus_per_channel")) {
    hv.vcpus_per_channel = static_cast<int>(declared_integer(fields, map, param("vcpus_per_channel")));
  }
  if (const auto background = map.optional("guest_background")) {
    const YamlMap b = declared_map(*background, param("guest_background"));
    hv.background_cycles_per_s = fields.real(b, "cycles_per_second", 0.0, "cycles per second per VM");
    hv.background_burst_cycles = fields.real(b, "cycles_per_burst", 0.0, "cycles per burst");
    require(hv.background_cycles_per_s <= limits::kMaxCyclesPerIo * 1e3, b, "cycles_per_second",
            at_most(format_number(limits::kMaxCyclesPerIo * 1e3) + " cycles per second"));
    require(hv.background_burst_cycles <= limits::kMaxCyclesPerIo, b, "cycles_per_burst",
            at_most(format_number(limits::kMaxCyclesPerIo) + " cycles per burst"));
    if ((hv.background_cycles_per_s > 0) != (hv.background_burst_cycles > 0)) {
      b.fail("expected both above 0 (background work in bursts) or both 0 (none)");
    }
    // At least one cycle's gap between bursts on average, and a burst at most a second of one vCPU's work.
    if (hv.background_burst_cycles > 0 && hv.background_burst_cycles < hv.background_cycles_per_s * 1e-6) {
      b.required("cycles_per_burst").fail_expected("a burst of at least a millionth of the cycles per second");
    }
    if (hv.background_burst_cycles > hv.background_cycles_per_s * limits::kMaxBackgroundGapS) {
      fail_number(b, "cycles_per_second",
                  "at least cycles_per_burst / " + format_number(limits::kMaxBackgroundGapS) +
                      " (a burst at least every hour on average)");
    }
  }
  if (map.has("adapter_queue_depth")) {
    hv.adapter_queue_depth = static_cast<int>(declared_integer(fields, map, param("adapter_queue_depth")));
  }
  return hv;
}

}  // namespace

models::LayerCost read_layer_cost(const YamlMap& map, std::string_view key, PartFieldReader& fields) {
  return read_layer(map, key, fields);
}

std::string_view kind_name(PartKind kind) {
  switch (kind) {
    case PartKind::Cpu: return "cpu";
    case PartKind::Drive: return "drive";
    case PartKind::Hba: return "hba";
    case PartKind::Nic: return "nic";
    case PartKind::Switch: return "switch";
    case PartKind::Node: return "node";
    case PartKind::Stack: return "stack";
    case PartKind::Hypervisor: return "hypervisor";
    case PartKind::Application: return "application";
    case PartKind::CloudVm: return "cloud_vm";
    case PartKind::ManagedDisk: return "managed_disk";
  }
  return "part";
}

std::string_view kind_folder(PartKind kind) {
  switch (kind) {
    case PartKind::Cpu: return "cpus";
    case PartKind::Drive: return "drives";
    case PartKind::Hba: return "hbas";
    case PartKind::Nic: return "nics";
    case PartKind::Switch: return "switches";
    case PartKind::Node: return "nodes";
    case PartKind::Stack: return "stacks";
    case PartKind::Hypervisor: return "hypervisors";
    case PartKind::Application: return "applications";
    case PartKind::CloudVm:
    case PartKind::ManagedDisk: return "cloud";
  }
  return "parts";
}

std::vector<std::string_view> part_folders() {
  std::vector<std::string_view> folders;
  for (PartKind kind : kAllPartKinds) {
    if (std::find(folders.begin(), folders.end(), kind_folder(kind)) == folders.end())
      folders.push_back(kind_folder(kind));
  }
  return folders;
}

std::vector<PartKind> kinds_in(std::string_view folder) {
  std::vector<PartKind> kinds;
  for (PartKind kind : kAllPartKinds) {
    if (kind_folder(kind) == folder) kinds.push_back(kind);
  }
  return kinds;
}

namespace {

// Reads a part; `catalog_file`, when given, is the file the part was written in:
// a value from anywhere else is a scenario's override (PartFieldReader).
CatalogPart read_part(PartKind kind, const YamlValue& part, const std::vector<std::string>& extra_keys,
                      const std::optional<std::string>& default_source, const std::string& catalog_file) {
  std::vector<std::string> allowed = {"id", "model", "source", "notes"};
  for (const std::string& key : kind_keys(kind)) allowed.push_back(key);
  allowed.insert(allowed.end(), extra_keys.begin(), extra_keys.end());
  const YamlMap map = part.map(allowed);

  CatalogPart out;
  out.kind = kind;
  out.file = part.file();
  out.line = part.line();
  out.yaml = std::make_shared<const YamlNode>(part.node());
  out.extra_keys = extra_keys;
  out.default_source = default_source;
  std::optional<std::string> source = default_source;
  if (const auto own = map.optional("source")) source = own->text();
  PartFieldReader fields(source, out.fields);
  if (!catalog_file.empty()) fields.mark_overrides_against(catalog_file);

  const YamlValue id = map.required("id");
  out.id = id.text();
  check_id(id, out.id);
  out.model = fields.text(map, "model");
  if (const auto notes = map.optional("notes")) out.notes = notes->text();

  switch (kind) {
    case PartKind::Cpu: out.spec = read_cpu(map, fields); break;
    case PartKind::Drive: out.spec = read_drive(map, fields); break;
    case PartKind::Hba: out.spec = read_hba(map, fields); break;
    case PartKind::Nic: out.spec = read_nic(map, fields); break;
    case PartKind::Switch: out.spec = read_switch(map, fields); break;
    case PartKind::Node: out.spec = read_node(map, fields, out.references); break;
    case PartKind::Stack: out.spec = read_stack(map, fields); break;
    case PartKind::Hypervisor: out.spec = read_hypervisor(map, fields); break;
    case PartKind::Application: out.spec = read_application(map, fields); break;
    case PartKind::CloudVm: out.spec = read_cloud_vm(map, fields); break;
    case PartKind::ManagedDisk: out.spec = read_managed_disk(map, fields); break;
  }
  // Every spec carries its id and display name.
  std::visit(
      [&](auto& spec) {
        spec.id = out.id;
        spec.model = out.model;
      },
      out.spec);
  return out;
}

}  // namespace

CatalogPart read_catalog_part(PartKind kind, const YamlValue& part, const std::vector<std::string>& extra_keys,
                              const std::optional<std::string>& default_source) {
  return read_part(kind, part, extra_keys, default_source, {});
}

std::vector<std::string> part_field_keys(PartKind kind) { return kind_keys(kind); }

CatalogPart read_overridden_part(const CatalogPart& original, const YamlValue& overrides) {
  // Only the part's fields: its id is how the scenario names it, and its model,
  // notes and default source describe the part as published.
  (void)overrides.map(kind_keys(original.kind));  // an unknown field is an error at its line, with the known ones
  if (overrides.node().children.empty()) {
    overrides.fail_expected("at least one field to override, like {" + kind_keys(original.kind).front() + ": ...}");
  }
  if (!original.yaml) throw LoadError(original.file + ": part '" + original.id + "' cannot be overridden");
  YamlNode merged = *original.yaml;
  for (const YamlNode& field : overrides.node().children) {
    auto same = std::find_if(merged.children.begin(), merged.children.end(),
                             [&](const YamlNode& c) { return c.key == field.key; });
    if (same != merged.children.end()) {
      *same = field;
    } else {
      merged.children.push_back(field);
    }
  }
  // Read as if written at the override's place, so every error names the
  // scenario's key path ('cluster.parts.cpu.ID.FIELD').
  const YamlValue at(merged, overrides.path());
  try {
    return read_part(original.kind, at, original.extra_keys, original.default_source, original.file);
  } catch (const LoadError& e) {
    const std::string message = e.what();
    if (message.compare(0, original.file.size(), original.file) != 0) throw;
    // A check across fields failed at a field the scenario left as the catalog has it.
    std::string given;
    for (const YamlNode& field : overrides.node().children) {
      given += (given.empty() ? "" : ", ") + field.key + " at " + field.file_name() + ":" + std::to_string(field.line);
    }
    throw LoadError(message + " (" + std::string(kind_name(original.kind)) + " '" + original.id +
                    "' with the scenario's override of " + given + ")");
  }
}

}  // namespace hcisim::frontend
