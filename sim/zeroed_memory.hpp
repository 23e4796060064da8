// A block of all-zero bytes straight from the operating system
// (allocate_pages): pages that are never written are never faulted in or
// cleared, and a block of 2 MiB or more is on huge pages.
#pragma once

#include <cstddef>

namespace hcisim::sim {

class ZeroedMemory {
 public:
  ZeroedMemory() = default;
  explicit ZeroedMemory(std::size_t bytes);  // throws std::bad_alloc
  ~ZeroedMemory();
  ZeroedMemory(ZeroedMemory&& other) noexcept;
  ZeroedMemory& operator=(ZeroedMemory&& other) noexcept;
  ZeroedMemory(const ZeroedMemory&) = delete;
  ZeroedMemory& operator=(const ZeroedMemory&) = delete;

  void* get() const { return data_; }
  std::size_t bytes() const { return bytes_; }

 private:
  void release();
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace hcisim::sim
