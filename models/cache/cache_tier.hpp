// A node's cache tier (the Storage Spaces Direct cache): its fastest drives
// bound to its capacity drives, round-robin (capacity drive i to cache drive
// i mod caches: 1:2 on the R740xd), every capacity drive seen by the product
// through a CachedDrive in front of it.
//
// What is in the cache is tracked per cache page (PageFlags), so hits, misses,
// warm-up, a working set that outgrows the cache, and a cold cache all follow
// from the I/O that actually happened, not from a hit-ratio parameter:
// - HDD capacity: reads and writes are cached. A read whose pages are all
//   present is served by the cache drive; a miss goes to the capacity drive and
//   is admitted (reads up to first_miss_read_bytes on the first miss, larger ones
//   on the second), written into the cache drive behind the reply. Sequential
//   reads larger than sequential_bypass_bytes bypass the cache.
// - SSD capacity: writes only; reads come from the capacity drive unless the
//   pages are dirty in the cache.
// - Writes up to max_cached_write_bytes land in the cache drive (dirty) and are
//   acknowledged from there; larger ones, and writes that find no clean page to
//   evict (the cache is full of dirty data), go to the capacity drive.
// - Eviction is CLOCK (second chance) over the clean pages of the drives bound
//   to a cache drive.
// - Destage: once dirty pages pass destage_start of a cache drive, its capacity
//   drives are written back in ascending offset order, contiguous dirty pages
//   merged up to destage_max_bytes (de-randomised), destage_outstanding at a time
//   per capacity drive, until dirty falls below destage_stop. Destage reads the
//   cache drive and writes the capacity drive: it competes with the workload.
// The CPU cost of going through the cache is the product's to charge.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "models/cache/page_flags.hpp"
#include "models/hardware/drive.hpp"
#include "models/spec/stack_spec.hpp"
#include "sim/engine.hpp"
#include "sim/record_pool.hpp"

namespace hcisim::models {

struct CacheTierCounters {
  std::uint64_t read_hits = 0;      // reads served by a cache drive
  std::uint64_t read_misses = 0;    // reads that went to a capacity drive although cacheable
  std::uint64_t read_bypasses = 0;  // reads not cacheable (sequential, or write-only cache)
  std::uint64_t writes_cached = 0;
  std::uint64_t writes_bypassed = 0;  // too large, or no clean page to evict
  std::uint64_t evictions = 0;        // pages
  std::uint64_t destage_writes = 0;
  std::uint64_t destage_bytes = 0;
};

class CacheTier {
 public:
  // `read_caching`: the capacity drives are HDDs (reads and writes cached);
  // false for SSD capacity (writes only). `slot_bytes` is the product's extent size.
  CacheTier(sim::Engine& engine, const CacheTierSpec& spec, std::vector<std::unique_ptr<Drive>> cache_drives,
            std::vector<std::uint64_t> cache_bytes, std::vector<std::unique_ptr<Drive>> capacity_drives,
            std::vector<std::uint64_t> capacity_bytes, bool read_caching, std::uint64_t slot_bytes);
  ~CacheTier();
  CacheTier(const CacheTier&) = delete;
  CacheTier& operator=(const CacheTier&) = delete;

  // The drives the product uses: one CachedDrive per capacity drive, in order.
  std::vector<std::unique_ptr<Drive>> fronts();
  // Fills the cache as a read warm-up does (VMFleet 2.0 admits every read up to
  // warmup_fill of the cache): the first `slots_used[i]` extent slots of capacity
  // drive i, in slot order, round-robin over each cache drive's capacity drives.
  void warm_up(const std::vector<std::uint32_t>& slots_used);

  const CacheTierCounters& counters() const { return counters_; }
  std::uint64_t capacity_pages() const;  // over all cache drives
  std::uint64_t present_pages() const;
  std::uint64_t dirty_pages() const;
  std::uint64_t page_bytes() const { return spec_.page_bytes; }
  bool read_caching() const { return read_caching_; }
  double cache_drive_utilisation_mean() const;
  double cache_drive_utilisation_max() const;
  double capacity_drive_utilisation_mean() const;
  double capacity_drive_utilisation_max() const;
  // Every cache and capacity drive, for figures per drive (device queues).
  std::vector<const Drive*> devices() const;

 private:
  struct Device;
  struct Bound;
  struct Op;
  class Front;
  enum class OpKind { ReadHit, ReadMiss, ReadDirect, WriteCached, WriteDirect, Populate, DestageRead, DestageWrite };

  void submit(int capacity, const DriveIo& io, sim::EventHandler& done, std::uint64_t arg);
  std::uint32_t take_op(OpKind kind, int capacity, const DriveIo& io, sim::EventHandler* done, std::uint64_t arg);
  void on_op_done(std::uint64_t op);
  bool admit(int capacity, std::uint64_t first, std::uint64_t last, bool dirty);
  bool make_room(Device& device);
  void invalidate(int capacity, std::uint64_t first, std::uint64_t last);
  void maybe_destage(Device& device);
  void start_destage(int capacity);
  void finish_destage(const Op& op);
  // Its statistics (cache_statistics.hpp), read at the end of the run.
  void declare_statistics();

  sim::Engine* engine_;
  CacheTierSpec spec_;
  bool read_caching_;
  std::vector<std::unique_ptr<Drive>> cache_drives_;
  std::vector<std::unique_ptr<Drive>> capacity_drives_;
  std::vector<std::unique_ptr<Device>> devices_;
  std::vector<std::unique_ptr<Bound>> bound_;  // per capacity drive
  sim::RecordPool<Op> ops_;
  CacheTierCounters counters_;
  sim::MemberEvent<CacheTier, &CacheTier::on_op_done> op_done_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_;
};

}  // namespace hcisim::models
