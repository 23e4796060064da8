// What a cache knows about each cache page of one capacity drive: present in the
// cache, dirty (newer than the capacity drive), referenced since the clock hand
// last passed (second chance), missed once (admission on a second miss).
// Pages are tracked per extent slot of the drive and a slot exists only once a
// page in it is touched, so memory follows the data actually placed on the
// drive, not the drive's size: 4 bits per page (8 KiB for a 256 MiB slot of
// 16 KiB pages, 32 MiB per TB of data behind the cache) plus under 100 B per
// touched slot. Placement fills a drive's slots from 0 up, so the touched slots
// below 2 x (slots touched) + 64 are found by index in a vector (as fast as a
// table of every slot); others by an open-addressing hash table. A sorted set of
// the touched slots lets the clock hand and the destage sweep jump over the
// untouched. The first touch of a slot allocates, nothing else does.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <vector>

namespace hcisim::models {

enum PageFlag : std::uint8_t { kPresent = 1, kDirty = 2, kReferenced = 4, kMissed = 8 };

class PageFlags {
 public:
  PageFlags(std::uint64_t drive_bytes, std::uint64_t slot_bytes, std::uint64_t page_bytes);

  std::uint64_t page_bytes() const { return page_bytes_; }
  std::uint64_t pages_per_slot() const { return pages_per_slot_; }
  std::uint64_t slots() const { return slots_; }  // slots covering the drive, touched or not
  std::uint64_t page_of(std::uint64_t offset) const { return offset / page_bytes_; }

  std::uint8_t get(std::uint64_t page) const {
    const std::uint8_t* slot = find(page / pages_per_slot_);
    if (slot == nullptr) return 0;
    const std::uint64_t i = page % pages_per_slot_;
    return static_cast<std::uint8_t>((slot[i / 2] >> (4 * (i & 1))) & 0xF);
  }
  void set(std::uint64_t page, std::uint8_t flags);  // makes the slot's flags if needed
  void add(std::uint64_t page, std::uint8_t flags) { set(page, static_cast<std::uint8_t>(get(page) | flags)); }
  void remove(std::uint64_t page, std::uint8_t flags) {
    if (find(page / pages_per_slot_) != nullptr) set(page, static_cast<std::uint8_t>(get(page) & ~flags));
  }
  bool slot_touched(std::uint64_t slot) const { return find(slot) != nullptr; }
  // The first touched slot at or after `slot`, or slots() when there is none.
  std::uint64_t next_touched(std::uint64_t slot) const;
  std::uint64_t touched_slots() const { return order_.size(); }
  // Sets `flags` on the first `pages` pages of a slot none of whose pages has been touched.
  void fill_untouched_slot(std::uint64_t slot, std::uint64_t pages, std::uint8_t flags);

 private:
  struct Entry {
    std::uint64_t slot = 0;
    std::uint8_t* bytes = nullptr;  // nullptr: a free entry
  };
  std::size_t home(std::uint64_t slot) const {  // Fibonacci hashing: consecutive slots spread out
    return static_cast<std::size_t>((slot * 0x9E3779B97F4A7C15ull) >> shift_);
  }
  std::uint8_t* find(std::uint64_t slot) const {
    if (slot < direct_.size()) return direct_[static_cast<std::size_t>(slot)];
    if (slot == last_slot_) return last_bytes_;
    std::uint8_t* bytes = in_table(slot);
    if (bytes != nullptr) {
      last_slot_ = slot;
      last_bytes_ = bytes;
    }
    return bytes;
  }
  std::uint8_t* in_table(std::uint64_t slot) const {
    if (table_.empty()) return nullptr;
    for (std::size_t i = home(slot);; i = (i + 1) & (table_.size() - 1)) {
      if (table_[i].bytes == nullptr || table_[i].slot == slot) return table_[i].bytes;
    }
  }
  std::uint8_t* touch(std::uint64_t slot);  // the slot's flags, made (all zero) on first touch
  void grow_table();                        // twice the entries (16 at first), the same slots

  std::uint64_t page_bytes_;
  std::uint64_t pages_per_slot_;
  std::uint64_t slots_;
  std::vector<std::uint8_t*> direct_;  // by slot, for slots 0 .. size - 1 (nullptr: untouched)
  std::vector<Entry> table_;           // slots touched beyond direct_ when touched (they stay when direct_
                                       // grows over them): linear probing, a power of two long, at most half full
  std::size_t in_table_ = 0;
  int shift_ = 64;                                      // 64 - log2(table size)
  std::vector<std::unique_ptr<std::uint8_t[]>> owned_;  // 4 bits a page, one array per touched slot
  std::set<std::uint64_t> order_;                       // the touched slots
  // The last slot found in the hash table (a request's pages share one); its flags never move.
  mutable std::uint64_t last_slot_ = UINT64_MAX;
  mutable std::uint8_t* last_bytes_ = nullptr;
};

}  // namespace hcisim::models
