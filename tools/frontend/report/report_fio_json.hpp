// `--json-format fio`: the run as fio 3.x writes a job group with
// group_reporting in --output-format=json+ (one job: every VM's threads
// together), so fio's own tools and the scripts people keep for fio read it:
// jobs[] with read/write/trim blocks (io_bytes, bw_bytes, bw in KiB/s, iops,
// runtime in ms, total_ios), slat_ns/clat_ns/lat_ns (N, min, max, mean, stddev),
// clat_ns percentiles at fio's 17 default points in whole ns, JSON+ clat_ns
// bins (fio_histogram.hpp), per-interval bw/iops statistics and job options in
// fio's names. hcisim measures an I/O from the guest's submit to its
// completion: that is clat_ns and lat_ns (slat_ns has no samples, as with
// fio's synchronous engines). fio's own CPU and queue-depth tables are not
// written: nothing in the model measures them. A top-level "hcisim" block says
// the numbers are simulated.
#pragma once

#include <nlohmann/json.hpp>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

nlohmann::ordered_json fio_report_json(const models::ScenarioSpec& spec, const models::RunResult& result);

// The workload in fio's option names (rw, bs, iodepth, numjobs, rwmixread, size, ...), as strings.
nlohmann::ordered_json fio_job_options(const models::ScenarioSpec& spec);

}  // namespace hcisim::frontend
