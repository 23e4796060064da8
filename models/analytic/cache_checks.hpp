// What the fast path can say of a hybrid node's cache tier and of the CSV
// block cache, and when it defers to the simulator.
//
// Cache tier (models/cache/cache_tier.hpp): answered in one regime, the
// one VMFleet measures on a warmed cache that holds the VMs' data: every read a
// hit on a cache drive, every write cached there, nothing evicted, nothing
// destaged. The tier is then transparent: each capacity drive's I/O goes as it
// is to the cache drive it is bound to (the drives cluster_stations.hpp serves
// from on such a node), with the lookup's CPU (lookup_cycles_per_io) on each
// drive I/O. That regime holds when
//  - the capacity drives are hard disks (reads are cached as well as writes),
//    under Storage Spaces Direct, with the cache warmed (cache_warmup: vmfleet)
//    and no node down;
//  - VMFleet's warm-up leaves all of the VMs' data in the cache: per cache
//    drive, the extents of the capacity drives bound to it (balanced, with one
//    extent of slack per drive) fit in warmup_fill of its pages;
//  - no read bypasses it: no sequential reads larger than sequential_bypass_bytes
//    (random targets with sequential runs, -rs, included);
//  - no write bypasses it: no drive write larger than max_cached_write_bytes;
//  - destage does not start in the run: the pages the run writes on a cache
//    drive (an upper bound on what turns dirty: each write its own pages) stay
//    below destage_start of its pages; checked after solving, from the rates.
// CSV block cache (models/cache/block_cache.hpp): it starts empty and
// holds what the VMs have read, so a VM's reads can hit at most the share of its
// region it has read so far. The fast path leaves it out (no hits) when that
// share stays below kCsvCacheShare for every VM over the whole run, and defers
// otherwise, and where reads come back sooner than that: hot-spot distributions
// (-rdpct, -rdabs, zipf, pareto) and threads walking one sequential stream each
// from the same offset (-s with -T0).
#pragma once

#include <string>
#include <vector>

#include "models/analytic/cluster_stations.hpp"
#include "models/analytic/workload_classes.hpp"
#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models::analytic {

// Beyond this share of a VM's region read in the run, the CSV block cache could matter.
constexpr double kCsvCacheShare = 0.01;

// Before solving: what of the two caches is beyond the fast path, one entry each (empty: none).
std::vector<std::string> cache_limits(const ScenarioSpec& spec);

// After solving: throws BeyondFastPath when the run would start destaging, or
// when the CSV block cache could serve more than kCsvCacheShare of a VM's reads.
void check_cache_run(const ScenarioSpec& spec, const Network& net, const ClusterStations& hw,
                     const std::vector<ClassInfo>& info);

// The cache tier's figures of each hybrid node (hits, cached writes, fill,
// dirty data at the end, the cache drives' utilisation) and the CSV block
// cache's lookups, as the simulator reports them.
void fill_cache_results(RunResult& result, const ScenarioSpec& spec, const Network& net, const ClusterStations& hw);

}  // namespace hcisim::models::analytic
