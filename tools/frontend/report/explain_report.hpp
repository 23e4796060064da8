// `hcisim explain` as text and JSON: what limits the run (the chain of
// resources), where the time goes (latency by stage, CPU by layer), Little's
// law as a sentence a student can check, usable capacity and durability, and
// the table of counterfactuals with each repair speed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "models/result/run_result.hpp"
#include "models/run/explain.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

std::string format_explain_report(const models::ScenarioSpec& spec, const models::RunResult& run,
                                  const models::RunExplanation& why, const models::WhatIfs& what_ifs);

nlohmann::json explain_json(const models::ScenarioSpec& spec, const models::RunResult& run,
                            const models::RunExplanation& why, const models::WhatIfs& what_ifs);

}  // namespace hcisim::frontend
