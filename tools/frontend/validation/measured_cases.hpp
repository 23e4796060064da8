// The runs of a VMFleet 2.0 result table as scenarios of one cluster: the
// cluster (parts, nodes, stack, resiliency) from a base scenario, the VMs and
// their workload from each row (vmfleet_runs.hpp). `hcisim validate` runs them
// against what they measured, `hcisim calibrate` fits the stack's costs on them.
#pragma once

#include <string>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/vmfleet_runs.hpp"

namespace hcisim::frontend {

struct MeasuredCase {
  std::string label;          // "General4KWriteRatio30, 70 % aligned, 8,480 IOPS per VM"
  std::string where;          // "FILE:LINE"
  models::ScenarioSpec spec;  // the base scenario running the row's setup (no reference figures)
  VmfleetRun run;
  bool peak = false;   // unthrottled: General or Peak with no per-VM IOPS target
  bool paced = false;  // DISKSPD -g paces it (a per-VM target, or Vdi's and Sql's own rates)
};

// One case per run. The VMs: VMCount spread evenly over the running nodes
// (refused when it does not divide), ProcessorCount vCPUs, the alignment; the
// workload by name with QOSperVM as its per-VM IOPS target and DataDiskBytes as
// the file (at least VMFleet's internal 10 GiB). Run length: the base's, longer
// where the row's rate needs it for about 40,000 I/Os (at most 60 s) and, when
// paced, at least 25 DISKSPD clock ticks (400 ms) after a 100 ms warm-up.
// Throws LoadError naming the row.
std::vector<MeasuredCase> measured_cases(const models::ScenarioSpec& base, const VmfleetRuns& runs);

// The base scenario's own runs (reference.vmfleet_runs), read and expanded;
// none when it has none.
std::vector<MeasuredCase> measured_cases_of(const models::ScenarioSpec& base);

}  // namespace hcisim::frontend
