// What the catalog and scenario formats can describe but the models cannot
// simulate yet. Each is refused here, at the key that asks for it, instead of
// being accepted and then ignored. This file is the one place to lift a
// refusal when the model arrives (and to add a test that the value changes
// the simulation).
#pragma once

#include "models/spec/hardware_spec.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// Drive `type:` values with a drive model behind them: nvme (FlashDrive),
// sas_ssd and sata_ssd (SerialSsd), hdd (HddDrive). A cloud_disk is a managed
// disk of a cloud VM, not a drive in a node: refused here.
void refuse_unmodelled_drive_type(const YamlValue& type, models::DriveKind kind);

}  // namespace hcisim::frontend
