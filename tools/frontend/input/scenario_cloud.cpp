#include "tools/frontend/input/scenario_cloud.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "models/cloud/azure_vm.hpp"
#include "models/storage/infoscale/vxfs_buffered_io.hpp"
#include "models/storage/product_registry.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/catalog_infoscale.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::frontend {
namespace {

// A catalog lookup whose failure is reported at the key that named the part.
template <class Lookup>
auto resolve(const YamlValue& value, Lookup lookup) {
  try {
    return lookup(value.text());
  } catch (const CatalogError& e) {
    value.fail(e.what());
  }
}

// The servers' cluster keys, refused with the reason.
constexpr std::string_view kServerKeys[] = {"node",      "nodes",        "switch",       "hypervisor",
                                            "csv_cache", "cache_warmup", "failed_nodes", "volume_owners",
                                            "witness",   "repair_speed", "compute_hosts"};

// A VM as the reports see a host: its size as the node, its vCPUs as the CPU,
// its network as a latency-only NIC (the egress cap is the VM's).
void summarise_vm(const models::CloudVmSpec& vm, models::NodeSpec& node, models::CpuSpec& cpu, models::NicSpec& nic) {
  node.id = vm.id;
  node.model = vm.model;
  node.cpu_id = vm.id;
  node.sockets = 1;
  node.memory_bytes = vm.memory_bytes;
  node.nic_id = vm.id + "-network";
  node.nic_count = 1;
  cpu = models::vm_cpu_spec(vm);
  nic.id = node.nic_id;
  nic.model = "Azure network, " + format_bit_rate(vm.egress_bits_per_s) + " egress cap";
  nic.ports = 1;
  nic.port_bits_per_s = vm.egress_bits_per_s;
  nic.message_latency_ns = vm.message_latency_ns;
}

models::CloudVmSpec vm_at(const YamlMap& map, std::string_view key, const Catalog& catalog) {
  return resolve(map.required(key), [&](const std::string& id) { return catalog.cloud_vm(id); });
}

void read_infoscale(const YamlValue& value, models::ClusterSpec& cluster) {
  const YamlMap map = value.map({"volumes", "stripe_unit", "vxfs"});
  models::InfoScaleSpec& is = cluster.stack.infoscale;
  const YamlValue volumes = map.required("volumes");
  is.volumes = static_cast<int>(volumes.integer(1, limits::kMaxDrivesPerNode));
  if (is.volumes != cluster.cloud.disks_per_vm) {
    volumes.fail_expected("one volume per data disk of a storage VM (" + std::to_string(cluster.cloud.disks_per_vm) +
                          "): each volume's column on a storage VM is one of its disks");
  }
  if (const auto unit = map.optional("stripe_unit")) {
    is.stripe_unit_bytes = unit->size();
    if (is.stripe_unit_bytes == 0 || is.stripe_unit_bytes % 512 != 0 || is.stripe_unit_bytes > (1ull << 30)) {
      unit->fail_expected("a multiple of 512 bytes, at most 1 GiB");
    }
  }
  if (is.stripe_unit_bytes > cluster.cloud.disk.capacity_bytes) {
    map.fail("the stripe unit (" + format_size(is.stripe_unit_bytes) + ") is larger than a data disk");
  }
  if (const auto vxfs = map.optional("vxfs")) {
    read_vxfs_tunables(vxfs->map(vxfs_keys()), nullptr, is.vxfs);
  }
}

}  // namespace

bool is_cloud_cluster(const YamlValue& cluster) { return cluster.is_map() && cluster.node().find("cloud") != nullptr; }

models::ClusterSpec read_cloud_cluster(const YamlValue& value, const Catalog& catalog) {
  std::vector<std::string> allowed = {"cloud", "stack", "resiliency", "infoscale", "parts"};  // parts: load_scenario
  for (std::string_view key : kServerKeys) allowed.emplace_back(key);
  const YamlMap map = value.map(allowed);
  for (std::string_view key : kServerKeys) {
    if (map.has(key)) {
      map.required(key).fail("a cloud cluster (cluster.cloud) is made of VM sizes: its VMs, disks and network come "
                             "from cloud_vm and managed_disk parts, so '" +
                             std::string(key) + "' is not used");
    }
  }
  models::ClusterSpec cluster;
  models::CloudClusterSpec& c = cluster.cloud;
  const YamlMap cloud =
      map.required("cloud").map({"storage_vm", "storage_vms", "data_disk", "disks_per_vm", "client_vm", "clients"});
  c.storage_vm = vm_at(cloud, "storage_vm", catalog);
  c.storage_vms = static_cast<int>(cloud.required("storage_vms").integer(1, limits::kMaxNodes));
  c.disk = resolve(cloud.required("data_disk"), [&](const std::string& id) { return catalog.managed_disk(id); });
  c.disks_per_vm = static_cast<int>(cloud.required("disks_per_vm").integer(1, limits::kMaxDrivesPerNode));
  c.client_vm = vm_at(cloud, "client_vm", catalog);
  c.clients = static_cast<int>(cloud.required("clients").integer(1, limits::kMaxNodes));

  const YamlValue stack = map.required("stack");
  cluster.stack = resolve(stack, [&](const std::string& id) { return catalog.stack(id); });
  if (models::product(cluster.stack.product).accepts.servers) {
    stack.fail_expected("an infoscale stack: " + std::string(models::product(cluster.stack.product).full_name) +
                        " is modelled on servers (cluster.node), not on cloud VMs");
  }
  const YamlValue resiliency = map.required("resiliency");
  if (resiliency.choice<models::Resiliency>({{"simple", models::Resiliency::Simple},
                                             {"two-way-mirror", models::Resiliency::TwoWayMirror},
                                             {"three-way-mirror", models::Resiliency::ThreeWayMirror}}) !=
      models::Resiliency::Simple) {
    resiliency.fail_expected("simple: the modelled InfoScale volumes are striped, not mirrored (the seed's setup; a "
                             "two-way mirror does not fit its figures, mechanisms.md 5.4)");
  }
  cluster.resiliency = models::Resiliency::Simple;
  read_infoscale(map.required("infoscale"), cluster);

  // What reports show of the hosts.
  cluster.node_count = c.storage_vms;
  summarise_vm(c.storage_vm, cluster.node, cluster.cpu, cluster.nic);
  cluster.node.drives = {models::NodeDriveGroup{c.disk.id, c.disks_per_vm, models::DriveRole::Capacity}};
  models::DriveSpec disk;
  disk.id = c.disk.id;
  disk.model = c.disk.model;
  disk.kind = models::DriveKind::CloudDisk;
  disk.capacity_bytes = c.disk.capacity_bytes;
  cluster.drives = {disk};
  cluster.compute_hosts.count = c.clients;
  summarise_vm(c.client_vm, cluster.compute_hosts.node, cluster.compute_hosts.cpu, cluster.compute_hosts.nic);
  // In a VM, the hypervisor's work is the cloud host's, outside the VM: the
  // guest's I/O path cost is the product's client layer.
  cluster.hypervisor.id = "none";
  cluster.hypervisor.model = "none (Azure VMs: the host's work is outside the VM; the guest's path is the stack's)";
  cluster.witness = false;
  return cluster;
}

models::VmSpec read_sas_vms(const YamlValue& value, const models::ClusterSpec& cluster) {
  const YamlMap map = value.map({"sas_iotest", "per_node", "vcpus", "memory", "workload", "oltp", "failover"});
  for (const char* key : {"per_node", "vcpus", "memory", "workload", "oltp", "failover"}) {
    if (map.has(key)) {
      map.required(key).fail("a cloud cluster runs SAS iotest streams on its client VMs (one per physical core): "
                             "give vms.sas_iotest; '" +
                             std::string(key) + "' is not used");
    }
  }
  const YamlMap sas = map.required("sas_iotest").map({"file_size", "block_size"});
  models::SasIotestSpec spec;
  const YamlValue block = sas.required("block_size");
  spec.block_bytes = block.size();
  if (spec.block_bytes == 0 || spec.block_bytes % 512 != 0 || spec.block_bytes > limits::kMaxBlockBytes) {
    block.fail_expected("a multiple of 512 bytes, at most " + format_size(limits::kMaxBlockBytes));
  }
  const YamlValue file = sas.required("file_size");
  spec.file_bytes = file.size();
  if (spec.file_bytes < spec.block_bytes || spec.file_bytes % spec.block_bytes != 0) {
    file.fail_expected("a whole number of blocks (block_size " + format_size(spec.block_bytes) + ")");
  }
  const models::CloudClusterSpec& c = cluster.cloud;
  spec.streams_per_client = c.client_vm.physical_cores;
  const std::uint64_t streams =
      static_cast<std::uint64_t>(c.clients) * static_cast<std::uint64_t>(spec.streams_per_client);
  // Requests the file system keeps in flight per stream, against the bound on requests.
  const models::VxfsIoPolicy policy = models::VxfsIoPolicy::of(cluster.stack.infoscale, c.storage_vms);
  const auto per_stream = static_cast<std::uint64_t>(policy.requests_in_flight(spec.file_bytes, spec.block_bytes));
  if (streams * per_stream > limits::kMaxRequests) {
    map.required("sas_iotest")
        .fail("streams x requests in flight per stream = " + std::to_string(streams) + " x " +
              std::to_string(per_stream) + "; expected at most " + std::to_string(limits::kMaxRequests) +
              " (kMaxRequests in tools/frontend/input/input_limits.hpp)");
  }
  // Files are dealt over the volumes; the fullest volume must hold its share.
  const std::uint64_t unit = cluster.stack.infoscale.stripe_unit_bytes;
  const auto volumes = static_cast<std::uint64_t>(cluster.stack.infoscale.volumes);
  const std::uint64_t volume_bytes = c.disk.capacity_bytes / unit * unit * static_cast<std::uint64_t>(c.storage_vms);
  const std::uint64_t per_volume = (streams + volumes - 1) / volumes;
  const double needed = static_cast<double>(per_volume) * std::ceil(static_cast<double>(spec.file_bytes) / unit) * unit;
  if (needed > static_cast<double>(volume_bytes)) {
    file.fail(std::to_string(per_volume) + " files of " + format_size(spec.file_bytes) +
              " on one volume need more than "
              "its " +
              format_size(volume_bytes) + " (" + std::to_string(c.storage_vms) + " columns of " +
              format_size(c.disk.capacity_bytes) + "); expected files that fit");
  }
  models::VmSpec vms;
  vms.per_node.assign(static_cast<std::size_t>(cluster.node_count), 0);
  vms.vcpus = c.client_vm.vcpus / c.client_vm.physical_cores;
  vms.sas = spec;
  return vms;
}

models::RunControl read_sas_run(const YamlValue& value, models::ClusterSpec& cluster) {
  const YamlMap map = value.map({"time_limit", "interval", "seed", "time_scale", "warmup", "duration"});
  for (const char* key : {"warmup", "duration"}) {
    if (map.has(key)) {
      map.required(key).fail("a SAS iotest run lasts as long as its phases take (its file sizes set them): give "
                             "time_limit, the longest simulated time it may take, instead of warmup/duration");
    }
  }
  models::RunControl run;
  const YamlValue limit = map.required("time_limit");
  run.duration_ns = limit.duration_ns();
  if (run.duration_ns <= 0) limit.fail_expected("a duration greater than 0");
  read_seed_and_interval(map, run, "the time limit");
  if (const auto scale = map.optional("time_scale")) {
    const double k = scale->number();
    if (!(k >= 1 && k <= 1e6)) scale->fail_expected("a factor from 1 (real time) to 1,000,000");
    // A compressed burst window must stay long against the caps' throttle
    // window, or the short-term tolerance would add noticeably to the credits.
    const models::CloudClusterSpec& c = cluster.cloud;
    auto check = [&](const std::string& id, double window_s, double throttle_s) {
      if (window_s > 0 && window_s / k < 100 * throttle_s) {
        scale->fail_expected("at most " + format_number(window_s / (100 * throttle_s)) + ": '" + id + "' bursts for " +
                             format_number(window_s) + " s, which must stay at least 100 throttle windows (" +
                             format_number(throttle_s) + " s each) long on the coarse time scale");
      }
    };
    check(c.storage_vm.id, c.storage_vm.burst_window_s, c.storage_vm.throttle_window_s);
    check(c.client_vm.id, c.client_vm.burst_window_s, c.client_vm.throttle_window_s);
    check(c.disk.id, c.disk.burst_window_s, c.disk.throttle_window_s);
    cluster.cloud.time_scale = k;
  }
  return run;
}

namespace {

void describe_vm(std::ostream& out, const models::CloudVmSpec& vm) {
  out << printable(vm.model) << " (" << vm.id << "): " << vm.vcpus << " active vCPUs";
  if (vm.parent_vcpus != vm.vcpus) out << " of the parent's " << vm.parent_vcpus;
  out << ", " << vm.physical_cores << " physical cores at " << format_frequency(vm.vcpu_clock_hz) << ", "
      << format_size(vm.memory_bytes) << "; uncached disk caps " << format_count(vm.uncached_iops) << " IOPS / "
      << format_byte_rate(vm.uncached_bytes_per_s);
  if (vm.burst_bytes_per_s > vm.uncached_bytes_per_s || vm.burst_iops > vm.uncached_iops) {
    out << " (credit burst to " << format_count(std::max(vm.burst_iops, vm.uncached_iops)) << " IOPS / "
        << format_byte_rate(std::max(vm.burst_bytes_per_s, vm.uncached_bytes_per_s)) << " for "
        << format_duration(static_cast<std::int64_t>(vm.burst_window_s * 1e9)) << ", "
        << format_number(vm.burst_credits_at_start * 100) << " % of the credits at the start)";
  }
  out << "; network " << format_bit_rate(vm.egress_bits_per_s) << " egress only, "
      << format_duration(vm.message_latency_ns) << " one way\n";
}

}  // namespace

std::string describe_cloud(const models::ScenarioSpec& s) {
  std::ostringstream out;
  const models::CloudClusterSpec& c = s.cluster.cloud;
  out << "Cluster: " << c.storage_vms << " storage VMs, " << c.clients << " client VMs (cloud)\n  storage VM: ";
  describe_vm(out, c.storage_vm);
  out << "  data disks: " << c.disks_per_vm << " x " << printable(c.disk.model) << " (" << c.disk.id
      << ") per storage VM: " << format_size(c.disk.capacity_bytes) << ", " << format_count(c.disk.iops) << " IOPS / "
      << format_byte_rate(c.disk.bytes_per_s) << " provisioned"
      << (c.disk.burst_iops > 0 || c.disk.burst_bytes_per_s > 0 ? ", credit bursting" : ", no credit bursting") << ", "
      << format_duration(c.disk.io_latency_ns) << " per I/O, uncached\n  client VM: ";
  describe_vm(out, c.client_vm);
  const models::InfoScaleSpec& is = s.cluster.stack.infoscale;
  const models::VxfsIoPolicy vxfs = models::VxfsIoPolicy::of(is, c.storage_vms);
  out << "  storage: " << printable(s.cluster.stack.model) << " (" << s.cluster.stack.id << "), " << is.volumes
      << " volumes in one volume set, each striped " << c.storage_vms << "-way (one column per storage VM, stripe unit "
      << format_size(is.stripe_unit_bytes) << "), no mirror\n";
  out << "  VxFS: requests above " << format_size(vxfs.direct_threshold) << " direct; flush-behind "
      << vxfs.write_nstream << " x " << format_size(vxfs.write_pref_io) << " writes, read-ahead " << vxfs.read_nstream
      << " x " << format_size(vxfs.read_pref_io) << " reads in flight per file\n";
  if (s.vms.sas) {
    const models::SasIotestSpec& sas = *s.vms.sas;
    out << "Workload: SAS rhel_iotest, " << sas.streams_per_client << " streams per client (one per physical core), "
        << c.clients * sas.streams_per_client << " in all; each writes then reads a " << format_size(sas.file_bytes)
        << " file in " << format_size(sas.block_bytes) << " calls ("
        << (vxfs.direct(sas.block_bytes) ? "direct" : "buffered") << ")\n";
  }
  out << "Run: until the iotest ends, at most " << format_duration(s.run.duration_ns) << " simulated";
  if (c.time_scale != 1) out << " on a coarse time scale 1:" << format_number(c.time_scale);
  out << ", seed " << s.run.seed << "\n";
  return out.str();
}

}  // namespace hcisim::frontend
