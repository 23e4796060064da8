// hcisim sweep --over key.path=LO..HI --slo ... : the largest value of one
// integer key (outstanding I/Os, VMs per node: a load) whose run meets every
// objective, assuming that once a value misses them every larger one does;
// or with --smallest (--minimise KEY) the smallest (nodes, drives: a
// capacity), assuming that once a value meets them every larger one does.
// The fast path maps the range, the simulator confirms the answer inside the
// bracket it gives (frontend/sweep/bound_search.hpp, on --jobs threads, several
// probes per round), and the objectives are checked against the assumption
// over the values run (frontend/sweep/slo_trend.hpp). A largest-value search also
// reports the knee of the latency curve: the value where IOPS per unit of
// mean latency (Kleinrock's power) peaks, the load past which queueing adds
// latency faster than throughput. --plot DIR draws the simulated points'
// saturation curve.
#pragma once

#include <ostream>
#include <string>

#include "tools/frontend/sweep/search_request.hpp"
#include "tools/frontend/sweep/sweep_setup.hpp"

namespace hcisim::frontend {

// Runs the search: its lines to `out` (to `log` when the CSV or JSON goes to
// standard output), progress and warnings to `log`; returns the exit code.
// Throws SweepRequestError for a request it cannot run (--over, --slo,
// --maximise, --minimise, --fast or MPI).
int run_search(const SweepSetup& setup, const SearchRequest& request, std::ostream& out, std::ostream& log);

}  // namespace hcisim::frontend
