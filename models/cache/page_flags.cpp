#include "models/cache/page_flags.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace hcisim::models {

PageFlags::PageFlags(std::uint64_t drive_bytes, std::uint64_t slot_bytes, std::uint64_t page_bytes)
    : page_bytes_(page_bytes), pages_per_slot_(page_bytes > 0 ? slot_bytes / page_bytes : 0), slots_(0) {
  if (page_bytes == 0 || slot_bytes % page_bytes != 0 || pages_per_slot_ == 0) {
    throw std::invalid_argument("cache: the slot size must be a whole number of cache pages");
  }
  slots_ = drive_bytes / slot_bytes + (drive_bytes % slot_bytes != 0 ? 1 : 0);
}

void PageFlags::grow_table() {
  const std::vector<Entry> old =
      std::exchange(table_, std::vector<Entry>(std::max<std::size_t>(16, 2 * table_.size())));
  shift_ = 64;
  for (std::size_t n = table_.size(); n > 1; n /= 2) --shift_;
  for (const Entry& e : old) {
    if (e.bytes == nullptr) continue;
    std::size_t i = home(e.slot);
    while (table_[i].bytes != nullptr) i = (i + 1) & (table_.size() - 1);
    table_[i] = e;
  }
}

std::uint8_t* PageFlags::touch(std::uint64_t slot) {
  if (std::uint8_t* found = find(slot)) return found;
  if (slot >= slots_) throw std::out_of_range("page flags: a page beyond the drive");
  owned_.push_back(std::make_unique<std::uint8_t[]>(static_cast<std::size_t>((pages_per_slot_ + 1) / 2)));  // zeroed
  std::uint8_t* bytes = owned_.back().get();
  order_.insert(slot);
  if (slot < 64 + 2 * owned_.size()) {
    const std::size_t covered = direct_.size();
    if (slot >= covered) {
      direct_.resize(static_cast<std::size_t>(slot + 1), nullptr);
      // Slots touched earlier between the old end and this one are in the table: index them here too.
      for (auto it = order_.lower_bound(covered); *it < slot; ++it)
        direct_[static_cast<std::size_t>(*it)] = in_table(*it);
    }
    direct_[static_cast<std::size_t>(slot)] = bytes;
    return bytes;
  }
  if (2 * (in_table_ + 1) > table_.size()) grow_table();
  std::size_t i = home(slot);
  while (table_[i].bytes != nullptr) i = (i + 1) & (table_.size() - 1);
  table_[i] = Entry{slot, bytes};
  ++in_table_;
  last_slot_ = slot;
  last_bytes_ = bytes;
  return bytes;
}

void PageFlags::set(std::uint64_t page, std::uint8_t flags) {
  std::uint8_t* slot = touch(page / pages_per_slot_);
  const std::uint64_t i = page % pages_per_slot_;
  std::uint8_t& byte = slot[i / 2];
  const int shift = 4 * static_cast<int>(i & 1);
  byte = static_cast<std::uint8_t>((byte & ~(0xF << shift)) | ((flags & 0xF) << shift));
}

std::uint64_t PageFlags::next_touched(std::uint64_t slot) const {
  const auto it = order_.lower_bound(slot);
  return it == order_.end() ? slots_ : *it;
}

void PageFlags::fill_untouched_slot(std::uint64_t slot, std::uint64_t pages, std::uint8_t flags) {
  if (slot_touched(slot)) throw std::logic_error("page flags: the slot is already in use");
  std::uint8_t* bytes = touch(slot);
  pages = std::min(pages, pages_per_slot_);
  const auto both = static_cast<std::uint8_t>((flags & 0xF) | ((flags & 0xF) << 4));
  std::fill(bytes, bytes + pages / 2, both);
  if (pages % 2 == 1) bytes[pages / 2] = static_cast<std::uint8_t>(flags & 0xF);
}

}  // namespace hcisim::models
