// The timeline of a run as CSV (one row per interval), for spreadsheets and plots.
#pragma once

#include <string>

#include "models/result/run_result.hpp"

namespace hcisim::frontend {

// Columns: end_ms; read_iops, write_iops, read_mbps, write_mbps (MB = 10^6 B);
// read/write mean, p50 and p99 latency in ms; failed_iops; cpu_node1..N (busy
// share of each node's CPU); repair_mb_to_go, repair_mbps, degraded_gb (GB =
// 10^9 B); with a cache tier, cache_read_hit_ratio and cache_dirty_bytes; last,
// `events`: the failures, returns, failovers and repair milestones that happened
// in the interval ("12.000 s node 3 fails; ..."; those of the warm-up in the
// first row), quoted.
std::string timeline_csv(const models::RunResult& result);

}  // namespace hcisim::frontend
