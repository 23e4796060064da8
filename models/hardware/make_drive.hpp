// Builds the drive model a catalog drive calls for:
//   nvme              -> FlashDrive (PCIe: no HBA)
//   sas_ssd, sata_ssd -> SerialSsd (FlashDrive media behind a link and a device queue)
//   hdd               -> HddDrive
//   cloud_disk        -> not modelled here yet (throws)
// `hba` is the node's HBA for SAS/SATA drives (may be null: none modelled).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "models/hardware/drive.hpp"
#include "models/hardware/hba.hpp"
#include "models/hardware/seek_curve.hpp"
#include "models/spec/hardware_spec.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

std::unique_ptr<Drive> make_drive(sim::Engine& engine, const DriveSpec& spec, Hba* hba = nullptr);

// Builds many drives, solving what drives of one model share (a hard disk's
// seek curve) once per model.
class DriveFactory {
 public:
  explicit DriveFactory(sim::Engine& engine) : engine_(&engine) {}
  std::unique_ptr<Drive> make(const DriveSpec& spec, Hba* hba = nullptr);

 private:
  sim::Engine* engine_;
  std::vector<std::pair<std::string, std::unique_ptr<SeekCurve>>> seek_curves_;  // by drive id
};

}  // namespace hcisim::models
