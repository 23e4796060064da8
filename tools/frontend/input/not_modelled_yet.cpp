#include "tools/frontend/input/not_modelled_yet.hpp"

namespace hcisim::frontend {

void refuse_unmodelled_drive_type(const YamlValue& type, models::DriveKind kind) {
  switch (kind) {
    case models::DriveKind::Nvme:
    case models::DriveKind::SasSsd:
    case models::DriveKind::SataSsd:
    case models::DriveKind::Hdd: return;
    case models::DriveKind::CloudDisk: break;
  }
  type.fail_expected("nvme, sas_ssd, sata_ssd or hdd: a cloud_disk is a cloud VM's managed disk, not a node's drive");
}

}  // namespace hcisim::frontend
