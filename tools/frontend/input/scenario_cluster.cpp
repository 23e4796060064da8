// cluster: the nodes, the switch, the storage stack and its resiliency, the
// hypervisor and compute hosts, failed nodes and volume owners (scenario_loader.hpp
// gives every key).
#include <algorithm>
#include <set>

#include "models/storage/product_registry.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/input_limits.hpp"
#include "tools/frontend/input/scenario_cloud.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

using limits::kMaxNodes;

namespace {

int capacity_drives_per_node(const models::ClusterSpec& cluster) {
  int drives = 0;
  for (const models::NodeDriveGroup& group : cluster.node.drives) {
    if (group.role == models::DriveRole::Capacity) drives += group.count;
  }
  return drives;
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

// What the storage product accepts of the rest of the cluster (its registry entry).
void check_product_fit(const YamlMap& map, const models::ClusterSpec& cluster) {
  const models::ProductEntry& p = models::product(cluster.stack.product);
  const std::string name(p.full_name);
  if (!p.accepts.servers) {
    map.required("stack").fail(name + " is modelled on cloud VMs (cluster.cloud with storage and client VMs), not on "
                                      "servers");
  }
  if (const auto infoscale = map.optional("infoscale")) {
    infoscale->fail("used only with an infoscale stack on a cloud cluster (cluster.cloud)");
  }
  if (const auto hosts = map.optional("compute_hosts"); hosts && !p.accepts.compute_hosts) {
    hosts->fail(name + " is modelled hyperconverged only (VMs on the storage nodes): remove compute_hosts");
  }
  if (p.accepts.two_way_only && cluster.resiliency != models::Resiliency::TwoWayMirror) {
    map.required("resiliency")
        .fail_expected("two-way-mirror: " + name + " keeps two copies of every chunk (mesh mirror)");
  }
  if (const auto failed = map.optional("failed_nodes"); failed && !p.accepts.failed_nodes) {
    failed->fail(name + " with failed nodes (degraded mirrors, rebuild) is not modelled yet");
  }
  if (const auto owners = map.optional("volume_owners"); owners && !p.accepts.volume_owners) {
    owners->fail(name + " has no volume owners: every client talks to every storage node directly");
  }
  if (const auto cache = map.optional("csv_cache"); cache && !p.accepts.csv_cache) {
    cache->fail("a CSV cache is Storage Spaces Direct's, not " + name + "'s");
  }
  if (const auto witness = map.optional("witness"); witness && !p.accepts.node_failures) {
    witness->fail(name + " node failures are not modelled yet, so 'witness' would not be used");
  }
  if (const auto speed = map.optional("repair_speed"); speed && !p.accepts.repair_speed) {
    speed->fail(name + " takes no repair pace ('repair_speed' would not be used)");
  }
}

}  // namespace

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
               std::to_string(drives) + " (kMaxDrivesInCluster in tools/frontend/input/input_limits.hpp)");
  }
  if (const auto sw = map.optional("switch")) {
    cluster.network_switch = resolve(*sw, [&](const std::string& id) { return catalog.network_switch(id); });
  }
  cluster.stack = resolve(map.required("stack"), [&](const std::string& id) { return catalog.stack(id); });
  const models::ProductEntry& stack_product = models::product(cluster.stack.product);
  // S2D runs only on Hyper-V (Windows Server / Azure Stack HCI): that is its default.
  // ScaleIO runs under several hypervisors: the scenario names the one the VMs run on.
  if (const auto hypervisor = map.optional("hypervisor")) {
    cluster.hypervisor = resolve(*hypervisor, [&](const std::string& id) { return catalog.hypervisor(id); });
    if (!stack_product.accepts.any_hypervisor && cluster.hypervisor.kind != models::HypervisorKind::HyperV) {
      hypervisor->fail_expected("a Hyper-V profile: " + std::string(stack_product.full_name) +
                                " runs on Hyper-V hosts");
    }
  } else if (stack_product.default_hypervisor.empty()) {
    map.fail("expected a hypervisor: " + std::string(stack_product.full_name) + " runs under " +
             std::string(stack_product.runs_under) + "; name the profile of the hosts the VMs run on (like esxi-5.5)");
  } else {
    cluster.hypervisor = catalog.hypervisor(std::string(stack_product.default_hypervisor));
  }
  if (const auto hosts = map.optional("compute_hosts")) cluster.compute_hosts = read_compute_hosts(*hosts, catalog);
  // The hosts' virtual-processor scheduler, where it is not the hypervisor profile's
  // default (Windows Server 2016 runs Hyper-V's classic scheduler, 2019 and later its core scheduler).
  if (const auto scheduler = map.optional("vp_scheduler")) {
    cluster.hypervisor.scheduler = scheduler->choice<models::VpScheduler>(
        {{"classic", models::VpScheduler::Classic}, {"core", models::VpScheduler::Core}});
  }

  const YamlValue resiliency = map.required("resiliency");
  cluster.resiliency =
      resiliency.choice<models::Resiliency>({{"simple", models::Resiliency::Simple},
                                             {"two-way-mirror", models::Resiliency::TwoWayMirror},
                                             {"three-way-mirror", models::Resiliency::ThreeWayMirror}});
  if (cluster.node_count < models::copies(cluster.resiliency)) {
    resiliency.fail(
        in_quotes(resiliency.node().scalar) + " keeps " + std::to_string(models::copies(cluster.resiliency)) +
        " copies on different nodes; expected at least that many nodes, got " + std::to_string(cluster.node_count));
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

}  // namespace hcisim::frontend::scenario_sections
