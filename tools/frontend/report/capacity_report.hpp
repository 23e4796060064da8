// The capacity section of the reports (models/capacity/capacity.hpp): the
// pool, the VMs' disks, vCPUs and memory per host, and the risks as warnings.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "models/capacity/capacity.hpp"

namespace hcisim::frontend {

std::string format_capacity(const models::CapacityReport& c, int storage_nodes);
nlohmann::json capacity_json(const models::CapacityReport& c, int storage_nodes);

}  // namespace hcisim::frontend
