#include "models/run/bottleneck.hpp"
#include "models/cache/cache_statistics.hpp"
#include "models/run/percent_text.hpp"

#include "models/run/cloud_bottleneck.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace hcisim::models {

namespace {

// Names the CPU layer that takes the most cycles, e.g. "storage_stack (38 %)".
std::string top_layer(const NodeResult& node) {
  int best = 0;
  double total = 0;
  for (int l = 0; l < kCpuLayerCount; ++l) {
    total += node.cpu_by_layer[static_cast<std::size_t>(l)];
    if (node.cpu_by_layer[static_cast<std::size_t>(l)] > node.cpu_by_layer[static_cast<std::size_t>(best)]) best = l;
  }
  if (total <= 0) return "none";
  return std::string(cpu_layer_name(static_cast<CpuLayer>(best))) + " " +
         percent(node.cpu_by_layer[static_cast<std::size_t>(best)] / total) + " of it";
}

// "node 2", or "compute host 1" for a two-layer cluster's hosts (numbered after the nodes).
std::string host_name(const NodeResult& n, const ScenarioSpec& spec) {
  return n.compute_host ? "compute host " + std::to_string(n.node - spec.cluster.node_count + 1)
                        : "node " + std::to_string(n.node + 1);
}

// The node's busiest drive, of any role (a hybrid node's cache drives included).
double busiest_drive(const NodeResult& node) { return node.drive_utilisation_max; }

// "tags 63 % in use (161 of 256 on average), command processing 40 %, host link 4 % to the host / 2 % from it".
std::string hba_limits(const HbaResult& h) {
  std::string text;
  auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (h.queue_depth > 0) {
    char tags[96];
    std::snprintf(tags, sizeof tags, "tags %s in use (%.0f of %d on average)", percent(h.tag_occupancy).c_str(),
                  h.tag_occupancy * h.queue_depth, h.queue_depth);
    add(tags);
  }
  if (h.processing_modelled) add("command processing " + percent(h.processing));
  if (h.link_modelled) {
    add("host link " + percent(h.link_to_host) + " to the host / " + percent(h.link_from_host) + " from it");
  }
  return text;
}

}  // namespace

// Under Hyper-V's core scheduler a guest burst holds a whole core (its sibling
// idle), so guest work needs a core per thread of work while host work pairs
// up on cores at the SMT yield: the CPU is full before its utilisation (work
// over cores x yield) reaches 100 %.
double cores_needed(const NodeResult& node, const ScenarioSpec& spec) {
  const bool whole_core_guests =
      !spec.cluster.cloud.defined() && spec.cluster.hypervisor.scheduler == VpScheduler::Core;
  if (!whole_core_guests || node.cores <= 0 || node.cpu_utilisation <= 0) return node.cpu_utilisation;
  const double yield = node.capacity_threads / node.cores;
  const double guest = node.cpu_by_layer[static_cast<std::size_t>(CpuLayer::Guest)] / node.cpu_utilisation;
  return node.cpu_utilisation * (guest * yield + 1 - guest);
}

std::vector<RankedResource> rank_resources(const RunResult& result, const ScenarioSpec& spec) {
  const NodeResult* cpu = nullptr;
  const NodeResult* vcpu = nullptr;
  const NodeResult* drive = nullptr;
  const NodeResult* nic = nullptr;
  const NodeResult* hba = nullptr;
  const NodeResult* queue = nullptr;
  auto nic_util = [](const NodeResult& n) { return std::max(n.nic_tx_utilisation, n.nic_rx_utilisation); };
  for (const NodeResult& n : result.nodes) {
    if (!n.up) continue;
    if (!cpu || n.cpu_utilisation > cpu->cpu_utilisation) cpu = &n;
    if (n.vms > 0 && (!vcpu || n.vcpu_utilisation > vcpu->vcpu_utilisation)) vcpu = &n;
    if (!drive || busiest_drive(n) > busiest_drive(*drive)) drive = &n;
    if (!nic || nic_util(n) > nic_util(*nic)) nic = &n;
    if (n.hba.present && (!hba || n.hba.busiest() > hba->hba.busiest())) hba = &n;
    if (n.device_queue_depth > 0 && (!queue || n.device_queue_occupancy_max > queue->device_queue_occupancy_max)) {
      queue = &n;
    }
  }
  std::vector<RankedResource> ranked;
  if (cpu) {
    char capacity[96];
    std::snprintf(capacity, sizeof capacity, "%d cores (%d logical processors, %.0f core-equivalents with SMT)",
                  cpu->cores, cpu->logical_processors, cpu->capacity_threads);
    // Under the core scheduler the CPU is as full as the cores its work needs.
    const double needed = cores_needed(*cpu, spec);
    const std::string cores = needed != cpu->cpu_utilisation
                                  ? "; with guest work on whole cores (Hyper-V's core scheduler) it needs " +
                                        percent(needed) + " of the cores"
                                  : "";
    ranked.push_back({{"host CPU", needed,
                       host_name(*cpu, spec) + " CPU " + percent(cpu->cpu_utilisation) + " busy over " + capacity +
                           cores + "; " + top_layer(*cpu)}});
  }
  if (vcpu) {
    ranked.push_back({{"VM vCPUs", vcpu->vcpu_utilisation,
                       "VMs on " + host_name(*vcpu, spec) + " keep their " + std::to_string(spec.vms.vcpus) +
                           " vCPUs " + percent(vcpu->vcpu_utilisation) + " busy with guest I/O work"},
                      !cpu || cores_needed(*cpu, spec) < 0.9});  // else waiting for a core, not for a vCPU
  }
  if (drive) {
    // A hybrid node's I/O goes to its cache drives while they hold the data: they are its drives then.
    namespace s = cache_statistics;
    const auto tier = [&](const s::Declared& d) { return result.statistics.value(s::name(drive->node, d)); };
    const bool cache = drive->has_cache_tier && tier(s::kCacheDriveMax) > tier(s::kCapacityDriveMax);
    const double busiest = busiest_drive(*drive);
    const double mean = cache                   ? tier(s::kCacheDriveMean)
                        : drive->has_cache_tier ? tier(s::kCapacityDriveMean)
                                                : drive->drive_utilisation_mean;
    ranked.push_back(
        {{"drives", busiest,
          std::string(cache ? "busiest cache drive" : "busiest drive") + " on node " + std::to_string(drive->node + 1) +
              " at " + percent(busiest) + " of its channel capacity (node mean " + percent(mean) + ")"}});
  }
  // Device slots and HBA tags held by commands at drives that are already
  // saturated follow the drives' utilisation: no limit of their own then.
  const bool drives_saturated = drive && busiest_drive(*drive) >= 0.9;
  if (queue) {
    char held[160];
    std::snprintf(held, sizeof held, "holds %.1f of its %d device-queue slots on average",
                  queue->device_queue_occupancy_max * queue->device_queue_depth, queue->device_queue_depth);
    ranked.push_back(
        {{"device queues", queue->device_queue_occupancy_max,
          "the fullest drive on node " + std::to_string(queue->node + 1) + " " + held + " (" +
              percent(queue->device_queue_occupancy_max) + "); the commands beyond them wait in front of the drive"},
         !drives_saturated});
  }
  if (hba) {
    const HbaResult& h = hba->hba;
    ranked.push_back({{"HBA", h.busiest(),
                       "node " + std::to_string(hba->node + 1) + " HBA (" + h.id + ") " + hba_limits(h) +
                           ", for all the node's SAS/SATA drives"},
                      !(h.tightest() == HbaLimit::Tags && drives_saturated)});
  }
  if (nic) {
    ranked.push_back({{"network", nic_util(*nic),
                       host_name(*nic, spec) + " NIC ports " + percent(nic->nic_tx_utilisation) + " sending, " +
                           percent(nic->nic_rx_utilisation) + " receiving"}});
  }
  if (result.hotspot_utilisation > 0) {
    ranked.push_back({{result.hotspot_resource, result.hotspot_utilisation,
                       result.hotspot + " has work " + percent(result.hotspot_utilisation) +
                           " of the time: " + result.hotspot_why}});
  }
  // A saturated serial resource (one server, first come first served) comes
  // first: the I/Os queued there wait for it alone, whatever else is as busy.
  auto rank = [&](const RankedResource& r) {
    const bool serial = result.hotspot_utilisation > 0 && r.what.resource == result.hotspot_resource;
    return serial && r.what.utilisation >= kSerialSaturated ? 2.0 : r.what.utilisation;
  };
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](const RankedResource& a, const RankedResource& b) { return rank(a) > rank(b); });
  return ranked;
}

void attribute_bottleneck(RunResult& result, const ScenarioSpec& spec) {
  Bottleneck b;
  for (const RankedResource& r : rank_resources(result, spec)) {
    if (!r.can_limit) continue;
    b = r.what;
    break;
  }
  if (result.cloud.present && cloud_cap_bottleneck(result, spec, b)) {
    result.bottleneck = b;
    return;
  }
  if (b.utilisation < 0.8 && spec.vms.sas) {
    b = sas_window_bottleneck(b, spec);
  } else if (b.utilisation < 0.8 && spec.vms.oltp) {
    b = {"users' think time", b.utilisation,
         "no resource is above 80 % (busiest: " + b.resource + " " + percent(b.utilisation) + "); " +
             std::to_string(spec.vms.oltp->users_per_vm) +
             " users per VM, each thinking between transactions, set the rate (TPS = users / (think + response))"};
  } else if (b.utilisation < 0.8) {
    const int per_vm = spec.vms.workload.outstanding_per_vm();
    const auto& targets = spec.vms.workload.targets;
    const auto paced = std::count_if(targets.begin(), targets.end(),
                                     [](const DiskspdTarget& t) { return t.throughput_bytes_per_ms > 0; });
    const std::string busiest =
        "no resource is above 80 % (busiest: " + b.resource + " " + percent(b.utilisation) + "); ";
    if (paced > 0 && paced == static_cast<long>(targets.size())) {
      b = {"DISKSPD -g limit", b.utilisation, busiest + "every thread is paced by its -g limit, which sets the rate"};
    } else {
      b = {"outstanding I/O", b.utilisation,
           busiest + std::to_string(per_vm) + " I/Os in flight per VM set the rate by latency (Little's law)" +
               (paced > 0 ? "; some targets are held to their -g limits" : "")};
    }
  }
  result.bottleneck = b;
}

}  // namespace hcisim::models
