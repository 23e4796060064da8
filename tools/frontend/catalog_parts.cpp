#include "tools/frontend/catalog_parts.hpp"

#include <algorithm>

#include "models/hardware/flash_drive.hpp"
#include "tools/frontend/input_limits.hpp"
#include "tools/frontend/not_modelled_yet.hpp"
#include "tools/frontend/quantity_format.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::uint64_t kMaxControlMessageBytes = 1024 * 1024;
constexpr std::uint64_t kMaxSlabBytes = 64ull << 30;  // 64 GiB

// The number itself under `key`: the key's value, or its {value: ...}.
YamlValue number_at(const YamlMap& map, std::string_view key) {
  const YamlValue value = map.required(key);
  if (!value.is_map()) return value;
  return value.map({"value", "source"}).required("value");
}

// "key 'KEY': expected EXPECTED, got '<the number>'" unless `ok`.
void require(bool ok, const YamlMap& map, std::string_view key, const std::string& expected) {
  if (!ok) map.required(key).fail("expected " + expected + ", got " + number_at(map, key).node().describe());
}

std::string at_most(const std::string& limit) { return "at most " + limit; }

std::vector<std::string> kind_keys(PartKind kind) {
  switch (kind) {
    case PartKind::Cpu: return {"cores", "threads", "base_clock", "boost_clock", "smt_yield"};
    case PartKind::Drive:
      return {"type",          "capacity",           "random_read_iops",
              "random_write_iops", "seq_read_throughput", "seq_write_throughput",
              "read_latency",  "write_latency",      "write_buffer",
              "rpm",           "avg_seek"};
    case PartKind::Nic: return {"ports", "port_speed", "rdma", "message_latency"};
    case PartKind::Switch: return {"port_speed", "latency"};
    case PartKind::Node: return {"cpu", "sockets", "memory", "drives", "nic", "nic_count"};
    case PartKind::Stack:
      return {"guest",           "hypervisor",        "storage_stack", "drive_io",
              "network_message", "network_tcp_extra", "slab_size",     "control_message_size",
              "cpu_burst_variability"};
  }
  return {};
}

// Ids are used on command lines and in file names: keep them plain.
void check_id(const YamlValue& value, const std::string& id) {
  const bool plain = std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
  if (!plain) value.fail_expected("an id of letters, digits, '-', '_' and '.'");
}

models::CpuSpec read_cpu(const YamlMap& map, PartFieldReader& fields) {
  models::CpuSpec cpu;
  cpu.cores = static_cast<int>(fields.integer(map, "cores", 1, 4096, "cores per socket"));
  cpu.threads = static_cast<int>(fields.integer(map, "threads", 1, 8192, "threads per socket"));
  if (cpu.threads % cpu.cores != 0) {
    map.required("threads").fail_expected("a multiple of cores (" + std::to_string(cpu.cores) + ")");
  }
  cpu.base_hz = fields.frequency(map, "base_clock");
  require(cpu.base_hz >= limits::kMinClockHz && cpu.base_hz <= limits::kMaxClockHz, map, "base_clock",
          "a clock from " + format_frequency(limits::kMinClockHz) + " to " + format_frequency(limits::kMaxClockHz));
  cpu.boost_hz = fields.frequency(map, "boost_clock");
  if (cpu.boost_hz < cpu.base_hz) map.required("boost_clock").fail_expected("at least base_clock");
  require(cpu.boost_hz <= limits::kMaxClockHz, map, "boost_clock", at_most(format_frequency(limits::kMaxClockHz)));
  cpu.smt_yield = fields.optional_real(map, "smt_yield", 1.0, "x one thread").value_or(1.0);
  if (cpu.threads == cpu.cores && cpu.smt_yield != 1.0) {
    map.required("smt_yield").fail_expected("1 (threads equal cores: no SMT)");
  }
  // A core cannot do more than one thread's work per hardware thread it has.
  const double threads_per_core = static_cast<double>(cpu.threads) / cpu.cores;
  require(cpu.smt_yield <= threads_per_core, map, "smt_yield",
          "at most threads / cores = " + format_number(threads_per_core) + " (x one thread)");
  return cpu;
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
  const std::string iops_limit = at_most(format_count(limits::kMaxDriveIops) + " IOPS");
  const std::string rate_limit = at_most(format_byte_rate(limits::kMaxDriveBytesPerS));
  const std::string latency_range = "a latency above 0 and " + at_most(format_duration(limits::kMaxDriveLatencyNs));
  drive.random_read_iops = fields.count(map, "random_read_iops", "IOPS");
  require(drive.random_read_iops <= limits::kMaxDriveIops, map, "random_read_iops", iops_limit);
  drive.random_write_iops = fields.count(map, "random_write_iops", "IOPS");
  require(drive.random_write_iops <= limits::kMaxDriveIops, map, "random_write_iops", iops_limit);
  drive.seq_read_bytes_per_s = fields.byte_rate(map, "seq_read_throughput");
  require(drive.seq_read_bytes_per_s <= limits::kMaxDriveBytesPerS, map, "seq_read_throughput", rate_limit);
  drive.seq_write_bytes_per_s = fields.byte_rate(map, "seq_write_throughput");
  require(drive.seq_write_bytes_per_s <= limits::kMaxDriveBytesPerS, map, "seq_write_throughput", rate_limit);
  drive.read_latency_ns = fields.duration_ns(map, "read_latency");
  require(drive.read_latency_ns > 0 && drive.read_latency_ns <= limits::kMaxDriveLatencyNs, map, "read_latency",
          latency_range);
  drive.write_latency_ns = fields.duration_ns(map, "write_latency");
  require(drive.write_latency_ns > 0 && drive.write_latency_ns <= limits::kMaxDriveLatencyNs, map, "write_latency",
          latency_range);
  // The flash model runs random_read_iops x read_latency I/Os in parallel (Little's law).
  const double channels = drive.random_read_iops * static_cast<double>(drive.read_latency_ns) / 1e9;
  require(channels <= static_cast<double>(models::FlashDrive::kMaxChannels), map, "random_read_iops",
          "random_read_iops x read_latency (" + format_number(channels) + " I/Os in flight inside the drive) of " +
              at_most(format_count(static_cast<double>(models::FlashDrive::kMaxChannels))));
  if (map.has("write_buffer")) drive.write_buffer_bytes = fields.size(map, "write_buffer");
  const bool rotating = drive.kind == models::DriveKind::Hdd;
  for (const char* key : {"rpm", "avg_seek"}) {
    if (!rotating && map.has(key)) {
      map.required(key).fail("applies to hard disks (type: hdd) only; remove it from this drive");
    }
  }
  if (rotating) drive.rpm = fields.real(map, "rpm", 1.0, "rpm");
  if (rotating) drive.avg_seek_ns = fields.duration_ns(map, "avg_seek");
  return drive;
}

models::NicSpec read_nic(const YamlMap& map, PartFieldReader& fields) {
  models::NicSpec nic;
  nic.ports = static_cast<int>(fields.integer(map, "ports", 1, 64, "ports"));
  nic.port_bits_per_s = fields.bit_rate(map, "port_speed");
  require(nic.port_bits_per_s <= limits::kMaxPortBitsPerS, map, "port_speed",
          at_most(format_bit_rate(limits::kMaxPortBitsPerS)));
  nic.rdma = fields.choice<models::RdmaKind>(map, "rdma",
                                             {{"none", models::RdmaKind::None},
                                              {"roce_v2", models::RdmaKind::RoCEv2},
                                              {"iwarp", models::RdmaKind::IWarp}},
                                             std::nullopt);
  nic.message_latency_ns = fields.duration_ns(map, "message_latency");
  require(nic.message_latency_ns > 0 && nic.message_latency_ns <= limits::kMaxNetworkLatencyNs, map,
          "message_latency", "a latency above 0 and " + at_most(format_duration(limits::kMaxNetworkLatencyNs)));
  return nic;
}

models::SwitchSpec read_switch(const YamlMap& map, PartFieldReader& fields) {
  models::SwitchSpec network_switch;
  network_switch.port_bits_per_s = fields.bit_rate(map, "port_speed");
  require(network_switch.port_bits_per_s <= limits::kMaxPortBitsPerS, map, "port_speed",
          at_most(format_bit_rate(limits::kMaxPortBitsPerS)));
  network_switch.latency_ns = fields.duration_ns(map, "latency");
  require(network_switch.latency_ns <= limits::kMaxNetworkLatencyNs, map, "latency",
          at_most(format_duration(limits::kMaxNetworkLatencyNs)));
  return network_switch;
}

void add_reference(std::vector<PartReference>& refs, PartKind kind, const YamlMap& map, std::string_view key,
                   const std::string& id) {
  const YamlValue value = map.required(key);
  refs.push_back({kind, id, value.file(), value.line(), value.path()});
}

models::NodeSpec read_node(const YamlMap& map, PartFieldReader& fields, std::vector<PartReference>& refs) {
  models::NodeSpec node;
  node.cpu_id = fields.reference(map, "cpu");
  add_reference(refs, PartKind::Cpu, map, "cpu", node.cpu_id);
  node.sockets = static_cast<int>(fields.integer(map, "sockets", 1, 64, "sockets"));
  node.memory_bytes = fields.size(map, "memory");
  const YamlValue drives = map.required("drives");
  const std::vector<YamlValue> groups = drives.items();
  if (groups.empty()) drives.fail_expected("a list of drive groups like {drive: ID, count: 24, role: capacity}");
  int drives_in_node = 0;
  for (const YamlValue& item : groups) {
    const YamlMap group_map = item.map({"drive", "count", "role"});
    models::NodeDriveGroup group;
    group.drive_id = fields.reference(group_map, "drive");
    add_reference(refs, PartKind::Drive, group_map, "drive", group.drive_id);
    group.count = static_cast<int>(fields.integer(group_map, "count", 1, limits::kMaxDrivesPerNode, "drives"));
    drives_in_node += group.count;
    if (drives_in_node > limits::kMaxDrivesPerNode) {
      group_map.required("count").fail("the node's drive groups add up to more than " +
                                       std::to_string(limits::kMaxDrivesPerNode) +
                                       " drives (kMaxDrivesPerNode in tools/frontend/input_limits.hpp)");
    }
    group.role = fields.choice<models::DriveRole>(
        group_map, "role", {{"capacity", models::DriveRole::Capacity}, {"cache", models::DriveRole::Cache}},
        models::DriveRole::Capacity);
    if (const auto role = group_map.optional("role")) refuse_unmodelled_drive_role(*role, group.role);
    node.drives.push_back(group);
  }
  node.nic_id = fields.reference(map, "nic");
  add_reference(refs, PartKind::Nic, map, "nic", node.nic_id);
  node.nic_count = static_cast<int>(fields.optional_integer(map, "nic_count", 1, 64, "NIC(s)").value_or(1));
  return node;
}

models::LayerCost read_layer(const YamlMap& map, std::string_view key, PartFieldReader& fields) {
  const YamlMap layer = map.required(key).map({"cycles_per_io", "cycles_per_byte"});
  models::LayerCost cost;
  cost.cycles_per_io = fields.real(layer, "cycles_per_io", 0.0, "cycles per I/O");
  require(cost.cycles_per_io <= limits::kMaxCyclesPerIo, layer, "cycles_per_io",
          at_most(format_number(limits::kMaxCyclesPerIo) + " cycles per I/O"));
  cost.cycles_per_byte = fields.real(layer, "cycles_per_byte", 0.0, "cycles per byte");
  require(cost.cycles_per_byte <= limits::kMaxCyclesPerByte, layer, "cycles_per_byte",
          at_most(format_number(limits::kMaxCyclesPerByte) + " cycles per byte"));
  return cost;
}

models::StackSpec read_stack(const YamlMap& map, PartFieldReader& fields) {
  models::StackSpec stack;
  stack.guest = read_layer(map, "guest", fields);
  stack.hypervisor = read_layer(map, "hypervisor", fields);
  stack.storage_stack = read_layer(map, "storage_stack", fields);
  stack.drive_io = read_layer(map, "drive_io", fields);
  stack.network_message = read_layer(map, "network_message", fields);
  stack.network_tcp_extra = read_layer(map, "network_tcp_extra", fields);
  const std::uint64_t slab = fields.size(map, "slab_size");
  require(slab >= limits::kMinSlabBytes && slab <= kMaxSlabBytes, map, "slab_size",
          "a slab size from " + format_size(limits::kMinSlabBytes) + " to " + format_size(kMaxSlabBytes) +
              " (S2D uses 256 MiB; kMinSlabBytes in tools/frontend/input_limits.hpp)");
  stack.slab_bytes = static_cast<double>(slab);
  if (map.has("cpu_burst_variability")) {
    stack.cpu_burst_scv = fields.real(map, "cpu_burst_variability", 0.0, "(squared coefficient of variation)");
    require(stack.cpu_burst_scv <= limits::kMaxBurstScv, map, "cpu_burst_variability",
            at_most(format_number(limits::kMaxBurstScv) + " (1 = exponential burst times)"));
  }
  if (map.has("control_message_size")) {
    const std::uint64_t bytes = fields.size(map, "control_message_size");
    if (bytes > kMaxControlMessageBytes) {
      map.required("control_message_size").fail_expected("a size of at most 1 MiB");
    }
    stack.control_message_bytes = static_cast<std::uint32_t>(bytes);
  }
  return stack;
}

}  // namespace

std::string_view kind_name(PartKind kind) {
  switch (kind) {
    case PartKind::Cpu: return "cpu";
    case PartKind::Drive: return "drive";
    case PartKind::Nic: return "nic";
    case PartKind::Switch: return "switch";
    case PartKind::Node: return "node";
    case PartKind::Stack: return "stack";
  }
  return "part";
}

std::string_view kind_folder(PartKind kind) {
  switch (kind) {
    case PartKind::Cpu: return "cpus";
    case PartKind::Drive: return "drives";
    case PartKind::Nic: return "nics";
    case PartKind::Switch: return "switches";
    case PartKind::Node: return "nodes";
    case PartKind::Stack: return "stacks";
  }
  return "parts";
}

CatalogPart read_catalog_part(PartKind kind, const YamlValue& part, const std::vector<std::string>& extra_keys,
                              const std::optional<std::string>& default_source) {
  std::vector<std::string> allowed = {"id", "model", "source", "notes"};
  for (const std::string& key : kind_keys(kind)) allowed.push_back(key);
  allowed.insert(allowed.end(), extra_keys.begin(), extra_keys.end());
  const YamlMap map = part.map(allowed);

  CatalogPart out;
  out.kind = kind;
  out.file = part.file();
  out.line = part.line();
  std::optional<std::string> source = default_source;
  if (const auto own = map.optional("source")) source = own->text();
  PartFieldReader fields(source, out.fields);

  const YamlValue id = map.required("id");
  out.id = id.text();
  check_id(id, out.id);
  out.model = fields.text(map, "model");
  if (const auto notes = map.optional("notes")) out.notes = notes->text();

  switch (kind) {
    case PartKind::Cpu: out.spec = read_cpu(map, fields); break;
    case PartKind::Drive: out.spec = read_drive(map, fields); break;
    case PartKind::Nic: out.spec = read_nic(map, fields); break;
    case PartKind::Switch: out.spec = read_switch(map, fields); break;
    case PartKind::Node: out.spec = read_node(map, fields, out.references); break;
    case PartKind::Stack: out.spec = read_stack(map, fields); break;
  }
  // Every spec carries its id and display name.
  std::visit(
      [&](auto& spec) {
        spec.id = out.id;
        if constexpr (std::is_same_v<std::decay_t<decltype(spec)>, models::StackSpec>) {
          spec.product = out.model;
        } else {
          spec.model = out.model;
        }
      },
      out.spec);
  return out;
}

}  // namespace hcisim::frontend
