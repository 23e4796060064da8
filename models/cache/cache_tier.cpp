#include "models/cache/cache_tier.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "models/cache/cache_statistics.hpp"

namespace hcisim::models {

// One cache drive: how many pages it holds, and the CLOCK hand over the pages
// of its capacity drives.
struct CacheTier::Device {
  Drive* drive = nullptr;
  std::uint64_t capacity_pages = 0;
  std::uint64_t present = 0;
  std::uint64_t dirty = 0;
  std::vector<int> bound;      // capacity drive indices
  std::size_t hand_drive = 0;  // index into bound
  std::uint64_t hand_page = 0;
  bool destaging = false;
  bool no_clean = false;  // the last sweep found only dirty pages; cleared when a page turns clean
};

// One capacity drive behind the cache.
struct CacheTier::Bound {
  Bound(std::uint64_t drive_bytes, std::uint64_t slot_bytes, std::uint64_t page_bytes)
      : flags(drive_bytes, slot_bytes, page_bytes) {}
  PageFlags flags;
  Device* device = nullptr;
  std::uint64_t last_read_end = UINT64_MAX;  // for sequential-read detection
  std::uint64_t destage_cursor = 0;          // next page the destage sweep looks at
  int destage_in_flight = 0;
};

struct CacheTier::Op {
  OpKind kind = OpKind::ReadHit;
  int capacity = 0;
  DriveIo io;
  sim::EventHandler* done = nullptr;
  std::uint64_t arg = 0;
};

// What the product sees in place of a capacity drive.
class CacheTier::Front final : public Drive {
 public:
  Front(CacheTier& tier, int capacity) : tier_(&tier), capacity_(capacity) {}
  void submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) override {
    ++(io.write ? writes_ : reads_);
    tier_->submit(capacity_, io, done, arg);
  }
  // The capacity drive's own utilisation (the cache drives are reported by the tier).
  double utilisation() const override {
    return tier_->capacity_drives_[static_cast<std::size_t>(capacity_)]->utilisation();
  }
  std::uint64_t reads() const override { return reads_; }
  std::uint64_t writes() const override { return writes_; }

 private:
  CacheTier* tier_;
  int capacity_;
  std::uint64_t reads_ = 0, writes_ = 0;
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{tier_->engine_->statistics(), "front", [this](sim::SimTime) {
                                         reads_ = 0;
                                         writes_ = 0;
                                       }};
};

CacheTier::CacheTier(sim::Engine& engine, const CacheTierSpec& spec, std::vector<std::unique_ptr<Drive>> cache_drives,
                     std::vector<std::uint64_t> cache_bytes, std::vector<std::unique_ptr<Drive>> capacity_drives,
                     std::vector<std::uint64_t> capacity_bytes, bool read_caching, std::uint64_t slot_bytes)
    : engine_(&engine),
      spec_(spec),
      read_caching_(read_caching),
      cache_drives_(std::move(cache_drives)),
      capacity_drives_(std::move(capacity_drives)),
      stats_(engine.statistics(), cache_statistics::kComponent,
             [this](sim::SimTime) { counters_ = CacheTierCounters{}; }) {
  declare_statistics();
  if (cache_drives_.empty() || capacity_drives_.empty()) {
    throw std::invalid_argument("cache tier: needs cache drives and capacity drives");
  }
  if (capacity_drives_.size() % cache_drives_.size() != 0) {
    throw std::invalid_argument("cache tier: the capacity drives must be a multiple of the cache drives (" +
                                std::to_string(capacity_drives_.size()) + " capacity, " +
                                std::to_string(cache_drives_.size()) + " cache)");
  }
  for (std::size_t c = 0; c < cache_drives_.size(); ++c) {
    auto device = std::make_unique<Device>();
    device->drive = cache_drives_[c].get();
    if (cache_bytes[c] <= spec.metadata_reserve_bytes) {
      throw std::invalid_argument("cache tier: a cache drive is no larger than the metadata reserve");
    }
    device->capacity_pages = (cache_bytes[c] - spec.metadata_reserve_bytes) / spec.page_bytes;
    devices_.push_back(std::move(device));
  }
  for (std::size_t i = 0; i < capacity_drives_.size(); ++i) {
    bound_.push_back(std::make_unique<Bound>(capacity_bytes[i], slot_bytes, spec.page_bytes));
    Device& device = *devices_[i % devices_.size()];  // round-robin binding
    bound_.back()->device = &device;
    device.bound.push_back(static_cast<int>(i));
  }
}

CacheTier::~CacheTier() = default;

std::vector<std::unique_ptr<Drive>> CacheTier::fronts() {
  std::vector<std::unique_ptr<Drive>> out;
  for (std::size_t i = 0; i < capacity_drives_.size(); ++i)
    out.push_back(std::make_unique<Front>(*this, static_cast<int>(i)));
  return out;
}

std::uint32_t CacheTier::take_op(OpKind kind, int capacity, const DriveIo& io, sim::EventHandler* done,
                                 std::uint64_t arg) {
  return ops_.take(Op{kind, capacity, io, done, arg});
}

void CacheTier::submit(int capacity, const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) {
  Bound& b = *bound_[static_cast<std::size_t>(capacity)];
  Drive& backing = *capacity_drives_[static_cast<std::size_t>(capacity)];
  Drive& cache = *b.device->drive;
  const std::uint64_t first = b.flags.page_of(io.offset);
  const std::uint64_t last = b.flags.page_of(io.offset + std::max<std::uint64_t>(io.bytes, 1) - 1);
  bool all_present = true, any_dirty = false;
  for (std::uint64_t p = first; p <= last; ++p) {
    const std::uint8_t f = b.flags.get(p);
    all_present = all_present && (f & kPresent);
    any_dirty = any_dirty || (f & kDirty);
  }
  if (!io.write) {
    const bool sequential = io.offset == b.last_read_end && io.bytes > spec_.sequential_bypass_bytes;
    b.last_read_end = io.offset + io.bytes;
    if (any_dirty || (read_caching_ && all_present && !sequential)) {
      // Newer data is in the cache, or the whole read is there.
      if (read_caching_ && !sequential) {
        ++counters_.read_hits;
        for (std::uint64_t p = first; p <= last; ++p) b.flags.add(p, kReferenced);
      } else {
        ++counters_.read_bypasses;
      }
      cache.submit(io, op_done_, take_op(OpKind::ReadHit, capacity, io, &done, arg));
      return;
    }
    if (!read_caching_ || sequential) {
      ++counters_.read_bypasses;
      backing.submit(io, op_done_, take_op(OpKind::ReadDirect, capacity, io, &done, arg));
      return;
    }
    ++counters_.read_misses;
    backing.submit(io, op_done_, take_op(OpKind::ReadMiss, capacity, io, &done, arg));
    return;
  }
  if (io.bytes <= spec_.max_cached_write_bytes && admit(capacity, first, last, true)) {
    ++counters_.writes_cached;
    cache.submit(io, op_done_, take_op(OpKind::WriteCached, capacity, io, &done, arg));
    maybe_destage(*b.device);
    return;
  }
  ++counters_.writes_bypassed;
  invalidate(capacity, first, last);
  backing.submit(io, op_done_, take_op(OpKind::WriteDirect, capacity, io, &done, arg));
}

// Marks pages present (and dirty); false when a page found no room, in which
// case nothing of this range is dirty in the cache.
bool CacheTier::admit(int capacity, std::uint64_t first, std::uint64_t last, bool dirty) {
  Bound& b = *bound_[static_cast<std::size_t>(capacity)];
  Device& device = *b.device;
  for (std::uint64_t p = first; p <= last; ++p) {
    std::uint8_t f = b.flags.get(p);
    if (!(f & kPresent)) {
      if (!make_room(device)) {
        if (dirty) invalidate(capacity, first, last);
        return false;
      }
      ++device.present;
    }
    f = b.flags.get(p);
    if (dirty && !(f & kDirty)) ++device.dirty;
    b.flags.set(p, static_cast<std::uint8_t>((f | kPresent | kReferenced | (dirty ? kDirty : 0)) & ~kMissed));
  }
  return true;
}

// CLOCK over the pages of the device's capacity drives: a clean page that was
// not referenced since the hand last passed is evicted.
bool CacheTier::make_room(Device& device) {
  if (device.present < device.capacity_pages) return true;
  if (device.no_clean) return false;
  // A bounded sweep (a few slots' worth of pages): when the clean pages are that
  // rare, the cache is full of dirty data; wait for destage to clean some.
  const std::uint64_t budget = 8 * bound_[static_cast<std::size_t>(device.bound.front())]->flags.pages_per_slot();
  for (std::uint64_t step = 0; step < budget; ++step) {
    Bound& b = *bound_[static_cast<std::size_t>(device.bound[device.hand_drive])];
    const std::uint64_t pages = b.flags.slots() * b.flags.pages_per_slot();
    if (device.hand_page >= pages) {
      device.hand_page = 0;
      device.hand_drive = (device.hand_drive + 1) % device.bound.size();
      continue;
    }
    const std::uint64_t slot = device.hand_page / b.flags.pages_per_slot();
    if (!b.flags.slot_touched(slot)) {
      // Each untouched slot the hand passes costs one step of the budget.
      const std::uint64_t skipped = std::min(b.flags.next_touched(slot) - slot, budget - step);
      device.hand_page = (slot + skipped) * b.flags.pages_per_slot();
      step += skipped - 1;
      continue;
    }
    const std::uint64_t page = device.hand_page++;
    const std::uint8_t f = b.flags.get(page);
    if (!(f & kPresent) || (f & kDirty)) continue;
    if (f & kReferenced) {
      b.flags.remove(page, kReferenced);
      continue;
    }
    b.flags.remove(page, kPresent);
    --device.present;
    ++counters_.evictions;
    return true;
  }
  device.no_clean = true;  // (almost) every page is dirty: the cache is full of data not yet destaged
  return false;
}

void CacheTier::invalidate(int capacity, std::uint64_t first, std::uint64_t last) {
  Bound& b = *bound_[static_cast<std::size_t>(capacity)];
  for (std::uint64_t p = first; p <= last; ++p) {
    const std::uint8_t f = b.flags.get(p);
    if (!(f & kPresent)) continue;
    if (f & kDirty) --b.device->dirty;
    --b.device->present;
    b.device->no_clean = false;
    b.flags.set(p, 0);
  }
}

void CacheTier::on_op_done(std::uint64_t index) {
  const Op op = ops_[index];
  ops_.release(static_cast<std::uint32_t>(index));
  Bound& b = *bound_[static_cast<std::size_t>(op.capacity)];
  switch (op.kind) {
    case OpKind::ReadMiss: {
      const std::uint64_t first = b.flags.page_of(op.io.offset);
      const std::uint64_t last = b.flags.page_of(op.io.offset + op.io.bytes - 1);
      bool missed_before = true;
      for (std::uint64_t p = first; p <= last; ++p) missed_before = missed_before && (b.flags.get(p) & kMissed);
      if (op.io.bytes <= spec_.first_miss_read_bytes || missed_before) {
        if (admit(op.capacity, first, last, false)) {
          // The pages are written into the cache drive behind the reply.
          const DriveIo fill{op.io.offset, (last - first + 1) * spec_.page_bytes, true, false};
          b.device->drive->submit(fill, op_done_, take_op(OpKind::Populate, op.capacity, fill, nullptr, 0));
        }
      } else {
        for (std::uint64_t p = first; p <= last; ++p) b.flags.add(p, kMissed);
      }
      op.done->on_event(op.arg);
      return;
    }
    case OpKind::ReadHit:
    case OpKind::ReadDirect:
    case OpKind::WriteCached:
    case OpKind::WriteDirect: op.done->on_event(op.arg); return;
    case OpKind::Populate: return;
    case OpKind::DestageRead: {
      const DriveIo write{op.io.offset, op.io.bytes, true, true};
      capacity_drives_[static_cast<std::size_t>(op.capacity)]->submit(
          write, op_done_, take_op(OpKind::DestageWrite, op.capacity, write, nullptr, 0));
      return;
    }
    case OpKind::DestageWrite: finish_destage(op); return;
  }
}

void CacheTier::maybe_destage(Device& device) {
  if (device.destaging ||
      static_cast<double>(device.dirty) <= spec_.destage_start * static_cast<double>(device.capacity_pages)) {
    return;
  }
  device.destaging = true;
  for (const int capacity : device.bound) {
    for (int i = 0; i < spec_.destage_outstanding; ++i) start_destage(capacity);
  }
}

// Finds the next run of contiguous dirty pages after the drive's cursor and
// writes it back (read from the cache drive, then written to the capacity drive).
void CacheTier::start_destage(int capacity) {
  Bound& b = *bound_[static_cast<std::size_t>(capacity)];
  Device& device = *b.device;
  if (!device.destaging) return;
  const std::uint64_t pages = b.flags.slots() * b.flags.pages_per_slot();
  const std::uint64_t max_run = std::max<std::uint64_t>(1, spec_.destage_max_bytes / spec_.page_bytes);
  for (std::uint64_t scanned = 0; scanned < pages;) {
    if (b.destage_cursor >= pages) b.destage_cursor = 0;
    const std::uint64_t slot = b.destage_cursor / b.flags.pages_per_slot();
    if (!b.flags.slot_touched(slot)) {
      // Jump to the next touched slot, or stop at the first slot boundary where the
      // whole drive has been scanned (where a slot-by-slot walk would stop).
      const std::uint64_t per_slot = b.flags.pages_per_slot();
      const std::uint64_t left = pages - scanned;
      std::uint64_t next = b.flags.next_touched(slot) * per_slot;
      if (next - b.destage_cursor >= left) next = (b.destage_cursor + left + per_slot - 1) / per_slot * per_slot;
      scanned += next - b.destage_cursor;
      b.destage_cursor = next;
      continue;
    }
    const std::uint8_t f = b.flags.get(b.destage_cursor);
    if (!(f & kDirty)) {
      ++b.destage_cursor;
      ++scanned;
      continue;
    }
    const std::uint64_t first = b.destage_cursor;
    std::uint64_t last = first;
    while (last + 1 < pages && last + 1 - first < max_run && (b.flags.get(last + 1) & kDirty)) ++last;
    // Taken: not dirty any more once written (a write arriving meanwhile dirties it again).
    for (std::uint64_t p = first; p <= last; ++p) b.flags.remove(p, kDirty);
    device.dirty -= last - first + 1;
    device.no_clean = false;
    b.destage_cursor = last + 1;
    ++b.destage_in_flight;
    const DriveIo read{first * spec_.page_bytes, (last - first + 1) * spec_.page_bytes, false, false};
    device.drive->submit(read, op_done_, take_op(OpKind::DestageRead, capacity, read, nullptr, 0));
    return;
  }
}

void CacheTier::finish_destage(const Op& op) {
  Bound& b = *bound_[static_cast<std::size_t>(op.capacity)];
  Device& device = *b.device;
  --b.destage_in_flight;
  ++counters_.destage_writes;
  counters_.destage_bytes += op.io.bytes;
  if (static_cast<double>(device.dirty) <= spec_.destage_stop * static_cast<double>(device.capacity_pages)) {
    bool any = false;
    for (const int c : device.bound) any = any || bound_[static_cast<std::size_t>(c)]->destage_in_flight > 0;
    if (!any) device.destaging = false;
    return;
  }
  start_destage(op.capacity);
}

void CacheTier::warm_up(const std::vector<std::uint32_t>& slots_used) {
  if (!read_caching_) return;
  for (auto& device : devices_) {
    // A read warm-up reads every VM's data at once, so it leaves the same share
    // of every slot's pages in the cache: all of them when the data fits in the
    // fill limit, else that share (the first pages of each slot: for reads spread
    // over a slot, the same chance to hit).
    const auto limit = static_cast<std::uint64_t>(spec_.warmup_fill * static_cast<double>(device->capacity_pages));
    std::uint64_t data_pages = 0;
    for (const int c : device->bound) {
      data_pages += static_cast<std::uint64_t>(slots_used.at(static_cast<std::size_t>(c))) *
                    bound_[static_cast<std::size_t>(c)]->flags.pages_per_slot();
    }
    if (data_pages == 0) continue;
    const double share = std::min(1.0, static_cast<double>(limit) / static_cast<double>(data_pages));
    for (const int c : device->bound) {
      Bound& b = *bound_[static_cast<std::size_t>(c)];
      const auto pages = static_cast<std::uint64_t>(share * static_cast<double>(b.flags.pages_per_slot()));
      for (std::uint32_t slot = 0; slot < slots_used[static_cast<std::size_t>(c)]; ++slot) {
        if (b.flags.slot_touched(slot) || pages == 0) continue;
        b.flags.fill_untouched_slot(slot, pages, kPresent);
        device->present += pages;
      }
    }
  }
}

std::uint64_t CacheTier::capacity_pages() const {
  std::uint64_t n = 0;
  for (const auto& d : devices_) n += d->capacity_pages;
  return n;
}
std::uint64_t CacheTier::present_pages() const {
  std::uint64_t n = 0;
  for (const auto& d : devices_) n += d->present;
  return n;
}
std::uint64_t CacheTier::dirty_pages() const {
  std::uint64_t n = 0;
  for (const auto& d : devices_) n += d->dirty;
  return n;
}

namespace {
double mean_of(const std::vector<std::unique_ptr<Drive>>& drives) {
  double sum = 0;
  for (const auto& d : drives) sum += d->utilisation();
  return drives.empty() ? 0 : sum / static_cast<double>(drives.size());
}
double max_of(const std::vector<std::unique_ptr<Drive>>& drives) {
  double m = 0;
  for (const auto& d : drives) m = std::max(m, d->utilisation());
  return m;
}
}  // namespace

double CacheTier::cache_drive_utilisation_mean() const { return mean_of(cache_drives_); }
double CacheTier::cache_drive_utilisation_max() const { return max_of(cache_drives_); }
double CacheTier::capacity_drive_utilisation_mean() const { return mean_of(capacity_drives_); }
double CacheTier::capacity_drive_utilisation_max() const { return max_of(capacity_drives_); }

std::vector<const Drive*> CacheTier::devices() const {
  std::vector<const Drive*> all;
  for (const auto& d : cache_drives_) all.push_back(d.get());
  for (const auto& d : capacity_drives_) all.push_back(d.get());
  return all;
}

void CacheTier::declare_statistics() {
  namespace s = cache_statistics;
  const CacheTierCounters& k = counters_;
  stats_.count(s::kReadHits.name, s::kReadHits.unit, [&k] { return k.read_hits; });
  stats_.count(s::kReadMisses.name, s::kReadMisses.unit, [&k] { return k.read_misses; });
  stats_.count(s::kReadBypasses.name, s::kReadBypasses.unit, [&k] { return k.read_bypasses; });
  stats_.count(s::kWritesCached.name, s::kWritesCached.unit, [&k] { return k.writes_cached; });
  stats_.count(s::kWritesBypassed.name, s::kWritesBypassed.unit, [&k] { return k.writes_bypassed; });
  stats_.measure(s::kReadHitRatio.name, s::kReadHitRatio.unit, [&k](const sim::StatisticWindow&) {
    const std::uint64_t served = k.read_hits + k.read_misses;
    return served > 0 ? static_cast<double>(k.read_hits) / static_cast<double>(served) : 0.0;
  });
  stats_.measure(s::kFill.name, s::kFill.unit, [this](const sim::StatisticWindow&) {
    return static_cast<double>(present_pages()) / static_cast<double>(capacity_pages());
  });
  stats_.measure(s::kDirtyBytes.name, s::kDirtyBytes.unit,
                 [this](const sim::StatisticWindow&) { return static_cast<double>(dirty_pages() * page_bytes()); });
  stats_.measure(s::kDestage.name, s::kDestage.unit,
                 [&k](const sim::StatisticWindow& w) { return static_cast<double>(k.destage_bytes) / w.seconds; });
  stats_.measure(s::kCacheDriveMean.name, s::kCacheDriveMean.unit,
                 [this](const sim::StatisticWindow&) { return cache_drive_utilisation_mean(); });
  stats_.measure(s::kCacheDriveMax.name, s::kCacheDriveMax.unit,
                 [this](const sim::StatisticWindow&) { return cache_drive_utilisation_max(); });
  stats_.measure(s::kCapacityDriveMean.name, s::kCapacityDriveMean.unit,
                 [this](const sim::StatisticWindow&) { return capacity_drive_utilisation_mean(); });
  stats_.measure(s::kCapacityDriveMax.name, s::kCapacityDriveMax.unit,
                 [this](const sim::StatisticWindow&) { return capacity_drive_utilisation_max(); });
}

}  // namespace hcisim::models
