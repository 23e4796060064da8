// The phases of a SAS iotest run (workload/sas_iotest_workload.hpp): its
// streams write their files, the last dirty data are flushed, then they read
// them back. Here, below the workload, as a finding names the phase a run's
// time limit cut (result/finding.hpp).
#pragma once

namespace hcisim::models {

enum class SasPhase { Write, Flush, Read, Done };

}  // namespace hcisim::models
