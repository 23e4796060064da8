// Which pages of a database are dirty, and a flush pass that walks them in file
// order (a checkpoint, or the lazy writer's early pass).
//
// One bit per page of the data file (memory: pages / 8 bytes, fixed at
// construction). A pass moves a cursor from page 0 to the end; each next_run()
// takes the next dirty page at or after the cursor together with the dirty
// pages that follow it directly (up to a limit), cleans them and moves the
// cursor past them. A page dirtied behind the cursor waits for the next pass;
// one dirtied ahead of it is written by this one. A whole pass scans the
// bitmap once: pages / 64 word reads.
#pragma once

#include <cstdint>
#include <vector>

namespace hcisim::models {

class DirtyPageTable {
 public:
  explicit DirtyPageTable(std::uint64_t pages);

  // Marks a page dirty; true when it was clean.
  bool mark(std::uint64_t page) {
    std::uint64_t& word = bits_[page >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (page & 63);
    if (word & bit) return false;
    word |= bit;
    ++dirty_;
    return true;
  }
  bool is_dirty(std::uint64_t page) const { return (bits_[page >> 6] >> (page & 63)) & 1u; }
  std::uint64_t dirty() const { return dirty_; }
  std::uint64_t pages() const { return pages_; }

  // Starts a pass at page 0.
  void begin_pass() { cursor_ = 0; }
  // The next run of adjacent dirty pages (at most max_pages) at or after the
  // cursor, cleaned; false when the pass has reached the end of the file.
  bool next_run(std::uint32_t max_pages, std::uint64_t& first, std::uint32_t& count);

 private:
  std::vector<std::uint64_t> bits_;
  std::uint64_t pages_;
  std::uint64_t dirty_ = 0;
  std::uint64_t cursor_ = 0;
};

}  // namespace hcisim::models
