#include "tools/frontend/not_modelled_yet.hpp"

namespace hcisim::frontend {

void refuse_unmodelled_drive_type(const YamlValue& type, models::DriveKind kind) {
  switch (kind) {
    case models::DriveKind::Nvme:
      return;
    case models::DriveKind::SasSsd:
    case models::DriveKind::SataSsd:
    case models::DriveKind::Hdd:
    case models::DriveKind::CloudDisk:
      break;
  }
  type.fail_expected("nvme: only NVMe drives are modelled yet (hdd, sas_ssd, sata_ssd and cloud_disk are not)");
}

void refuse_unmodelled_drive_role(const YamlValue& role, models::DriveRole role_value) {
  if (role_value == models::DriveRole::Capacity) return;
  role.fail_expected("capacity: the S2D cache tier (role: cache) is not modelled yet");
}

void refuse_unmodelled_csv_cache(const YamlValue& csv_cache, std::uint64_t bytes) {
  if (bytes == 0) return;
  csv_cache.fail_expected("0: the CSV in-memory read cache is not modelled yet");
}

}  // namespace hcisim::frontend
