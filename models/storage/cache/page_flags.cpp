#include "models/storage/cache/page_flags.hpp"

#include <algorithm>
#include <stdexcept>

namespace hcisim::models {

PageFlags::PageFlags(std::uint64_t drive_bytes, std::uint64_t slot_bytes, std::uint64_t page_bytes)
    : page_bytes_(page_bytes), pages_per_slot_(page_bytes > 0 ? slot_bytes / page_bytes : 0) {
  if (page_bytes == 0 || slot_bytes % page_bytes != 0 || pages_per_slot_ == 0) {
    throw std::invalid_argument("cache: the slot size must be a whole number of cache pages");
  }
  slots_.resize(static_cast<std::size_t>((drive_bytes + slot_bytes - 1) / slot_bytes));
}

void PageFlags::set(std::uint64_t page, std::uint8_t flags) {
  auto& slot = slots_.at(static_cast<std::size_t>(page / pages_per_slot_));
  if (!slot) slot = std::make_unique<std::uint8_t[]>(static_cast<std::size_t>((pages_per_slot_ + 1) / 2));  // zeroed
  const std::uint64_t i = page % pages_per_slot_;
  std::uint8_t& byte = slot[i / 2];
  const int shift = 4 * static_cast<int>(i & 1);
  byte = static_cast<std::uint8_t>((byte & ~(0xF << shift)) | ((flags & 0xF) << shift));
}

}  // namespace hcisim::models

namespace hcisim::models {

void PageFlags::fill_untouched_slot(std::uint64_t slot, std::uint64_t pages, std::uint8_t flags) {
  auto& bytes = slots_.at(static_cast<std::size_t>(slot));
  if (bytes) throw std::logic_error("page flags: the slot is already in use");
  bytes = std::make_unique<std::uint8_t[]>(static_cast<std::size_t>((pages_per_slot_ + 1) / 2));  // zeroed
  pages = std::min(pages, pages_per_slot_);
  const auto both = static_cast<std::uint8_t>((flags & 0xF) | ((flags & 0xF) << 4));
  std::fill(bytes.get(), bytes.get() + pages / 2, both);
  if (pages % 2 == 1) bytes[pages / 2] = static_cast<std::uint8_t>(flags & 0xF);
}

}  // namespace hcisim::models
