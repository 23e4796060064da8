#include "models/run/sas_path_results.hpp"

#include <vector>

namespace hcisim::models {

HbaLimit HbaResult::tightest() const {
  HbaLimit best = HbaLimit::None;
  double share = 0;
  auto consider = [&](bool modelled, HbaLimit limit, double its_share) {
    if (modelled && (best == HbaLimit::None || its_share > share)) {
      best = limit;
      share = its_share;
    }
  };
  if (!present) return best;
  consider(processing_modelled, HbaLimit::Processing, processing);
  consider(link_modelled, HbaLimit::LinkToHost, link_to_host);
  consider(link_modelled, HbaLimit::LinkFromHost, link_from_host);
  consider(queue_depth > 0, HbaLimit::Tags, tag_occupancy);
  return best;
}

double HbaResult::busiest() const {
  switch (tightest()) {
    case HbaLimit::Processing: return processing;
    case HbaLimit::LinkToHost: return link_to_host;
    case HbaLimit::LinkFromHost: return link_from_host;
    case HbaLimit::Tags: return tag_occupancy;
    case HbaLimit::None: break;
  }
  return 0;
}

HbaResult measure_hba(const Hba& hba, double measured_seconds) {
  const HbaSpec& spec = hba.spec();
  HbaResult r;
  r.present = true;
  r.id = spec.id;
  r.queue_depth = spec.queue_depth;
  r.processing_modelled = spec.max_iops > 0;
  r.link_modelled = spec.max_bytes_per_s > 0;
  r.commands_per_s = measured_seconds > 0 ? static_cast<double>(hba.commands()) / measured_seconds : 0;
  r.tag_occupancy = hba.tag_occupancy();
  r.processing = hba.processing_utilisation();
  r.link_to_host = hba.link_utilisation(true);
  r.link_from_host = hba.link_utilisation(false);
  return r;
}

void measure_device_queues(const ClusterNode& node, NodeResult& r) {
  std::vector<const Drive*> devices = node.cache ? node.cache->devices() : std::vector<const Drive*>{};
  for (const auto& d : node.drives) devices.push_back(d.get());  // a hybrid node's are the cache's fronts: no queue
  for (const Drive* d : devices) {
    if (d->device_queue_depth() <= 0) continue;
    if (r.device_queue_depth == 0 || d->device_queue_occupancy() > r.device_queue_occupancy_max) {
      r.device_queue_depth = d->device_queue_depth();
      r.device_queue_occupancy_max = d->device_queue_occupancy();
    }
  }
}

}  // namespace hcisim::models
