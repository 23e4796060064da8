#include "tools/frontend/validation/measured_cases.hpp"

#include <algorithm>
#include <cmath>

#include "models/workload/diskspd_regions.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"
#include "tools/frontend/input/vmfleet2_workloads.hpp"

namespace hcisim::frontend {

namespace {

constexpr std::uint64_t kVmfleetInternalFile = 10ull << 30;  // VMFleet 2.0's load file inside each VM
constexpr double kIosPerCase = 40000;
constexpr std::int64_t kMaxCaseNs = 60'000'000'000;
constexpr std::int64_t kPacedWarmupNs = 100'000'000;
constexpr std::int64_t kPacedDurationNs = 400'000'000;  // 25 ticks of DISKSPD's 15.625 ms clock

std::string case_label(const VmfleetRun& run) {
  std::string label = run.workload + ", " + format_count(run.vm_count) + " VMs";
  if (run.vcpus > 0) label += " x " + std::to_string(run.vcpus) + " vCPU";
  if (run.alignment < 1) label += ", " + format_count(run.alignment * 100) + " % aligned";
  if (run.qos_per_vm > 0) label += ", " + format_count(run.qos_per_vm) + " IOPS per VM";
  return label;
}

}  // namespace

std::vector<MeasuredCase> measured_cases(const models::ScenarioSpec& base, const VmfleetRuns& runs) {
  std::vector<MeasuredCase> cases;
  const int nodes = base.cluster.node_count;
  int running = 0;
  for (int n = 0; n < nodes; ++n) {
    running += std::count(base.cluster.failed_nodes.begin(), base.cluster.failed_nodes.end(), n) == 0;
  }
  for (const VmfleetRun& run : runs.runs) {
    const std::string where = runs.label + ":" + std::to_string(run.line);
    auto fail = [&](const std::string& why) -> void { throw LoadError(where + ": " + why); };
    MeasuredCase c;
    c.where = where;
    c.label = case_label(run);
    c.run = run;
    models::ScenarioSpec& spec = c.spec;
    spec = base;
    spec.references.clear();
    spec.measured_runs.reset();
    spec.id = base.id + ":" + std::to_string(run.line);
    spec.title = base.title + ": " + c.label;
    if (run.vm_count % running != 0) {
      fail(std::to_string(run.vm_count) + " VMs do not spread evenly over the " + std::to_string(running) +
           " running nodes of " + base.id);
    }
    for (int n = 0; n < nodes; ++n) {
      const bool up = std::count(base.cluster.failed_nodes.begin(), base.cluster.failed_nodes.end(), n) == 0;
      spec.vms.per_node[static_cast<std::size_t>(n)] = up ? run.vm_count / running : 0;
    }
    if (run.vcpus > 0) spec.vms.vcpus = run.vcpus;
    spec.vms.alignment = run.alignment;
    try {
      spec.vms.workload = vmfleet2_workload(run.workload);
      if (run.qos_per_vm > 0) apply_iops_per_vm(spec.vms.workload, run.qos_per_vm);
      spec.vms.workload.file_bytes = std::max(run.data_disk_bytes, kVmfleetInternalFile);
      models::check_diskspd(spec.vms.workload);
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
    for (const models::DiskspdTarget& t : spec.vms.workload.targets) c.paced = c.paced || t.throughput_bytes_per_ms > 0;
    c.peak = !c.paced;
    // Long enough for the row's rate, and for DISKSPD's pacing to settle.
    const auto iops = run.measured.find(models::Figure::TotalIops);
    const double rate = iops != run.measured.end() ? iops->second : 0;
    std::int64_t duration = spec.run.duration_ns;
    if (rate > 0) duration = std::max(duration, static_cast<std::int64_t>(kIosPerCase / rate * 1e9));
    if (c.paced) {
      duration = std::max(duration, kPacedDurationNs);
      spec.run.warmup_ns = std::max(spec.run.warmup_ns, kPacedWarmupNs);
    }
    spec.run.duration_ns = std::min(duration, kMaxCaseNs);
    spec.run.interval_ns = 0;
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<MeasuredCase> measured_cases_of(const models::ScenarioSpec& base) {
  if (!base.measured_runs) return {};
  return measured_cases(base, read_vmfleet_runs(base.measured_runs->file, base.measured_runs->where));
}

}  // namespace hcisim::frontend
