#include "models/workload/dirty_page_table.hpp"

#include <bit>
#include <stdexcept>

namespace hcisim::models {

DirtyPageTable::DirtyPageTable(std::uint64_t pages) : bits_((pages + 63) / 64, 0), pages_(pages) {
  if (pages == 0) throw std::invalid_argument("dirty page table: the database has no pages");
}

bool DirtyPageTable::next_run(std::uint32_t max_pages, std::uint64_t& first, std::uint32_t& count) {
  if (max_pages == 0) throw std::invalid_argument("dirty page table: a run needs at least one page");
  // Find the next set bit at or after the cursor.
  while (cursor_ < pages_) {
    const std::uint64_t word = bits_[cursor_ >> 6] >> (cursor_ & 63);
    if (word != 0) {
      cursor_ += static_cast<std::uint64_t>(std::countr_zero(word));
      break;
    }
    cursor_ = (cursor_ | 63) + 1;  // start of the next word
  }
  if (cursor_ >= pages_) return false;  // bits past the last page are never set
  first = cursor_;
  count = 0;
  while (count < max_pages && cursor_ < pages_ && is_dirty(cursor_)) {
    bits_[cursor_ >> 6] &= ~(std::uint64_t{1} << (cursor_ & 63));
    ++cursor_;
    ++count;
  }
  dirty_ -= count;
  return true;
}

}  // namespace hcisim::models
