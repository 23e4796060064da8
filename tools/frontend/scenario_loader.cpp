#include "tools/frontend/scenario_loader.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>

#include "models/workload/oltp_spec_check.hpp"
#include "tools/frontend/diskspd_parser.hpp"
#include "tools/frontend/figure_names.hpp"
#include "tools/frontend/load_error.hpp"
#include "tools/frontend/quantity_format.hpp"
#include "tools/frontend/yaml_include.hpp"
#include "tools/frontend/yaml_reader.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::int64_t kMaxNodes = 1024;
constexpr std::int64_t kMaxVmsPerNode = 100'000;

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
}

models::ClusterSpec read_cluster(const YamlValue& value, const Catalog& catalog) {
  const YamlMap map = value.map({"node", "nodes", "switch", "stack", "hypervisor", "resiliency", "csv_cache",
                                 "failed_nodes", "volume_owners", "compute_hosts"});
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

  const YamlValue resiliency = map.required("resiliency");
  cluster.resiliency = resiliency.choice<models::Resiliency>({{"simple", models::Resiliency::Simple},
                                                              {"two-way-mirror", models::Resiliency::TwoWayMirror},
                                                              {"three-way-mirror", models::Resiliency::ThreeWayMirror}});
  if (cluster.node_count < models::copies(cluster.resiliency)) {
    resiliency.fail("'" + resiliency.node().scalar + "' keeps " + std::to_string(models::copies(cluster.resiliency)) +
                    " copies on different nodes; expected at least that many nodes, got " +
                    std::to_string(cluster.node_count));
  }
  if (const auto cache = map.optional("csv_cache")) {
    cluster.csv_cache_bytes = cache->size();
    // Refuse rather than silently ignore what the models cannot simulate yet.
    if (cluster.csv_cache_bytes != 0) cache->fail_expected("0: the CSV in-memory read cache is not modelled yet");
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

models::DiskspdSpec read_workload(const YamlValue& value) {
  const YamlMap map = value.map({"vmfleet", "diskspd", "file_size"});
  const auto vmfleet = map.optional("vmfleet");
  const auto diskspd = map.optional("diskspd");
  if (vmfleet.has_value() == diskspd.has_value()) {
    map.fail("expected exactly one of vmfleet (like B4-T2-O32-W0-PR) or diskspd (like \"-b4K -t2 -o32 -w0 -r\")");
  }
  const YamlValue& line = vmfleet ? *vmfleet : *diskspd;
  const std::string text = line.text();
  models::DiskspdSpec spec;
  try {
    spec = vmfleet ? parse_vmfleet_profile(text) : parse_diskspd_command(text);
  } catch (const DiskspdError& e) {
    line.fail(e.what());
  }
  if (!spec.software_cache_disabled) {
    line.fail("the guest file cache is on (no -Sh); hcisim models unbuffered I/O only: add -Sh, as VMFleet does");
  }
  if (const auto file_size = map.optional("file_size")) {
    if (spec.file_bytes != 0) file_size->fail("the file size is given twice: here and as -c in the diskspd line");
    spec.file_bytes = file_size->size();
  }
  if (spec.file_bytes == 0) {
    map.fail("expected the working set per VM: file_size (like 10GiB) or -c in the diskspd line");
  }
  if (spec.file_bytes < spec.block_bytes) {
    map.fail("expected a file size of at least one block (" + format_size(spec.block_bytes) + "), got " +
             format_size(spec.file_bytes));
  }
  return spec;
}

// An OLTP database in every VM: the application part plus this scenario's users and sizes.
void read_oltp(const YamlValue& value, const Catalog& catalog, models::VmSpec& vms) {
  const YamlMap map = value.map({"application", "users", "think_time", "buffer_pool", "database_size", "data_disk"});
  models::OltpSpec spec =
      resolve(map.required("application"), [&](const std::string& id) { return catalog.application(id); }).oltp;
  spec.users_per_vm = static_cast<int>(map.required("users").integer(1, 10'000'000));
  const YamlValue think = map.required("think_time");
  spec.think_time_ns = think.duration_ns();
  if (spec.think_time_ns < 0) think.fail_expected("a duration of at least 0");
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

models::VmSpec read_vms(const YamlValue& value, models::ClusterSpec& cluster, const Catalog& catalog) {
  const YamlMap map = value.map({"per_node", "vcpus", "memory", "workload", "oltp", "failover"});
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
      if (!is_failed(cluster, from)) from_value.fail_expected("a node listed in cluster.failed_nodes");
      if (vms.failover[static_cast<std::size_t>(from)] >= 0) from_value.fail("node " + std::to_string(from + 1) + " is listed twice");
      const YamlValue to_value = entry.required("to");
      const int to = static_cast<int>(to_value.integer(1, cluster.node_count)) - 1;
      if (is_failed(cluster, to)) to_value.fail_expected("a running node (not in cluster.failed_nodes)");
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
  vms.vcpus = static_cast<int>(map.required("vcpus").integer(1, 1024));
  if (const auto memory = map.optional("memory")) vms.memory_bytes = memory->size();
  const auto workload = map.optional("workload");
  const auto oltp = map.optional("oltp");
  if (workload.has_value() == oltp.has_value()) {
    map.fail("expected exactly one of workload (DISKSPD, as VMFleet runs it) or oltp (a database application)");
  }
  if (workload) {
    vms.workload = read_workload(*workload);
  } else {
    read_oltp(*oltp, catalog, vms);
  }
  return vms;
}

models::RunControl read_run(const YamlValue& value) {
  const YamlMap map = value.map({"warmup", "duration", "seed"});
  models::RunControl run;
  const YamlValue duration = map.required("duration");
  run.duration_ns = duration.duration_ns();
  if (run.duration_ns <= 0) duration.fail_expected("a duration greater than 0");
  if (const auto warmup = map.optional("warmup")) run.warmup_ns = warmup->duration_ns();
  if (const auto seed = map.optional("seed")) {
    run.seed = static_cast<std::uint64_t>(seed->integer(0, std::numeric_limits<std::int64_t>::max()));
  }
  return run;
}

double read_figure_value(const YamlValue& value, models::Figure figure) {
  double parsed = 0;
  switch (figure_unit(figure)) {
    case FigureUnit::Iops:
    case FigureUnit::Tps: parsed = value.count(); break;
    case FigureUnit::BytesPerSecond: parsed = value.byte_rate(); break;
    case FigureUnit::Seconds: parsed = static_cast<double>(value.duration_ns()) * 1e-9; break;
  }
  if (parsed <= 0) value.fail_expected("a value greater than 0");
  return parsed;
}

std::vector<models::ReferenceFigure> read_reference(const YamlValue& value) {
  const YamlMap map = value.map({"source", "figures"});
  std::string source;
  if (const auto given = map.optional("source")) source = given->text();
  std::vector<models::ReferenceFigure> figures;
  const auto list = map.optional("figures");
  if (!list) return figures;
  std::set<models::Figure> seen;
  for (const YamlValue& item : list->items()) {
    const YamlMap entry = item.map({"figure", "value", "tolerance", "comparison", "calibration", "note"});
    models::ReferenceFigure figure;
    const YamlValue name = entry.required("figure");
    const auto parsed = figure_from_name(name.text());
    if (!parsed) name.fail_expected("one of " + join_choices(figure_names()));
    if (!seen.insert(*parsed).second) name.fail("figure '" + name.node().scalar + "' is given twice");
    figure.figure = *parsed;
    figure.value = read_figure_value(entry.required("value"), figure.figure);
    if (const auto tolerance = entry.optional("tolerance")) figure.tolerance = tolerance->percent();
    if (const auto comparison = entry.optional("comparison")) {
      figure.comparison = comparison->choice<models::Comparison>(
          {{"approximately", models::Comparison::Approximately}, {"at_most", models::Comparison::AtMost}});
    }
    if (const auto calibration = entry.optional("calibration")) figure.calibration = calibration->boolean();
    figure.note = source;
    if (const auto note = entry.optional("note")) figure.note = note->text();
    figures.push_back(figure);
  }
  return figures;
}

}  // namespace

namespace {

// "a.b.c=value" -> the YAML "{a: {b: {c: value}}}", labelled with the override itself.
YamlNode override_tree(const std::string& assignment) {
  const auto equals = assignment.find('=');
  const std::string path = assignment.substr(0, equals);
  if (equals == std::string::npos || path.empty() || path.front() == '.' || path.back() == '.' ||
      path.find("..") != std::string::npos || path.find_first_of(" :{}[],#") != std::string::npos) {
    throw LoadError("--set " + assignment + ": expected key.path=value, like cluster.nodes=8");
  }
  std::string text;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t dot; (dot = path.find('.', start)) != std::string::npos; start = dot + 1, ++depth) {
    text.append("{").append(path, start, dot - start).append(": ");
  }
  text.append("{").append(path, start).append(": ").append(assignment, equals + 1).append("}");
  text.append(static_cast<std::size_t>(depth), '}');
  return parse_yaml_text(text, "--set " + assignment);
}

}  // namespace

models::ScenarioSpec load_scenario(const std::filesystem::path& file, const Catalog& catalog,
                                   const std::vector<std::string>& overrides) {
  YamlNode tree = load_yaml_with_includes(file);
  for (const std::string& assignment : overrides) deep_merge(tree, override_tree(assignment));
  const YamlValue root = root_value(tree);
  const YamlMap map = root.map({"schema_version", "include", "title", "description", "cluster", "vms", "run",
                                "reference"});
  map.required("schema_version");  // its value was checked in every file that states it

  models::ScenarioSpec scenario;
  scenario.id = file.stem().string();
  scenario.file = file.string();
  scenario.title = map.required("title").text();
  if (const auto description = map.optional("description")) scenario.description = description->text();
  scenario.cluster = read_cluster(map.required("cluster"), catalog);
  scenario.vms = read_vms(map.required("vms"), scenario.cluster, catalog);
  scenario.run = read_run(map.required("run"));
  if (const auto reference = map.optional("reference")) scenario.references = read_reference(*reference);
  for (const std::string& assignment : overrides) scenario.title += " [" + assignment + "]";
  return scenario;
}

}  // namespace hcisim::frontend
