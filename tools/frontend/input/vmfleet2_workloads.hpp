// VMFleet 2.0's core workloads by name (mechanisms.md 2.5: Profile.psm1 and
// Measure-FleetCoreWorkload), as the DISKSPD targets each VM runs. All are
// unbuffered and write-through (-Sh), with latency on (-L) and a 10 MiB random
// write source (-Z10M); "Dist" is -rdpct95/5:4/10 (95 % of the I/O in the first
// 5 % of the region, 4 % in the next 10 %, 1 % over the rest). IOPS limits are
// per thread, applied as DISKSPD's -g<n>i.
//
//   General4KWriteRatio0/10/30  4K, T1 QD32, 50 % random (-rs50), 0/10/30 % writes, Dist over the file
//   Peak4kRead                  4K random read, T1 QD32, the first 5 GiB (-f5G), uniform
//   Vdi   32K writes, 20 % random, QD8, 6 IOPS, the first 10 GiB, Dist
//       + 8K reads, 80 % random, QD8, 6 IOPS, the first 8 GiB, Dist
//   Sql   8K random 30 % writes, 4 threads x QD32, 1,500 IOPS each, from 5 GiB on (-B5G), Dist
//       + log: 32K sequential writes, QD1, 300 IOPS, the first 5 GiB
//
// VMFleet runs these for 60 s after a 300 s warm-up, with 30 s cool-down (the
// scenario's run: section sets the simulated time), Sql on A4v2 VMs (4 vCPU,
// 8 GB) and the others on A1v2 (1 vCPU, 2 GB): the scenario sets vcpus. The file
// (VMFleet's data disk, at least 10 GiB) is the scenario's file_size.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "models/spec/workload_spec.hpp"

namespace hcisim::frontend {

// The workload called `name` (case does not matter); throws DiskspdError
// listing the names for an unknown one. file_bytes is left 0.
models::DiskspdSpec vmfleet2_workload(std::string_view name);
// The names, as VMFleet writes them.
std::vector<std::string> vmfleet2_workload_names();
// The DISKSPD command line of each target of `name` (canonical name).
std::vector<std::string> vmfleet2_command_lines(std::string_view name);

// VMFleet 2.0's per-VM IOPS target (QOSperVM, its -g sweep): the targets' own
// rates scaled in proportion so that they add up to `iops` per VM (Vdi, Sql),
// or, for targets without a rate (General, Peak), `iops` shared evenly over
// their threads; each thread's rate as DISKSPD's -g<n>i turns it into bytes per
// ms (n x block / 1000, integer division). Throws DiskspdError when some
// targets have a rate and others not, or when a thread's rate comes to 0
// bytes per ms.
void apply_iops_per_vm(models::DiskspdSpec& spec, double iops);

}  // namespace hcisim::frontend
