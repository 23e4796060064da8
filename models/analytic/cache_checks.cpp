#include "models/analytic/cache_checks.hpp"
#include "models/cache/cache_statistics.hpp"
#include "models/result/cache_tier_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "models/analytic/fast_path.hpp"
#include "models/storage/product_registry.hpp"
#include "models/storage/s2d/s2d_product.hpp"
#include "models/workload/diskspd_regions.hpp"
#include "sim/time.hpp"

namespace hcisim::models::analytic {

namespace {

// Pages of one cache drive: what it holds, what the VMs' data takes of it.
struct TierGeometry {
  bool hybrid = false;
  bool hdd_capacity = false;
  int capacity_per_node = 0;
  int caches_per_node = 0;
  double page_bytes = 0;
  double capacity_pages = 0;  // of one cache drive, the metadata reserve left out
  double data_pages = 0;      // the VMs' extents bound to one cache drive, on average
  double data_pages_max = 0;  // the same with one extent of slack per capacity drive (the placement's imbalance)
};

TierGeometry geometry(const ScenarioSpec& spec) {
  const ClusterSpec& c = spec.cluster;
  const CacheTierSpec& tier = c.stack.cache;
  TierGeometry g;
  const DriveSpec* cache = nullptr;
  for (std::size_t i = 0; i < c.node.drives.size(); ++i) {
    if (c.node.drives[i].role == DriveRole::Cache) {
      g.caches_per_node += c.node.drives[i].count;
      cache = &c.drives[i];
    } else {
      g.capacity_per_node += c.node.drives[i].count;
      g.hdd_capacity = g.hdd_capacity || c.drives[i].kind == DriveKind::Hdd;
    }
  }
  g.hybrid = cache != nullptr && g.caches_per_node > 0;
  if (!g.hybrid || g.capacity_per_node < 1) return g;
  if (g.capacity_per_node % g.caches_per_node != 0) {
    throw std::invalid_argument("cache tier: the capacity drives must be a multiple of the cache drives (" +
                                std::to_string(g.capacity_per_node) + " capacity, " +
                                std::to_string(g.caches_per_node) + " cache)");
  }
  g.page_bytes = static_cast<double>(tier.page_bytes);
  if (cache->capacity_bytes <= tier.metadata_reserve_bytes || tier.page_bytes == 0) {
    throw std::invalid_argument("cache tier: a cache drive is no larger than the metadata reserve");
  }
  g.capacity_pages =
      std::floor(static_cast<double>(cache->capacity_bytes - tier.metadata_reserve_bytes) / g.page_bytes);
  // As VolumeLayout: columns x rows extents per disk, each with its copies on distinct nodes.
  const int columns = c.stack.columns > 0 ? c.stack.columns : s2d_default_columns(g.capacity_per_node);
  const double slab = c.stack.slab_bytes;
  const double file = static_cast<double>(spec.vms.workload.file_bytes);
  const double rows = std::max(1.0, std::ceil(file / (slab * columns)));
  int vms = 0;
  for (const int n : spec.vms.per_node) vms += n;
  const double per_drive =
      vms * rows * columns * copies(c.resiliency) / (static_cast<double>(c.node_count) * g.capacity_per_node);
  const double bound = static_cast<double>(g.capacity_per_node) / g.caches_per_node;  // capacity drives per cache drive
  const double pages_per_slot = std::floor(slab / g.page_bytes);
  g.data_pages = per_drive * bound * pages_per_slot;
  g.data_pages_max = (std::ceil(per_drive) + 1) * bound * pages_per_slot;
  return g;
}

std::string gb(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g GB", bytes / 1e9);
  return text;
}

// Pages a drive I/O of `bytes` covers (DISKSPD's offsets are aligned to the block).
double pages_of(double bytes, double page_bytes) { return std::max(1.0, std::ceil(bytes / page_bytes - 1e-9)); }

// Pages written per second on one cache drive of each node.
std::vector<double> written_pages_per_s(const ScenarioSpec& spec, const Network& net, const ClusterStations& hw,
                                        const TierGeometry& g) {
  std::vector<double> pages(static_cast<std::size_t>(spec.cluster.node_count), 0.0);
  for (const ClusterStations::DriveIoStep& io : hw.drive_ios()) {
    if (io.write)
      pages[static_cast<std::size_t>(io.node)] +=
          net.rate(net.steps[static_cast<std::size_t>(io.step)]) * pages_of(io.bytes, g.page_bytes);
  }
  for (double& p : pages) p /= g.caches_per_node;
  return pages;
}

std::string tier_limit(const ScenarioSpec& spec, const TierGeometry& g) {
  const ClusterSpec& c = spec.cluster;
  const CacheTierSpec& tier = c.stack.cache;
  for (std::size_t i = 0; i < c.node.drives.size(); ++i) {
    const DriveKind k = c.drives[i].kind;
    if (c.node.drives[i].role == DriveRole::Cache && k != DriveKind::Nvme && k != DriveKind::SasSsd &&
        k != DriveKind::SataSsd) {
      return "cache drives that are not flash";
    }
  }
  if (!product(c.stack.product).accepts.cache_tier) {
    return "a cache tier under " + std::string(product(c.stack.product).full_name);
  }
  if (!g.hdd_capacity) {
    return "a cache tier over flash capacity drives (writes only are cached; a read goes to the capacity drive "
           "unless its pages are dirty in the cache)";
  }
  if (!c.cache_warmup)
    return "a cold cache tier (cache_warmup: cold): reads miss to the hard disks and fill it as the run goes";
  if (!c.failed_nodes.empty()) return "a cache tier with a node down";
  const double warm = std::floor(tier.warmup_fill * g.capacity_pages);
  if (g.data_pages_max > warm) {
    return "a cache tier that does not hold the VMs' data (" + gb(g.data_pages * g.page_bytes) +
           " per cache drive against the " + gb(warm * g.page_bytes) +
           " VMFleet's warm-up leaves in it): reads of the rest miss to the hard disks and warm the cache over time";
  }
  const auto unit = static_cast<std::uint64_t>(c.stack.interleave_bytes);
  for (const DiskspdTarget& t : spec.vms.workload.targets) {
    const bool sequential_reads = t.pattern != AccessPattern::Random || t.random_percent < 100;
    if (t.write_fraction < 1 && sequential_reads && t.block_bytes > tier.sequential_bypass_bytes) {
      return "sequential reads larger than the cache's sequential_bypass_bytes (they bypass it to the hard disks)";
    }
    const std::uint64_t piece = std::min(t.block_bytes, unit);
    if (t.write_fraction > 0 && piece > tier.max_cached_write_bytes) {
      return "drive writes larger than the cache's max_cached_write_bytes (they go to the hard disks)";
    }
  }
  return "";
}

std::string csv_limit(const ScenarioSpec& spec) {
  for (const DiskspdTarget& t : spec.vms.workload.targets) {
    if (t.write_fraction >= 1) continue;
    if (t.distribution != DistributionKind::Uniform || t.skew != PopularitySkew::None) {
      return "the CSV in-memory block cache with hot-spot access (-rdpct, -rdabs, zipf, pareto: hot blocks hit it)";
    }
    if (t.pattern == AccessPattern::Sequential && t.threads > 1 && t.thread_stride_bytes == 0) {
      return "the CSV in-memory block cache with threads reading one sequential stream each from the same offset "
             "(each reads what the one ahead of it has just brought in)";
    }
  }
  return "";
}

}  // namespace

std::vector<std::string> cache_limits(const ScenarioSpec& spec) {
  std::vector<std::string> out;
  const TierGeometry g = geometry(spec);
  if (g.hybrid) {
    const std::string tier = tier_limit(spec, g);
    if (!tier.empty()) out.push_back(tier);
  }
  if (spec.cluster.csv_cache_bytes > 0) {
    const std::string csv = csv_limit(spec);
    if (!csv.empty()) out.push_back(csv);
  }
  return out;
}

void check_cache_run(const ScenarioSpec& spec, const Network& net, const ClusterStations& hw,
                     const std::vector<ClassInfo>& info) {
  const double run_s = sim::to_seconds(spec.run.warmup_ns + spec.run.duration_ns);
  const TierGeometry g = geometry(spec);
  const double start = spec.cluster.stack.cache.destage_start * g.capacity_pages;
  if (g.hybrid && g.data_pages_max > start) {
    const std::vector<double> pages = written_pages_per_s(spec, net, hw, g);
    const double most = *std::max_element(pages.begin(), pages.end()) * run_s;
    if (most > start) {
      throw BeyondFastPath("destage within the run: the writes can dirty " + gb(most * g.page_bytes) +
                           " of a cache drive, past destage_start (" + gb(start * g.page_bytes) +
                           "), and destaging to the hard disks competes with the workload");
    }
  }
  if (spec.cluster.csv_cache_bytes == 0) return;
  double worst = 0;
  for (std::size_t c = 0; c < net.classes.size(); ++c) {
    const ClassSpec& k = net.classes[c];
    const DiskspdTarget& t = spec.vms.workload.targets[static_cast<std::size_t>(info[c].target)];
    const TargetRegion region = resolve_region(t, spec.vms.workload.file_bytes);
    const double region_bytes = static_cast<double>(region.end - region.start);
    if (!(region_bytes > 0) || k.vm_instances < 1) continue;
    const double read_bytes = k.throughput * (1 - k.write_fraction) * run_s * static_cast<double>(t.block_bytes);
    worst = std::max(worst, read_bytes / k.vm_instances / region_bytes);
  }
  if (worst > kCsvCacheShare) {
    char text[300];
    std::snprintf(text, sizeof text,
                  "the CSV in-memory block cache: by the end of the run a VM has read %.3g %% of its region, which "
                  "its host's cache could then serve (the fast path leaves the cache out below %.0f %%)",
                  100 * worst, 100 * kCsvCacheShare);
    throw BeyondFastPath(text);
  }
}

void fill_cache_results(RunResult& result, const ScenarioSpec& spec, const Network& net, const ClusterStations& hw) {
  const double measured_s = result.measured_seconds;
  if (spec.cluster.csv_cache_bytes > 0) {
    // Every read looked up, none found (check_cache_run bounds what it could hold).
    result.host_cache_hits = 0;
    result.host_cache_misses = static_cast<std::uint64_t>(std::llround(result.read_iops * measured_s));
  }
  const TierGeometry g = geometry(spec);
  if (!hw.cache_serves()) return;
  const double run_s = sim::to_seconds(spec.run.warmup_ns + spec.run.duration_ns);
  const std::vector<double> written = written_pages_per_s(spec, net, hw, g);
  std::vector<double> reads(written.size(), 0.0), writes(written.size(), 0.0);
  for (const ClusterStations::DriveIoStep& io : hw.drive_ios()) {
    (io.write ? writes : reads)[static_cast<std::size_t>(io.node)] +=
        net.rate(net.steps[static_cast<std::size_t>(io.step)]) * measured_s;
  }
  for (NodeResult& r : result.nodes) {
    if (r.compute_host || !r.up) continue;
    const auto n = static_cast<std::size_t>(r.node);
    r.has_cache_tier = true;
    // The tier's statistics under the names CacheTier declares; what is not estimated reads 0.
    namespace s = cache_statistics;
    StatisticsTable& t = result.statistics;
    add_cache_tier_rows(t, r.node);
    const auto hits = static_cast<std::uint64_t>(std::llround(reads[n]));
    t.set_count(s::name(r.node, s::kReadHits), s::kReadHits.unit, hits);
    t.set_value(s::name(r.node, s::kReadHitRatio), s::kReadHitRatio.unit, hits > 0 ? 1.0 : 0.0);
    t.set_count(s::name(r.node, s::kWritesCached), s::kWritesCached.unit,
                static_cast<std::uint64_t>(std::llround(writes[n])));
    t.set_value(s::name(r.node, s::kFill), s::kFill.unit, g.data_pages / g.capacity_pages);
    // Distinct pages that w writes spread evenly over W pages leave dirty: W (1 - e^(-w / W)).
    const double w = written[n] * run_s;
    t.set_value(s::name(r.node, s::kDirtyBytes), s::kDirtyBytes.unit,
                std::round(g.caches_per_node * g.data_pages * -std::expm1(-w / g.data_pages)) * g.page_bytes);
    const double cache_drives = hw.drive_utilisation(r.node);
    t.set_value(s::name(r.node, s::kCacheDriveMean), s::kCacheDriveMean.unit, cache_drives);
    t.set_value(s::name(r.node, s::kCacheDriveMax), s::kCacheDriveMax.unit, cache_drives);
    // The node's drives, every role: the busy cache drives beside the capacity
    // drives, which the estimate leaves idle (their utilisation reads 0).
    r.drive_utilisation_max = std::max(r.drive_utilisation_max, cache_drives);
    r.drive_utilisation_mean = cache_drives * g.caches_per_node / std::max(1, g.caches_per_node + g.capacity_per_node);
  }
}

}  // namespace hcisim::models::analytic
