#include "models/run/sas_path_results.hpp"

#include <vector>

namespace hcisim::models {

namespace {

struct Limit {
  const char* name;
  double share;
};

// The tightest modelled limit; the first listed wins a tie.
Limit tightest(const HbaResult& h) {
  Limit best{"", 0};
  auto consider = [&](bool modelled, const char* name, double share) {
    if (modelled && (best.name[0] == '\0' || share > best.share)) best = {name, share};
  };
  consider(h.processing_modelled, "command processing", h.processing);
  consider(h.link_modelled, "host link to the host", h.link_to_host);
  consider(h.link_modelled, "host link from the host", h.link_from_host);
  consider(h.queue_depth > 0, "tags", h.tag_occupancy);
  return best;
}

}  // namespace

double HbaResult::busiest() const { return present ? tightest(*this).share : 0; }

const char* HbaResult::busiest_limit() const { return present ? tightest(*this).name : ""; }

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
