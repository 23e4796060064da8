#include "tools/frontend/scenario_loader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <limits>
#include <map>
#include <numeric>
#include <set>

#include "models/capacity/capacity.hpp"
#include "models/run/precision_stop.hpp"
#include "models/workload/diskspd_regions.hpp"
#include "models/workload/oltp_spec_check.hpp"
#include "tools/frontend/calibration_case.hpp"
#include "tools/frontend/diskspd_parser.hpp"
#include "tools/frontend/diskspd_xml.hpp"
#include "tools/frontend/fio_job_parser.hpp"
#include "tools/frontend/measured_results.hpp"
#include "tools/frontend/vmfleet_runs.hpp"
#include "tools/frontend/figure_names.hpp"
#include "tools/frontend/input_limits.hpp"
#include "tools/frontend/load_error.hpp"
#include "tools/frontend/message_text.hpp"
#include "tools/frontend/not_modelled_yet.hpp"
#include "tools/frontend/part_overrides.hpp"
#include "tools/frontend/quantity_format.hpp"
#include "tools/frontend/scenario_cloud.hpp"
#include "tools/frontend/slo.hpp"
#include "tools/frontend/vmfleet2_workloads.hpp"
#include "tools/frontend/workload_gives.hpp"
#include "tools/frontend/yaml_include.hpp"
#include "tools/frontend/yaml_reader.hpp"

namespace hcisim::frontend {

void read_seed_and_interval(const YamlMap& map, models::RunControl& run, const std::string& span) {
  if (const auto seed = map.optional("seed")) {
    run.seed = static_cast<std::uint64_t>(seed->integer(0, std::numeric_limits<std::int64_t>::max()));
  }
  if (const auto interval = map.optional("interval")) {
    run.interval_ns = interval->duration_ns();
    if (run.interval_ns <= 0 || run.interval_ns > run.duration_ns) {
      interval->fail_expected("an interval greater than 0 and at most " + span);
    }
    if (run.duration_ns / run.interval_ns > 1'000'000) {
      interval->fail_expected("at most 1,000,000 intervals in " + span + " (a longer interval)");
    }
  }
}

namespace {

using limits::kMaxNodes;
using limits::kMaxVmsPerNode;

// "307 TB": a byte count that need not be exact, for messages.
std::string approx_size(double bytes) {
  static const char* const kUnits[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB"};
  int unit = 0;
  while (bytes >= 1000 && unit < 7) {
    bytes /= 1000;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3g %s", bytes, kUnits[unit]);
  return text;
}

int capacity_drives_per_node(const models::ClusterSpec& cluster) {
  int drives = 0;
  for (const models::NodeDriveGroup& group : cluster.node.drives) {
    if (group.role == models::DriveRole::Capacity) drives += group.count;
  }
  return drives;
}

// A catalog lookup whose failure is reported at the key that named the part.
template <class Lookup>
auto resolve(const YamlValue& value, Lookup lookup) {
  try {
    return lookup(value.text());
  } catch (const CatalogError& e) {
    value.fail(e.what());
  }
}

// Two-layer: compute-only hosts that run the VMs (a node part with no drives).
models::ComputeHostsSpec read_compute_hosts(const YamlValue& value, const Catalog& catalog) {
  const YamlMap map = value.map({"node", "count"});
  models::ComputeHostsSpec hosts;
  const YamlValue node = map.required("node");
  hosts.node = resolve(node, [&](const std::string& id) { return catalog.node(id); });
  if (!hosts.node.drives.empty()) {
    node.fail_expected("a node part without drives: a compute host has no capacity drives (its boot disk is not "
                       "storage)");
  }
  hosts.cpu = catalog.cpu(hosts.node.cpu_id);
  hosts.nic = catalog.nic(hosts.node.nic_id);
  hosts.count = static_cast<int>(map.required("count").integer(1, kMaxNodes));
  return hosts;
}

// What the storage product accepts of the rest of the cluster.
void check_product_fit(const YamlMap& map, const models::ClusterSpec& cluster) {
  if (cluster.stack.product == models::ProductKind::InfoScale) {
    map.required("stack").fail("InfoScale is modelled on cloud VMs (cluster.cloud with storage and client VMs), not "
                               "on servers");
  }
  if (const auto infoscale = map.optional("infoscale")) {
    infoscale->fail("used only with an infoscale stack on a cloud cluster (cluster.cloud)");
  }
  if (cluster.stack.product == models::ProductKind::S2d) {
    if (const auto hosts = map.optional("compute_hosts")) {
      hosts->fail("Storage Spaces Direct is modelled hyperconverged only (VMs on the storage nodes): remove "
                  "compute_hosts");
    }
    return;
  }
  // ScaleIO: a two-way mesh mirror, every node up, no CSV volumes.
  const YamlValue resiliency = map.required("resiliency");
  if (cluster.resiliency != models::Resiliency::TwoWayMirror) {
    resiliency.fail_expected("two-way-mirror: ScaleIO keeps two copies of every chunk (mesh mirror)");
  }
  if (const auto failed = map.optional("failed_nodes")) {
    failed->fail("ScaleIO with failed nodes (degraded mirrors, rebuild) is not modelled yet");
  }
  if (const auto owners = map.optional("volume_owners")) {
    owners->fail("ScaleIO has no volume owners: every SDC talks to every SDS directly");
  }
  if (const auto cache = map.optional("csv_cache")) cache->fail("a CSV cache is Storage Spaces Direct's, not ScaleIO's");
  for (const char* key : {"witness", "repair_speed"}) {
    if (const auto value = map.optional(key)) {
      value->fail("ScaleIO failures (degraded mirrors, rebuild) are not modelled yet, so '" + std::string(key) +
                  "' would not be used");
    }
  }
}

models::ClusterSpec read_cluster(const YamlValue& value, const Catalog& catalog) {
  if (is_cloud_cluster(value)) return read_cloud_cluster(value, catalog);  // scenario_cloud.cpp
  const YamlMap map = value.map({"node", "nodes", "switch", "stack", "hypervisor", "resiliency", "csv_cache",
                                 "cache_warmup", "failed_nodes", "volume_owners", "witness", "repair_speed",
                                 "compute_hosts", "infoscale", "vp_scheduler", "parts"});
  models::ClusterSpec cluster;
  const YamlValue node_value = map.required("node");
  cluster.node = resolve(node_value, [&](const std::string& id) { return catalog.node(id); });
  if (cluster.node.drives.empty()) {
    node_value.fail_expected("a node part with capacity drives (a storage node); a part without drives can be a "
                             "compute host (cluster.compute_hosts)");
  }
  // The catalog checked at load time that these ids exist.
  cluster.cpu = catalog.cpu(cluster.node.cpu_id);
  for (const models::NodeDriveGroup& group : cluster.node.drives) {
    cluster.drives.push_back(catalog.drive(group.drive_id));
  }
  cluster.nic = catalog.nic(cluster.node.nic_id);
  if (!cluster.node.hba_id.empty()) cluster.hba = catalog.hba(cluster.node.hba_id);

  const YamlValue nodes = map.required("nodes");
  cluster.node_count = static_cast<int>(nodes.integer(1, kMaxNodes));
  const std::int64_t drives = static_cast<std::int64_t>(cluster.node_count) * capacity_drives_per_node(cluster);
  if (drives > limits::kMaxDrivesInCluster) {
    nodes.fail("expected at most " + std::to_string(limits::kMaxDrivesInCluster) + " drives in the cluster, got " +
               std::to_string(drives) + " (kMaxDrivesInCluster in tools/frontend/input_limits.hpp)");
  }
  if (const auto sw = map.optional("switch")) {
    cluster.network_switch = resolve(*sw, [&](const std::string& id) { return catalog.network_switch(id); });
  }
  cluster.stack = resolve(map.required("stack"), [&](const std::string& id) { return catalog.stack(id); });
  // S2D runs only on Hyper-V (Windows Server / Azure Stack HCI): that is its default.
  // ScaleIO runs under several hypervisors: the scenario names the one the VMs run on.
  if (const auto hypervisor = map.optional("hypervisor")) {
    cluster.hypervisor = resolve(*hypervisor, [&](const std::string& id) { return catalog.hypervisor(id); });
    if (cluster.stack.product == models::ProductKind::S2d && cluster.hypervisor.kind != models::HypervisorKind::HyperV) {
      hypervisor->fail_expected("a Hyper-V profile: Storage Spaces Direct runs on Hyper-V hosts");
    }
  } else if (cluster.stack.product == models::ProductKind::ScaleIo) {
    map.fail("expected a hypervisor: ScaleIO runs under ESXi, Hyper-V or Linux; name the profile of the hosts the "
             "VMs run on (like esxi-5.5)");
  } else {
    cluster.hypervisor = catalog.hypervisor("hyper-v");
  }
  if (const auto hosts = map.optional("compute_hosts")) cluster.compute_hosts = read_compute_hosts(*hosts, catalog);
  // The hosts' virtual-processor scheduler, where it is not the hypervisor profile's
  // default (Windows Server 2016 runs Hyper-V's classic scheduler, 2019 and later its core scheduler).
  if (const auto scheduler = map.optional("vp_scheduler")) {
    cluster.hypervisor.scheduler = scheduler->choice<models::VpScheduler>(
        {{"classic", models::VpScheduler::Classic}, {"core", models::VpScheduler::Core}});
  }

  const YamlValue resiliency = map.required("resiliency");
  cluster.resiliency = resiliency.choice<models::Resiliency>({{"simple", models::Resiliency::Simple},
                                                              {"two-way-mirror", models::Resiliency::TwoWayMirror},
                                                              {"three-way-mirror", models::Resiliency::ThreeWayMirror}});
  if (cluster.node_count < models::copies(cluster.resiliency)) {
    resiliency.fail(in_quotes(resiliency.node().scalar) + " keeps " + std::to_string(models::copies(cluster.resiliency)) +
                    " copies on different nodes; expected at least that many nodes, got " +
                    std::to_string(cluster.node_count));
  }
  if (const auto cache = map.optional("csv_cache")) {
    cluster.csv_cache_bytes = cache->size();
    // BlockCacheSize may take up to 80 % of a server's memory (Microsoft docs).
    if (cluster.csv_cache_bytes > cluster.node.memory_bytes / 5 * 4) {
      cache->fail_expected("at most 80 % of the node's memory (" + format_size(cluster.node.memory_bytes) + ")");
    }
    if (cluster.csv_cache_bytes != 0 && cluster.csv_cache_bytes < 8 * cluster.stack.csv_cache_block_bytes) {
      cache->fail_expected("0 (off) or at least 8 blocks of " + format_size(cluster.stack.csv_cache_block_bytes));
    }
  }
  const bool has_cache_drives =
      std::any_of(cluster.node.drives.begin(), cluster.node.drives.end(),
                  [](const models::NodeDriveGroup& g) { return g.role == models::DriveRole::Cache; });
  if (has_cache_drives && !cluster.stack.cache.defined) {
    map.required("stack").fail("stack '" + cluster.stack.id + "' describes no cache tier (cache_tier:), but node '" +
                               cluster.node.id + "' has cache drives");
  }
  if (const auto warmup = map.optional("cache_warmup")) {
    if (!has_cache_drives) warmup->fail("the node has no cache drives, so there is no cache to warm up");
    cluster.cache_warmup = warmup->choice<bool>({{"vmfleet", true}, {"cold", false}});
  } else if (has_cache_drives) {
    map.fail("the node has cache drives: say how the cache starts, cache_warmup: vmfleet (filled by VMFleet's "
             "read warm-up) or cache_warmup: cold");
  }

  if (const auto failed = map.optional("failed_nodes")) {
    std::set<int> seen;
    for (const YamlValue& item : failed->items()) {
      const int number = static_cast<int>(item.integer(1, cluster.node_count));
      if (!seen.insert(number).second) item.fail("node " + std::to_string(number) + " is listed twice");
      cluster.failed_nodes.push_back(number - 1);
    }
    if (static_cast<int>(seen.size()) >= cluster.node_count) {
      failed->fail_expected("at least one node left running");
    }
    std::sort(cluster.failed_nodes.begin(), cluster.failed_nodes.end());
  }
  if (const auto witness = map.optional("witness")) cluster.witness = witness->boolean();
  if (const auto speed = map.optional("repair_speed")) {
    // S2D's repair speed setting: outstanding repair I/Os per volume.
    const int value = static_cast<int>(speed->integer(1, 16));
    if (value != 1 && value != 2 && value != 4 && value != 8 && value != 16) {
      speed->fail_expected("one of S2D's repair speeds 1, 2, 4, 8 or 16 (outstanding repair I/Os per volume)");
    }
    cluster.stack.failure.repair_outstanding = value;
  }
  if (const auto owners = map.optional("volume_owners")) {
    // One volume per node (VMFleet's node-named CSVs); each entry is the node that owns it.
    const std::vector<YamlValue> items = owners->items();
    if (static_cast<int>(items.size()) != cluster.node_count) {
      owners->fail_expected("one owner node per volume (" + std::to_string(cluster.node_count) +
                            " entries: volume i is the one VMFleet names for node i)");
    }
    for (const YamlValue& item : items) {
      const int owner = static_cast<int>(item.integer(1, cluster.node_count));
      if (std::find(cluster.failed_nodes.begin(), cluster.failed_nodes.end(), owner - 1) !=
          cluster.failed_nodes.end()) {
        item.fail("node " + std::to_string(owner) + " is in cluster.failed_nodes, so it cannot own a volume");
      }
      cluster.volume_owners.push_back(owner - 1);
    }
  }
  check_product_fit(map, cluster);
  return cluster;
}

bool is_failed(const models::ClusterSpec& cluster, int node) {
  return std::find(cluster.failed_nodes.begin(), cluster.failed_nodes.end(), node) != cluster.failed_nodes.end();
}

// The workload, and the key that set its working set (for the capacity check).
struct Workload {
  models::DiskspdSpec spec;
  YamlValue file_size_key;
};

// An XML profile path is relative to the file that names it (a --set value: to
// the current folder).
std::filesystem::path profile_path(const YamlValue& value) {
  const std::filesystem::path path(value.text());
  const std::filesystem::path from(value.file());
  std::error_code ec;
  if (path.is_absolute() || !std::filesystem::is_regular_file(from, ec)) return path;
  return from.parent_path() / path;
}

// diskspd: one command line, or a list of them (one target each, all on the VM's file).
models::DiskspdSpec read_diskspd_lines(const YamlValue& value) {
  if (!value.is_list()) return parse_diskspd_command(value.text());
  const std::vector<YamlValue> items = value.items();
  if (items.empty()) value.fail_expected("a DISKSPD command line, or a list of them (one per target)");
  models::DiskspdSpec spec;
  for (std::size_t i = 0; i < items.size(); ++i) {
    models::DiskspdSpec one;
    try {
      one = parse_diskspd_command(items[i].text());
    } catch (const DiskspdError& e) {
      items[i].fail(e.what());
    }
    if (i == 0) {
      spec = one;
      continue;
    }
    if (one.file_bytes != 0 && spec.file_bytes != 0 && one.file_bytes != spec.file_bytes) {
      items[i].fail("its -c differs from an earlier line's: the targets share the VM's one file");
    }
    if (spec.file_bytes == 0) spec.file_bytes = one.file_bytes;
    spec.targets.push_back(one.targets.front());
  }
  return spec;
}

// The forms a workload is written in; a scenario gives exactly one (a --set of
// another replaces it: replace_workload_form).
constexpr std::string_view kWorkloadForms[] = {"vmfleet", "vmfleet2", "diskspd", "xml", "fio"};

Workload read_workload(const YamlValue& value) {
  std::vector<std::string> allowed(std::begin(kWorkloadForms), std::end(kWorkloadForms));
  allowed.insert(allowed.end(), {"file_size", "threads", "outstanding", "iops_per_vm"});
  const YamlMap map = value.map(allowed);
  std::optional<YamlValue> sources[std::size(kWorkloadForms)];
  for (std::size_t i = 0; i < std::size(kWorkloadForms); ++i) sources[i] = map.optional(kWorkloadForms[i]);
  int given = 0;
  for (const auto& s : sources) given += s.has_value();
  if (given != 1) {
    map.fail("expected exactly one of vmfleet (like B4-T2-O32-W0-PR), vmfleet2 (like General4KWriteRatio30), "
             "diskspd (like \"-b4K -t2 -o32 -w0 -r\", or a list of lines, one per target), xml (a DISKSPD "
             "profile file) or fio (a fio job file)");
  }
  const auto& [vmfleet, vmfleet2, diskspd, xml, fio] = sources;
  const YamlValue& line = vmfleet ? *vmfleet : vmfleet2 ? *vmfleet2 : diskspd ? *diskspd : xml ? *xml : *fio;
  models::DiskspdSpec spec;
  try {
    if (vmfleet) spec = parse_vmfleet_profile(line.text());
    if (vmfleet2) spec = vmfleet2_workload(line.text());
    if (diskspd) spec = read_diskspd_lines(line);
    if (xml) {
      spec = read_diskspd_xml(profile_path(line));
      spec.profile = line.text();
    }
    if (fio) {
      spec = read_fio_job_file(profile_path(line));  // its errors name the job file's line
      spec.profile = "fio " + line.text();
    }
  } catch (const DiskspdError& e) {
    line.fail(e.what());
  }
  for (const models::DiskspdTarget& t : spec.targets) {
    if (!t.software_cache_disabled) {
      line.fail("the guest file cache is on (no -Sh); hcisim models unbuffered I/O only: add -Sh, as VMFleet does");
    }
  }
  // What-ifs over the line: -t and -o of every target (e.g. a sweep over the queue depth).
  if (const auto threads = map.optional("threads")) {
    for (models::DiskspdTarget& t : spec.targets) t.threads = static_cast<int>(threads->integer(1, 65536));
  }
  if (const auto outstanding = map.optional("outstanding")) {
    for (models::DiskspdTarget& t : spec.targets) t.outstanding = static_cast<int>(outstanding->integer(1, 65536));
  }
  // VMFleet 2.0's per-VM IOPS target (QOSperVM): DISKSPD's -g on every thread.
  if (const auto iops = map.optional("iops_per_vm")) {
    const double target = iops->count();
    if (!(target >= 1 && target <= 1e9)) iops->fail_expected("an IOPS target from 1 to 10^9 per VM");
    try {
      apply_iops_per_vm(spec, target);
    } catch (const DiskspdError& e) {
      iops->fail(e.what());
    }
  }
  YamlValue file_size_key = line;
  const auto given_size = map.optional("file_size");
  // A file_size written in another file than the form (an included file's, for the form this
  // file replaced: replace_workload_form) gives way to a size the new form states itself.
  const bool size_elsewhere = given_size && given_size->node().file_name() != line.node().file_name();
  if (const auto file_size = size_elsewhere && spec.file_bytes != 0 ? std::nullopt : given_size) {
    if (spec.file_bytes != 0) {
      file_size->fail(fio ? "the file size is given twice: here and as size= in the fio job file"
                      : xml ? "the file size is given twice: here and as FileSize in the profile"
                            : "the file size is given twice: here and as -c in the diskspd line");
    }
    spec.file_bytes = file_size->size();
    file_size_key = *file_size;
  }
  if (spec.file_bytes == 0) {
    map.fail("expected the working set per VM: file_size (like 10GiB) or -c in the diskspd line");
  }
  for (const models::DiskspdTarget& t : spec.targets) {
    if (spec.file_bytes < t.block_bytes) {
      map.fail("expected a file size of at least one block (" + format_size(t.block_bytes) + "), got " +
               format_size(spec.file_bytes));
    }
  }
  // Flag combinations and regions the model cannot run (-rs with -s, a region without a block, ...).
  try {
    models::check_diskspd(spec);
  } catch (const std::invalid_argument& e) {
    line.fail(e.what());
  }
  for (const models::DiskspdTarget& t : spec.targets) {
    if (t.random_align_bytes > spec.file_bytes - t.block_bytes && t.random_align_bytes > t.block_bytes) {
      line.fail("the random alignment (-r" + format_size(t.random_align_bytes) +
                ") leaves a single position in the " + format_size(spec.file_bytes) +
                " file; expected an alignment that fits the file at least twice");
    }
  }
  return {spec, file_size_key};
}

std::uint64_t check_vm_count(const YamlMap& map, const models::VmSpec& vms) {
  const std::uint64_t vm_total = std::accumulate(vms.per_node.begin(), vms.per_node.end(), std::uint64_t{0});
  if (vm_total > static_cast<std::uint64_t>(limits::kMaxVms)) {
    map.required("per_node").fail("expected at most " + std::to_string(limits::kMaxVms) +
                                  " VMs in the cluster, got " + std::to_string(vm_total) +
                                  " (kMaxVms in tools/frontend/input_limits.hpp)");
  }
  return vm_total;
}

// Every VM's disk (the DISKSPD file, the database disk) against what the pool can
// hold, and the slabs it makes against what the slab map may hold.
void check_fits_pool(std::uint64_t vm_total, std::uint64_t bytes_per_vm, const models::ClusterSpec& cluster,
                     const YamlValue& size_key) {
  const double slab = cluster.stack.slab_bytes;
  const double slabs = std::ceil(static_cast<double>(bytes_per_vm) / slab) * static_cast<double>(vm_total);
  double pool = 0;
  for (std::size_t g = 0; g < cluster.node.drives.size(); ++g) {
    if (cluster.node.drives[g].role != models::DriveRole::Capacity) continue;
    pool += static_cast<double>(cluster.node.drives[g].count) * static_cast<double>(cluster.drives[g].capacity_bytes);
  }
  pool *= cluster.node_count;
  const double needed = slabs * slab * models::copies(cluster.resiliency);
  if (needed > pool) {
    size_key.fail(std::to_string(vm_total) + " VMs x " + format_size(bytes_per_vm) + " x " +
                  std::to_string(models::copies(cluster.resiliency)) + " copies need " + approx_size(needed) +
                  " in whole slabs; the pool's capacity drives hold " + approx_size(pool) +
                  "; expected a working set that fits");
  }
  // The slab map holds one extent per slab and copy; the pool holds every copy.
  if (slabs > static_cast<double>(limits::kMaxSlabs)) {
    size_key.fail("the VMs' disks make " + format_count(slabs) + " slabs of " +
                  format_size(static_cast<std::uint64_t>(slab)) + "; expected at most " +
                  format_count(static_cast<double>(limits::kMaxSlabs)) +
                  " (kMaxSlabs in tools/frontend/input_limits.hpp; or smaller disks)");
  }
}

// Counts that feed memory: VMs, requests in flight, slabs; and the working set
// against what the pool can hold.
void check_vm_totals(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster,
                     const YamlValue& file_size_key) {
  const std::uint64_t vm_total = check_vm_count(map, vms);
  const models::DiskspdSpec& w = vms.workload;
  const std::uint64_t per_vm = static_cast<std::uint64_t>(w.outstanding_per_vm());
  const std::uint64_t requests = vm_total * per_vm;
  if (requests > limits::kMaxRequests) {
    map.required("workload").fail("VMs x (threads x outstanding per VM) = " + std::to_string(vm_total) + " x " +
                                  std::to_string(per_vm) + " = " +
                                  std::to_string(requests) + " I/Os in flight; expected at most " +
                                  std::to_string(limits::kMaxRequests) +
                                  " (kMaxRequests in tools/frontend/input_limits.hpp)");
  }
  check_fits_pool(vm_total, w.file_bytes, cluster, file_size_key);
}

// The OLTP users are simulated one by one, like requests in flight.
void check_oltp_totals(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster) {
  const std::uint64_t vm_total = check_vm_count(map, vms);
  const YamlMap oltp = map.required("oltp").map({"application", "users", "think_time", "buffer_pool",
                                                  "database_size", "data_disk"});
  const std::uint64_t users = vm_total * static_cast<std::uint64_t>(vms.oltp->users_per_vm);
  if (users > limits::kMaxRequests) {
    oltp.required("users").fail("VMs x users per VM = " + std::to_string(vm_total) + " x " +
                                std::to_string(vms.oltp->users_per_vm) + " = " + std::to_string(users) +
                                " users; expected at most " + std::to_string(limits::kMaxRequests) +
                                " (kMaxRequests in tools/frontend/input_limits.hpp)");
  }
  check_fits_pool(vm_total, vms.data_disk_bytes, cluster, oltp.required("data_disk"));
}

// VM memory is not simulated, but VMs that need more than their host has cannot
// run: counted where each VM runs (its node, the node it failed over to, or a
// compute host), as the capacity report places them.
void check_vm_memory(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster) {
  if (vms.memory_bytes == 0) return;
  models::ScenarioSpec placed;
  placed.cluster = cluster;
  placed.vms = vms;
  for (const models::HostCapacity& h : models::assess_capacity(placed).hosts) {
    if (h.vm_memory_bytes <= h.memory_bytes) continue;
    const std::string host = h.compute_host ? "compute host " + std::to_string(h.host - cluster.node_count + 1)
                                            : "node " + std::to_string(h.host + 1);
    const std::string part = h.compute_host ? cluster.compute_hosts.node.id : cluster.node.id;
    map.required("memory").fail(std::to_string(h.vms) + " VMs x " + format_size(vms.memory_bytes) + " on " + host +
                                " need more than the " + (h.compute_host ? "host" : "node") + "'s " +
                                format_size(h.memory_bytes) + " (node '" + part +
                                "', key 'memory'); vCPUs may be over-committed, memory may not");
  }
}

// A VM cannot have more virtual processors than its host has logical processors
// (Hyper-V and ESXi both refuse to start it); fewer, over-committed, is a warning
// of the capacity report.
void check_vm_vcpus(const YamlMap& map, const models::VmSpec& vms, const models::ClusterSpec& cluster) {
  const bool two_layer = cluster.compute_hosts.count > 0;
  const models::CpuSpec& cpu = two_layer ? cluster.compute_hosts.cpu : cluster.cpu;
  const int sockets = std::max(1, two_layer ? cluster.compute_hosts.node.sockets : cluster.node.sockets);
  const int lps = sockets * (cpu.threads > 0 ? cpu.threads : cpu.cores);
  if (vms.vcpus > lps) {
    map.required("vcpus").fail("a VM with " + std::to_string(vms.vcpus) + " vCPUs cannot run on " +
                               (two_layer ? "compute host '" + cluster.compute_hosts.node.id
                                          : "node '" + cluster.node.id) +
                               "' with " + std::to_string(lps) +
                               " logical processors; expected at most " + std::to_string(lps));
  }
}

// An OLTP database in every VM: the application part plus this scenario's users and sizes.
void read_oltp(const YamlValue& value, const Catalog& catalog, models::VmSpec& vms) {
  const YamlMap map = value.map({"application", "users", "think_time", "buffer_pool", "database_size", "data_disk"});
  models::OltpSpec spec =
      resolve(map.required("application"), [&](const std::string& id) { return catalog.application(id); }).oltp;
  spec.users_per_vm = static_cast<int>(map.required("users").integer(1, 10'000'000));
  const YamlValue think = map.required("think_time");
  spec.think_time_ns = think.duration_ns();
  if (spec.think_time_ns < 0 || spec.think_time_ns > limits::kMaxThinkTimeNs) {
    think.fail_expected("a duration from 0 to " + format_duration(limits::kMaxThinkTimeNs));
  }
  spec.buffer_pool.buffer_bytes = map.required("buffer_pool").size();
  spec.buffer_pool.database_bytes = map.required("database_size").size();
  const YamlValue disk = map.required("data_disk");
  vms.data_disk_bytes = disk.size();
  try {
    models::check_oltp_spec(spec);
  } catch (const std::invalid_argument& e) {
    value.fail(e.what());
  }
  const std::uint64_t needed = spec.buffer_pool.database_bytes / spec.page_bytes * spec.page_bytes + spec.log.region_bytes;
  if (vms.data_disk_bytes < needed) {
    disk.fail_expected("a disk of at least the database plus the application's log region (" + format_size(needed) +
                       ")");
  }
  vms.oltp = spec;
}

models::VmSpec read_vms(const YamlValue& value, models::ClusterSpec& cluster, const Catalog& catalog,
                        const models::FailureTimeline& timeline) {
  const YamlMap map =
      value.map({"per_node", "vcpus", "memory", "workload", "oltp", "failover", "sas_iotest", "alignment"});
  if (const auto sas = map.optional("sas_iotest")) {
    sas->fail("SAS iotest streams run on the client VMs of a cloud cluster (cluster.cloud)");
  }
  models::VmSpec vms;
  const YamlValue per_node = map.required("per_node");
  if (per_node.is_list()) {
    const std::vector<YamlValue> items = per_node.items();
    if (static_cast<int>(items.size()) != cluster.node_count) {
      per_node.fail("expected one VM count per node (" + std::to_string(cluster.node_count) + " entries), got " +
                    std::to_string(items.size()));
    }
    for (const YamlValue& item : items) vms.per_node.push_back(static_cast<int>(item.integer(0, kMaxVmsPerNode)));
  } else {
    const int count = static_cast<int>(per_node.integer(0, kMaxVmsPerNode));
    vms.per_node.assign(static_cast<std::size_t>(cluster.node_count), count);
  }
  // A failed node's VMs are never dropped silently: they run where failover puts them.
  if (const auto failover = map.optional("failover")) {
    vms.failover.assign(static_cast<std::size_t>(cluster.node_count), -1);
    for (const YamlValue& item : failover->items()) {
      const YamlMap entry = item.map({"from", "to"});
      const YamlValue from_value = entry.required("from");
      const int from = static_cast<int>(from_value.integer(1, cluster.node_count)) - 1;
      const bool fails_later = std::any_of(timeline.events.begin(), timeline.events.end(), [&](const auto& e) {
        return e.fail && e.part == models::FailurePart::Node && e.node == from;
      });
      if (!is_failed(cluster, from) && !fails_later) {
        from_value.fail_expected("a node listed in cluster.failed_nodes or failing in the timeline");
      }
      if (vms.failover[static_cast<std::size_t>(from)] >= 0) from_value.fail("node " + std::to_string(from + 1) + " is listed twice");
      const YamlValue to_value = entry.required("to");
      const int to = static_cast<int>(to_value.integer(1, cluster.node_count)) - 1;
      if (is_failed(cluster, to)) to_value.fail_expected("a running node (not in cluster.failed_nodes)");
      if (to == from) to_value.fail_expected("another node than the one that fails");
      vms.failover[static_cast<std::size_t>(from)] = to;
    }
  }
  for (int node = 0; node < cluster.node_count; ++node) {
    if (!is_failed(cluster, node) || vms.per_node[static_cast<std::size_t>(node)] == 0) continue;
    if (vms.failover.empty() || vms.failover[static_cast<std::size_t>(node)] < 0) {
      per_node.fail("node " + std::to_string(node + 1) +
                    " is in cluster.failed_nodes; its VMs need a node to run on: add vms.failover: [{from: " +
                    std::to_string(node + 1) + ", to: N}], or give it 0 VMs");
    }
  }
  // Where a node's volume goes if the node fails during the run: with its VMs.
  cluster.volume_failover = vms.failover;
  // A failed node's volume moves to another node: by default to where its VMs
  // went, else to the first running node.
  if (cluster.volume_owners.empty() && !cluster.failed_nodes.empty()) {
    int first_up = 0;
    while (is_failed(cluster, first_up)) ++first_up;
    for (int node = 0; node < cluster.node_count; ++node) {
      int owner = node;
      if (is_failed(cluster, node)) {
        owner = !vms.failover.empty() && vms.failover[static_cast<std::size_t>(node)] >= 0
                    ? vms.failover[static_cast<std::size_t>(node)]
                    : first_up;
      }
      cluster.volume_owners.push_back(owner);
    }
  }
  if (std::accumulate(vms.per_node.begin(), vms.per_node.end(), 0) == 0) {
    per_node.fail_expected("at least one VM in the cluster");
  }
  if (const auto alignment = map.optional("alignment")) {
    vms.alignment = alignment->percent();
    if (!(vms.alignment >= 0 && vms.alignment <= 1)) alignment->fail_expected("a share from 0% to 100%");
    if (vms.alignment < 1 && cluster.node_count - static_cast<int>(cluster.failed_nodes.size()) < 2) {
      alignment->fail("VMs away from their volume's node need a second running node");
    }
    if (vms.alignment < 1 && cluster.stack.product != models::ProductKind::S2d) {
      alignment->fail("only Storage Spaces Direct has volume owners to be aligned with");
    }
  }
  vms.vcpus = static_cast<int>(map.required("vcpus").integer(1, 1024));
  if (const auto memory = map.optional("memory")) vms.memory_bytes = memory->size();
  const auto workload = map.optional("workload");
  const auto oltp = map.optional("oltp");
  if (workload.has_value() == oltp.has_value()) {
    map.fail("expected exactly one of workload (DISKSPD, as VMFleet runs it) or oltp (a database application)");
  }
  if (workload) {
    const Workload w = read_workload(*workload);
    vms.workload = w.spec;
    check_vm_totals(map, vms, cluster, w.file_size_key);
  } else {
    read_oltp(*oltp, catalog, vms);
    check_oltp_totals(map, vms, cluster);
  }
  check_vm_memory(map, vms, cluster);
  check_vm_vcpus(map, vms, cluster);
  return vms;
}

// The keys of a steady-state run: section.
const std::vector<std::string> kRunKeys = {"warmup", "duration", "seed", "interval", "precision",
                                           "precision_percentiles", "fast_forward"};

// run.precision_percentiles: "read.p99", or a list of them, each once.
std::vector<models::LatencyPercentile> read_precision_percentiles(const YamlValue& value) {
  const std::vector<YamlValue> items = value.is_list() ? value.items() : std::vector<YamlValue>{value};
  if (items.empty()) value.fail_expected("a latency percentile or a list of them, like [read.p99, write.p99]");
  std::vector<models::LatencyPercentile> percentiles;
  for (const YamlValue& item : items) {
    const auto percentile = parse_latency_percentile(item.text());
    if (!percentile) {
      item.fail_expected("a latency percentile: read, write or lat (all I/Os), then p50, p90, p99 or p999, like "
                         "read.p99");
    }
    if (std::find(percentiles.begin(), percentiles.end(), *percentile) != percentiles.end()) {
      item.fail("'" + item.text() + "' is already in the list");
    }
    percentiles.push_back(*percentile);
  }
  return percentiles;
}

models::RunControl read_run(const YamlValue& value) {
  const YamlMap map = value.map(kRunKeys);
  models::RunControl run;
  const YamlValue duration = map.required("duration");
  run.duration_ns = duration.duration_ns();
  if (run.duration_ns <= 0) duration.fail_expected("a duration greater than 0");
  if (const auto warmup = map.optional("warmup")) {
    run.warmup_ns = warmup->duration_ns();
    if (run.warmup_ns > std::numeric_limits<std::int64_t>::max() - run.duration_ns) {
      warmup->fail("warm-up + duration exceed the simulator's clock (about 292 years of nanoseconds)");
    }
  }
  read_seed_and_interval(map, run, "the measured time");
  if (const auto precision = map.optional("precision")) {
    run.precision = precision->percent();
    if (!(run.precision > 0 && run.precision <= 0.5)) {
      precision->fail_expected("a precision above 0% and at most 50% (the 95% intervals' half-width, e.g. 2%)");
    }
    // The stop needs that many timeline intervals first: a coarse timeline could never let it.
    constexpr std::int64_t kNeeded = 2 * static_cast<std::int64_t>(models::PrecisionStop::kMinIntervals);
    if (run.interval_ns > 0 && run.duration_ns / run.interval_ns < kNeeded) {
      map.required("interval").fail(
          "with a precision the run needs " + std::to_string(models::PrecisionStop::kMinIntervals) +
          " timeline intervals before it can stop: an interval of at most 1/" + std::to_string(kNeeded) +
          " of the duration (" + std::to_string(run.duration_ns / run.interval_ns) +
          " intervals here), or none (1,024 by default then)");
    }
  }
  if (const auto percentiles = map.optional("precision_percentiles")) {
    if (run.precision <= 0) {
      percentiles->fail("precision_percentiles says which latency percentiles a precision covers besides IOPS and "
                        "the mean latency: set run.precision (e.g. 2%) with it");
    }
    run.precision_percentiles = read_precision_percentiles(*percentiles);
  }
  // A failure timeline's steady spans: skipped once steady to this precision (off: all simulated).
  if (const auto fast_forward = map.optional("fast_forward")) {
    if (fast_forward->text() == "off") {
      run.fast_forward = false;
    } else {
      run.fast_forward_precision = fast_forward->percent();
      if (!(run.fast_forward_precision > 0 && run.fast_forward_precision <= 0.1)) {
        fast_forward->fail_expected("off, or the steadiness a span is skipped at: above 0% and at most 10% (2% by default)");
      }
    }
  }
  return run;
}

// "node 3" or "drive 2.5" (drive 5 of node 2), 1-based as people count them.
// "7" of 1..max as 6 (0-based), or -1.
int one_based(const std::string& digits, int max) {
  if (digits.empty() || digits.size() > 7 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  const int n = std::stoi(digits);
  return n >= 1 && n <= max ? n - 1 : -1;
}

void read_part(const YamlValue& value, const models::ClusterSpec& cluster, models::TimelineEvent& event) {
  const std::string text = value.text();
  int drives = 0;
  for (const auto& g : cluster.node.drives) drives += g.role == models::DriveRole::Capacity ? g.count : 0;
  const int ports = cluster.nic.ports * cluster.node.nic_count;
  // "N.D" after a prefix: node N and part D (both 1-based); false when either is out of range.
  auto node_and_part = [&](const std::string& rest, int parts, int& part) {
    const auto dot = rest.find('.');
    event.node = one_based(rest.substr(0, dot), cluster.node_count);
    part = dot == std::string::npos ? -1 : one_based(rest.substr(dot + 1), parts);
    return event.node >= 0 && part >= 0;
  };
  if (text.rfind("node ", 0) == 0) {
    event.part = models::FailurePart::Node;
    event.node = one_based(text.substr(5), cluster.node_count);
    if (event.node < 0) {
      value.fail_expected("'node N' (1.." + std::to_string(cluster.node_count) + ") or 'drive N.D' (node N, drive D of 1.." +
                          std::to_string(drives) + ")");
    }
  } else if (text.rfind("drive ", 0) == 0) {
    event.part = models::FailurePart::Drive;
    if (!node_and_part(text.substr(6), drives, event.drive)) {
      value.fail_expected("'node N' (1.." + std::to_string(cluster.node_count) + ") or 'drive N.D' (node N, drive D of 1.." +
                          std::to_string(drives) + ")");
    }
  } else if (text.rfind("nic ", 0) == 0) {
    event.part = models::FailurePart::NicPort;
    if (!node_and_part(text.substr(4), ports, event.port)) {
      value.fail_expected("'nic N.P' (node N of 1.." + std::to_string(cluster.node_count) + ", NIC port P of 1.." +
                          std::to_string(ports) + ")");
    }
  } else {
    value.fail_expected("'node N', 'drive N.D' or 'nic N.P'");
  }
}

// A NIC port fails (it was up, and not the node's last) or returns (it was down).
void check_port_event(const YamlValue& what, const models::TimelineEvent& event, const models::ClusterSpec& cluster,
                      std::vector<std::set<int>>& ports_down) {
  std::set<int>& down = ports_down[static_cast<std::size_t>(event.node)];
  const std::string name = "port " + std::to_string(event.port + 1) + " of node " + std::to_string(event.node + 1);
  if (event.fail) {
    if (!down.insert(event.port).second) what.fail(name + " is already down then");
    if (static_cast<int>(down.size()) == cluster.nic.ports * cluster.node.nic_count) {
      what.fail(name + " is the node's last port up: a node cut off from the storage network is a node failure "
                "('fail: node " + std::to_string(event.node + 1) + "')");
    }
  } else if (down.erase(event.port) == 0) {
    what.fail(name + " is up then: nothing returns");
  }
}

models::FailureTimeline read_timeline(const YamlValue& value, const models::ClusterSpec& cluster,
                                      const models::RunControl& run) {
  const YamlMap map = value.map({"events", "random"});
  models::FailureTimeline timeline;
  const sim::SimTime end = run.warmup_ns + run.duration_ns;
  if (const auto events = map.optional("events")) {
    std::vector<bool> down(static_cast<std::size_t>(cluster.node_count), false);
    std::vector<std::set<int>> ports_down(static_cast<std::size_t>(cluster.node_count));
    std::vector<std::set<int>> drives_failed(static_cast<std::size_t>(cluster.node_count));
    for (const int f : cluster.failed_nodes) down[static_cast<std::size_t>(f)] = true;
    sim::SimTime last = 0;
    for (const YamlValue& item : events->items()) {
      const YamlMap entry = item.map({"at", "fail", "drain", "return", "mode"});
      models::TimelineEvent event;
      const YamlValue at = entry.required("at");
      event.at = at.duration_ns();
      if (event.at < last) at.fail_expected("events in time order (this one is earlier than the one before)");
      if (event.at >= end) at.fail_expected("a time inside the run (warm-up + duration = " + format_duration(end) + ")");
      last = event.at;
      const auto failed = entry.optional("fail");
      const auto drained = entry.optional("drain");
      const auto back = entry.optional("return");
      if (failed.has_value() + drained.has_value() + back.has_value() != 1) {
        entry.fail("expected exactly one of fail: (a part fails), drain: (a node taken down for maintenance) or "
                   "return:");
      }
      const auto& fail = failed ? failed : drained;
      event.fail = fail.has_value();
      event.planned = drained.has_value();
      read_part(fail ? *fail : *back, cluster, event);
      const YamlValue& what = fail ? *fail : *back;
      if (cluster.stack.product == models::ProductKind::ScaleIo && event.part == models::FailurePart::Node) {
        what.fail("ScaleIO node failures (an SDS and an SDC at once) are not modelled yet; a drive ('drive N.D') "
                  "or a NIC port ('nic N.P') can fail");
      }
      if (event.planned && event.part != models::FailurePart::Node) {
        what.fail_expected("'node N': only a node is drained for maintenance");
      }
      if (event.part == models::FailurePart::NicPort) {
        check_port_event(what, event, cluster, ports_down);
      } else if (event.part == models::FailurePart::Node) {
        const bool is_down = down[static_cast<std::size_t>(event.node)];
        if (event.fail && is_down) what.fail("node " + std::to_string(event.node + 1) + " is already down then");
        if (!event.fail && !is_down) what.fail("node " + std::to_string(event.node + 1) + " is up then: nothing returns");
        down[static_cast<std::size_t>(event.node)] = event.fail;
      } else if (event.fail) {
        if (!drives_failed[static_cast<std::size_t>(event.node)].insert(event.drive).second) {
          what.fail("drive " + std::to_string(event.node + 1) + "." + std::to_string(event.drive + 1) +
                    " has failed already: a failed drive does not return");
        }
      } else {
        what.fail("a failed drive does not return: its data is rebuilt elsewhere (S2D: into reserve capacity on "
                  "its node; ScaleIO: onto the other nodes' spare capacity)");
      }
      if (const auto mode = entry.optional("mode")) {
        // How a drive fails: it stops answering (I/O waits for the detection
        // timeout) or returns errors (known at once). S2D models both.
        if (!event.fail || event.part != models::FailurePart::Drive) {
          mode->fail("mode: is how a drive fails; this event is not a drive failing");
        }
        if (cluster.stack.product != models::ProductKind::S2d) {
          mode->fail("mode: is modelled for S2D only (this stack's failed device returns errors after its "
                     "device_detection)");
        }
        const std::string how = mode->text();
        if (how == "errors") {
          event.stops_answering = false;
        } else if (how != "stops answering") {
          mode->fail_expected("'stops answering' (I/O to it waits for the stack's drive_detection) or 'errors' "
                              "(the first I/O to it fails, and the cluster knows at once)");
        }
      }
      timeline.events.push_back(event);
    }
  }
  if (const auto random = map.optional("random")) {
    if (cluster.stack.product == models::ProductKind::ScaleIo) {
      random->fail("random node failures on ScaleIO are not modelled yet (node failures are not)");
    }
    const YamlMap r = random->map({"node_outage"});
    timeline.random_failures = true;
    timeline.random_node_outage_ns = r.required("node_outage").duration_ns();
    if (cluster.node.mtbf_hours <= 0) {
      random->fail("node '" + cluster.node.id + "' states no mtbf in the catalog: random node failures need one");
    }
  }
  return timeline;
}

double read_figure_value(const YamlValue& value, models::Figure figure) {
  double parsed = 0;
  switch (figure_unit(figure)) {
    case FigureUnit::Iops:
    case FigureUnit::Tps: parsed = value.count(); break;
    case FigureUnit::BytesPerSecond: parsed = value.byte_rate(); break;
    case FigureUnit::Seconds: parsed = static_cast<double>(value.duration_ns()) * 1e-9; break;
    case FigureUnit::Percent: parsed = value.percent(); break;
  }
  if (parsed <= 0) value.fail_expected("a value greater than 0");
  return parsed;
}

// reference.measured: figures taken from a result file (a VMFleet table row or
// a fio job), one entry or a list: {file, row (or job), figures: [...], tolerance}.
void read_measured(const YamlValue& value, const std::string& source, std::vector<models::ReferenceFigure>& figures,
                   std::set<models::Figure>& seen) {
  const std::vector<YamlValue> entries = value.is_list() ? value.items() : std::vector<YamlValue>{value};
  for (const YamlValue& entry_value : entries) {
    const YamlMap entry = entry_value.map({"file", "row", "job", "figures", "tolerance", "comparison", "note"});
    const YamlValue file = entry.required("file");
    const auto row = entry.optional("row");
    const auto job = entry.optional("job");
    if (row.has_value() == job.has_value()) {
      entry.fail("expected exactly one of row (a VMFleet table row) or job (a fio job name)");
    }
    const std::filesystem::path path = profile_path(file);
    const std::string which = (row ? *row : *job).text();
    std::map<models::Figure, double> values;
    try {
      values = read_measured_figures(path, which);
    } catch (const LoadError& e) {
      file.fail(e.what());  // the result file's own error, with this scenario's line
    }
    const std::string note = entry.optional("note") ? entry.optional("note")->text()
                             : "measured: " + file.text() + (row ? " row " : " job ") + which +
                                   (source.empty() ? "" : " (" + source + ")");
    const YamlValue list = entry.required("figures");
    if (!list.is_list() || list.items().empty()) list.fail_expected("a list of figure names, like [total_iops, vmfleet_cpu]");
    for (const YamlValue& name : list.items()) {
      const auto figure = figure_from_name(name.text());
      if (!figure) name.fail_expected("one of " + join_choices(figure_names()));
      if (!seen.insert(*figure).second) name.fail("figure " + in_quotes(name.text()) + " is given twice");
      const auto found = values.find(*figure);
      if (found == values.end()) {
        std::vector<std::string> has;
        for (const auto& [f, v] : values) has.emplace_back(figure_name(f));
        name.fail("figure " + in_quotes(name.text()) + " is not in " + file.text() + (row ? " row " : " job ") +
                  in_quotes(which) + " (it has: " + (has.empty() ? std::string("none") : join_choices(has)) + ")");
      }
      models::ReferenceFigure f;
      f.figure = *figure;
      f.value = found->second;
      if (const auto tolerance = entry.optional("tolerance")) f.tolerance = tolerance->percent();
      if (const auto comparison = entry.optional("comparison")) {
        f.comparison = comparison->choice<models::Comparison>(
            {{"approximately", models::Comparison::Approximately}, {"at_most", models::Comparison::AtMost}});
      }
      f.note = note;
      f.measured = true;
      figures.push_back(f);
    }
  }
}

// `calibration_case` is the scenario's case name; `catalog_names_case` whether a
// catalog field was fitted on it.
// reference.vmfleet_runs: {file, where: {column: value, ...}} (measured_cases.hpp).
models::MeasuredRunsRef read_vmfleet_runs_ref(const YamlValue& value) {
  const YamlMap map = value.map({"file", "where"});
  models::MeasuredRunsRef runs;
  runs.file = profile_path(map.required("file")).string();
  if (const auto where = map.optional("where")) {
    if (!where->is_map()) where->fail_expected("a map of column names to values, like {cluster: R640-All-NVMe}");
    for (const YamlNode& item : where->node().children) {
      if (item.kind != YamlNode::Kind::Scalar || item.scalar.empty()) {
        where->fail("column " + in_quotes(item.key) + ": expected the value its rows must have, got " + item.describe());
      }
      runs.where.emplace_back(item.key, item.scalar);
    }
  }
  try {
    (void)read_vmfleet_runs(runs.file, runs.where);  // its errors now, with this scenario
  } catch (const LoadError& e) {
    map.required("file").fail(e.what());
  }
  return runs;
}

std::vector<models::ReferenceFigure> read_reference(const YamlValue& value, const std::string& calibration_case,
                                                    bool catalog_names_case, bool sas_run,
                                                    std::optional<models::MeasuredRunsRef>& runs) {
  const YamlMap map = value.map({"source", "figures", "measured", "vmfleet_runs"});
  std::string source;
  if (const auto given = map.optional("source")) source = given->text();
  std::vector<models::ReferenceFigure> figures;
  std::set<models::Figure> seen;
  if (const auto measured = map.optional("measured")) read_measured(*measured, source, figures, seen);
  if (const auto vmfleet = map.optional("vmfleet_runs")) runs = read_vmfleet_runs_ref(*vmfleet);
  const auto list = map.optional("figures");
  if (!list) return figures;
  for (const YamlValue& item : list->items()) {
    const YamlMap entry = item.map({"figure", "value", "tolerance", "comparison", "calibration", "note"});
    models::ReferenceFigure figure;
    const YamlValue name = entry.required("figure");
    const auto parsed = figure_from_name(name.text());
    if (!parsed) name.fail_expected("one of " + join_choices(figure_names()));
    if (!seen.insert(*parsed).second) name.fail("figure " + in_quotes(name.node().scalar) + " is given twice");
    figure.figure = *parsed;
    const bool per_core = figure.figure == models::Figure::WriteBytesPerSecPerCore ||
                          figure.figure == models::Figure::ReadBytesPerSecPerCore;
    if (per_core && !sas_run) name.fail("only a SAS iotest run (vms.sas_iotest) reports MB/s per core");
    const bool oltp = figure.figure == models::Figure::Tps || figure.figure == models::Figure::TransactionLatencyAvg;
    if (oltp && sas_run) name.fail("a SAS iotest run reports MB/s per core, not an application's transactions");
    figure.value = read_figure_value(entry.required("value"), figure.figure);
    if (const auto tolerance = entry.optional("tolerance")) figure.tolerance = tolerance->percent();
    if (const auto comparison = entry.optional("comparison")) {
      figure.comparison = comparison->choice<models::Comparison>(
          {{"approximately", models::Comparison::Approximately}, {"at_most", models::Comparison::AtMost}});
    }
    if (const auto calibration = entry.optional("calibration")) {
      figure.calibration = calibration->boolean();
      // A fitted figure is no prediction: the catalog must say what was fitted on it.
      if (figure.calibration && !catalog_names_case) {
        calibration->fail("no catalog constant is calibrated on case '" + calibration_case +
                          "' (a field whose source is \"calibrated: " + calibration_case +
                          "\"); a figure is a calibration figure only when a constant was fitted on it");
      }
    }
    figure.note = source;
    if (const auto note = entry.optional("note")) figure.note = note->text();
    figures.push_back(figure);
  }
  return figures;
}

}  // namespace

namespace {

// "a.b.c=value" -> the tree {a: {b: {c: value}}}, labelled with the override
// itself. The value is parsed as one YAML document of its own, so it can only
// ever set the one key it names.
YamlNode override_tree(const std::string& assignment) {
  const auto equals = assignment.find('=');
  const std::string path = assignment.substr(0, equals);
  const std::string label = "--set " + printable(assignment, 2 * kMaxQuotedChars);
  if (equals == std::string::npos || path.empty() || path.front() == '.' || path.back() == '.' ||
      path.find("..") != std::string::npos ||
      std::any_of(path.begin(), path.end(), [](char c) {
        return !(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-');
      })) {
    throw LoadError(label + ": expected key.path=value, like cluster.nodes=8");
  }
  if (path == "include" || path.starts_with("include.")) {
    throw LoadError(label + ": include cannot be overridden (includes are read before --set); edit the file");
  }
  YamlNode value = parse_yaml_text(assignment.substr(equals + 1), label);
  const auto file = value.file;
  std::vector<std::string> keys;
  for (std::size_t start = 0;;) {
    const std::size_t dot = path.find('.', start);
    keys.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  for (auto key = keys.rbegin(); key != keys.rend(); ++key) {
    value.key = *key;
    value.key_line = 1;
    YamlNode parent;
    parent.kind = YamlNode::Kind::Map;
    parent.file = file;
    parent.line = 1;
    parent.children.push_back(std::move(value));
    value = std::move(parent);
  }
  return value;
}

// A --set of run control (length, seed, interval), titles or the reference
// itself leaves the system and workload that the published figures describe.
bool changes_the_system(const std::string& assignment) {
  const std::string path = assignment.substr(0, assignment.find('='));
  for (const char* same : {"run", "title", "description", "reference", "schema_version"}) {
    const std::string key(same);
    if (path == key || path.starts_with(key + ".")) return false;
  }
  return true;
}

bool is_workload_form(std::string_view key) {
  return std::find(std::begin(kWorkloadForms), std::end(kWorkloadForms), key) != std::end(kWorkloadForms);
}

YamlNode* find_child(YamlNode& map, std::string_view key) {
  if (map.kind != YamlNode::Kind::Map) return nullptr;
  for (YamlNode& child : map.children) {
    if (child.key == key) return &child;
  }
  return nullptr;
}

// A --set that writes the workload in one form (vms.workload.diskspd=...)
// replaces the form the file wrote it in (a VMFleet profile, say): switching a
// scenario's workload needs no new file. Other workload keys (threads,
// outstanding, file_size) stay and apply to the new form. The same between
// files: a file that names a form replaces the form of the files it includes
// (and a later include the form of an earlier one).
void replace_workload_form(YamlNode& tree, const YamlNode& over) {
  const YamlNode* over_vms = over.kind == YamlNode::Kind::Map ? over.find("vms") : nullptr;
  const YamlNode* over_workload =
      over_vms != nullptr && over_vms->kind == YamlNode::Kind::Map ? over_vms->find("workload") : nullptr;
  if (over_workload == nullptr || over_workload->kind != YamlNode::Kind::Map) return;
  const bool gives_form = std::any_of(over_workload->children.begin(), over_workload->children.end(),
                                      [](const YamlNode& c) { return is_workload_form(c.key); });
  YamlNode* vms = find_child(tree, "vms");
  YamlNode* workload = vms != nullptr ? find_child(*vms, "workload") : nullptr;
  if (!gives_form || workload == nullptr || workload->kind != YamlNode::Kind::Map) return;
  auto& kids = workload->children;
  kids.erase(std::remove_if(kids.begin(), kids.end(),
                            [&](const YamlNode& c) { return is_workload_form(c.key) && over_workload->find(c.key) == nullptr; }),
             kids.end());
}

}  // namespace

models::ScenarioSpec load_scenario(const std::filesystem::path& file, const Catalog& catalog,
                                   const std::vector<std::string>& overrides) {
  // A file that names a workload form replaces the form of the files it includes, as a --set does.
  YamlNode tree = load_yaml_with_includes(file, replace_workload_form);
  for (const std::string& assignment : overrides) {
    const YamlNode over = override_tree(assignment);
    replace_workload_form(tree, over);
    deep_merge(tree, over);
  }
  const YamlValue root = root_value(tree);
  const YamlMap map = root.map({"schema_version", "include", "title", "description", "cluster", "vms", "run", "timeline",
                                "reference"});
  // Checked in every file that states it; again here for a --set of it.
  const YamlValue version = map.required("schema_version");
  if (version.integer(0, 1'000'000) != 1) version.fail_expected("schema_version 1");

  models::ScenarioSpec scenario;
  // cluster.parts: the catalog as this scenario changes it (part_overrides.hpp),
  // in place of the catalog for everything below.
  std::optional<Catalog> overridden;
  const YamlNode* cluster_node = tree.kind == YamlNode::Kind::Map ? tree.find("cluster") : nullptr;
  if (cluster_node != nullptr && cluster_node->kind == YamlNode::Kind::Map) {
    if (const YamlNode* parts = cluster_node->find("parts")) {
      overridden = apply_part_overrides(catalog, YamlValue(*parts, "cluster.parts"), scenario.part_overrides);
    }
  }
  const Catalog& parts_catalog = overridden ? *overridden : catalog;
  scenario.id = file.stem().string();
  scenario.file = file.string();
  scenario.title = map.required("title").text();
  if (const auto description = map.optional("description")) scenario.description = description->text();
  scenario.cluster = read_cluster(map.required("cluster"), parts_catalog);
  const bool cloud = scenario.cluster.cloud.defined();
  scenario.run = cloud ? read_sas_run(map.required("run"), scenario.cluster) : read_run(map.required("run"));
  if (const auto timeline = map.optional("timeline"); timeline && cloud) {
    timeline->fail("failures on a cloud cluster (InfoScale) are not modelled yet");
  }
  if (!cloud && !map.optional("timeline")) {
    if (const auto fast_forward = map.required("run").map(kRunKeys).optional("fast_forward")) {
      fast_forward->fail("fast_forward skips the steady spans of a failure timeline: this scenario has no timeline");
    }
  }
  if (const auto timeline = map.optional("timeline")) {
    if (!scenario.cluster.stack.failure.defined) {
      timeline->fail("stack '" + scenario.cluster.stack.id + "' describes no failure handling (" +
                     (scenario.cluster.stack.product == models::ProductKind::ScaleIo ? "rebuild:" : "failure:") + ")");
    }
    scenario.timeline = read_timeline(*timeline, scenario.cluster, scenario.run);
    if (scenario.run.precision > 0) {
      map.required("run").map(kRunKeys).required("precision").fail(
          "a run with a failure timeline measures its whole duration (its phases need it); precision stops only a "
          "steady-state run");
    }
  }
  scenario.vms = cloud ? read_sas_vms(map.required("vms"), scenario.cluster)
                       : read_vms(map.required("vms"), scenario.cluster, parts_catalog, scenario.timeline);
  const bool nodes_fail = scenario.timeline.random_failures ||
                          std::any_of(scenario.timeline.events.begin(), scenario.timeline.events.end(),
                                      [](const auto& e) { return e.part == models::FailurePart::Node; });
  for (const models::LatencyPercentile& p : scenario.run.precision_percentiles) {
    // A percentile of a direction the workload never issues could never be precise.
    if (const auto lacks = workload_lacks(scenario, figure_of(p))) {
      map.required("run").map(kRunKeys).required("precision_percentiles").fail(models::latency_percentile_name(p) +
                                                                               ": " + *lacks);
    }
  }
  if (scenario.vms.oltp && nodes_fail) {
    map.required("timeline").fail("node failures during an OLTP run are not modelled yet (the database's crash "
                                  "recovery after its VM restarts); use cluster.failed_nodes for a degraded steady "
                                  "state, or fail drives only");
  }
  if (const auto reference = map.optional("reference")) {
    const std::string calibration_case = calibration_case_name(scenario);
    scenario.references = read_reference(*reference, calibration_case,
                                         !parts_catalog.fields_calibrated_on(calibration_case).empty(), cloud,
                                         scenario.measured_runs);
  }
  for (const std::string& assignment : overrides) {
    scenario.title += " [" + assignment + "]";
    if (changes_the_system(assignment)) scenario.what_if.push_back(assignment);
  }
  return scenario;
}

}  // namespace hcisim::frontend
