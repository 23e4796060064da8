#include "tools/frontend/scenario_loader.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <numeric>
#include <set>

#include "models/workload/diskspd_regions.hpp"
#include "tools/frontend/diskspd_parser.hpp"
#include "tools/frontend/diskspd_xml.hpp"
#include "tools/frontend/figure_names.hpp"
#include "tools/frontend/load_error.hpp"
#include "tools/frontend/quantity_format.hpp"
#include "tools/frontend/vmfleet2_workloads.hpp"
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

models::ClusterSpec read_cluster(const YamlValue& value, const Catalog& catalog) {
  const YamlMap map = value.map(
      {"node", "nodes", "switch", "stack", "hypervisor", "resiliency", "csv_cache", "cache_warmup", "failed_nodes",
       "volume_owners"});
  models::ClusterSpec cluster;
  cluster.node = resolve(map.required("node"), [&](const std::string& id) { return catalog.node(id); });
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
  if (const auto hypervisor = map.optional("hypervisor")) {
    cluster.hypervisor = resolve(*hypervisor, [&](const std::string& id) { return catalog.hypervisor(id); });
    if (cluster.stack.product == models::ProductKind::S2d && cluster.hypervisor.kind != models::HypervisorKind::HyperV) {
      hypervisor->fail_expected("a Hyper-V profile: Storage Spaces Direct runs on Hyper-V hosts");
    }
  } else {
    cluster.hypervisor = catalog.hypervisor("hyper-v");
  }

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
  return cluster;
}

bool is_failed(const models::ClusterSpec& cluster, int node) {
  return std::find(cluster.failed_nodes.begin(), cluster.failed_nodes.end(), node) != cluster.failed_nodes.end();
}

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

models::DiskspdSpec read_workload(const YamlValue& value) {
  const YamlMap map = value.map({"vmfleet", "vmfleet2", "diskspd", "xml", "file_size"});
  const std::optional<YamlValue> sources[] = {map.optional("vmfleet"), map.optional("vmfleet2"),
                                              map.optional("diskspd"), map.optional("xml")};
  int given = 0;
  for (const auto& s : sources) given += s.has_value();
  if (given != 1) {
    map.fail("expected exactly one of vmfleet (like B4-T2-O32-W0-PR), vmfleet2 (like General4KWriteRatio30), "
             "diskspd (like \"-b4K -t2 -o32 -w0 -r\", or a list of lines, one per target) or xml (a DISKSPD "
             "profile file)");
  }
  const auto& [vmfleet, vmfleet2, diskspd, xml] = sources;
  const YamlValue& line = vmfleet ? *vmfleet : vmfleet2 ? *vmfleet2 : diskspd ? *diskspd : *xml;
  models::DiskspdSpec spec;
  try {
    if (vmfleet) spec = parse_vmfleet_profile(line.text());
    if (vmfleet2) spec = vmfleet2_workload(line.text());
    if (diskspd) spec = read_diskspd_lines(line);
    if (xml) {
      spec = read_diskspd_xml(profile_path(line));
      spec.profile = line.text();
    }
  } catch (const DiskspdError& e) {
    line.fail(e.what());
  }
  for (const models::DiskspdTarget& t : spec.targets) {
    if (!t.software_cache_disabled) {
      line.fail("the guest file cache is on (no -Sh); hcisim models unbuffered I/O only: add -Sh, as VMFleet does");
    }
  }
  if (const auto file_size = map.optional("file_size")) {
    if (spec.file_bytes != 0) {
      file_size->fail(xml ? "the file size is given twice: here and as FileSize in the profile"
                          : "the file size is given twice: here and as -c in the diskspd line");
    }
    spec.file_bytes = file_size->size();
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
  return spec;
}

models::VmSpec read_vms(const YamlValue& value, models::ClusterSpec& cluster) {
  const YamlMap map = value.map({"per_node", "vcpus", "memory", "workload", "failover"});
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
  vms.workload = read_workload(map.required("workload"));
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
    case FigureUnit::Iops: parsed = value.count(); break;
    case FigureUnit::BytesPerSecond: parsed = value.byte_rate(); break;
    case FigureUnit::Seconds: parsed = static_cast<double>(value.duration_ns()) * 1e-9; break;
    case FigureUnit::Percent: parsed = value.percent(); break;
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
  scenario.vms = read_vms(map.required("vms"), scenario.cluster);
  scenario.run = read_run(map.required("run"));
  if (const auto reference = map.optional("reference")) scenario.references = read_reference(*reference);
  for (const std::string& assignment : overrides) scenario.title += " [" + assignment + "]";
  return scenario;
}

}  // namespace hcisim::frontend
