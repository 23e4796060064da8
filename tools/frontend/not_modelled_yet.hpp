// What the catalog and scenario formats can describe but the models cannot
// simulate yet. Each is refused here, at the key that asks for it, instead of
// being accepted and then ignored. This file is the one place to lift a
// refusal when the model arrives (and to add a test that the value changes
// the simulation).
#pragma once

#include "models/spec/hardware_spec.hpp"
#include "tools/frontend/yaml_reader.hpp"

namespace hcisim::frontend {

// Drive `type:` values with a drive model behind them: nvme (FlashDrive).
// hdd, sas_ssd, sata_ssd and cloud_disk are refused until their models exist.
void refuse_unmodelled_drive_type(const YamlValue& type, models::DriveKind kind);

// A node's drive `role: cache`: the S2D cache tier is not modelled yet.
void refuse_unmodelled_drive_role(const YamlValue& role, models::DriveRole role_value);

// A scenario's non-zero `csv_cache`: the CSV in-memory read cache is not modelled yet.
void refuse_unmodelled_csv_cache(const YamlValue& csv_cache, std::uint64_t bytes);

}  // namespace hcisim::frontend
