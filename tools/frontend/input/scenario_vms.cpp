// vms: how many VMs on each node, their size, alignment and failover, and
// their workload or OLTP database.
#include <algorithm>
#include <numeric>

#include "models/storage/product_registry.hpp"
#include "models/workload/oltp_spec_check.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/input_limits.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

using limits::kMaxVmsPerNode;

namespace {

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
  const std::uint64_t needed =
      spec.buffer_pool.database_bytes / spec.page_bytes * spec.page_bytes + spec.log.region_bytes;
  if (vms.data_disk_bytes < needed) {
    disk.fail_expected("a disk of at least the database plus the application's log region (" + format_size(needed) +
                       ")");
  }
  vms.oltp = spec;
}

}  // namespace

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
      if (vms.failover[static_cast<std::size_t>(from)] >= 0)
        from_value.fail("node " + std::to_string(from + 1) + " is listed twice");
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
    if (vms.alignment < 1 && !models::product(cluster.stack.product).accepts.volume_owners) {
      alignment->fail(std::string(models::product(cluster.stack.product).full_name) +
                      " has no volume owners to be aligned with");
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

}  // namespace hcisim::frontend::scenario_sections
