#include "tools/frontend/report/run_regime.hpp"

#include <algorithm>
#include <cmath>

#include "models/storage/product_registry.hpp"
#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {

namespace {

// Each product's name in the record (the catalog's `product:` value) and in text.
std::string product_name(models::ProductKind kind) { return std::string(models::product(kind).name); }

std::string product_shown(const std::string& id) {
  const models::ProductEntry* p = models::find_product(id);
  return p != nullptr ? std::string(p->title) : id;
}

std::string media_of(const models::ClusterSpec& c) {
  if (c.cloud.defined()) return "cloud";
  for (const models::DriveSpec& d : c.drives) {
    if (d.kind == models::DriveKind::Hdd) return "hybrid";
  }
  return "all-flash";
}

std::string percent(double fraction) { return format_number(std::round(fraction * 1000) / 10); }

}  // namespace

RunRegime regime_of(const models::ScenarioSpec& spec) {
  RunRegime r;
  r.product = product_name(spec.cluster.stack.product);
  r.media = media_of(spec.cluster);
  r.failed = !spec.cluster.failed_nodes.empty() || !spec.timeline.events.empty() || spec.timeline.random_failures;
  if (spec.vms.sas) {
    // rhel_iotest writes its files, then reads them back: half of the bytes each way.
    r.workload = "sas";
    r.block_min = r.block_max = spec.vms.sas->block_bytes;
    r.writes_min = r.writes_max = 0.5;
  } else if (spec.vms.oltp) {
    // Transactions read and dirty pages of one size; the mix follows the profile.
    r.workload = "oltp";
    r.block_min = r.block_max = spec.vms.oltp->page_bytes;
    r.writes_min = 0;
    r.writes_max = 1;
  } else {
    r.workload = "diskspd";
    double in_flight = 0, writes = 0, most = -1;
    for (const models::DiskspdTarget& t : spec.vms.workload.targets) {
      const double n = static_cast<double>(t.threads) * t.outstanding;
      in_flight += n;
      writes += n * t.write_fraction;
      if (n > most) {
        most = n;
        r.block_min = r.block_max = t.block_bytes;
      }
    }
    r.writes_min = r.writes_max = in_flight > 0 ? writes / in_flight : 0;
  }
  return r;
}

RunRegime widened(const RunRegime& a, const RunRegime& b) {
  RunRegime r = a;
  r.block_min = std::min(a.block_min, b.block_min);
  r.block_max = std::max(a.block_max, b.block_max);
  r.writes_min = std::min(a.writes_min, b.writes_min);
  r.writes_max = std::max(a.writes_max, b.writes_max);
  return r;
}

std::string describe(const RunRegime& r) {
  std::string out = product_shown(r.product) + " " + r.media + ", ";
  if (r.workload == "oltp") {
    out += "OLTP (" + format_size(r.block_min) + " pages)";
  } else if (r.workload == "sas") {
    out += "SAS iotest (" + format_size(r.block_min) + " calls)";
  } else {
    out += format_size(r.block_min);
    if (r.block_max != r.block_min) out += "-" + format_size(r.block_max);
    out += ", " + percent(r.writes_min);
    if (r.writes_max != r.writes_min) out += "-" + percent(r.writes_max);
    out += " % writes";
  }
  return out + (r.failed ? ", with a failure" : ", healthy");
}

bool near(const RunRegime& run, const RunRegime& recorded) {
  if (run.product != recorded.product || run.media != recorded.media || run.workload != recorded.workload ||
      run.failed != recorded.failed) {
    return false;
  }
  if (run.workload != "diskspd") return true;
  const double lo = static_cast<double>(recorded.block_min) / 2, hi = static_cast<double>(recorded.block_max) * 2;
  const double block = static_cast<double>(run.block_min);
  const bool block_near = block >= lo && block <= hi;
  const bool writes_near = run.writes_min >= recorded.writes_min - 0.2 && run.writes_min <= recorded.writes_max + 0.2;
  return block_near && writes_near;
}

}  // namespace hcisim::frontend
