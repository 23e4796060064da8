// The runs of a VMFleet 2.0 result table: what Measure-FleetCoreWorkload
// writes, one row per run, in its own column names (as in Dell's GEOS files,
// shared/data/vmfleet-geos/README.md; comma- or tab-separated, result_table.hpp).
//
// Setup columns (any case; Workload and VMCount required):
//   Workload        a VMFleet 2.0 core workload (General4KWriteRatio0/10/30, Peak4kRead, Vdi, Sql)
//   VMCount         VMs in the run, whole cluster
//   ProcessorCount  vCPUs per VM (default: the scenario's)
//   VMAlignmentPct  share of VMs on their volume's owner node, 0-100 (default 100)
//   QOSperVM        per-VM IOPS target; 0 = none (General, Peak) or the profile's own rates (Vdi, Sql)
//   DataDiskBytes   each VM's data disk (VMFleet uses its internal 10 GiB file when this is 10 GiB or less)
// Measured columns (any of them; 0 or empty = not measured, as VMFleet writes
// 0 for a kind of I/O a run had none of):
//   IOPS AverageReadIOPS AverageWriteIOPS AverageReadBW AverageWriteBW (bytes/s) AverageCPU (%)
//   AverageReadMilliseconds AverageWriteMilliseconds ReadMilliseconds50/90/99 WriteMilliseconds50/90/99
//   AverageCSVReadMilliseconds AverageCSVWriteMilliseconds (below the host's CSV file system)
// Columns that only label a run (cluster, ComputeTemplate) are skipped; any
// other is listed as not used.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

struct VmfleetRun {
  int line = 0;          // in the file
  std::string workload;  // as written
  int vm_count = 0;
  int vcpus = 0;           // 0: not given
  double alignment = 1.0;  // 0-1
  double qos_per_vm = 0;
  std::uint64_t data_disk_bytes = 0;          // 0: not given
  std::map<models::Figure, double> measured;  // SI units, CPU as a fraction
};

struct VmfleetRuns {
  std::string label;  // the file, printable
  std::vector<VmfleetRun> runs;
  std::vector<std::string> unused_columns;
};

// The rows whose columns have the values in `where` (column name, any case;
// value, exact), e.g. {{"cluster", "R640-All-NVMe-16NVMe-64VMs-2Node"}}.
// Throws LoadError naming the file, line and column.
VmfleetRuns read_vmfleet_runs(const std::filesystem::path& file,
                              const std::vector<std::pair<std::string, std::string>>& where = {});

}  // namespace hcisim::frontend
