#include "models/hardware/make_drive.hpp"

#include <stdexcept>

#include "models/hardware/flash_drive.hpp"
#include "models/hardware/hdd_drive.hpp"
#include "models/hardware/serial_ssd.hpp"

namespace hcisim::models {

std::unique_ptr<Drive> make_drive(sim::Engine& engine, const DriveSpec& spec, Hba* hba) {
  switch (spec.kind) {
    case DriveKind::Nvme:
      if (hba != nullptr) {
        throw std::invalid_argument("drive '" + spec.id + "': an NVMe drive is attached over PCIe, not behind an HBA");
      }
      return std::make_unique<FlashDrive>(engine, spec);
    case DriveKind::SasSsd:
    case DriveKind::SataSsd: return std::make_unique<SerialSsd>(engine, spec, hba);
    case DriveKind::Hdd: return std::make_unique<HddDrive>(engine, spec, hba);
    case DriveKind::CloudDisk:
      throw std::invalid_argument("drive '" + spec.id + "': cloud managed disks are not modelled here");
  }
  throw std::invalid_argument("drive '" + spec.id + "': unknown drive kind");
}

std::unique_ptr<Drive> DriveFactory::make(const DriveSpec& spec, Hba* hba) {
  if (spec.kind != DriveKind::Hdd) return make_drive(*engine_, spec, hba);
  for (const auto& [id, curve] : seek_curves_) {
    if (id == spec.id) return std::make_unique<HddDrive>(*engine_, spec, hba, curve.get());
  }
  auto drive = std::make_unique<HddDrive>(*engine_, spec, hba);
  seek_curves_.emplace_back(spec.id, std::make_unique<SeekCurve>(drive->seek_curve()));
  return drive;
}

}  // namespace hcisim::models
