// hcisim sweep --over key.path=LO..HI --slo ... : the best value of one
// integer key (outstanding I/Os, VMs per node, nodes...) under service-level
// objectives, assuming what the objectives bound grows with the key (a
// latency does as the load grows): the fast path maps the range, the
// simulator confirms the answer by bisection inside the bracket it gives
// (on --jobs threads, several probes per round). Also the knee of the latency
// curve: the value where IOPS per unit of mean latency (Kleinrock's power)
// peaks, the load past which queueing adds latency faster than throughput.
// --plot DIR (plot_dir non-empty) draws the simulated points' saturation curve.
#pragma once

#include <string>
#include <vector>

#include "tools/cli/sweep_setup.hpp"
#include "tools/frontend/output_file.hpp"

namespace hcisim::cli {

int search_command(const SweepSetup& setup, const std::string& over, const std::vector<std::string>& slos,
                   const std::string& maximise, int jobs, bool quiet, bool use_mpi, const frontend::OutputFile* json,
                   const frontend::OutputFile* csv, const std::string& plot_dir);

}  // namespace hcisim::cli
