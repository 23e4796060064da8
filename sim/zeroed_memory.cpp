#include "sim/zeroed_memory.hpp"

#include <utility>

#include "sim/page_allocator.hpp"

namespace hcisim::sim {

ZeroedMemory::ZeroedMemory(std::size_t bytes) : data_(bytes == 0 ? nullptr : allocate_pages(bytes)), bytes_(bytes) {}

ZeroedMemory::~ZeroedMemory() { release(); }

ZeroedMemory::ZeroedMemory(ZeroedMemory&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

ZeroedMemory& ZeroedMemory::operator=(ZeroedMemory&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

void ZeroedMemory::release() {
  free_pages(data_, bytes_);
  data_ = nullptr;
  bytes_ = 0;
}

}  // namespace hcisim::sim
