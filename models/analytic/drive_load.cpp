#include "models/analytic/drive_load.hpp"

#include <algorithm>

namespace hcisim::models::analytic {

std::vector<NodeDriveLoad> drive_load(const Network& net, const ClusterStations& hw) {
  std::vector<NodeDriveLoad> load(static_cast<std::size_t>(hw.nodes()));
  for (const ClusterStations::DriveIoStep& io : hw.drive_ios()) {
    NodeDriveLoad& at = load[static_cast<std::size_t>(io.node)];
    at.commands_per_s += net.rate(net.steps[static_cast<std::size_t>(io.step)]);
  }
  return load;
}

HbaResult hba_result(const HbaSpec& spec, const Network& net, const ClusterStations& hw, int node,
                     const NodeDriveLoad& load) {
  HbaResult r;
  if (!hw.behind_hba()) return r;
  const ClusterStations::HbaStations st = hw.hba(node);
  auto utilisation = [&](int station) {
    return station >= 0 ? net.stations[static_cast<std::size_t>(station)].utilisation : 0.0;
  };
  r.present = true;
  r.id = spec.id;
  r.queue_depth = hw.hba_queue_depth();
  r.processing_modelled = st.command >= 0;
  r.link_modelled = st.to_host >= 0;
  r.commands_per_s = load.commands_per_s;
  const int tags = hw.hba_tag_station(node);
  r.tag_occupancy = tags >= 0 ? std::min(1.0, net.stations[static_cast<std::size_t>(tags)].utilisation) : 0;
  r.processing = utilisation(st.command);
  r.link_to_host = utilisation(st.to_host);
  r.link_from_host = utilisation(st.from_host);
  return r;
}

}  // namespace hcisim::models::analytic
