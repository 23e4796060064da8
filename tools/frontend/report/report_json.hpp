// The JSON report of a run. Per-direction blocks follow fio's JSON names
// (iops, bw_bytes, lat_ns with mean and percentile {"99.000000": ...}) so
// tools that read fio output find what they expect.
#pragma once

#include <nlohmann/json.hpp>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

// `with_performance`: include the wall-clock speed block (not deterministic).
nlohmann::json run_report_json(const models::ScenarioSpec& spec, const models::RunResult& result,
                               bool with_performance = true);

}  // namespace hcisim::frontend
