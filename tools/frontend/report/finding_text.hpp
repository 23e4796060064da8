// The sentences of the models' findings (models/result/finding.hpp): what each
// kind means for the run's numbers, with its figures and the run length that
// would do. Every report writes a finding through finding_text, so the text,
// the JSON, explain, validate and the sweeps' rows say it alike.
#pragma once

#include <string>
#include <vector>

#include "models/result/finding.hpp"

namespace hcisim::frontend {

std::string finding_text(const models::Finding& finding);
std::vector<std::string> finding_texts(const std::vector<models::Finding>& findings);

// Why repair does not move, in words ("" for RepairHold::None); `node` is 0-based.
std::string repair_hold_text(models::RepairHold hold, int node);

// What starved a queued repair: "host CPU (97 % busy over the run)".
std::string starved_by_text(const std::string& resource, double utilisation);

// "12.5%": one decimal.
std::string percent_text(double fraction);

}  // namespace hcisim::frontend
