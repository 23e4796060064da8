// Names of a DISKSPD workload for reports and --dry-run: the VMFleet 1.0 style
// name of a target (B4-T2-O32-W0-PR), the DISKSPD switches that name does not
// cover (-rs50 -rdpct95/5:4/10 -B5G -f10G -g12288 -Zr ...), and the workload as
// a whole (one target: its name; several: a list).
#pragma once

#include <string>

#include "models/spec/workload_spec.hpp"

namespace hcisim::frontend {

std::string vmfleet_name(const models::DiskspdTarget& t);
// The switches beyond the VMFleet name, space-separated; empty when there are none.
std::string extra_switches(const models::DiskspdTarget& t);
// "B4-T2-O32-W0-PR"; "B4-T1-O32-W30-PR -rs50 -rdpct95/5:4/10";
// "Sql: 2 targets [B8-T4-O32-W30-PR -B5G ...; B32-T1-O1-W100-PS -f5G -g9830]".
std::string workload_name(const models::DiskspdSpec& w);

}  // namespace hcisim::frontend
