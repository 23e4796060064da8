// Builds the drive model a catalog drive calls for:
//   nvme              -> FlashDrive (PCIe: no HBA)
//   sas_ssd, sata_ssd -> SerialSsd (FlashDrive media behind a link and a device queue)
//   hdd               -> HddDrive
//   cloud_disk        -> not modelled here yet (throws)
// `hba` is the node's HBA for SAS/SATA drives (may be null: none modelled).
#pragma once

#include <memory>

#include "models/hardware/drive.hpp"
#include "models/hardware/hba.hpp"
#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

std::unique_ptr<Drive> make_drive(sim::Engine& engine, const DriveSpec& spec, Hba* hba = nullptr);

}  // namespace hcisim::models
