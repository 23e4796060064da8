// The cloud parts of a run's report (a cloud cluster, a SAS iotest run): the
// MB/s per physical core per client and in aggregate, each VM's caps with
// their use and how long I/O waited at them, and the storage VMs' burst
// credits over time when bursting matters. Text, JSON and CSV.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

// The run's heading lines for a cloud cluster (replaces the servers' cluster and workload lines).
std::string cloud_heading_text(const models::ScenarioSpec& spec, const models::RunResult& result);
std::string sas_text(const models::RunResult& result);
std::string cloud_caps_text(const models::ScenarioSpec& spec, const models::RunResult& result);
// Empty unless bursting matters (some storage VM's credits moved).
std::string burst_timeline_text(const models::RunResult& result);

nlohmann::json sas_json(const models::RunResult& result);
nlohmann::json cloud_json(const models::ScenarioSpec& spec, const models::RunResult& result);

// The CSV timeline's extra columns for a cloud run: each storage VM's burst
// credits (seconds of full burst left). Header and one row's cells, each with a leading comma.
std::string cloud_csv_header(const models::RunResult& result);
std::string cloud_csv_cells(const models::TimelinePoint& point);

}  // namespace hcisim::frontend
