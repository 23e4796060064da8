// Which published cloud cap limits a run: a disk's, a storage VM's uncached
// disk cap, a storage VM's egress, a client's egress or a client's disk cap.
#pragma once

#include "models/result/run_result.hpp"

namespace hcisim::models {

// A cap binds where I/O waits: the cap at which requests waited the largest
// share of the measured time, when that share is at least kBindingShare.
// Fills `out` (with the cap's use relative to its base figure) and returns true then.
// Other caps that held I/O back at least kAlsoBindingShare of the time are
// listed too (caps binding together, or in turn as burst credits run out).
constexpr double kBindingShare = 0.5;
constexpr double kAlsoBindingShare = 0.1;
bool cloud_cap_bottleneck(const RunResult& result, const ScenarioSpec& spec, Bottleneck& out);

// SAS iotest with no resource above 80 %: the file system's flush-behind and
// read-ahead windows (nstream x pref_io per stream) set the rate by latency.
Bottleneck sas_window_bottleneck(const Bottleneck& busiest, const ScenarioSpec& spec);

}  // namespace hcisim::models
