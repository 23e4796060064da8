// What a cache knows about each cache page of one capacity drive: present in the
// cache, dirty (newer than the capacity drive), referenced since the clock hand
// last passed (second chance), missed once (admission on a second miss).
// Pages are tracked per extent slot of the drive and a slot's flags exist only
// once a page in it is touched, so memory follows the data actually placed on
// the drive (4 bits per page: 8 KiB for a 256 MiB slot of 16 KiB pages, 32 MiB
// per TB of data behind the cache), not the drive's size.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace hcisim::models {

enum PageFlag : std::uint8_t { kPresent = 1, kDirty = 2, kReferenced = 4, kMissed = 8 };

class PageFlags {
 public:
  PageFlags(std::uint64_t drive_bytes, std::uint64_t slot_bytes, std::uint64_t page_bytes);

  std::uint64_t page_bytes() const { return page_bytes_; }
  std::uint64_t pages_per_slot() const { return pages_per_slot_; }
  std::uint64_t slots() const { return slots_.size(); }
  std::uint64_t page_of(std::uint64_t offset) const { return offset / page_bytes_; }

  std::uint8_t get(std::uint64_t page) const {
    const auto& slot = slots_[page / pages_per_slot_];
    if (!slot) return 0;
    const std::uint64_t i = page % pages_per_slot_;
    return static_cast<std::uint8_t>((slot[i / 2] >> (4 * (i & 1))) & 0xF);
  }
  void set(std::uint64_t page, std::uint8_t flags);  // makes the slot's flags if needed
  void add(std::uint64_t page, std::uint8_t flags) { set(page, static_cast<std::uint8_t>(get(page) | flags)); }
  void remove(std::uint64_t page, std::uint8_t flags) {
    if (slots_[page / pages_per_slot_]) set(page, static_cast<std::uint8_t>(get(page) & ~flags));
  }
  bool slot_touched(std::uint64_t slot) const { return slots_[slot] != nullptr; }
  // Sets `flags` on the first `pages` pages of a slot none of whose pages has been touched.
  void fill_untouched_slot(std::uint64_t slot, std::uint64_t pages, std::uint8_t flags);

 private:
  std::uint64_t page_bytes_;
  std::uint64_t pages_per_slot_;
  std::vector<std::unique_ptr<std::uint8_t[]>> slots_;
};

}  // namespace hcisim::models
